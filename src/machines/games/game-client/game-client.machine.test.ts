import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, SimulatedClock, type SnapshotFrom } from 'xstate'
import type { Purse, Round } from '../../../services/api/contract/games'
import { recordCoverage } from '../../testing/coverage'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { dispatchGestures, fixtureEvents, ModelHarness, ruleCollector, type GestureTable } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { gameClientMachine } from './game-client.machine'
import {
  autoplayRoundOptions,
  autoplayRun,
  autoplaySettled,
  autoplayStop,
  clientError,
  doubleStake,
  halveStake,
  openingBet,
  parseStakeInput,
  roundAmount,
  stakeAfterLoad,
  stakeLadder,
} from './game-client.rules'
import {
  ERRORS,
  FEATURE_TIMEOUT,
  gameClientFilter,
  gameClientOutcomes,
  gameClientSamples,
  gameClientState,
  minesInput,
  PACE,
  PURSES,
  REVEAL_TIMEOUT,
  ROUNDS,
  sampleRound,
  slotInput,
  type GameClientOutcome,
} from './game-client.samples'
import { selectPhase, selectScreen, selectStakeProblem } from './game-client.selectors'
import type { ActInput, GameClientEvent, GameClientInput, LoadedTable, LoadInput, PlayInput } from './game-client.types'

type Snapshot = SnapshotFrom<typeof gameClientMachine>

function startSut(input: GameClientInput) {
  const clock = new SimulatedClock()
  const load = controllable<LoadInput, LoadedTable>()
  const refresh = controllable<LoadInput, Purse>()
  const play = controllable<PlayInput, Round>()
  const act = controllable<ActInput, Round>()
  const effects = { deposits: 0, announced: [] as ({ balance: string; currency: string } | null)[], spinsLeft: [] as number[], closes: 0, settings: 0, bets: 0, listening: 0, seenCalls: 0 }
  const ref = createActor(
    gameClientMachine.provide({
      actors: {
        loadTable: load.actor,
        refreshPurse: refresh.actor,
        startRound: play.actor,
        actInRound: act.actor,
        parentMessages: fromCallback(() => {
          effects.listening += 1
          return () => void (effects.listening -= 1)
        }),
      },
      actions: {
        notifyNeedsDeposit: () => void (effects.deposits += 1),
        announceBalance: (_, params) => void effects.announced.push(params),
        announceFreeSpins: (_, params) => void (params && effects.spinsLeft.push(params.remaining)),
        requestClose: () => void (effects.closes += 1),
        rememberSettings: () => void (effects.settings += 1),
        rememberBet: () => void (effects.bets += 1),
      },
    }),
    { input, clock },
  ).start()
  return { ref, clock, load, refresh, play, act, effects }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, event: GameClientEvent) => sut.ref.send(event)
const gestures = {
  'bet.stake': send, // the stake field, typed and parsed
  'bet.halve': send, // ½
  'bet.double': send, // 2×
  'bet.min': send, // Min
  'bet.max': send, // Max
  'bet.options': send, // the view's own controls
  'round.spin': send, // the spin button, or space
  'round.action': send, // a decision in the view (reveal, cash out)
  'round.shown': send, // the view's animation ended
  'round.skip': send, // the spin button while a round is shown
  'round.retry': send, // Try again on the error
  'error.dismiss': send, // the error's close
  'autoplay.start': send, // the autoplay panel's Start
  'autoplay.stop': send, // Stop autoplay
  'mode.set': send, // Real / Fun
  'settings.sound': send, // the sound button, or the parent's set_sound
  'settings.turbo': send, // Turbo
  'purse.refresh': send, // the parent's refresh_balance, or "I have deposited"
  'deposit.request': send, // Deposit on the insufficient-funds screen
  'client.close': send, // the close button of a framed page
  'table.retry': send, // Try again after a failed load
} satisfies GestureTable<GameClientEvent, Sut, Snapshot>

// Delays end as their timer's event: the model walk never moves the clock.
const delay = (sut: Sut, event: { type: string }) => sut.ref.send(event as never)
const outcomeGestures = {
  ...settleGestures('loadTable', (sut: Sut) => sut.load),
  ...settleGestures('refreshPurse', (sut: Sut) => sut.refresh),
  ...settleGestures('startRound', (sut: Sut) => sut.play),
  ...settleGestures('actInRound', (sut: Sut) => sut.act),
  [PACE]: delay,
  [REVEAL_TIMEOUT]: delay,
  [FEATURE_TIMEOUT]: delay,
} satisfies GestureTable<GameClientOutcome, Sut, Snapshot>

