import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate'
import { REGISTRATION_HINT_MS } from '../../../shared/constants'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { hintFactsLoader } from './hints.actors'
import { hintsMachine } from './hints.machine'
import { currentHint } from './hints.rules'
import {
  HINT_WINDOW,
  depositedFacts,
  freshFacts,
  hintsOutcomes as outcomes,
  hintsPlayer,
  hintsSamples as fixtures,
  minutesAfterRegistration,
  type HintsOutcome,
} from './hints.samples'
import { confirmSentKey, dismissedHintKey } from './hints.rules'
import { selectHint, selectHintAt } from './hints.selectors'
import type { HintFactsLoaded, HintPlayer, HintsActionParams, HintsEvent, HintsInput, LoadHintFactsInput } from './hints.types'

type Snapshot = SnapshotFrom<typeof hintsMachine>

const at = minutesAfterRegistration
const player = hintsPlayer
const other: HintPlayer = { uid: 8, regTime: player.regTime, login: 'other@example.com' }
const [fresh, deposited] = [freshFacts, depositedFacts]

const moves = (from: Snapshot, event: { type: string }): boolean => {
  if (event.type !== 'hints.balance') return false
  const report = event as Extract<HintsEvent, { type: 'hints.balance' }>
  return from.context.balance?.uid === report.uid && from.context.balance.amount !== report.amount
}

type Effect = { [K in keyof HintsActionParams]: { type: K; params: HintsActionParams[K] } }[keyof HintsActionParams]

function startSut(input: HintsInput, clock?: SimulatedClock) {
  const load = controllable<LoadHintFactsInput, HintFactsLoaded>()
  const effects: Effect[] = []
  const record =
    <K extends keyof HintsActionParams>(type: K) =>
    (_: unknown, params: HintsActionParams[K]) =>
      void effects.push({ type, params } as Effect)
  const ref = createActor(
    hintsMachine.provide({ actors: { loadHintFacts: load.actor }, actions: { rememberDismissed: record('rememberDismissed'), reportError: record('reportError') } }),
    { input, ...(clock ? { clock } : {}) },
  ).start()
  /** load.calls seen by the last model check: a gesture that reads nothing leaves it as it was. */
  const checked = { calls: 0 }
  return { ref, load, effects, checked }
}
type Sut = ReturnType<typeof startSut>

// ── model ────────────────────────────────────────────────────────────────────

type Outcome = HintsOutcome
const WINDOW = HINT_WINDOW

const send = (sut: Sut, event: HintsEvent) => sut.ref.send(event)
const gestures = {
  'hints.player': send, // login, logout (the root actor's account)
  'hints.balance': send, // the main balance moved (the live balance)
  'hints.dismiss': send, // the banner's close button
} satisfies GestureTable<HintsEvent, Sut, Snapshot>
// The model walk delivers the timer's event itself; the clock test below drives the real delay.
const windowGestures: GestureTable<{ type: typeof WINDOW }, Sut, Snapshot> = { [WINDOW]: (sut, event) => void sut.ref.send(event as never) }
const outcomeGestures: GestureTable<Outcome, Sut, Snapshot> = {
  ...settleGestures('loadHintFacts', (sut: Sut) => sut.load),
  ...windowGestures,
}

const isOutcome = (event: { type: string }): event is Outcome => event.type in outcomes
const runs = (s: Snapshot, e: Outcome) => (e.type === WINDOW ? s.matches({ showing: 'timed' }) : s.matches('loading'))

const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    player: s.context.player?.uid ?? null,
    deposit: s.context.facts?.hasDeposit ?? null,
    dismissed: s.context.facts?.dismissed ?? [],
    balanceKnown: s.context.balance !== null,
  })

