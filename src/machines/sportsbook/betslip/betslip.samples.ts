// Sample events of the betslip, walked by its model test and listed in the flows registry.
import type { AnyMachineSnapshot } from 'xstate'
import type { SbBet, SbSlipOutcome } from '../../../services/api/contract/sportsbook'
import { defineEntry, delayEvent, delaySamples, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import type { SbChange } from '../live.rules'
import { betslipMachine } from './betslip.machine'
import { plansOf } from './betslip.rules'
import type { BetslipContext, BetslipEvent, PlaceResult, RestoreResult, SlipFreeBet, SlipPick, StakeTarget } from './betslip.types'

/** A match's home win (event 1), another match's away win (event 2), and event 1's draw. */
export const PICK_A: SlipPick = pick('1', '110', 'home', 2000)
export const PICK_B: SlipPick = pick('2', '212', 'away', 2500)
export const PICK_A_DRAW: SlipPick = pick('1', '111', 'draw', 3200)

export function pick(eventId: string, outcomeId: string, outcomeKey: string, price: number): SlipPick {
  return {
    outcomeId,
    outcomeKey,
    eventId,
    sport: 'football',
    home: `Home ${eventId}`,
    away: `Away ${eventId}`,
    startsAt: '2026-11-27T18:00:00.000Z',
    marketKey: 'match_result',
    marketKind: 'match_result',
    line: null,
    price,
    marketOpen: true,
    eventOpen: true,
  }
}

/** The outcome a pick is, as sportsbook/outcomes answers it, at `price`. */
export function outcomeOf(p: SlipPick, price: number | null = p.price, suspended = false): SbSlipOutcome {
  return {
    id: p.outcomeId,
    key: p.outcomeKey,
    price,
    suspended,
    market: {
      id: `${p.eventId}1`,
      key: p.marketKey,
      kind: p.marketKind,
      line: p.line,
      status: suspended ? 'suspended' : 'open',
    },
    event: {
      id: p.eventId,
      sport: p.sport,
      home: { id: 'h', name: p.home },
      away: { id: 'a', name: p.away },
      starts_at: p.startsAt,
      status: 'scheduled',
      suspended: false,
    },
  }
}

export const SAMPLE_LIMITS = {
  currency: 'USD',
  min_stake: '0.10',
  max_stake: '5000.00',
  max_payout: '100000.00',
}

const contextOf = (s: AnyMachineSnapshot) => s.context as BetslipContext

/** A 3.00 free bet at odds of 1.50 or more, as the player activated it. */
export const SAMPLE_FREE_BET: SlipFreeBet = { id: '77', amount: '3.00', currency: 'USD', minPrice: 1500, expiresAt: null }

/** A change on the topic of the first selection's event: its price up a step, or its market shut or opened. */
export function slipChange(c: BetslipContext, kind: 'price' | 'market'): SbChange {
  const first = c.selections[0] ?? {
    ...PICK_A,
    seen: PICK_A.price,
    moved: null,
  }
  const base = {
    id: first.eventId,
    // Each change newer than the last one applied.
    version: (c.eventVersions[first.eventId] ?? 1) + 1,
    status: 'live' as const,
    suspended: false,
    live: null,
    prices: [],
    markets: [],
  }
  if (kind === 'price')
    return {
      ...base,
      prices: [
        {
          id: first.outcomeId,
          market: first.marketKey,
          outcome: first.outcomeKey,
          price: (first.price ?? first.seen) + 100,
        },
      ],
    }
  return {
    ...base,
    markets: [
      {
        market: first.marketKey,
        status: first.marketOpen ? 'suspended' : 'open',
      },
    ],
  }
}

/** The stake box of the slip's mode: the first single's, the accumulator's or the system's. */
export function stakeTargetOf(c: BetslipContext): StakeTarget | null {
  if (c.mode !== 'single') return { kind: c.mode }
  const first = c.selections[0]
  return first ? { kind: 'single', outcomeId: first.outcomeId } : null
}

export const betslipSamples = {
  // With a free bet on the slip, one selection: the walk stays small (the unit tests stake an accumulator with one).
  'slip.toggle': (s: AnyMachineSnapshot) => [{ type: 'slip.toggle' as const, pick: PICK_A }, ...(contextOf(s).freeBet ? [] : [{ type: 'slip.toggle' as const, pick: PICK_B }])],
  'slip.remove': (s: AnyMachineSnapshot) =>
    contextOf(s)
      .selections.slice(0, 1)
      .map((x) => ({ type: 'slip.remove' as const, outcomeId: x.outcomeId })),
  'slip.clear': [{ type: 'slip.clear' }],
  'slip.mode': [
    { type: 'slip.mode', mode: 'accumulator' },
    { type: 'slip.mode', mode: 'single' },
  ],
  'slip.system': [{ type: 'slip.system', system: 'trixie' }],
  'slip.stake': (s: AnyMachineSnapshot) => {
    const target = stakeTargetOf(contextOf(s))
    return target ? [{ type: 'slip.stake' as const, target, stake: '2.00' }] : []
  },
  'slip.quickStake': (s: AnyMachineSnapshot) => {
    const target = stakeTargetOf(contextOf(s))
    return target ? [{ type: 'slip.quickStake' as const, target, amount: '5' }] : []
  },
  'slip.policy': [{ type: 'slip.policy', policy: 'accept_higher' }],
  'slip.oddsFormat': [{ type: 'slip.oddsFormat', format: 'american' }],
  // The "Stake from" choice only changes what placement sends (the unit tests choose each one); a
  // free bet comes onto an empty slip, as the bonuses page puts it there: the walk stays small.
  'slip.funding': [],
  'slip.freeBet': (s: AnyMachineSnapshot) => (contextOf(s).freeBet === null && contextOf(s).selections.length === 0 ? [{ type: 'slip.freeBet' as const, freeBet: SAMPLE_FREE_BET }] : []),
  'slip.live': (s: AnyMachineSnapshot) =>
    contextOf(s).selections.length === 0
      ? []
      : (['price', 'market'] as const).map((kind) => ({
          type: 'slip.live' as const,
          change: slipChange(contextOf(s), kind),
        })),
  'slip.place': [{ type: 'slip.place' }],
  'slip.acceptPrices': [{ type: 'slip.acceptPrices' }],
  'slip.reuse': [{ type: 'slip.reuse' }],
  'slip.done': [{ type: 'slip.done' }],
  'session.change': [
    { type: 'session.change', loggedIn: true, currency: 'USD' },
    { type: 'session.change', loggedIn: false, currency: 'USD' },
  ],
} satisfies SampleTable<BetslipEvent>

/** A placed bet as the server answers, for the plans the slip makes now. */
export function placedBets(c: BetslipContext): SbBet[] {
  return plansOf(c).map((plan, i) => ({
    id: String(100 + i),
    kind: plan.kind,
    system: plan.system ?? null,
    lines: plan.lines,
    currency: c.currency,
    stake_per_line: '2.00',
    stake: '2.00',
    potential: '4.00',
    status: 'open',
    funding: plan.freeBet ? 'free_bet' : (plan.balance ?? 'real'),
    payout: null,
    placed_at: '2026-11-27T12:00:00.000Z',
    settled_at: null,
    cashouts: [],
    legs: plan.selections.map((x) => ({
      event: {
        id: x.eventId,
        sport: x.sport,
        home: x.home,
        away: x.away,
        starts_at: x.startsAt,
        status: 'scheduled',
      },
      market: { key: x.marketKey, kind: x.marketKind, line: x.line },
      outcome: { id: x.outcomeId, key: x.outcomeKey },
      price: x.seen,
      result: null,
    })),
  }))
}

export const SAVE_DUE = delayEvent(betslipMachine, 'saveDebounce').type
const RESTORED = doneEventType(betslipMachine, 'restoreSlip')
const RESTORE_FAILED = errorEventType(betslipMachine, 'restoreSlip')
const PLACED = doneEventType(betslipMachine, 'placeBets')
const PLACE_FAILED = errorEventType(betslipMachine, 'placeBets')
const SAVED = doneEventType(betslipMachine, 'saveSlip')
const SAVE_FAILED = errorEventType(betslipMachine, 'saveSlip')

export type BetslipOutcome =
  | { type: typeof SAVE_DUE }
  | { type: typeof RESTORED; output: RestoreResult }
  | { type: typeof RESTORE_FAILED; error: unknown }
  | { type: typeof PLACED; output: PlaceResult }
  | { type: typeof PLACE_FAILED; error: unknown }
  | { type: typeof SAVED; output: { ok: boolean } }
  | { type: typeof SAVE_FAILED; error: unknown }

const settingsFor = (c: BetslipContext) =>
  c.loggedIn
    ? {
        oddsFormat: 'fractional' as const,
        policy: 'always_ask' as const,
        limits: SAMPLE_LIMITS,
      }
    : null

export const betslipOutcomes = {
  ...delaySamples(SAVE_DUE),
  [RESTORED]: (s: AnyMachineSnapshot) => [
    // The saved selection at the price saved, and at a price moved since.
    {
      type: RESTORED,
      output: {
        ok: true,
        saved: [{ outcome_id: PICK_A.outcomeId, price: PICK_A.price }],
        outcomes: [outcomeOf(PICK_A)],
        settings: settingsFor(contextOf(s)),
        unsaved: false,
        freeBet: null,
      },
    },
    {
      type: RESTORED,
      output: {
        ok: true,
        saved: [{ outcome_id: PICK_A.outcomeId, price: PICK_A.price }],
        outcomes: [outcomeOf(PICK_A, 2100)],
        settings: settingsFor(contextOf(s)),
        unsaved: contextOf(s).loggedIn,
        freeBet: null,
      },
    },
    {
      type: RESTORED,
      output: { ok: false, type: 'ApplicationUnavailableException' },
    },
  ],
  [RESTORE_FAILED]: [{ type: RESTORE_FAILED, error: 'network down' }],
  [PLACED]: (s: AnyMachineSnapshot) => {
    const c = contextOf(s)
    const first = c.selections[0]
    const outcomes: { type: typeof PLACED; output: PlaceResult }[] = [
      { type: PLACED, output: { placed: placedBets(c), refusal: null } },
      ...(first
        ? [
            {
              type: PLACED,
              output: {
                placed: [],
                refusal: {
                  type: 'InvalidParameterException',
                  code: 'sportsbook_price_changed',
                  data: {},
                  changes: [{ outcome_id: first.outcomeId, price: first.seen + 200 }],
                },
              },
            },
          ]
        : []),
      {
        type: PLACED,
        output: {
          placed: [],
          refusal: {
            type: 'UserNeedDepositException',
            code: 'insufficient_funds',
            data: { balance: '0.50', currency: 'USD' },
          },
        },
      },
    ]
    return outcomes
  },
  [PLACE_FAILED]: [{ type: PLACE_FAILED, error: 'network down' }],
  [SAVED]: [{ type: SAVED, output: { ok: true } }],
  [SAVE_FAILED]: [{ type: SAVE_FAILED, error: 'network down' }],
} satisfies SampleTable<BetslipOutcome>

export const betslipEntry = defineEntry<typeof betslipMachine, BetslipOutcome>({
  name: 'sportsbook-betslip',
  area: 'sportsbook',
  spec: '§2.1 /betting, /betting/event/{id} (docs/sportsbook.md "The betslip"): sportsbook/outcomes, settings, saveSettings, placeBet; the public topics sb.event.{id}',
  description:
    'The betslip: selections with the prices seen, singles, accumulator and systems with exact returns, moved prices under the odds-change policy, placement with kept keys, the receipt, and the slip kept for a visitor or a player',
  machine: betslipMachine,
  input: { loggedIn: false, currency: 'USD' },
  otherInputs: [{ loggedIn: true, currency: 'USD' }],
  // Selections, modes and stakes multiply the states: the walk needs more steps than the default.
  graphLimit: 100_000,
  serializeState: (snapshot) => serializeBetslip(snapshot as unknown as { value: unknown; context: BetslipContext }),
  events: betslipSamples,
  outcomes: betslipOutcomes,
})

/** The states the graph tells apart: where the slip is, and what of its context changes what can happen. */
export function serializeBetslip(s: { value: unknown; context: BetslipContext }): string {
  const c = s.context
  return JSON.stringify({
    value: s.value,
    n: c.selections.length,
    mode: c.mode,
    staked: plansOf(c).length > 0,
    accept: c.selections.some((x) => x.price !== null && x.price !== x.seen),
    shut: c.selections.some((x) => !x.marketOpen),
    refusal: c.refusal?.code ?? null,
    loggedIn: c.loggedIn,
    receipt: c.receipt.length,
    funding: c.funding,
    freeBet: c.freeBet !== null,
  })
}
