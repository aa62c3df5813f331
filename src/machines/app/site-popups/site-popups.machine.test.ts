import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, SimulatedClock, type SnapshotFrom } from 'xstate'
import { recordCoverage } from '../../testing/coverage'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { dispatchGestures, fixtureEvents, ModelHarness, ruleCollector, type GestureTable } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { parseSeen } from './site-popups.actors'
import { sitePopupsMachine } from './site-popups.machine'
import { isQuietPath, popupFor } from './site-popups.rules'
import { DELAY, samplePopups, sitePopupsInput, sitePopupsOutcomes, sitePopupsSamples, type SitePopupsOutcome } from './site-popups.samples'
import type { PopupMemory, SitePopup, SitePopupsEvent, SitePopupsInput } from './site-popups.types'

type Snapshot = SnapshotFrom<typeof sitePopupsMachine>

function startSut(input: SitePopupsInput) {
  const clock = new SimulatedClock()
  const memory = controllable<unknown, PopupMemory>()
  const effects = { opened: [] as string[], stored: [] as (readonly string[])[], carried: [] as string[], listening: 0 }
  const ref = createActor(
    sitePopupsMachine.provide({
      actors: {
        readMemory: memory.actor,
        exitIntent: fromCallback(() => {
          effects.listening += 1
          return () => void (effects.listening -= 1)
        }),
      },
      actions: {
        openPopup: (_, params: { popup: SitePopup }) => void effects.opened.push(params.popup.id),
        rememberSeen: (_, params: { seen: readonly string[] }) => void effects.stored.push(params.seen),
        carryTrigger: (_, params: { trigger: string }) => void effects.carried.push(params.trigger),
      },
    }),
    { input, clock },
  ).start()
  return { ref, clock, memory, effects }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, event: SitePopupsEvent) => sut.ref.send(event)
const gestures = {
  'popups.trigger': send, // the root: a login or a registration on this page
  'popups.exitIntent': send, // the pointer leaves through the top edge
  'session.change': send,
  'route.change': send,
} satisfies GestureTable<SitePopupsEvent, Sut, Snapshot>
// The delay ending is delivered as its timer's event: the model walk never moves the clock.
const outcomeGestures = {
  ...settleGestures('readMemory', (sut: Sut) => sut.memory),
  [DELAY]: (sut: Sut, event: { type: typeof DELAY }) => sut.ref.send(event as never),
} satisfies GestureTable<SitePopupsOutcome, Sut, Snapshot>

const isOutcome = (e: { type: string }): e is SitePopupsOutcome => e.type in sitePopupsOutcomes
const runs = (s: Snapshot, e: SitePopupsOutcome) => (e.type === DELAY ? s.matches('waiting') : s.matches('loading'))

function harnessFor(input: SitePopupsInput) {
  return new ModelHarness<typeof sitePopupsMachine, Sut, SitePopupsOutcome>({
    machine: sitePopupsMachine,
    input,
    events: (s) => [...fixtureEvents<SitePopupsEvent, Snapshot>(sitePopupsSamples, s), ...fixtureEvents<SitePopupsOutcome, Snapshot>(sitePopupsOutcomes, s)],
    filterEvents: (s, e) => !isOutcome(e) || runs(s, e),
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from }) => {
      const s = sut.ref.getSnapshot()
      expect(s.value).toEqual(state.value)
      expect(s.context).toEqual(state.context)
      const { broken, rule } = ruleCollector()
      const opened = sut.effects.opened.splice(0)
      const stored = sut.effects.stored.splice(0)
      const carried = sut.effects.carried.splice(0)
      rule('each popup shows once', new Set(s.context.seen).size === s.context.seen.length)
      rule('a waiting popup is for this visitor and not yet seen', s.context.pending === null || !s.context.seen.includes(s.context.pending.id))
      rule('a popup waits only while waiting or held', (s.context.pending !== null) === (s.matches('waiting') || s.matches('held')))
      rule('held only on a game, the deposit or a form', !s.matches('held') || isQuietPath(s.context.path))
      rule('the exit is watched only while nothing waits', (sut.effects.listening === 1) === s.matches('idle'))
      if (from) {
        const shown = from.context.pending
        // A popup opens exactly when its wait ends off a quiet page, and is remembered with it.
        if (opened.length > 0) {
          rule('one popup at a time', opened.length === 1)
          rule('the popup that waited opens', shown !== null && opened[0] === shown.id)
          rule('never over a game or the deposit', !isQuietPath(s.context.path))
          rule('remembered as seen in storage', stored.length === 1 && stored[0]?.includes(opened[0] ?? '') === true)
        } else rule('nothing stored without a popup', stored.length === 0)
        // A login's popup goes with the tab when the login lands with a full load.
        if (carried.length > 0) rule('a carried trigger is the popup now waiting', carried.length === 1 && s.context.pending?.trigger === carried[0])
      }
      expect(broken).toEqual([])
    },
  })
}

describeModel(
  'sitePopupsMachine',
  {
    'a visitor on the home page': harnessFor(sitePopupsInput),
    'a player in a game': harnessFor({ ...sitePopupsInput, loggedIn: true, path: '/game/book-of-gold' }),
  },
  { minShortestPaths: { 'a visitor on the home page': 1, 'a player in a game': 1 }, reach: 'together' },
)

