import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate'
import { NO_ANALYTICS } from '../../../shared/analytics-settings'
import { FINGERPRINT_HIT_DELAY_MS, FINGERPRINT_TIMEOUT_MS } from '../../../shared/constants'
import type { ConsentChoice } from '../../../shared/consent'
import { keyed } from '../../flow-entry'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { ModelHarness, dispatchGestures, fixtureEvents, ruleCollector, type GestureTable } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { consentMachine } from './consent.machine'
import { consentOutcomes as outcomes, consentSamples as fixtures, FP_TIMEOUT, HIT_DUE, sampleSettings, type ConsentOutcome as Outcome } from './consent.samples'
import { selectConsentBannerOpen, selectConsentCanDismiss, selectConsentChoice, selectConsentDataState } from './consent.selectors'
import type { ConsentEvent, ConsentInput, FingerprintInput, FingerprintResult, HitInput } from './consent.types'

type Snapshot = SnapshotFrom<typeof consentMachine>

function startSut(input: ConsentInput) {
  const clock = new SimulatedClock()
  const fingerprint = controllable<FingerprintInput, FingerprintResult>()
  const hit = controllable<HitInput, void>()
  const effects = { persisted: [] as ConsentChoice[], applied: [] as (ConsentChoice | null)[], errors: [] as unknown[] }
  const ref = createActor(
    consentMachine.provide({
      actors: { loadFingerprint: fingerprint.actor, sendHit: hit.actor },
      actions: {
        persistConsent: (_, { choice }) => void effects.persisted.push(choice),
        applyConsent: ({ context }) => void effects.applied.push(context.choice),
        reportError: (_, { error }) => void effects.errors.push(error),
      },
    }),
    { input, clock },
  ).start()
  return { ref, clock, fingerprint, hit, effects, analyticsSeen: false }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, event: ConsentEvent) => sut.ref.send(event)
const gestures = {
  'consent.acceptAll': send, // the banner's 'Accept all'
  'consent.rejectAll': send, // the banner's 'Only necessary'
  'consent.save': send, // the banner's 'Save my choices' with its switches
  'consent.open': send, // the footer's 'Cookie settings'
  'consent.dismiss': send, // Escape or 'Close' on a reopened banner
  'app.hydrated': send, // the browser took over the page
} satisfies GestureTable<ConsentEvent, Sut, Snapshot>

const outcomeGestures = {
  ...settleGestures('loadFingerprint', (sut: Sut) => sut.fingerprint),
  ...settleGestures('sendHit', (sut: Sut) => sut.hit),
  ...keyed(HIT_DUE, (sut: Sut) => sut.clock.increment(FINGERPRINT_HIT_DELAY_MS)),
  ...keyed(FP_TIMEOUT, (sut: Sut) => sut.clock.increment(FINGERPRINT_TIMEOUT_MS)),
} satisfies GestureTable<Outcome, Sut, Snapshot>

const isOutcome = (event: { type: string }): event is Outcome => event.type in outcomes
const HIT_WAITING = { effects: { running: { hit: 'waiting' } } } as const
/** Whether the runtime could deliver this outcome now (a clock step must fire only its own delay). */
function outcomeRuns(snapshot: Snapshot, event: Outcome): boolean {
  if (event.type === HIT_DUE) return snapshot.matches(HIT_WAITING)
  if (event.type === FP_TIMEOUT) return snapshot.matches({ effects: { running: { fingerprint: 'loading' } } }) && !snapshot.matches(HIT_WAITING)
  return event.type.endsWith('.loadFingerprint') ? 'loadFingerprint' in snapshot.children : 'sendHit' in snapshot.children
}

const serializeState = (s: Snapshot) => JSON.stringify({ value: s.value, context: s.context })

function harnessFor(input: ConsentInput) {
  return new ModelHarness<typeof consentMachine, Sut, Outcome>({
    machine: consentMachine,
    input,
    events: (snapshot) => [...fixtureEvents<ConsentEvent, Snapshot>(fixtures, snapshot), ...fixtureEvents<Outcome, Snapshot>(outcomes, snapshot)],
    filterEvents: (snapshot, event) => !isOutcome(event) || outcomeRuns(snapshot, event),
    serializeState,
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from, event }) => {
      const snapshot = sut.ref.getSnapshot()
      expect(serializeState(snapshot)).toBe(serializeState(state))
      const { broken, rule } = ruleCollector()
      const choice = selectConsentChoice(snapshot)
      const running = snapshot.matches({ effects: 'running' })
      rule('the banner shows while nothing is chosen', choice !== null || selectConsentBannerOpen(snapshot))
      rule('a first banner cannot be dismissed', !(choice === null && selectConsentCanDismiss(snapshot)))
      rule('data-state names the banner', selectConsentDataState(snapshot).startsWith('consent.'))
      // No third-party request, nor the visit, before the visitor allowed analytics in the browser.
      if (!running) rule('nothing runs on the server', sut.fingerprint.calls.length === 0 && sut.hit.calls.length === 0)
      sut.analyticsSeen ||= running && choice?.analytics === true
      rule('no fingerprint before analytics consent', sut.fingerprint.calls.length === 0 || sut.analyticsSeen)
      rule('no visit before analytics consent', sut.hit.calls.length === 0 || sut.analyticsSeen)
      rule('the fingerprint only when the operator enabled it', input.settings.fingerprintEnabled || sut.fingerprint.calls.length === 0)
      rule('one visit a page at most', sut.hit.calls.length <= 1)
      // The visit carries the session exactly when the fingerprint gave one.
      if (sut.hit.calls.length === 1) rule('the visit carries the session', sut.hit.calls[0]!.seonSession === snapshot.context.seonSession)
      rule('a session only from the fingerprint', snapshot.context.seonSession === null || snapshot.matches({ effects: { running: { fingerprint: 'ready' } } }))
      // Each answer of the banner is kept (the cookie) and applied in the page once it runs.
      if (from && event && ['consent.acceptAll', 'consent.rejectAll', 'consent.save'].includes(event.type) && selectConsentBannerOpen(from)) {
        rule('the choice is kept', JSON.stringify(sut.effects.persisted.at(-1)) === JSON.stringify(choice))
        rule('the banner closes', !selectConsentBannerOpen(snapshot))
        if (running) rule('the choice is applied', JSON.stringify(sut.effects.applied.at(-1)) === JSON.stringify(choice))
      }
      if (!running) rule('nothing is applied on the server', sut.effects.applied.length === 0)
      expect(broken).toEqual([])
    },
  })
}

