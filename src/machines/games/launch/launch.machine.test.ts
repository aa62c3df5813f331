import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { recordCoverage } from '../../testing/coverage'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { dispatchGestures, fixtureEvents, ModelHarness, ruleCollector, type GestureTable } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { launchMachine } from './launch.machine'
import { coversMinBet, frameSrc } from './launch.rules'
import { FREE_SPINS_ONLY, FUNDED, launchGame, launchOutcomes, launchSamples, SHORT, visitorDemo, type LaunchOutcome } from './launch.samples'
import { selectCanDemo, selectFrameMode, selectFreeSpins, selectLaunchView } from './launch.selectors'
import { LAUNCH_LEAVE, type LaunchEmitted, type LaunchEvent, type LaunchInput, type ReadFundsResult } from './launch.types'

type Snapshot = SnapshotFrom<typeof launchMachine>

function startSut(input: LaunchInput) {
  const funds = controllable<{ sysname: string }, ReadFundsResult>()
  const left: LaunchEmitted[] = []
  const ref = createActor(launchMachine.provide({ actors: { readFunds: funds.actor } }), { input })
  ref.on(LAUNCH_LEAVE, (e) => void left.push(e))
  ref.start()
  return { ref, funds, left }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, e: LaunchEvent) => sut.ref.send(e)
const gestures = {
  'launch.real': send, // the demo/real switch
  'launch.demo': send,
  'launch.session': send, // the root actor's session moved
  'launch.popupClosed': send, // the registration popup closed with no account
  'launch.needsDeposit': send, // the frame's needs_deposit message
  'launch.close': send, // the frame's close message
  'launch.retry': send, // back from the cashier, "try again"
  'launch.freeSpins': send, // the frame's free_spins message
} satisfies GestureTable<LaunchEvent, Sut, Snapshot>
const outcomeGestures = settleGestures('readFunds', (sut: Sut) => sut.funds) satisfies GestureTable<LaunchOutcome, Sut, Snapshot>
const isOutcome = (e: { type: string }): e is LaunchOutcome => e.type in launchOutcomes

const serializeState = (s: Snapshot) => JSON.stringify({ value: s.value, loggedIn: s.context.loggedIn, funds: s.context.funds?.balance ?? null, spins: s.context.funds?.freeSpins ?? null, failure: s.context.failure })

function harnessFor(input: LaunchInput) {
  return new ModelHarness<typeof launchMachine, Sut, LaunchOutcome>({
    machine: launchMachine,
    input,
    events: (s) => [...fixtureEvents<LaunchEvent, Snapshot>(launchSamples, s), ...fixtureEvents<LaunchOutcome, Snapshot>(launchOutcomes, s)],
    filterEvents: (s, e) => (isOutcome(e) ? 'readFunds' in s.children : s.can(e)),
    serializeState,
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, event }) => {
      const s = sut.ref.getSnapshot()
      expect(serializeState(s)).toBe(serializeState(state))
      const { broken, rule } = ruleCollector()
      rule('real money only for a player', selectFrameMode(s) !== 'real' || s.context.loggedIn)
      // When the table opens; afterwards the table itself finds a balance short (its needs_deposit).
      rule('real money opens only with the smallest bet covered or free spins', !(event && isOutcome(event) && selectFrameMode(s) === 'real') || coversMinBet(s.context.funds))
      rule('free spins are counted only on the real table', selectFreeSpins(s) === 0 || selectFrameMode(s) === 'real')
      rule('demo only for a game that has one', selectFrameMode(s) !== 'demo' || s.context.game?.demo === true)
      rule('the purse is read for a player only', !('readFunds' in s.children) || s.context.loggedIn)
      rule('a visitor who closes the popup goes home', !(event?.type === 'launch.popupClosed') || sut.left.at(-1)?.to === 'home')
      rule('the demo switch only where a demo is', !selectCanDemo(s) || s.context.game?.demo === true)
      expect(broken).toEqual([])
    },
  })
}

describeModel(
  'launchMachine',
  {
    'a visitor opens the demo': harnessFor(visitorDemo),
    'a visitor asks for real money': harnessFor({ ...visitorDemo, wantsReal: true }),
    'a player asks for real money': harnessFor({ ...visitorDemo, wantsReal: true, loggedIn: true }),
    'a game with no demo': harnessFor({ game: { ...launchGame, demo: false }, wantsReal: false, loggedIn: true }),
    'no such game': harnessFor({ game: null, wantsReal: false, loggedIn: false }),
  },
  { minShortestPaths: { 'a visitor opens the demo': 5, 'a visitor asks for real money': 5, 'a player asks for real money': 5, 'a game with no demo': 3, 'no such game': 0 }, timeoutMs: 120_000, reach: 'together' },
)