function harnessFor(input: HintsInput) {
  return new ModelHarness<typeof hintsMachine, Sut, Outcome>({
    machine: hintsMachine,
    input,
    events: (s) => [...fixtureEvents<HintsEvent, Snapshot>(fixtures, s), ...fixtureEvents<Outcome, Snapshot>(outcomes, s)],
    filterEvents: (s, e) => !isOutcome(e) || runs(s, e),
    serializeState,
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from, event }) => {
      const s = sut.ref.getSnapshot()
      expect(serializeState(s)).toBe(serializeState(state))
      const { broken, rule } = ruleCollector()
      const hint = selectHint(s)
      rule('a visitor sees no hint and reads nothing', s.context.player !== null || (hint === null && s.matches('off')))
      rule('a hint only from facts read', hint === null || s.context.facts !== null)
      rule('nothing shown after a failed read', !s.matches('unavailable') || hint === null)
      rule('a dismissed hint stays hidden', hint === null || !(s.context.facts?.dismissed ?? []).includes(hint))
      const effects = sut.effects.splice(0)
      if (from && event) {
        const remembered = effects.filter((e) => e.type === 'rememberDismissed')
        const fromHint = selectHint(from)
        const dismissed = event.type === 'hints.dismiss' && fromHint !== null
        rule('closing the hint shown is remembered for the player, once', remembered.length === (dismissed ? 1 : 0))
        if (dismissed) rule('the closed hint is the one shown', remembered[0]?.params.kind === fromHint && remembered[0]?.params.uid === from.context.player?.uid)
        rule('only a failed read is reported', effects.filter((e) => e.type === 'reportError').length === (event.type === 'xstate.error.actor.loadHintFacts' ? 1 : 0))
        const started = s.matches('loading') && (!from.matches('loading') || moves(from, event))
        if (started) rule('the facts are read for the current player', sut.load.calls.at(-1)?.uid === s.context.player?.uid)
        if (event.type === 'hints.balance') {
          rule('every balance report is noted', s.context.balance?.amount === event.amount)
          if (!moves(from, event)) rule('a report that is not a move reads nothing', sut.load.calls.length === sut.checked.calls)
          if (from.matches('showing')) rule('a balance move reads again only while a first deposit is awaited', s.matches('loading') === (moves(from, event) && from.context.facts?.hasDeposit === false))
        }
      }
      sut.checked.calls = sut.load.calls.length
      expect(broken, `after ${JSON.stringify(event)} in ${JSON.stringify(s.value)}`).toEqual([])
    },
  })
}

describeModel('hintsMachine, a new player', harnessFor({ player }), { minShortestPaths: 4 })

describe('hintsMachine, a visitor', () => {
  it('starts off and reads nothing until a player logs in', async () => {
    const sut = startSut({ player: null })
    expect(sut.ref.getSnapshot().matches('off')).toBe(true)
    expect(sut.load.calls).toEqual([])
    sut.ref.send({ type: 'hints.player', player })
    expect(sut.load.calls).toEqual([player])
  })
})

