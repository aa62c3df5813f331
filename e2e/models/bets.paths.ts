// The journeys of e2e/bets.model.spec.ts, computed from the sports bets machine with the shared
// generator (e2e/models/journeys.ts): one shortest path per state a player can reach on /bets, and
// one per filter the tabs offer, each named by the filter and what its list shows.
//
// The world the paths are played in: a new USD player who paid 50.00 through the sandbox and holds
// one open single of 10.00 on an event the simulator leaves alone in this run (e2e/sportsbook.ts
// untouchedEvents), placed through the API (e2e/models/bets.journey.ts). The actors' answers are an
// oracle of the real server for that player: the open bet under every filter that takes it, no
// settled bet (the clock that settles events is shared by the run and is not moved here), a
// cash-out offer while the event waits for its start, a full cash-out honoured at the offer seen.
// The offer's amount follows the prices, so the model's is a stand-in: the journey compares the
// real answers on what the flow reads (there is an offer, the bet is cashed out), not the figure.
//
// Node-only and browser-free: the spec imports it at collection time.
import { sbBetsMachine } from '../../src/machines/sportsbook/bets/bets.machine'
import { cashedBet, OFFER_POLL as MACHINE_OFFER_POLL, sampleBet } from '../../src/machines/sportsbook/bets/bets.samples'
import type { SbBetsSnapshot } from '../../src/machines/sportsbook/bets/bets.selectors'
import type { BetFilter, CashOutResult, LoadBetsResult, LoadOfferResult, SbBet, SbBetsEvent } from '../../src/machines/sportsbook/bets/bets.types'
import type { FixtureTable } from '../../src/machines/testing/model'
import { defineModelPaths, leavesOfValue } from './journeys'

export const betsModelMachine = sbBetsMachine

// ── the world ────────────────────────────────────────────────────────────────

export const WORLD = {
  currency: 'USD',
  /** Paid through the sandbox before the journey. */
  deposit: '50',
  /** The one single the player holds. */
  stake: '10.00',
  locale: 'en',
} as const

/** The id the model gives the player's bet; the gestures act on the one row the page lists. */
export const MODEL_BET = 'model-bet'
/** A stand-in for the offer: the real one follows the prices. */
export const MODEL_OFFER = '9.50'

const OPEN_BET: SbBet = sampleBet(0, { id: MODEL_BET })
const CASHED_BET: SbBet = { ...cashedBet(MODEL_OFFER), id: MODEL_BET }

/** The tabs the player picks from "All". */
export const OTHER_FILTERS = ['open', 'settled', 'won', 'lost', 'cashed_out'] as const satisfies readonly BetFilter[]

/** Whether the player's bet is cashed out in this snapshot (the panel says so, or its row does). */
const cashedIn = (snapshot: SbBetsSnapshot) => snapshot.matches({ cashout: 'done' }) || snapshot.context.bets.some((b) => b.status === 'cashed_out')

/** The bets the server lists under a filter: the open bet, or once cashed out, a closed one ("settled" is every closed bet). */
export function betsUnder(filter: BetFilter, cashed: boolean): SbBet[] {
  if (!cashed) return filter === 'all' || filter === 'open' ? [OPEN_BET] : []
  return filter === 'all' || filter === 'settled' || filter === 'cashed_out' ? [CASHED_BET] : []
}

// ── the events a player causes ───────────────────────────────────────────────

/**
 * What the player does. Left out, each with its reason: 'bets.more' and 'bets.retry' (one bet is
 * one page, and the server answers every read), 'cashout.mode' and 'cashout.amount' (a part is
 * the same states as the whole; the machine tests read parts in each locale), 'cashout.retry'
 * (only after an answer the real server does not give here). A filter is picked from "All", and
 * "Cashed out" once the bet is: the only place the cashed bet's row moves to that shows something new.
 */
export const PLAYER_SAMPLES = {
  'bets.filter': (snapshot: SbBetsSnapshot) => {
    if (snapshot.matches({ cashout: 'done' })) return snapshot.context.filter === 'cashed_out' ? [] : [{ type: 'bets.filter', filter: 'cashed_out' }]
    return snapshot.context.filter === 'all' && !cashedIn(snapshot) ? OTHER_FILTERS.map((filter) => ({ type: 'bets.filter' as const, filter })) : []
  },
  'bets.more': [],
  'bets.retry': [],
  'cashout.open': [{ type: 'cashout.open', bet: MODEL_BET }],
  'cashout.close': [{ type: 'cashout.close' }],
  'cashout.mode': [],
  'cashout.amount': [],
  'cashout.submit': [{ type: 'cashout.submit' }],
  'cashout.confirm': [{ type: 'cashout.confirm' }],
  'cashout.back': [{ type: 'cashout.back' }],
  'cashout.retry': [],
} as const satisfies FixtureTable<SbBetsEvent>

// ── the events the server and the clock cause ────────────────────────────────

/** The pause between two reads of the offer shown, by its literal name (the machine's, checked below) so the gesture table can key it. */
export const OFFER_POLL = 'xstate.after.offerPoll.sbBets.cashout.offered.waiting'
if (MACHINE_OFFER_POLL !== OFFER_POLL) throw new Error(`the bets' offer poll is now '${MACHINE_OFFER_POLL}'`)

