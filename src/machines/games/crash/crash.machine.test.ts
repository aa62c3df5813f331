import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, type SnapshotFrom } from 'xstate'
import { recordCoverage } from '../../testing/coverage'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { dispatchGestures, fixtureEvents, ModelHarness, ruleCollector, type GestureTable } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import type { CrashBet, CrashState } from '../../../services/api/contract/games'
import { DEFAULT_CRASH_RULES, timeToReach } from '../../../shared/games/engines/crash'
import { crashMachine } from './crash.machine'
import { canBet, canCashOut, errorCodeOf, parseAutoCashOut, shownMultiplier } from './crash.rules'
import { BETS, crashFilter, crashInput, crashOutcomes, crashSamples, ROUNDS, type CrashOutcome } from './crash.samples'
import type { CrashEvent, CrashInput, PlaceBetInput } from './crash.types'

type Snapshot = SnapshotFrom<typeof crashMachine>

function startSut(input: CrashInput) {
  const load = controllable<{ game: string }, CrashState>()
  const place = controllable<PlaceBetInput, CrashBet>()
  const cash = controllable<{ game: string; bet: string }, CrashBet>()
  const effects = { deposits: 0, balances: 0, following: 0 }
  const ref = createActor(
    crashMachine.provide({
      actors: {
        loadState: load.actor,
        placeBet: place.actor,
        cashOut: cash.actor,
        followRound: fromCallback(() => {
          effects.following += 1
          return () => void (effects.following -= 1)
        }),
      },
      actions: {
        notifyNeedsDeposit: () => void (effects.deposits += 1),
        announceBalance: () => void (effects.balances += 1),
      },
    }),
    { input },
  ).start()
  return { ref, load, place, cash, effects }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, event: CrashEvent) => sut.ref.send(event)
const gestures = {
  'crash.amount': send,
  'crash.auto': send,
  'crash.bet': send,
  'crash.cashOut': send,
  'crash.retry': send,
  'crash.dismiss': send,
  'crash.update': send, // the live topic
} satisfies GestureTable<CrashEvent, Sut, Snapshot>
const outcomeGestures = {
  ...settleGestures('loadState', (sut: Sut) => sut.load),
  ...settleGestures('loadSettled', (sut: Sut) => sut.load),
  ...settleGestures('placeBet', (sut: Sut) => sut.place),
  ...settleGestures('cashOut', (sut: Sut) => sut.cash),
} satisfies GestureTable<CrashOutcome, Sut, Snapshot>

const isOutcome = (e: { type: string }): e is CrashOutcome => e.type in crashOutcomes
const runs = (s: Snapshot, e: CrashOutcome): boolean => {
  const id = e.type.replace(/^xstate\.(done|error)\.actor\./, '')
  if (id === 'loadState') return s.matches('loading')
  if (id === 'loadSettled') return s.matches({ table: 'settling' })
  if (id === 'placeBet') return s.matches({ table: 'placing' })
  return s.matches({ table: 'cashingOut' })
}

const harness = new ModelHarness<typeof crashMachine, Sut, CrashOutcome>({
  machine: crashMachine,
  input: crashInput,
  events: (s) => [...fixtureEvents<CrashEvent, Snapshot>(crashSamples, s), ...fixtureEvents<CrashOutcome, Snapshot>(crashOutcomes, s)],
  filterEvents: (s, e) => (isOutcome(e) ? runs(s, e) : crashFilter(s as never, e)),
  createSut: () => startSut(crashInput),
  gestures: dispatchGestures(gestures, outcomeGestures),
  check: (sut, { state, from }) => {
    const s = sut.ref.getSnapshot()
    expect(s.value).toEqual(state.value)
    expect(s.context).toEqual(state.context)
    const { broken, rule } = ruleCollector()
    const deposits = sut.effects.deposits
    sut.effects.deposits = 0
    sut.effects.balances = 0
    rule('the round is followed while the table is open', (sut.effects.following === 1) === s.matches('table'))
    rule('a bet is placed only while bets are open', !s.matches({ table: 'placing' }) || from === undefined || from.matches({ table: 'placing' }) || canBet(from.context.round, from.context.bet))
    rule('a cash-out only for a live bet in a running round', !s.matches({ table: 'cashingOut' }) || from === undefined || from.matches({ table: 'cashingOut' }) || canCashOut(from.context.round, from.context.bet))
    rule('a deposit is asked for only when the stake did not fit', deposits === 0 || s.matches({ table: 'needsDeposit' }))
    rule('placed means a bet on the round on show', !s.matches({ table: 'placed' }) || (s.context.bet !== null && s.context.bet.roundId === s.context.round?.id))
    expect(broken).toEqual([])
  },
})

describeModel('crashMachine', harness, { minShortestPaths: 8 })

