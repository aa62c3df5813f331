import { describe, expect, it } from 'vitest'
import { STUDIO_TITLES } from './catalogue'
import { KINDS, KindError, payoutOf, replayRound, ROUND_KINDS, type RoundKind } from './kinds'
import { seededStream } from './random'

// What a hostile or broken client may send as a bet or an action.
const HOSTILE: unknown[] = [
  null,
  undefined,
  0,
  -1,
  1e308,
  NaN,
  'x',
  [],
  [1, 2],
  {},
  { bets: 'x' },
  { bets: [{}] },
  { bets: [{ bet: { kind: 'straight', numbers: [99] }, stake: 1 }] },
  { bets: [{ bet: 'player', stake: -5 }] },
  { bets: Array.from({ length: 500 }, () => ({ bet: 'player', stake: 1 })) },
  { target: '50', direction: 'over' },
  { target: 1e9, direction: 'under' },
  { picks: Array.from({ length: 100 }, (_, i) => i), risk: 'high' },
  { picks: [1, 1, 2], risk: 'low' },
  { rows: 17, risk: 'low' },
  { segments: 3, risk: 'medium' },
  { mines: 25 },
  { mines: 0.5 },
  { reveal: -1 },
  { reveal: 999 },
  { reveal: '3' },
  { action: 'surrender' },
  { hold: 32 },
  { hold: 1.5 },
  { guess: 'sideways' },
  { __proto__: { target: 50 } },
]

const titleOf = (kind: RoundKind) => STUDIO_TITLES.find((t) => t.kind === kind)

describe('engine kinds behind one shape', () => {
  it.each(ROUND_KINDS.filter((k) => titleOf(k)))('%s: hostile bets and actions are refused with a KindError, never another throw', (kind) => {
    const title = titleOf(kind)!
    const adapter = KINDS[kind]
    for (const input of HOSTILE) {
      try {
        const bet = adapter.parseBet(title.rules, input, 100)
        // What parses plays.
        adapter.start(title.rules, bet, seededStream(1))
      } catch (err) {
        expect(err, `${kind} ${JSON.stringify(input)}`).toBeInstanceOf(KindError)
      }
    }
    if (!adapter.steps) return
    const state = adapter.start(title.rules, adapter.parseBet(title.rules, title.defaultBet, 100), seededStream(2))
    for (const input of HOSTILE) {
      try {
        const action = adapter.steps.parseAction(title.rules, state, input)
        adapter.steps.apply(title.rules, state, action)
      } catch (err) {
        expect(err, `${kind} action ${JSON.stringify(input)}`).toBeInstanceOf(KindError)
      }
    }
  })

  it.each(ROUND_KINDS.filter((k) => titleOf(k)?.kind && KINDS[k].steps))('%s: a round left alone ends by its stated rule, with a payout of at least nothing', (kind) => {
    const title = titleOf(kind)!
    const adapter = KINDS[kind]
    for (let seed = 0; seed < 20; seed++) {
      const state = adapter.start(title.rules, adapter.parseBet(title.rules, title.defaultBet, 100), seededStream(seed))
      const ended = adapter.finished(state) ? state : adapter.steps!.abandon(title.rules, state)
      expect(adapter.finished(ended)).toBe(true)
      expect(adapter.multiplier(ended)).toBeGreaterThanOrEqual(0)
    }
  })

  it('replays a step round from its stream and actions to the same state', () => {
    const title = titleOf('mines')
    if (!title) return
    const bet = KINDS.mines.parseBet(title.rules, { mines: 3 }, 100)
    let state = KINDS.mines.start(title.rules, bet, seededStream(7))
    const actions: unknown[] = []
    for (let tile = 0; tile < 3 && !KINDS.mines.finished(state); tile++) {
      const action = KINDS.mines.steps!.parseAction(title.rules, state, { reveal: tile })
      actions.push(action)
      state = KINDS.mines.steps!.apply(title.rules, state, action)
    }
    expect(replayRound(KINDS.mines, title.rules, bet, actions, seededStream(7))).toEqual(state)
  })

  it('pays floor(total stake × multiplier) in exact integers', () => {
    expect(payoutOf(100n, 1.95)).toBe(195n)
    expect(payoutOf(3n, 0.3333)).toBe(0n)
    expect(payoutOf(10_000_000_000_000n, 1.0001)).toBe(10_001_000_000_000n)
    expect(payoutOf(7n, 0)).toBe(0n)
  })
})
