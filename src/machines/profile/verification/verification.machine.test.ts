import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'
import { STATUS_POLL_MS, verificationMachine } from './verification.machine'
import {
  APPROVED,
  NOT_STARTED,
  PENDING,
  RESUBMIT,
  SDK,
  STATUS_POLL,
  notSubmitted,
  profileIncomplete,
  verificationEntry,
  verificationOutcomes,
  verificationSamples,
  type VerificationOutcome,
} from './verification.samples'
import { selectMissingFields, selectSdk, selectVerificationAlert, selectVerificationStep } from './verification.selectors'
import { VERIFICATION_CHANGED, type LoadVerificationResult, type OpenSdkResult, type VerificationEvent } from './verification.types'

type Snapshot = SnapshotFrom<typeof verificationMachine>

function startSut() {
  const clock = new SimulatedClock()
  const load = controllable<unknown, LoadVerificationResult>()
  const open = controllable<unknown, OpenSdkResult>()
  const renew = controllable<unknown, OpenSdkResult>()
  const submit = controllable<unknown, LoadVerificationResult>()
  const announced: string[] = []
  const ref = createActor(
    verificationMachine.provide({
      actors: { loadStatus: load.actor, openSdk: open.actor, renewToken: renew.actor, submitDocuments: submit.actor },
      actions: { reportError: () => undefined },
    }),
    { clock },
  )
  ref.on(VERIFICATION_CHANGED, (event) => void announced.push(event.status))
  ref.start()
  return { ref, clock, load, open, renew, submit, announced }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, event: VerificationEvent) => sut.ref.send(event)
const gestures = {
  'verification.start': send, // 'Start verification' / 'Send documents again'
  'verification.retry': send, // 'Try again' after the status could not be read
  'sdk.submitted': send, // the SDK's frame posts what happened in it
  'sdk.reviewed': send,
  'sdk.tokenExpired': send,
} satisfies GestureTable<VerificationEvent, Sut, Snapshot>
const outcomeGestures = {
  ...settleGestures('loadStatus', (sut: Sut) => sut.load),
  ...settleGestures('openSdk', (sut: Sut) => sut.open),
  ...settleGestures('renewToken', (sut: Sut) => sut.renew),
  ...settleGestures('submitDocuments', (sut: Sut) => sut.submit),
  [STATUS_POLL]: (sut: Sut) => sut.clock.increment(STATUS_POLL_MS), // a review goes on a while
} satisfies GestureTable<VerificationOutcome, Sut, Snapshot>
const isOutcome = (event: { type: string }): event is VerificationOutcome => event.type in verificationOutcomes
const actorOf = (type: string) => /^xstate\.(done|error)\.actor\.(\w+)$/.exec(type)?.[2]
const serializeState = verificationEntry.serializeState!

const harness = new ModelHarness<typeof verificationMachine, Sut, VerificationOutcome>({
  machine: verificationMachine,
  events: (snapshot) => [...fixtureEvents<VerificationEvent, Snapshot>(verificationSamples, snapshot), ...fixtureEvents<VerificationOutcome, Snapshot>(verificationOutcomes, snapshot)],
  filterEvents: (snapshot, event) => {
    if (!isOutcome(event)) return true
    if (event.type === STATUS_POLL) return snapshot.matches({ completed: 'reviewing' })
    const id = actorOf(event.type)
    return id !== undefined && id in snapshot.children
  },
  serializeState: (s) => serializeState(s as never),
  createSut: () => startSut(),
  gestures: dispatchGestures(gestures, outcomeGestures),
  check: (sut, { state }) => {
    const snapshot = sut.ref.getSnapshot()
    expect(serializeState(snapshot as never)).toBe(serializeState(state as never))
    const { broken, rule } = ruleCollector()
    rule('one call at a time', Object.keys(snapshot.children).length <= 1)
    const status = snapshot.context.state?.status
    rule('the SDK is shown only before a result', selectSdk(snapshot) === null || status === undefined || ['none', 'init', 'pending', 'resubmit'].includes(status))
    rule('a verified or refused player is offered no new check', !(status === 'approved' || status === 'rejected') || snapshot.matches('completed') || snapshot.matches('loading') || snapshot.matches('loadFailed') || snapshot.matches('preparing'))
    rule('the fill-profile prompt names what is missing', !snapshot.matches('needsProfile') || selectMissingFields(snapshot).length > 0)
    rule('every page step is one of SPEC’s', ['start', 'verification', 'completed', 'change', 'profile', null].includes(selectVerificationStep(snapshot)))
    expect(broken).toEqual([])
  },
})

describeModel('verificationMachine', harness, { minShortestPaths: 8 })

describe('verificationMachine: a check from start to result', () => {
  it('starts, sends documents, waits for the review and announces the result', async () => {
    const sut = startSut()
    sut.load.resolve({ ok: true, state: NOT_STARTED })
    await flush()
    expect(selectVerificationStep(sut.ref.getSnapshot())).toBe('start')
    sut.ref.send({ type: 'verification.start' })
    sut.open.resolve({ ok: true, sdk: SDK })
    await flush()
    expect(selectSdk(sut.ref.getSnapshot())).toEqual(SDK)
    sut.ref.send({ type: 'sdk.submitted' })
    sut.submit.resolve(notSubmitted)
    await flush()
    expect(selectVerificationAlert(sut.ref.getSnapshot())).toBe('notSubmitted')
    sut.ref.send({ type: 'sdk.submitted' })
    sut.submit.resolve({ ok: true, state: PENDING })
    await flush()
    expect(selectVerificationStep(sut.ref.getSnapshot())).toBe('completed')
    expect(sut.announced).toEqual(['pending'])
    sut.clock.increment(STATUS_POLL_MS)
    sut.load.resolve({ ok: true, state: PENDING })
    await flush()
    expect(sut.announced).toEqual(['pending'])
    sut.ref.send({ type: 'sdk.reviewed' })
    sut.load.resolve({ ok: true, state: APPROVED })
    await flush()
    expect(sut.ref.getSnapshot().matches({ completed: 'approved' })).toBe(true)
    expect(selectSdk(sut.ref.getSnapshot())).toBeNull()
    expect(sut.announced).toEqual(['pending', 'approved'])
  })

  it('asks for the missing profile fields, and offers a new upload when documents are asked again', async () => {
    const sut = startSut()
    sut.load.resolve({ ok: true, state: NOT_STARTED })
    await flush()
    sut.ref.send({ type: 'verification.start' })
    sut.open.resolve(profileIncomplete)
    await flush()
    expect(selectVerificationStep(sut.ref.getSnapshot())).toBe('profile')
    expect(selectMissingFields(sut.ref.getSnapshot())).toEqual(['first_name', 'last_name', 'birth_date'])
    const again = startSut()
    again.load.resolve({ ok: true, state: RESUBMIT })
    await flush()
    expect(selectVerificationStep(again.ref.getSnapshot())).toBe('change')
    expect(again.ref.getSnapshot().context.state?.comment).toBe('The photo is blurred.')
  })
})
