// Sample events of the player's sports bets, walked by its model test and listed in the flows registry.
import type { AnyMachineSnapshot } from 'xstate'
import { defineEntry, delayEvent, delaySamples, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { sbBetsMachine } from './bets.machine'
import type { CashOutResult, LoadBetsResult, LoadOfferResult, SbBet, SbBetsContext, SbBetsEvent } from './bets.types'

/** Bets the sample server holds for every filter. */
export const BETS_SAMPLE_TOTAL = 3

/** Bet n: the first (newest) open on the player's money, then one won and one lost. */
export const sampleBet = (n: number, over: Partial<SbBet> = {}): SbBet => ({
  id: String(500 - n),
  kind: 'single',
  system: null,
  lines: 1,
  currency: 'USD',
  stake_per_line: '10.00',
  stake: '10.00',
  potential: '25.00',
  status: n === 0 ? 'open' : n === 1 ? 'won' : 'lost',
  funding: 'real',
  payout: n === 0 ? null : n === 1 ? '25.00' : '0.00',
  placed_at: '2026-11-27T12:00:00.000Z',
  settled_at: n === 0 ? null : '2026-11-27T14:00:00.000Z',
  legs: [
    {
      event: { id: String(70 + n), sport: 'football', home: 'Home FC', away: 'Away FC', starts_at: '2026-11-27T13:00:00.000Z', status: n === 0 ? 'live' : 'settled' },
      market: { key: 'match_result', kind: 'match_result', line: null },
      outcome: { id: String(700 + n), key: 'home' },
      price: 2500,
      result: n === 0 ? null : n === 1 ? 'won' : 'lost',
    },
  ],
  cashouts: [],
  ...over,
})

/** The page the server answers from `offset`: up to `count` of `total` bets. */
export const betsPageFor = (offset: number, count: number, total = BETS_SAMPLE_TOTAL): LoadBetsResult => ({
  ok: true,
  bets: Array.from({ length: Math.max(0, Math.min(count, total - offset)) }, (_, i) => sampleBet(offset + i)),
  total,
})

export const OPEN_BET = sampleBet(0).id
export const offerOf = (amount: string | null): LoadOfferResult => ({ ok: true, offer: { amount, currency: 'USD' } })
/** The open bet cashed out in full for `amount`. */
export const cashedBet = (amount: string): SbBet =>
  sampleBet(0, { status: 'cashed_out', payout: amount, settled_at: '2026-11-27T13:30:00.000Z', cashouts: [{ amount, stake: '10.00', at: '2026-11-27T13:30:00.000Z' }] })
const unavailable = { ok: false, error: { type: 'ApplicationUnavailableException' } } as const

const contextOf = (s: AnyMachineSnapshot) => s.context as SbBetsContext

export const sbBetsSamples = {
  'bets.filter': (s: AnyMachineSnapshot) => [{ type: 'bets.filter', filter: contextOf(s).filter === 'all' ? 'open' : 'all' }] as const,
  'bets.more': [{ type: 'bets.more' }],
  'bets.retry': [{ type: 'bets.retry' }],
  // The open bet, and a settled one the panel refuses.
  'cashout.open': [
    { type: 'cashout.open', bet: OPEN_BET },
    { type: 'cashout.open', bet: sampleBet(1).id },
  ],
  'cashout.close': [{ type: 'cashout.close' }],
  'cashout.mode': (s: AnyMachineSnapshot) => [{ type: 'cashout.mode', mode: contextOf(s).mode === 'full' ? 'partial' : 'full' }] as const,
  // A part in the player's format, the same in another locale's, and more than any offer.
  'cashout.amount': (s: AnyMachineSnapshot) =>
    (
      [
        { type: 'cashout.amount', value: '5.50' },
        { type: 'cashout.amount', value: '5,50' },
        { type: 'cashout.amount', value: '9999' },
      ] as const
    ).filter((e) => e.value !== contextOf(s).amountText),
  'cashout.submit': [{ type: 'cashout.submit' }],
  'cashout.confirm': [{ type: 'cashout.confirm' }],
  'cashout.back': [{ type: 'cashout.back' }],
  'cashout.retry': [{ type: 'cashout.retry' }],
} satisfies SampleTable<SbBetsEvent>

export const OFFER_POLL = delayEvent(sbBetsMachine, 'offerPoll').type
const LOADED = doneEventType(sbBetsMachine, 'loadBets')
const FAILED = errorEventType(sbBetsMachine, 'loadBets')
const MORE = doneEventType(sbBetsMachine, 'loadMore')
const MORE_FAILED = errorEventType(sbBetsMachine, 'loadMore')
const QUOTED = doneEventType(sbBetsMachine, 'loadOffer')
const QUOTE_FAILED = errorEventType(sbBetsMachine, 'loadOffer')
const REQUOTED = doneEventType(sbBetsMachine, 'refreshOffer')
const REQUOTE_FAILED = errorEventType(sbBetsMachine, 'refreshOffer')
const CASHED = doneEventType(sbBetsMachine, 'cashOut')
const CASH_FAILED = errorEventType(sbBetsMachine, 'cashOut')
export type SbBetsOutcome =
  | { type: typeof OFFER_POLL }
  | { type: typeof LOADED; output: LoadBetsResult }
  | { type: typeof FAILED; error: unknown }
  | { type: typeof MORE; output: LoadBetsResult }
  | { type: typeof MORE_FAILED; error: unknown }
  | { type: typeof QUOTED; output: LoadOfferResult }
  | { type: typeof QUOTE_FAILED; error: unknown }
  | { type: typeof REQUOTED; output: LoadOfferResult }
  | { type: typeof REQUOTE_FAILED; error: unknown }
  | { type: typeof CASHED; output: CashOutResult }
  | { type: typeof CASH_FAILED; error: unknown }

export const sbBetsOutcomes = {
  ...delaySamples(OFFER_POLL),
  [LOADED]: (s: AnyMachineSnapshot) => [
    { type: LOADED, output: betsPageFor(0, contextOf(s).pageSize) },
    { type: LOADED, output: betsPageFor(0, contextOf(s).pageSize, 0) },
    { type: LOADED, output: unavailable },
  ],
  [FAILED]: [{ type: FAILED, error: 'network down' }],
  [MORE]: (s: AnyMachineSnapshot) => [
    { type: MORE, output: betsPageFor(contextOf(s).bets.length, contextOf(s).pageSize) },
    { type: MORE, output: unavailable },
  ],
  [MORE_FAILED]: [{ type: MORE_FAILED, error: 'network down' }],
  [QUOTED]: [
    { type: QUOTED, output: offerOf('12.40') },
    { type: QUOTED, output: offerOf(null) },
    { type: QUOTED, output: unavailable },
  ],
  [QUOTE_FAILED]: [{ type: QUOTE_FAILED, error: 'network down' }],
  [REQUOTED]: [
    { type: REQUOTED, output: offerOf('12.10') },
    { type: REQUOTED, output: offerOf(null) },
    { type: REQUOTED, output: unavailable },
  ],
  [REQUOTE_FAILED]: [{ type: REQUOTE_FAILED, error: 'network down' }],
  [CASHED]: (s: AnyMachineSnapshot) => [
    { type: CASHED, output: { ok: true, bet: cashedBet(contextOf(s).taking ?? '12.40') } },
    { type: CASHED, output: { ok: false, reason: 'changed', offer: { amount: '11.00', currency: 'USD' } } },
    { type: CASHED, output: { ok: false, reason: 'unavailable' } },
    { type: CASHED, output: { ok: false, reason: 'amount' } },
    { type: CASHED, output: { ok: false, reason: 'failed', error: { type: 'ApplicationUnavailableException' } } },
  ],
  [CASH_FAILED]: [{ type: CASH_FAILED, error: 'network down' }],
} satisfies SampleTable<SbBetsOutcome>

/**
 * Which samples a state tries. The runtime's answers only while their actor runs, the pause only
 * while the offer waits; the cash-out is walked while the list rests on its first page of every
 * bet, so the two regions are not walked in every combination.
 */
export function sbBetsFilter(snapshot: AnyMachineSnapshot, event: { type: string }): boolean {
  if (event.type === OFFER_POLL) return snapshot.matches({ cashout: { offered: 'waiting' } })
  if (event.type.startsWith('xstate.')) return event.type.replace(/^xstate\.(done|error)\.actor\./, '') in snapshot.children
  if (event.type.startsWith('cashout.')) return snapshot.matches({ list: { shown: 'idle' } }) && contextOf(snapshot).filter === 'all'
  return snapshot.matches({ cashout: 'idle' })
}

/** Graph states: the state value and what the cash-out holds that changes what it may do. */
export function sbBetsState(snapshot: AnyMachineSnapshot): string {
  const c = contextOf(snapshot)
  return JSON.stringify({ value: snapshot.value, filter: c.filter, n: c.bets.length, mode: c.mode, amount: c.amountText, offer: c.offer?.amount ?? null, notice: c.notice, problem: c.amountProblem })
}

export const sbBetsEntry = defineEntry<typeof sbBetsMachine, SbBetsOutcome>({
  name: 'sportsbook-bets',
  area: 'sportsbook',
  spec: 'docs/sportsbook.md (the bets page, cash-out); §3 Site config features.betHistory',
  description:
    'The player\u2019s sports bets on /bets/* and /profile/bets: status tabs, "show more" paging, empty and failed states; cash-out of an open bet: the offer asked and re-asked while shown, all or a part (checked in the player\u2019s locale), confirmed, sent with one key across retries, re-offered when it moved, refused while unavailable',
  machine: sbBetsMachine,
  input: { locale: 'en', pageSize: 2 },
  events: sbBetsSamples,
  outcomes: sbBetsOutcomes,
  filterEvents: sbBetsFilter,
  serializeState: sbBetsState,
  redact: ['key'],
})