describe('the crash table', () => {
  it('bets while open, cashes out while running, and clears the bet when the next round opens', async () => {
    const sut = startSut(crashInput)
    recordCoverage(sut.ref)
    sut.load.resolve({ round: ROUNDS.betting, bet: null, history: [] })
    await flush()
    // A field holding no amount or no multiplier takes no bet; the player's next keystroke fixes it.
    sut.ref.send({ type: 'crash.amount', amount: null })
    sut.ref.send({ type: 'crash.bet' })
    sut.ref.send({ type: 'crash.amount', amount: '1.00' })
    sut.ref.send({ type: 'crash.auto', autoCashOut: null, valid: false })
    sut.ref.send({ type: 'crash.bet' })
    expect(sut.place.calls).toHaveLength(0)
    sut.ref.send({ type: 'crash.auto', autoCashOut: '2.00', valid: true })
    sut.ref.send({ type: 'crash.bet' })
    sut.ref.send({ type: 'crash.bet' })
    expect(sut.place.calls).toHaveLength(1)
    expect(sut.place.calls[0]).toMatchObject({ game: 'rocket-crash', amount: '1.00', autoCashOut: '2.00', mode: 'real' })
    sut.place.resolve(BETS.active)
    await flush()
    sut.ref.send({ type: 'crash.cashOut' })
    expect(sut.cash.calls).toHaveLength(0)
    sut.ref.send({ type: 'crash.update', round: ROUNDS.running })
    sut.ref.send({ type: 'crash.cashOut' })
    expect(sut.cash.calls).toEqual([{ game: 'rocket-crash', bet: '31' }])
    sut.cash.resolve(BETS.won)
    await flush()
    expect(sut.ref.getSnapshot().matches({ table: 'settled' })).toBe(true)
    expect(sut.effects.balances).toBe(1)
    sut.ref.send({ type: 'crash.update', round: ROUNDS.ended })
    expect(sut.ref.getSnapshot().context.history[0]).toMatchObject({ id: '7', crashPoint: 2.5 })
    sut.ref.send({ type: 'crash.update', round: ROUNDS.next })
    expect(sut.ref.getSnapshot().matches({ table: 'idle' })).toBe(true)
    expect(sut.ref.getSnapshot().context.bet).toBeNull()
  })

  it('a bet the round crashed on is read back from the server: lost, or won by its automatic cash-out', async () => {
    const sut = startSut(crashInput)
    sut.load.resolve({ round: ROUNDS.running, bet: BETS.active, history: [] })
    await flush()
    expect(sut.ref.getSnapshot().matches({ table: 'placed' })).toBe(true)
    sut.ref.send({ type: 'crash.update', round: ROUNDS.ended })
    expect(sut.ref.getSnapshot().matches({ table: 'settling' })).toBe(true)
    sut.load.resolve({ round: ROUNDS.ended, bet: BETS.lost, history: [] })
    await flush()
    expect(sut.ref.getSnapshot().context.bet?.status).toBe('lost')
  })

  it('names the refusals the table explains, a loss limit too, and nothing else', () => {
    expect(errorCodeOf({ code: 'loss_limit_exceeded' })).toBe('loss_limit_exceeded')
    expect(errorCodeOf({ code: 'bet_above_max' })).toBe('bad_bet')
    expect(errorCodeOf({ code: 'whatever' })).toBe('failed')
    expect(errorCodeOf(null)).toBe('failed')
  })

  it('shows the multiplier by the server formula', () => {
    expect(shownMultiplier(0.00006, 0)).toBe(1)
    const two = timeToReach(DEFAULT_CRASH_RULES, 2)
    expect(shownMultiplier(DEFAULT_CRASH_RULES.rate, two - 1)).toBe(1.99)
    expect(shownMultiplier(DEFAULT_CRASH_RULES.rate, two)).toBe(2)
  })
})

describe('the automatic cash-out as typed', () => {
  it('reads the player’s decimal sign, a dot too, and an empty field as by hand', () => {
    expect(parseAutoCashOut('', 'en')).toEqual({ ok: true, value: null })
    expect(parseAutoCashOut(' 2.5 ', 'en')).toEqual({ ok: true, value: '2.50' })
    expect(parseAutoCashOut('2,5', 'es')).toEqual({ ok: true, value: '2.50' })
    expect(parseAutoCashOut('2.5', 'de')).toEqual({ ok: true, value: '2.50' })
    expect(parseAutoCashOut('10×', 'pt')).toEqual({ ok: true, value: '10.00' })
  })

  it('refuses what is not a multiplier the round can reach, keeping nothing half-read', () => {
    expect(parseAutoCashOut('2,5', 'en')).toEqual({ ok: false, reason: 'format' })
    expect(parseAutoCashOut('2.555', 'en')).toEqual({ ok: false, reason: 'format' })
    expect(parseAutoCashOut('-2', 'en')).toEqual({ ok: false, reason: 'format' })
    expect(parseAutoCashOut('1e3', 'en')).toEqual({ ok: false, reason: 'format' })
    expect(parseAutoCashOut('\u00002', 'en')).toEqual({ ok: false, reason: 'format' })
    expect(parseAutoCashOut('1', 'en')).toEqual({ ok: false, reason: 'range' })
    expect(parseAutoCashOut('1.00', 'en')).toEqual({ ok: false, reason: 'range' })
    expect(parseAutoCashOut('1.01', 'en')).toEqual({ ok: true, value: '1.01' })
    expect(parseAutoCashOut('2000000', 'en')).toEqual({ ok: false, reason: 'range' })
  })
})