const inCycle = (s: Snapshot, flow: string) => s.matches({ table: { cycle: { flow } } } as never)

function harnessFor(input: GameClientInput) {
  return new ModelHarness<typeof gameClientMachine, Sut, GameClientOutcome>({
    machine: gameClientMachine,
    input,
    events: (s) => [...fixtureEvents<GameClientEvent, Snapshot>(gameClientSamples, s), ...fixtureEvents<GameClientOutcome, Snapshot>(gameClientOutcomes, s)],
    filterEvents: (s, e) => gameClientFilter(s, e as never),
    serializeState: (s) => gameClientState(s),
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from, event }) => {
      const s = sut.ref.getSnapshot()
      expect(gameClientState(s)).toEqual(gameClientState(state))
      const { broken, rule } = ruleCollector()
      const fx = sut.effects
      const deposits = fx.deposits
      const announced = fx.announced.splice(0)
      const closes = fx.closes
      fx.deposits = 0
      fx.closes = 0
      const newCall = sut.play.calls.length > fx.seenCalls
      fx.seenCalls = sut.play.calls.length
      const c = s.context
      rule('the parent is heard for as long as the table is open', fx.listening === 1)
      rule('the stake stays within the limits once the purse is known', c.purse === null || c.stake === null || (Number(c.stake) >= 0.2 && Number(c.stake) <= 200))
      rule('a balance goes to the parent only for real money, as shown', announced.every((a) => a === null || (c.purse?.mode === 'real' && a.balance === c.balance && a.currency === 'USD')))
      rule('autoplay runs only while rounds are played', !s.matches({ autoplay: 'running' }) || s.matches({ table: 'cycle' }))
      rule('autoplay never plays more rounds than it was set to', c.autoplay === null || (c.autoplay.played <= c.autoplay.settings.rounds && c.autoplay.settings.rounds <= 100))
      rule('a round is asked for only as its request starts', !newCall || inCycle(s, 'requesting'))
      if (from && event) {
        const type = event.type
        rule('a spin while a round is in flight sends nothing', !(type === 'round.spin' && (inCycle(from, 'requesting') || inCycle(from, 'revealing') || inCycle(from, 'next'))) || !newCall)
        rule('the close button posts close', closes === (type === 'client.close' ? 1 : 0))
        const enteredFunds = s.matches({ table: 'insufficientFunds' }) && !from.matches({ table: 'insufficientFunds' })
        const actLacked = type === 'xstate.error.actor.actInRound' && (event as { error?: { code?: string } }).error?.code === 'insufficient_funds'
        rule('a deposit is asked for on the deposit screen and when an action lacks funds', deposits === (enteredFunds || type === 'deposit.request' || actLacked ? 1 : 0))
        if (newCall) {
          const key = sut.play.calls.at(-1)!.key
          const earlier = sut.play.calls.slice(0, -1).map((call) => call.key)
          const sameRound = type === 'round.retry' && from.context.error?.outcomeUnknown === true
          rule('a retry after no answer sends the same key, and every other round a new one', sameRound ? key === earlier.at(-1) : !earlier.includes(key))
          rule('the pace holds a round that waits for it', !inCycle(from, 'next') || type === PACE || from.matches({ table: { cycle: { pace: 'done' } } } as never))
        }
        if (type === 'xstate.done.actor.startRound' || type === 'xstate.done.actor.actInRound') {
          rule('the view is told the round is in play or waits for the player', ['playing', 'awaitingAction', 'result'].includes(selectPhase(s)))
        }
      }
      expect(broken).toEqual([])
    },
  })
}

describeModel(
  'gameClientMachine',
  { 'a slot (instant rounds, autoplay)': harnessFor(slotInput), 'mines (a step game)': harnessFor(minesInput) },
  { minShortestPaths: { 'a slot (instant rounds, autoplay)': 100, 'mines (a step game)': 20 }, reach: 'together', timeoutMs: 240_000 },
)

// ── targeted: the journeys a player makes, on the actor clock ─────────────────

async function opened(input: GameClientInput = slotInput, purse: Purse = PURSES.real, open: Round | null = null) {
  const sut = startSut(input)
  recordCoverage(sut.ref)
  sut.load.resolve({ purse, open, history: [ROUNDS.loss], prefs: { soundOn: false, turbo: false, saved: null } })
  await flush()
  return sut
}