/**
 * What the runtime delivers. Left out: 'xstate.error.actor.*' (a dead network), 'loadMore' (one
 * page), refusals of the offer and the cash-out (no leg is suspended or settling on an event that
 * waits for its start, and the server answers the rest).
 */
export type BetsAnswer =
  | { type: 'xstate.done.actor.loadBets'; output: LoadBetsResult }
  | { type: 'xstate.done.actor.loadOffer'; output: LoadOfferResult }
  | { type: 'xstate.done.actor.refreshOffer'; output: LoadOfferResult }
  | { type: 'xstate.done.actor.cashOut'; output: CashOutResult }
  | { type: typeof OFFER_POLL }

export type JourneyEvent = SbBetsEvent | BetsAnswer

const OFFER: LoadOfferResult = { ok: true, offer: { amount: MODEL_OFFER, currency: WORLD.currency } }

/** The oracle: what the real server answers for the model's context. */
export function serverAnswers(snapshot: SbBetsSnapshot): BetsAnswer[] {
  const bets = betsUnder(snapshot.context.filter, cashedIn(snapshot))
  return [
    { type: 'xstate.done.actor.loadBets', output: { ok: true, bets, total: bets.length } },
    { type: 'xstate.done.actor.loadOffer', output: OFFER },
    { type: 'xstate.done.actor.refreshOffer', output: OFFER },
    { type: 'xstate.done.actor.cashOut', output: { ok: true, bet: CASHED_BET } },
    { type: OFFER_POLL },
  ]
}

/**
 * A filter is picked from a list at rest, with no cash-out under way: a new list takes the rows
 * and their panel away, which the player sees as the cash-out dropped.
 */
function allow(snapshot: SbBetsSnapshot, event: JourneyEvent): boolean {
  if (event.type === 'bets.filter') {
    const atRest = snapshot.matches({ list: 'shown' }) || snapshot.matches({ list: 'empty' })
    return atRest && (snapshot.matches({ cashout: 'idle' }) || snapshot.matches({ cashout: 'done' }))
  }
  return true
}

function serializeJourneyState(snapshot: SbBetsSnapshot): string {
  const { filter, bets, total, betId, offer, mode, taking, notice } = snapshot.context
  return JSON.stringify({
    value: snapshot.value,
    filter,
    bets: bets.map((b) => b.status),
    total,
    betId,
    offer: offer?.amount ?? null,
    mode,
    taking,
    notice,
  })
}

/** Each leaf state on its own, and each filter with what its list shows (the bet, or none). */
function targetsOf(snapshot: SbBetsSnapshot): string[] {
  const targets = leavesOfValue(snapshot.value)
  for (const view of ['shown', 'empty'] as const) if (snapshot.matches({ list: view })) targets.push(`filter:${snapshot.context.filter}:${view}`)
  return targets
}

// ── states and paths ─────────────────────────────────────────────────────────

export const { skipped: SKIPPED, leavesOf, journeys: betsJourneys } = defineModelPaths({
  machine: betsModelMachine,
  // The chart's states no journey reaches, and why (printed by the spec's first test).
  skipped: {
    'list.shown.loadingMore': 'a next page needs more than 20 bets (SB_BETS_PAGE_SIZE); the journey player holds one (the machine tests and e2e/sports-bets.spec.ts cover the list)',
    'list.shown.moreFailed': "the server answers every logged-in player's next page; a failed one needs a broken server or network (the machine tests play it)",
    'list.failed': "the server answers every logged-in player's bets; a failed load needs a broken server or network (the machine tests play it)",
    'cashout.unavailable':
      'no cash-out needs a leg suspended or settling: only moving the simulator clock gets there, and that clock is shared by the whole run (e2e/sportsbook-journeys.spec.ts moves it)',
    'cashout.quoteFailed': 'the server answers every offer for an open bet of the player; a failed read needs a broken server or network (the machine tests play it)',
    'cashout.failed': 'a cash-out that fails (not refused) needs a broken server or network (the machine tests play it)',
  },
  samples: PLAYER_SAMPLES as FixtureTable<SbBetsEvent>,
  answers: serverAnswers,
  serializeState: serializeJourneyState,
  allow,
  targetsOf,
  input: () => ({ filter: 'all', locale: WORLD.locale }),
})

export type BetsLeaf = ReturnType<typeof leavesOf>[number]
export type BetsJourney = ReturnType<typeof betsJourneys>[number]

export function describeEvent(event: JourneyEvent): string {
  switch (event.type) {
    case 'bets.filter':
      return `bets.filter(${event.filter})`
    case 'cashout.open':
      return 'cashout.open'
    case OFFER_POLL:
      return 'after.offerPoll'
    case 'xstate.done.actor.loadBets':
      return `done.loadBets(${event.output.ok ? event.output.bets.map((b) => b.status).join(',') || 'none' : event.output.error.type})`
    case 'xstate.done.actor.loadOffer':
    case 'xstate.done.actor.refreshOffer':
      return `${event.type.replace('xstate.done.actor.', 'done.')}(${event.output.ok ? 'offer' : event.output.error.type})`
    case 'xstate.done.actor.cashOut':
      return `done.cashOut(${event.output.ok ? event.output.bet.status : event.output.reason})`
    default:
      return event.type
  }
}