describe('hintsMachine, the rules in time', () => {
  it('leaves the deposit hint out on the deposit pages it points to, and only there', async () => {
    const sut = startSut({ player })
    sut.load.resolve(fresh)
    await flush()
    const s = sut.ref.getSnapshot()
    for (const path of ['/cashier/deposit', '/cashier/deposit/card']) expect(selectHintAt(s, path), path).toBeNull()
    for (const path of ['/', '/cashier/withdraw', '/cashier/paypending/tx_1', '/cashier/depositx']) expect(selectHintAt(s, path), path).toBe('registration')
    sut.ref.send({ type: 'hints.dismiss' })
    // The confirm hint is about something else: shown on the deposit page too.
    expect(selectHintAt(sut.ref.getSnapshot(), '/cashier/deposit')).toBe('confirmContacts')
  })

  it('shows the deposit hint first, the confirm hint once it is closed, and remembers both', async () => {
    const sut = startSut({ player })
    sut.load.resolve(fresh)
    await flush()
    expect(selectHint(sut.ref.getSnapshot())).toBe('registration')
    sut.ref.send({ type: 'hints.dismiss' })
    expect(selectHint(sut.ref.getSnapshot())).toBe('confirmContacts')
    sut.ref.send({ type: 'hints.dismiss' })
    expect(selectHint(sut.ref.getSnapshot())).toBeNull()
    expect(sut.effects).toEqual([
      { type: 'rememberDismissed', params: { uid: 7, kind: 'registration' } },
      { type: 'rememberDismissed', params: { uid: 7, kind: 'confirmContacts' } },
    ])
    sut.ref.send({ type: 'hints.dismiss' })
    expect(sut.effects).toHaveLength(2)
  })

  it('a deposit landing while the facts are read restarts the read, so the hint goes', async () => {
    const sut = startSut({ player })
    sut.ref.send({ type: 'hints.balance', uid: 7, amount: '0.00' })
    expect(sut.load.calls).toHaveLength(1) // the login's own balance: noted, not a move
    sut.ref.send({ type: 'hints.balance', uid: 7, amount: '25.00' })
    expect(sut.load.calls).toHaveLength(2)
    sut.load.resolve(deposited)
    await flush()
    expect(selectHint(sut.ref.getSnapshot())).toBe('confirmContacts')
  })

  it('the first deposit hides the deposit hint; later balance moves read nothing more', async () => {
    const sut = startSut({ player })
    sut.ref.send({ type: 'hints.balance', uid: 7, amount: '0.00' })
    sut.load.resolve(fresh)
    await flush()
    sut.ref.send({ type: 'hints.balance', uid: 7, amount: '0.00' })
    expect(sut.load.calls).toHaveLength(1) // the same balance again is no move
    sut.ref.send({ type: 'hints.balance', uid: 7, amount: '25.00' })
    expect(selectHint(sut.ref.getSnapshot())).toBe('registration') // kept while read again: no flicker
    sut.load.resolve(deposited)
    await flush()
    expect(selectHint(sut.ref.getSnapshot())).toBe('confirmContacts')
    sut.ref.send({ type: 'hints.balance', uid: 7, amount: '40.00' })
    expect(sut.load.calls).toHaveLength(2)
  })

  it("another player's balance is that login's balance, not a deposit", async () => {
    const sut = startSut({ player })
    sut.ref.send({ type: 'hints.balance', uid: 7, amount: '0.00' })
    sut.load.resolve(fresh)
    await flush()
    sut.ref.send({ type: 'hints.player', player: other })
    expect(sut.load.calls).toHaveLength(2)
    sut.ref.send({ type: 'hints.balance', uid: 8, amount: '500.00' })
    expect(sut.load.calls).toHaveLength(2)
    expect(sut.ref.getSnapshot().context.balance).toEqual({ uid: 8, amount: '500.00' })
    // A late report of the last player's balance is not this player's move either.
    sut.load.resolve(fresh)
    await flush()
    sut.ref.send({ type: 'hints.balance', uid: 7, amount: '10.00' })
    expect(sut.load.calls).toHaveLength(2)
  })

  it('reads again when the 2-hour window closes, and the deposit hint goes without a reload', async () => {
    const clock = new SimulatedClock()
    const sut = startSut({ player }, clock)
    sut.load.resolve(fresh)
    await flush()
    expect(sut.ref.getSnapshot().matches({ showing: 'timed' })).toBe(true)
    clock.increment(REGISTRATION_HINT_MS - 10 * 60_000 - 1)
    expect(sut.load.calls).toHaveLength(1)
    clock.increment(1)
    expect(sut.load.calls).toHaveLength(2)
    sut.load.resolve({ ...fresh, checkedAt: at(120), hasDeposit: null })
    await flush()
    expect(selectHint(sut.ref.getSnapshot())).toBe('confirmContacts')
  })

  it('another player starts over: no facts of the last one are shown', async () => {
    const sut = startSut({ player })
    sut.load.resolve(fresh)
    await flush()
    sut.ref.send({ type: 'hints.player', player: other })
    expect(selectHint(sut.ref.getSnapshot())).toBeNull()
    expect(sut.load.calls.at(-1)).toEqual(other)
    expect(currentHint(sut.ref.getSnapshot().context)).toBeNull()
  })
})

describe('hintFactsLoader', () => {
  const sources = (now: number, stored: string[] = []) => {
    const asked: string[] = []
    return {
      asked,
      loader: hintFactsLoader({
        now: () => now,
        depositCount: async () => (asked.push('deposits'), 0),
        contacts: async () => (asked.push('contacts'), [{ contact: 'NEW@example.com', is_confirmed: true }]),
        stored: (key) => stored.includes(key),
      }),
    }
  }
  const run = async (loader: ReturnType<typeof hintFactsLoader>) => {
    const actor = createActor(loader, { input: player }).start()
    await new Promise<void>((resolve) => actor.subscribe({ complete: () => resolve() }))
    return actor.getSnapshot().output as HintFactsLoaded
  }

  it('asks for both facts in the first two hours, with what the player stored', async () => {
    const { loader, asked } = sources(at(30), [confirmSentKey(7), dismissedHintKey(7, 'registration')])
    expect(await run(loader)).toEqual({ checkedAt: at(30), hasDeposit: false, loginContactConfirmed: true, confirmSent: true, dismissed: ['registration'] })
    expect(asked.sort()).toEqual(['contacts', 'deposits'])
  })

  it('asks only for the contacts after two hours, and nothing after five days', async () => {
    const later = sources(at(3 * 60))
    expect((await run(later.loader)).hasDeposit).toBeNull()
    expect(later.asked).toEqual(['contacts'])
    const week = sources(at(7 * 24 * 60))
    expect(await run(week.loader)).toMatchObject({ hasDeposit: null, loginContactConfirmed: null })
    expect(week.asked).toEqual([])
  })
})