describe('the game client', () => {
  it('opens on the purse, the default stake and the history', async () => {
    const sut = await opened()
    const s = sut.ref.getSnapshot()
    expect(selectScreen(s)).toBe('table')
    expect(s.context).toMatchObject({ balance: '50.00', stake: '1.00', history: [ROUNDS.loss] })
    expect(sut.load.calls).toEqual([{ game: 'aurora-lanterns', mode: 'real' }])
  })

  it('a double click never sends two rounds, and the stake leaves the balance before the win shows', async () => {
    const sut = await opened()
    sut.ref.send({ type: 'round.spin' })
    sut.ref.send({ type: 'round.spin' })
    expect(sut.play.calls).toHaveLength(1)
    expect(sut.play.calls[0]).toMatchObject({ game: 'aurora-lanterns', amount: '1.00', mode: 'real', key: 'seedSEED0123-1' })
    sut.play.resolve(ROUNDS.win)
    await flush()
    expect(sut.ref.getSnapshot().context.balance).toBe('49.00')
    sut.ref.send({ type: 'round.spin' })
    expect(sut.play.calls).toHaveLength(1)
    sut.ref.send({ type: 'round.shown' })
    expect(sut.ref.getSnapshot().context.balance).toBe('51.00')
    expect(sut.effects.announced).toEqual([{ balance: '51.00', currency: 'USD' }])
    expect(sut.ref.getSnapshot().context.history.map((r) => r.id)).toEqual(['101', '104'])
  })

  it('waits out the pace (minRoundMs) before the next round', async () => {
    const sut = await opened()
    sut.ref.send({ type: 'round.spin' })
    sut.play.resolve(ROUNDS.win)
    await flush()
    sut.ref.send({ type: 'round.shown' })
    sut.clock.increment(400)
    sut.ref.send({ type: 'round.spin' })
    expect(sut.play.calls).toHaveLength(1)
    expect(selectPhase(sut.ref.getSnapshot())).toBe('result')
    sut.clock.increment(599)
    expect(sut.play.calls).toHaveLength(1)
    sut.clock.increment(1)
    expect(sut.play.calls).toHaveLength(2)
    expect(sut.play.calls[1]!.key).toBe('seedSEED0123-2')
  })

  it('a request with no answer is retried with the same key; a refusal keeps the bet and the next try has a new key', async () => {
    const sut = await opened()
    sut.ref.send({ type: 'bet.options', bet: { lines: 20 } })
    sut.ref.send({ type: 'round.spin' })
    sut.play.reject(ERRORS.noAnswer)
    await flush()
    let s = sut.ref.getSnapshot()
    expect(selectScreen(s)).toBe('error')
    expect(s.context.error).toEqual({ code: 'network', limit: null, outcomeUnknown: true })
    expect(s.context).toMatchObject({ stake: '1.00', bet: { lines: 20 } })
    sut.ref.send({ type: 'round.retry' })
    expect(sut.play.calls.map((c) => c.key)).toEqual(['seedSEED0123-1', 'seedSEED0123-1'])
    sut.play.reject(ERRORS.aboveMax)
    await flush()
    s = sut.ref.getSnapshot()
    expect(s.context.error).toEqual({ code: 'bet_above_max', limit: '200.00', outcomeUnknown: false })
    expect(s.context).toMatchObject({ stake: '1.00', bet: { lines: 20 } })
    sut.ref.send({ type: 'round.retry' })
    expect(sut.play.calls.at(-1)!.key).toBe('seedSEED0123-2')
  })

  it('offers a deposit when real money does not cover the stake, without asking the server', async () => {
    const sut = await opened(slotInput, { ...PURSES.real, balance: '0.50' })
    sut.ref.send({ type: 'round.spin' })
    expect(selectScreen(sut.ref.getSnapshot())).toBe('insufficientFunds')
    expect(sut.play.calls).toHaveLength(0)
    expect(sut.effects.deposits).toBe(1)
    sut.ref.send({ type: 'deposit.request' })
    expect(sut.effects.deposits).toBe(2)
    // A smaller stake that fits plays.
    sut.ref.send({ type: 'bet.min' })
    sut.ref.send({ type: 'round.spin' })
    expect(sut.play.calls).toEqual([expect.objectContaining({ amount: '0.20' })])
  })

  it('play money is never short: the server tops it up, and its balance is not the site’s to announce', async () => {
    const sut = await opened(slotInput, { ...PURSES.fun, balance: '0.05' })
    sut.ref.send({ type: 'round.spin' })
    expect(sut.play.calls).toHaveLength(1)
    sut.play.resolve({ ...ROUNDS.win, mode: 'fun' })
    await flush()
    sut.ref.send({ type: 'round.shown' })
    expect(sut.effects.announced).toEqual([null])
  })

  it('shows a slot’s free spins as a feature after the base spin', async () => {
    const sut = await opened()
    sut.ref.send({ type: 'round.spin' })
    sut.play.resolve(ROUNDS.feature)
    await flush()
    expect(selectPhase(sut.ref.getSnapshot())).toBe('playing')
    sut.ref.send({ type: 'round.shown' })
    expect(selectPhase(sut.ref.getSnapshot())).toBe('feature')
    expect(sut.ref.getSnapshot().context.balance).toBe('49.00')
    sut.ref.send({ type: 'round.shown' })
    expect(selectPhase(sut.ref.getSnapshot())).toBe('result')
    expect(sut.ref.getSnapshot().context.balance).toBe('55.50')
  })

  it('plays a free-spin pack first: its stake, no balance needed, no stake change or autoplay, counted down', async () => {
    const pack = { pack: '7', stake: '0.20', remaining: 2, total: 10, expiresAt: null }
    const sut = await opened(slotInput, { ...PURSES.real, minRoundMs: 0, balance: '0.00', freeSpins: pack })
    expect(selectStakeProblem(sut.ref.getSnapshot())).toBeNull()
    // The player's own stake waits for after the pack.
    expect(sut.ref.getSnapshot().can({ type: 'bet.max' })).toBe(false)
    expect(sut.ref.getSnapshot().can({ type: 'autoplay.start', settings: { rounds: 5, lossLimit: null, winLimit: null } })).toBe(false)
    sut.ref.send({ type: 'round.spin' })
    expect(sut.play.calls).toEqual([expect.objectContaining({ amount: '0.20', freeSpin: '7' })])
    const free = (id: string, remaining: number, payout: string) =>
      sampleRound({ id, stake: '0.20', totalStake: '0.20', payout, balance: payout === '0.00' ? '0.00' : payout, freeSpin: { pack: '7', remaining } })
    sut.play.resolve(free('301', 1, '0.60'))
    await flush()
    expect(sut.ref.getSnapshot().context.purse?.freeSpins).toMatchObject({ pack: '7', remaining: 1 })
    // The stake was the pack's: the balance shown does not drop while the win is shown.
    expect(sut.ref.getSnapshot().context.balance).toBe('0.00')
    sut.ref.send({ type: 'round.shown' })
    expect(sut.ref.getSnapshot().context.balance).toBe('0.60')
    expect(sut.effects.spinsLeft).toEqual([1])
    sut.ref.send({ type: 'round.spin' })
    expect(sut.play.calls).toHaveLength(2)
    expect(sut.play.calls.at(-1)).toMatchObject({ freeSpin: '7' })
    sut.play.resolve(free('302', 0, '0.00'))
    await flush()
    expect(sut.ref.getSnapshot().context.purse?.freeSpins).toBeNull()
    sut.ref.send({ type: 'round.shown' })
    // The pack is spent: the purse is read again, and brings no other pack here.
    expect(sut.ref.getSnapshot().matches({ table: 'refreshing' })).toBe(true)
    sut.refresh.resolve({ ...PURSES.real, balance: '0.60', freeSpins: null })
    await flush()
    expect(sut.effects.spinsLeft).toEqual([1, 0, 0])
    expect(selectStakeProblem(sut.ref.getSnapshot())).toBe('funds')
    sut.ref.send({ type: 'round.spin' })
    expect(sut.play.calls).toHaveLength(2)
    expect(sut.play.calls.at(-1)?.freeSpin).toBe('7')
    expect(selectScreen(sut.ref.getSnapshot())).toBe('insufficientFunds')
  })

  it('a pack gone elsewhere (another tab used it up) reads the table again', async () => {
    const sut = await opened(slotInput, { ...PURSES.real, freeSpins: { pack: '7', stake: '0.20', remaining: 1, total: 1, expiresAt: null } })
    sut.ref.send({ type: 'round.spin' })
    sut.play.reject({ type: 'InvalidRequestException', code: 'free_spins_unavailable', status: 400, errorData: null })
    await flush()
    expect(selectScreen(sut.ref.getSnapshot())).toBe('loading')
    expect(sut.load.calls).toHaveLength(2)
  })

  it('resumes a step game’s open round after a reload, and acts on the step it shows', async () => {
    const sut = await opened(minesInput, PURSES.real, ROUNDS.open)
    expect(selectPhase(sut.ref.getSnapshot())).toBe('awaitingAction')
    sut.ref.send({ type: 'round.action', action: { reveal: 4 } })
    sut.ref.send({ type: 'round.action', action: { reveal: 5 } })
    expect(sut.act.calls).toEqual([{ round: '201', step: 0, action: { reveal: 4 } }])
    sut.act.resolve(ROUNDS.openNext)
    await flush()
    sut.ref.send({ type: 'round.action', action: { cashOut: true } })
    expect(sut.act.calls[1]).toEqual({ round: '201', step: 1, action: { cashOut: true } })
    sut.act.resolve(ROUNDS.cashed)
    await flush()
    expect(selectPhase(sut.ref.getSnapshot())).toBe('result')
    expect(sut.ref.getSnapshot().context.balance).toBe('50.50')
  })

  it('a round the server says is unfinished is read back and resumed', async () => {
    const sut = await opened(minesInput)
    sut.ref.send({ type: 'round.spin' })
    sut.play.reject(ERRORS.inProgress)
    await flush()
    expect(selectScreen(sut.ref.getSnapshot())).toBe('loading')
    sut.load.resolve({ purse: PURSES.real, open: ROUNDS.open, history: [], prefs: { soundOn: false, turbo: false, saved: null } })
    await flush()
    expect(selectPhase(sut.ref.getSnapshot())).toBe('awaitingAction')
  })

  it('stakes a table’s chips (roulette, baccarat), and plays no empty table', async () => {
    const roulette: GameClientInput = { game: 'harbour-roulette', kind: 'roulette', stepGame: false, mode: 'real', defaultBet: { bets: [] }, keySeed: 'seedSEED0123' }
    const sut = await opened(roulette)
    sut.ref.send({ type: 'round.spin' })
    expect(sut.play.calls).toHaveLength(0)
    expect(selectStakeProblem(sut.ref.getSnapshot())).toBe('emptyTable')
    // Chips are minor units: 1.00 on red and 0.50 on 17.
    const bet = { bets: [{ bet: { kind: 'red' }, stake: 100 }, { bet: { kind: 'straight', numbers: [17] }, stake: 50 }] }
    sut.ref.send({ type: 'bet.options', bet })
    sut.ref.send({ type: 'round.spin' })
    expect(sut.play.calls).toEqual([expect.objectContaining({ amount: '1.50', bet })])
    // Chips worth less than the table's minimum are refused before asking.
    const small = await opened(roulette)
    small.ref.send({ type: 'bet.options', bet: { bets: [{ bet: { kind: 'red' }, stake: 10 }] } })
    small.ref.send({ type: 'round.spin' })
    expect(small.play.calls).toHaveLength(0)
    expect(selectStakeProblem(small.ref.getSnapshot())).toBe('belowMin')
  })

  describe('autoplay', () => {
    const autoplay = async (settings: { rounds: number; lossLimit: string | null; winLimit: string | null }, purse: Purse = PURSES.refreshed) => {
      const sut = await opened(slotInput, purse)
      sut.ref.send({ type: 'autoplay.start', settings })
      return sut
    }
    const play = async (sut: Sut, round: Round) => {
      sut.play.resolve(round)
      await flush()
      sut.ref.send({ type: 'round.shown' })
    }

    it('plays its number of rounds, capped by the purse’s maximum, then stops', async () => {
      const sut = await autoplay({ rounds: 500, lossLimit: null, winLimit: null }, { ...PURSES.refreshed, autoplayMaxRounds: 3 })
      for (let i = 0; i < 3; i++) await play(sut, ROUNDS.win)
      expect(sut.play.calls).toHaveLength(3)
      const s = sut.ref.getSnapshot()
      expect(s.matches({ autoplay: 'off' })).toBe(true)
      expect(s.context.autoplay).toMatchObject({ played: 3, stopReason: 'rounds' })
    })

    it('stops before a round whose stake could take the loss past the limit', async () => {
      const sut = await autoplay({ rounds: 10, lossLimit: '2.50', winLimit: null })
      await play(sut, ROUNDS.loss)
      await play(sut, ROUNDS.loss)
      // Lost 2.00; another 1.00 could make 3.00 > 2.50.
      expect(sut.play.calls).toHaveLength(2)
      expect(sut.ref.getSnapshot().context.autoplay).toMatchObject({ net: '-2.00', stopReason: 'loss' })
    })

    it('stops after a single win at or above its limit', async () => {
      const sut = await autoplay({ rounds: 10, lossLimit: null, winLimit: '2.00' })
      await play(sut, ROUNDS.loss)
      await play(sut, ROUNDS.win)
      expect(sut.play.calls).toHaveLength(2)
      expect(sut.ref.getSnapshot().context.autoplay?.stopReason).toBe('win')
    })

    it('stops on insufficient funds, on an error, and when the player stops it', async () => {
      const broke = await autoplay({ rounds: 10, lossLimit: null, winLimit: null })
      await play(broke, ROUNDS.broke)
      expect(selectScreen(broke.ref.getSnapshot())).toBe('insufficientFunds')
      expect(broke.ref.getSnapshot().context.autoplay?.stopReason).toBe('funds')

      const failing = await autoplay({ rounds: 10, lossLimit: null, winLimit: null })
      failing.play.reject(ERRORS.noAnswer)
      await flush()
      expect(failing.ref.getSnapshot().context.autoplay?.stopReason).toBe('error')

      const stopped = await autoplay({ rounds: 10, lossLimit: null, winLimit: null })
      stopped.ref.send({ type: 'autoplay.stop' })
      await play(stopped, ROUNDS.win)
      expect(stopped.play.calls).toHaveLength(1)
      expect(stopped.ref.getSnapshot().context.autoplay?.stopReason).toBe('player')
      expect(selectPhase(stopped.ref.getSnapshot())).toBe('result')
    })

    it('is not offered for a step game, and bets do not change while it runs', async () => {
      const mines = await opened(minesInput)
      mines.ref.send({ type: 'autoplay.start', settings: { rounds: 5, lossLimit: null, winLimit: null } })
      expect(mines.play.calls).toHaveLength(0)
      const sut = await autoplay({ rounds: 5, lossLimit: null, winLimit: null })
      sut.ref.send({ type: 'bet.max' })
      expect(sut.ref.getSnapshot().context.stake).toBe('1.00')
    })
  })
})

