// Types of the live balance (SPEC §4 'Balance refresh', §3 functionalSettings.settingsForUpdBalance,
// §9 defaults).
import type { BalanceRefreshSettings } from '../../../shared/constants'
import type { Money } from '../../../shared/money'
import type { CashierResult } from '../cashier.types'

export type { BalanceRefreshSettings }

/** The balances of SPEC §3 'Account info' that the header shows. */
export interface Balances {
  readonly balance_main: Money | null
  readonly balance_bonus: Money | null
  readonly balance_betting_bonus: Money | null
}

export interface BalanceRefreshInput {
  /** The site config's settingsForUpdBalance; missing keys take BALANCE_REFRESH_DEFAULTS. */
  readonly settings?: Partial<BalanceRefreshSettings>
  /** The current path (locale prefix included or not). */
  readonly path: string
  readonly loggedIn: boolean
}

export interface BalanceRefreshContext {
  readonly settings: BalanceRefreshSettings
  readonly path: string
  readonly loggedIn: boolean
  /** The last balances fetched; null before the first. */
  readonly balances: Balances | null
}

export type BalanceRefreshEvent =
  /** A click anywhere on the page: restarts the turn-off countdown and, if enabled, refreshes (throttled). */
  | { type: 'balance.click' }
  /** Refresh now (after a deposit, a bet, a cancelled withdrawal). Coalesced with one in flight. */
  | { type: 'balance.refresh' }
  /** The router moved; /game/ paths pause the refresh. */
  | { type: 'route.change'; path: string }
  /** Login or logout: the refresh runs only for a player. */
  | { type: 'session.change'; loggedIn: boolean }
  /** The site config arrived or changed: the regions decide again from the new settings. */
  | { type: 'settings.update'; settings: Partial<BalanceRefreshSettings> }

/** GET the player's balance (account/getBalance, SPEC §7). */
export type FetchBalanceInput = Readonly<Record<string, never>>
export type FetchBalanceResult = CashierResult<{ readonly balances: Balances }>

export interface BalanceRefreshActionParams {
  /** Hands the fresh balances on (the root actor's account, the header). */
  readonly publishBalances: { readonly balances: Balances }
  readonly reportError: { readonly error: unknown }
}