async function started(input: SitePopupsInput, seen: string[] = [], carried: PopupMemory['carried'] = null) {
  const sut = startSut(input)
  recordCoverage(sut.ref)
  sut.memory.resolve({ seen, carried })
  await flush()
  return sut
}

describe('site popups (content popups.json)', () => {
  it("opens the first visit's popup after its delay on the actor clock, once per browser", async () => {
    const sut = await started(sitePopupsInput)
    sut.clock.increment(19_999)
    expect(sut.effects.opened).toEqual([])
    sut.clock.increment(1)
    expect(sut.effects.opened).toEqual(['first-visit'])
    expect(sut.effects.stored).toEqual([['first-visit']])
    const again = await started(sitePopupsInput, ['first-visit'])
    again.clock.increment(60_000)
    expect(again.effects.opened).toEqual([])
  })

  it('drops a visitor popup when the visitor logs in, then shows the login one', async () => {
    const sut = await started(sitePopupsInput)
    sut.clock.increment(5_000)
    sut.ref.send({ type: 'session.change', loggedIn: true })
    sut.ref.send({ type: 'popups.trigger', trigger: 'afterLogin' })
    sut.clock.increment(60_000)
    expect(sut.effects.opened).toEqual(['welcome-back'])
  })

  it("takes a login's trigger before the session's news of it (the root sends them in that order)", async () => {
    const sut = await started(sitePopupsInput)
    sut.ref.send({ type: 'popups.trigger', trigger: 'afterLogin' })
    sut.ref.send({ type: 'session.change', loggedIn: true })
    sut.clock.increment(2_000)
    expect(sut.effects.opened).toEqual(['welcome-back'])
  })

  it('holds a popup while the player is in a game and opens it when they leave', async () => {
    const sut = await started({ ...sitePopupsInput, loggedIn: true, path: '/de/game/book-of-gold' })
    sut.ref.send({ type: 'popups.trigger', trigger: 'afterRegistration' })
    sut.clock.increment(1)
    expect(sut.ref.getSnapshot().value).toBe('held')
    sut.ref.send({ type: 'route.change', path: '/de/cashier/deposit?amount=10' })
    expect(sut.effects.opened).toEqual([])
    sut.ref.send({ type: 'route.change', path: '/de/gamehall' })
    expect(sut.effects.opened).toEqual(['welcome'])
  })

  it("opens the exit popup when the pointer leaves, for a visitor only", async () => {
    const visitor = await started(sitePopupsInput, ['first-visit'])
    visitor.ref.send({ type: 'popups.exitIntent' })
    visitor.clock.increment(0)
    expect(visitor.effects.opened).toEqual(['stay'])
    visitor.ref.send({ type: 'popups.exitIntent' })
    expect(visitor.effects.opened).toEqual(['stay'])
    const player = await started({ ...sitePopupsInput, loggedIn: true })
    player.ref.send({ type: 'popups.exitIntent' })
    player.clock.increment(60_000)
    expect(player.effects.opened).toEqual([])
  })

  it("shows the login's popup on the page the login landed on (a full load)", async () => {
    const before = await started({ ...sitePopupsInput, loggedIn: true })
    before.ref.send({ type: 'popups.trigger', trigger: 'afterLogin' })
    expect(before.effects.carried).toEqual(['afterLogin'])
    const after = await started({ ...sitePopupsInput, loggedIn: true }, [], 'afterLogin')
    after.clock.increment(2_000)
    expect(after.effects.opened).toEqual(['welcome-back'])
    const shown = await started({ ...sitePopupsInput, loggedIn: true }, ['welcome-back'], 'afterLogin')
    shown.clock.increment(60_000)
    expect(shown.effects.opened).toEqual([])
  })

  it('reads stored ids defensively', () => {
    expect(parseSeen(null)).toEqual([])
    expect(parseSeen('not json')).toEqual([])
    expect(parseSeen('{"a":1}')).toEqual([])
    expect(parseSeen('["a",2,"b"]')).toEqual(['a', 'b'])
    expect(parseSeen(JSON.stringify(Array.from({ length: 150 }, (_, i) => `p${i}`)))).toHaveLength(100)
  })

  it('picks popups by trigger, audience and what was seen', () => {
    expect(popupFor(samplePopups, 'afterRegistration', true, [])?.id).toBe('welcome')
    expect(popupFor(samplePopups, 'afterRegistration', false, [])?.id).toBe('welcome')
    expect(popupFor(samplePopups, 'afterLogin', false, [])).toBeNull()
    expect(popupFor(samplePopups, 'firstVisit', false, ['first-visit'])).toBeNull()
    expect(isQuietPath('/game/x')).toBe(true)
    expect(isQuietPath('/pt/cashier/deposit')).toBe(true)
    expect(isQuietPath('/forms/sign_up')).toBe(true)
    expect(isQuietPath('/gamehall')).toBe(false)
    expect(isQuietPath('/cashier/withdraw')).toBe(false)
  })
})
