// What views read from the balance refresh.
import type { SnapshotFrom } from 'xstate'
import { BALANCE_REFRESH_TAGS, type balanceRefreshMachine } from './balance-refresh.machine'
import type { Balances } from './balance-refresh.types'

export type BalanceRefreshSnapshot = SnapshotFrom<typeof balanceRefreshMachine>

/** A balance request is in flight. */
export const selectIsFetchingBalance = (s: BalanceRefreshSnapshot): boolean => s.hasTag(BALANCE_REFRESH_TAGS.fetching)

/** The balances last fetched; null before the first (the header shows the account's). */
export const selectFetchedBalances = (s: BalanceRefreshSnapshot): Balances | null => s.context.balances

/** Refreshing at all: a player off the game pages. */
export const selectIsRefreshActive = (s: BalanceRefreshSnapshot): boolean => s.matches('active')

/** Polling on its interval now (not turned off, not disabled). */
export const selectIsPolling = (s: BalanceRefreshSnapshot): boolean => s.matches({ active: { poll: 'on' } })

/** Polling was turned off after the configured minutes without a click. */
export const selectIsDormant = (s: BalanceRefreshSnapshot): boolean => s.matches({ active: { poll: 'dormant' } })