describe('game client rules', () => {
  const usd: Purse = PURSES.real
  it('lays chips 1-2-5 from the minimum to the maximum and halves and doubles within them', () => {
    expect(stakeLadder(usd)).toEqual(['0.20', '0.50', '1.00', '2.00', '5.00', '10.00', '20.00', '50.00', '100.00', '200.00'])
    expect(halveStake(usd, '0.30')).toBe('0.20')
    expect(halveStake(usd, '1.01')).toBe('0.50')
    expect(doubleStake(usd, '150.00')).toBe('200.00')
    expect(stakeLadder({ ...usd, currency: 'JPY', limits: { min: '20', max: '20000' } })).toEqual(['20', '50', '100', '200', '500', '1000', '2000', '5000', '10000', '20000'])
  })

  it('keeps a remembered stake only in its own currency and within the limits', () => {
    expect(stakeAfterLoad(usd, null, { currency: 'USD', stake: '7.5', bet: {} })).toBe('7.50')
    expect(stakeAfterLoad(usd, null, { currency: 'USD', stake: '900', bet: {} })).toBe('200.00')
    expect(stakeAfterLoad(usd, null, { currency: 'EUR', stake: '7.50', bet: {} })).toBe('1.00')
    expect(stakeAfterLoad({ ...usd, limits: null }, null, null)).toBeNull()
  })

  it('reads a typed stake in the player’s locale and never guesses', () => {
    expect(parseStakeInput('1.50', 'en', 'USD')).toEqual({ ok: true, amount: '1.50' })
    expect(parseStakeInput('1,000.5', 'en', 'USD')).toEqual({ ok: true, amount: '1000.50' })
    expect(parseStakeInput('1,50', 'de', 'EUR')).toEqual({ ok: true, amount: '1.50' })
    expect(parseStakeInput('1.000,50', 'de', 'EUR')).toEqual({ ok: true, amount: '1000.50' })
    expect(parseStakeInput('2,5', 'es', 'MXN')).toEqual({ ok: true, amount: '2.50' })
    expect(parseStakeInput('1,50', 'en', 'USD')).toEqual({ ok: false, reason: 'format' })
    expect(parseStakeInput('1.505', 'en', 'USD')).toEqual({ ok: false, reason: 'decimals' })
    expect(parseStakeInput('1.5', 'en', 'JPY')).toEqual({ ok: false, reason: 'decimals' })
    expect(parseStakeInput(' ', 'en', 'USD')).toEqual({ ok: false, reason: 'required' })
    expect(parseStakeInput('1e3', 'en', 'USD')).toEqual({ ok: false, reason: 'format' })
  })

  it('stakes a table’s chips, in minor units, and anything else at the stake', () => {
    expect(roundAmount('1.00', { bets: [{ bet: 'banker', stake: 900 }, { bet: 'bankerPair', stake: 100 }] }, 'USD')).toBe('10.00')
    expect(roundAmount('1.00', { bets: [{ bet: 'player', stake: 25 }] }, 'JPY')).toBe('25')
    expect(roundAmount('2.50', { target: 50.5 }, 'USD')).toBe('2.50')
  })

  it('opens a table with the title’s chips, each worth the opening stake', () => {
    const bet = { bets: [{ bet: { kind: 'dozen', index: 2 }, stake: 4 }, { bet: { kind: 'straight', numbers: [17] }, stake: 1 }] }
    const opened = openingBet(bet, '0.50', 'USD')
    expect(opened).toEqual({ bets: [{ bet: { kind: 'dozen', index: 2 }, stake: 200 }, { bet: { kind: 'straight', numbers: [17] }, stake: 50 }] })
    expect(roundAmount('0.50', opened, 'USD')).toBe('2.50')
    expect(openingBet({ bets: [{ bet: 'player', stake: 1 }] }, '100', 'JPY')).toEqual({ bets: [{ bet: 'player', stake: 100 }] })
    expect(openingBet({ target: 2 }, '1.00', 'USD')).toEqual({ target: 2 })
  })

  it('tells a final refusal from a request that may have been played', () => {
    expect(clientError(ERRORS.aboveMax)).toEqual({ code: 'bet_above_max', limit: '200.00', outcomeUnknown: false })
    expect(clientError({ code: 'bet_below_min', status: 400, errorData: { min: '0.20' } })).toEqual({ code: 'bet_below_min', limit: '0.20', outcomeUnknown: false })
    expect(clientError(ERRORS.noAnswer)).toMatchObject({ code: 'network', outcomeUnknown: true })
    // A loss limit's refusal is final, with what may still be staked.
    expect(clientError({ type: 'InvalidRequestException', code: 'loss_limit_exceeded', status: 400, errorData: { available: '1.00', currency: 'USD', period: '1' } })).toEqual({
      code: 'loss_limit_exceeded',
      limit: '1.00',
      outcomeUnknown: false,
    })
    expect(clientError({ type: 'InternalServerErrorException', code: null, status: 500 })).toMatchObject({ code: 'failed', outcomeUnknown: true })
    expect(clientError({ type: 'ApplicationUnavailableException', code: null, status: 503 })).toMatchObject({ code: 'unavailable', outcomeUnknown: true })
    expect(clientError(new TypeError('Failed to fetch'))).toMatchObject({ code: 'network', outcomeUnknown: true })
  })

  it('counts an autoplay run and names why it stops', () => {
    let run = autoplayRun({ rounds: 4, lossLimit: '3', winLimit: '10' }, 100)
    run = { ...run, played: 1 }
    run = autoplaySettled(run, sampleRound({ id: '1', payout: '0.00', totalStake: '2.00' }))
    expect(run.net).toBe('-2.00')
    expect(autoplayStop(run, '1.00', 'USD')).toBeNull()
    expect(autoplayStop(run, '1.01', 'USD')).toBe('loss')
    run = autoplaySettled({ ...run, played: 2 }, sampleRound({ id: '2', payout: '12.00', totalStake: '1.00' }))
    expect(autoplayStop(run, '1.00', 'USD')).toBe('win')
    expect(autoplayStop({ ...run, played: 4, lastPayout: '0' }, '1.00', 'USD')).toBe('rounds')
    expect(autoplayRun({ rounds: 1000, lossLimit: null, winLimit: null }, 100).settings.rounds).toBe(100)
    expect(autoplayRoundOptions(100)).toEqual([10, 25, 50, 100])
  })
})
