// Sample events of the balance refresh, walked by its model test and listed in the flows registry.
import type { BalanceRefreshSettings } from '../../../shared/constants'
import { defineEntry, delayEvent, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { cashierUnavailable } from '../cashier.samples'
import { balanceRefreshMachine } from './balance-refresh.machine'
import type { BalanceRefreshEvent, Balances, FetchBalanceResult } from './balance-refresh.types'

/** Every switch of SPEC §3 settingsForUpdBalance on, with short periods. */
export const ALL_ON: BalanceRefreshSettings = {
  isEnabledInterval: true,
  countSecondsForInterval: 10,
  isEnabledTurnOffRequests: true,
  countMinutesAfterWhichRequestsTurnedOff: 5,
  isEnabledRequestsAfterClick: true,
  countSecondsForDelayBetweenClick: 1,
}

export const sampleBalances: Balances = {
  balance_main: { amount: '120.00', currency: 'EUR' },
  balance_bonus: { amount: '5.00', currency: 'EUR' },
  balance_betting_bonus: null,
}

export const balanceRefreshSamples = {
  'balance.click': [{ type: 'balance.click' }],
  'balance.refresh': [{ type: 'balance.refresh' }],
  'route.change': [
    { type: 'route.change', path: '/cashier/deposit' },
    { type: 'route.change', path: '/es/game/book-of-dead' },
  ],
  'session.change': [
    { type: 'session.change', loggedIn: false },
    { type: 'session.change', loggedIn: true },
  ],
  'settings.update': [
    { type: 'settings.update', settings: ALL_ON },
    { type: 'settings.update', settings: {} },
  ],
} satisfies SampleTable<BalanceRefreshEvent>

const FETCHED = doneEventType(balanceRefreshMachine, 'fetchBalance')
const FETCH_FAILED = errorEventType(balanceRefreshMachine, 'fetchBalance')
/** The poll interval ending: time for the next read. */
export const POLL = delayEvent(balanceRefreshMachine, 'pollInterval').type
/** Minutes without a click: polling turns off. */
export const TURN_OFF = delayEvent(balanceRefreshMachine, 'turnOff').type
/** The throttle after a click's read ending. */
export const CLICK_DELAY = delayEvent(balanceRefreshMachine, 'clickDelay').type
export type BalanceRefreshTimer = typeof POLL | typeof TURN_OFF | typeof CLICK_DELAY
export type BalanceRefreshOutcome =
  | { type: typeof FETCHED; output: FetchBalanceResult }
  | { type: typeof FETCH_FAILED; error: unknown }
  | { type: BalanceRefreshTimer }

// A table of its own: a delay's event type is only known as a pattern, which a key of the
// outcomes' object literal would widen to every string.
const timers: SampleTable<{ type: BalanceRefreshTimer }> = { [POLL]: [{ type: POLL }], [TURN_OFF]: [{ type: TURN_OFF }], [CLICK_DELAY]: [{ type: CLICK_DELAY }] }

export const balanceRefreshOutcomes = {
  [FETCHED]: [
    { type: FETCHED, output: { ok: true, balances: sampleBalances } },
    { type: FETCHED, output: cashierUnavailable },
  ],
  [FETCH_FAILED]: [{ type: FETCH_FAILED, error: 'network down' }],
  ...timers,
} satisfies SampleTable<BalanceRefreshOutcome>

export const balanceRefreshEntry = defineEntry<typeof balanceRefreshMachine, BalanceRefreshOutcome>({
  name: 'balance-refresh',
  area: 'cashier',
  spec: '§4 Balance refresh, §3 settingsForUpdBalance, §9',
  description: 'Live balance: interval polling, a throttled refresh per click, turned off after minutes without a click, paused on game pages',
  machine: balanceRefreshMachine,
  input: {
    settings: { isEnabledInterval: true, isEnabledRequestsAfterClick: true, isEnabledTurnOffRequests: true },
    path: '/cashier/deposit',
    loggedIn: true,
  },
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: { loggedIn: boolean; path: string; balances: unknown } }
    return JSON.stringify({ value, loggedIn: context.loggedIn, game: context.path.includes('/game/'), balances: context.balances !== null })
  },
  events: balanceRefreshSamples,
  outcomes: balanceRefreshOutcomes,
})