describe('a game’s launch', () => {
  it('asks a visitor who wants real money to register, and sends them home when they close the popup', () => {
    const sut = startSut({ ...visitorDemo, wantsReal: true })
    recordCoverage(sut.ref)
    expect(selectLaunchView(sut.ref.getSnapshot())).toBe('needsLogin')
    sut.ref.send({ type: 'launch.popupClosed' })
    expect(sut.left).toEqual([{ type: LAUNCH_LEAVE, to: 'home' }])
    expect(sut.funds.calls).toHaveLength(0)
  })

  it('plays for real once the visitor registers in the popup, and offers the cashier when the balance is short', async () => {
    const sut = startSut({ ...visitorDemo, wantsReal: true })
    sut.ref.send({ type: 'launch.session', loggedIn: true })
    expect(sut.funds.calls).toEqual([{ sysname: 'aurora-lanterns' }])
    sut.funds.resolve(SHORT)
    await flush()
    expect(selectLaunchView(sut.ref.getSnapshot())).toBe('needsDeposit')
    sut.ref.send({ type: 'launch.retry' })
    sut.funds.resolve(FUNDED)
    await flush()
    expect(selectFrameMode(sut.ref.getSnapshot())).toBe('real')
    // The game itself found the balance short mid-session.
    sut.ref.send({ type: 'launch.needsDeposit' })
    expect(selectLaunchView(sut.ref.getSnapshot())).toBe('needsDeposit')
    sut.ref.send({ type: 'launch.demo' })
    expect(selectFrameMode(sut.ref.getSnapshot())).toBe('demo')
  })

  it('frames the game client in the player’s locale, a player’s demo on their fun balance', () => {
    expect(frameSrc('/platform/game/dice-classic/play', 'demo', false, 'es')).toBe('/platform/game/dice-classic/play?locale=es&in=site')
    expect(frameSrc('/platform/game/dice-classic/play', 'demo', true, 'de')).toBe('/platform/game/dice-classic/play?locale=de&in=site&mode=fun')
    expect(frameSrc('/platform/game/dice-classic/play', 'real', true, 'en')).toBe('/platform/game/dice-classic/play?locale=en&in=site')
    expect(coversMinBet({ balance: '0.20', currency: 'USD', minBet: '0.20', freeSpins: 0 })).toBe(true)
    expect(coversMinBet({ balance: '0.19', currency: 'USD', minBet: '0.20', freeSpins: 0 })).toBe(false)
    expect(coversMinBet({ balance: '5', currency: 'USD', minBet: null, freeSpins: 0 })).toBe(false)
    // Free spins play without a balance, but never in a currency the game does not take.
    expect(coversMinBet({ balance: '0.00', currency: 'USD', minBet: '0.20', freeSpins: 1 })).toBe(true)
    expect(coversMinBet({ balance: '0.00', currency: 'XYZ', minBet: null, freeSpins: 1 })).toBe(false)
  })

  it('plays free spins with an empty balance and counts them down as the table reports them', async () => {
    const sut = startSut({ ...visitorDemo, loggedIn: true, wantsReal: true })
    sut.funds.resolve(FREE_SPINS_ONLY)
    await flush()
    expect(selectFrameMode(sut.ref.getSnapshot())).toBe('real')
    expect(selectFreeSpins(sut.ref.getSnapshot())).toBe(10)
    sut.ref.send({ type: 'launch.freeSpins', remaining: 9 })
    expect(selectFreeSpins(sut.ref.getSnapshot())).toBe(9)
    sut.ref.send({ type: 'launch.freeSpins', remaining: 0 })
    expect(selectFreeSpins(sut.ref.getSnapshot())).toBe(0)
    // Out of spins and of money: the table asks for a deposit.
    sut.ref.send({ type: 'launch.needsDeposit' })
    expect(selectLaunchView(sut.ref.getSnapshot())).toBe('needsDeposit')
    expect(selectFreeSpins(sut.ref.getSnapshot())).toBe(0)
  })
})