describeModel(
  'consentMachine',
  {
    'a first visit': harnessFor({ choice: null, settings: sampleSettings }),
    'a visitor who allowed analytics': harnessFor({ choice: { analytics: true, marketing: false }, settings: sampleSettings }),
    'no tools configured': harnessFor({ choice: null, settings: NO_ANALYTICS }),
  },
  { minShortestPaths: { 'a first visit': 20, 'a visitor who allowed analytics': 10, 'no tools configured': 5 }, reach: 'together', timeoutMs: 60_000 },
)

describe('consentMachine: rules (SPEC §7 /hit, §9 fingerprint hit 3000 ms)', () => {
  it('asks a first visitor and loads nothing until they choose', async () => {
    const sut = startSut({ choice: null, settings: sampleSettings })
    sut.ref.send({ type: 'app.hydrated' })
    expect(selectConsentDataState(sut.ref.getSnapshot())).toBe('consent.asking')
    sut.clock.increment(FINGERPRINT_HIT_DELAY_MS * 5)
    await flush()
    expect(sut.fingerprint.calls).toEqual([])
    expect(sut.hit.calls).toEqual([])
    expect(sut.effects.applied).toEqual([null])
    sut.ref.send({ type: 'consent.acceptAll' })
    expect(sut.effects.persisted).toEqual([{ analytics: true, marketing: true }])
    expect(sut.effects.applied.at(-1)).toEqual({ analytics: true, marketing: true })
    // The delay is long past: the visit goes once the fingerprint has settled.
    expect(sut.fingerprint.calls).toHaveLength(1)
    expect(sut.hit.calls).toEqual([])
    sut.fingerprint.resolve({ ok: true, session: 'abc' })
    await flush()
    expect(sut.hit.calls).toEqual([{ seonSession: 'abc' }])
  })

  it('sends the visit 3 s after start, with the fingerprint session', async () => {
    const sut = startSut({ choice: { analytics: true, marketing: false }, settings: sampleSettings })
    expect(selectConsentBannerOpen(sut.ref.getSnapshot())).toBe(false)
    sut.ref.send({ type: 'app.hydrated' })
    sut.fingerprint.resolve({ ok: true, session: 'seon-1' })
    await flush()
    sut.clock.increment(FINGERPRINT_HIT_DELAY_MS - 1)
    expect(sut.hit.calls).toEqual([])
    sut.clock.increment(1)
    expect(sut.hit.calls).toEqual([{ seonSession: 'seon-1' }])
  })

  it('a failed or hanging fingerprint gives a visit without a session', async () => {
    const failed = startSut({ choice: { analytics: true, marketing: false }, settings: sampleSettings })
    failed.ref.send({ type: 'app.hydrated' })
    failed.fingerprint.resolve({ ok: false })
    await flush()
    failed.clock.increment(FINGERPRINT_HIT_DELAY_MS)
    expect(failed.hit.calls).toEqual([{ seonSession: null }])

    const hanging = startSut({ choice: { analytics: true, marketing: false }, settings: sampleSettings })
    hanging.ref.send({ type: 'app.hydrated' })
    hanging.clock.increment(FINGERPRINT_HIT_DELAY_MS)
    expect(hanging.hit.calls).toEqual([])
    hanging.clock.increment(FINGERPRINT_TIMEOUT_MS)
    expect(hanging.hit.calls).toEqual([{ seonSession: null }])
  })

  it('never loads the fingerprint when the operator has it off, nor for marketing-only consent', () => {
    const off = startSut({ choice: { analytics: true, marketing: true }, settings: { ...sampleSettings, fingerprintEnabled: false } })
    off.ref.send({ type: 'app.hydrated' })
    off.clock.increment(FINGERPRINT_HIT_DELAY_MS)
    expect(off.fingerprint.calls).toEqual([])
    expect(off.hit.calls).toEqual([{ seonSession: null }])

    const marketing = startSut({ choice: { analytics: false, marketing: true }, settings: sampleSettings })
    marketing.ref.send({ type: 'app.hydrated' })
    marketing.clock.increment(FINGERPRINT_HIT_DELAY_MS)
    expect(marketing.fingerprint.calls).toEqual([])
    expect(marketing.hit.calls).toEqual([])
  })

  it('the footer reopens the banner with the choice kept; closing it changes nothing', () => {
    const sut = startSut({ choice: { analytics: false, marketing: false }, settings: sampleSettings })
    sut.ref.send({ type: 'consent.open' })
    expect(selectConsentDataState(sut.ref.getSnapshot())).toBe('consent.reviewing')
    sut.ref.send({ type: 'consent.dismiss' })
    expect(selectConsentChoice(sut.ref.getSnapshot())).toEqual({ analytics: false, marketing: false })
    expect(sut.effects.persisted).toEqual([])
    sut.ref.send({ type: 'consent.open' })
    sut.ref.send({ type: 'consent.save', analytics: true, marketing: false })
    expect(sut.effects.persisted).toEqual([{ analytics: true, marketing: false }])
  })
})
