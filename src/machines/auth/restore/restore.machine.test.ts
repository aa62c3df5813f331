import { describe, expect, it, vi } from 'vitest'
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { fail, failure } from '../auth.samples'
import { keyed } from '../../flow-entry'
import { restoreMachine } from './restore.machine'
import { TICK, required, restoreOutcomes, restoreSamples, unavailable, type RestoreOutcome } from './restore.samples'
import { restoreFieldErrors, validateRestoreForm, waitSeconds } from './restore.rules'
import {
  selectCanSubmitRestore,
  selectRestoreAlert,
  selectRestoreBusy,
  selectRestoreDataState,
  selectRestoreErrors,
  selectRestoreView,
  selectRestoreWait,
  selectSentTo,
} from './restore.selectors'
import { RETRY_TICK_MS, type RequestResetInput, type RequestResetResult, type RestoreEvent } from './restore.types'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'

type Snapshot = SnapshotFrom<typeof restoreMachine>

function startSut() {
  const clock = new SimulatedClock()
  const request = controllable<RequestResetInput, RequestResetResult>()
  const reported: unknown[] = []
  const ref = createActor(
    restoreMachine.provide({
      actors: { requestReset: request.actor },
      actions: { reportError: (_, { error }) => void reported.push(error) },
    }),
    { clock },
  ).start()
  return { ref, clock, request, reported }
}
type Sut = ReturnType<typeof startSut>

const fixtures = restoreSamples
type Outcome = RestoreOutcome
const outcomes = restoreOutcomes

const send = (sut: Sut, event: RestoreEvent) => sut.ref.send(event)
const gestures = {
  'restore.field.change': send, // typing in the e-mail / login input
  'restore.submit': send, // 'Send the link'
  'restore.again': send, // 'Send it again' on the answer
} satisfies GestureTable<RestoreEvent, Sut, Snapshot>

const outcomeGestures = {
  ...settleGestures('requestReset', (sut: Sut) => sut.request),
  ...keyed(TICK, (sut: Sut) => sut.clock.increment(RETRY_TICK_MS)),
} satisfies GestureTable<Outcome, Sut, Snapshot>

const isOutcome = (event: { type: string }): event is Outcome => event.type in outcomes
const runs = (snapshot: Snapshot, event: Outcome) =>
  event.type === TICK ? snapshot.matches('throttled') : snapshot.matches('submitting')

const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    login: s.context.login.trim() !== '',
    errors: Object.keys(s.context.fieldErrors),
    alert: s.context.alert?.messageId ?? null,
    wait: s.context.retryAfterSec,
    sentTo: s.context.sentTo !== null,
  })

const harness = new ModelHarness<typeof restoreMachine, Sut, Outcome>({
  machine: restoreMachine,
  events: (snapshot) => [
    ...fixtureEvents<RestoreEvent, Snapshot>(fixtures, snapshot),
    ...fixtureEvents<Outcome, Snapshot>(outcomes, snapshot),
  ],
  filterEvents: (snapshot, event) => !isOutcome(event) || runs(snapshot, event),
  serializeState,
  createSut: startSut,
  gestures: dispatchGestures(gestures, outcomeGestures),
  check: (sut, { state, from, event }) => {
    const snapshot = sut.ref.getSnapshot()
    expect(serializeState(snapshot)).toBe(serializeState(state))
    const { broken, rule } = ruleCollector()
    const running = Object.keys(snapshot.children)
    rule('busy exactly while the request runs', selectRestoreBusy(snapshot) === (running.length === 1))
    rule('no submit while busy or waiting', !selectCanSubmitRestore(snapshot) || (!selectRestoreBusy(snapshot) && selectRestoreWait(snapshot) === 0))
    // The answer is the same whatever the account: 'sent' shows only what the player typed.
    if (selectRestoreView(snapshot) === 'sent') {
      rule('sent names what was typed', selectSentTo(snapshot) === '4915112345678')
      rule('sent shows no alert', selectRestoreAlert(snapshot) === null)
    }
    if (snapshot.matches('throttled')) {
      rule('throttled shows the wait', selectRestoreAlert(snapshot)?.messageId === 'tooManyRequests' && selectRestoreWait(snapshot) > 0)
    } else {
      rule('the wait is over outside throttled', selectRestoreWait(snapshot) === 0)
    }
    if (snapshot.matches('failed')) rule('failed shows something wrong', selectRestoreAlert(snapshot)?.messageId === 'somethingWrong')
    if (snapshot.matches('editing')) rule('editing shows no alert', selectRestoreAlert(snapshot) === null)
    // Every request sends the login as at login: trimmed, without its plus.
    if (from && event && running.length === 1 && Object.keys(from.children).length === 0) {
      rule('login sent without its plus', sut.request.calls.at(-1)?.login === '4915112345678')
    }
    rule('only a rejection is reported', sut.reported.length === (event?.type === 'xstate.error.actor.requestReset' ? 1 : 0))
    sut.reported.splice(0)
    expect(broken).toEqual([])
  },
})

describeModel('restoreMachine', harness, { minShortestPaths: 5 })

describe('restoreMachine: rules (SPEC §2.3 restore, §5, §8)', () => {
  it('refuses an empty field without a request and says it is required', () => {
    const sut = startSut()
    sut.ref.send({ type: 'restore.field.change', value: ' + ' })
    sut.ref.send({ type: 'restore.submit' })
    expect(sut.request.calls).toEqual([])
    expect(selectRestoreErrors(sut.ref.getSnapshot())).toEqual({ login: { rule: 'required', messageId: 'required' } })
    expect(validateRestoreForm('ace@example.com')).toEqual({})
  })

  it('answers sent whatever the server knows, and may be asked again', async () => {
    const sut = startSut()
    sut.ref.send({ type: 'restore.field.change', value: ' nobody@example.com ' })
    sut.ref.send({ type: 'restore.submit' })
    expect(sut.request.calls).toEqual([{ login: 'nobody@example.com' }])
    expect(selectRestoreBusy(sut.ref.getSnapshot())).toBe(true)
    sut.request.resolve({ ok: true })
    await flush()
    expect(selectRestoreView(sut.ref.getSnapshot())).toBe('sent')
    expect(selectRestoreDataState(sut.ref.getSnapshot())).toBe('restore.sent')
    expect(selectSentTo(sut.ref.getSnapshot())).toBe('nobody@example.com')
    sut.ref.send({ type: 'restore.again' })
    expect(selectRestoreView(sut.ref.getSnapshot())).toBe('form')
    expect(sut.ref.getSnapshot().context.login).toBe(' nobody@example.com ')
  })

  it('a 429 counts the wait down second by second and allows a new request at 0', async () => {
    const sut = startSut()
    sut.ref.send({ type: 'restore.field.change', value: 'ace' })
    sut.ref.send({ type: 'restore.submit' })
    sut.request.resolve(fail(failure('TooManyRequestsException', 'too_many_attempts', { retryAfterSec: 3 })))
    await flush()
    const snap = () => sut.ref.getSnapshot()
    expect(selectRestoreDataState(snap())).toBe('restore.throttled')
    expect(selectRestoreWait(snap())).toBe(3)
    expect(selectCanSubmitRestore(snap())).toBe(false)
    sut.ref.send({ type: 'restore.submit' })
    expect(sut.request.calls).toHaveLength(1)
    sut.clock.increment(RETRY_TICK_MS)
    expect(selectRestoreWait(snap())).toBe(2)
    sut.ref.send({ type: 'restore.field.change', value: 'ace2' })
    expect(selectRestoreAlert(snap())?.messageId).toBe('tooManyRequests')
    sut.clock.increment(RETRY_TICK_MS)
    sut.clock.increment(RETRY_TICK_MS)
    expect(selectRestoreWait(snap())).toBe(0)
    expect(selectRestoreAlert(snap())).toBeNull()
    expect(selectCanSubmitRestore(snap())).toBe(true)
    sut.ref.send({ type: 'restore.submit' })
    expect(sut.request.calls.at(-1)).toEqual({ login: 'ace2' })
  })

  it('puts server field errors on the field; other failures say something went wrong', async () => {
    const sut = startSut()
    sut.ref.send({ type: 'restore.field.change', value: 'ace' })
    sut.ref.send({ type: 'restore.submit' })
    sut.request.resolve(required)
    await flush()
    expect(selectRestoreErrors(sut.ref.getSnapshot()).login?.messageId).toBe('required')
    sut.ref.send({ type: 'restore.submit' })
    sut.request.resolve(unavailable)
    await flush()
    expect(selectRestoreAlert(sut.ref.getSnapshot())).toEqual({ messageId: 'somethingWrong', type: 'ApplicationUnavailableException', code: null })
    sut.ref.send({ type: 'restore.field.change', value: 'ace' })
    expect(selectRestoreAlert(sut.ref.getSnapshot())).toBeNull()
  })

  it('reads the wait from resend_time or retry_after, at least a second', () => {
    expect(waitSeconds(failure('TooManyRequestsException', null, { resendTime: 12 }))).toBe(12)
    expect(waitSeconds(failure('TooManyRequestsException', null, { retryAfterSec: 2.2 }))).toBe(3)
    expect(waitSeconds(failure('TooManyRequestsException', null))).toBe(1)
    expect(restoreFieldErrors(failure('InvalidParameterException', null, { invalidParameters: { email: ['email'] } }))).toEqual({
      login: { rule: 'server', messageId: 'email', values: { code: 'email' } },
    })
    expect(restoreFieldErrors(unavailable.error)).toEqual({})
  })

  it('the default actor posts auth/restore on the page\'s API client', async () => {
    const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      expect(String(url)).toContain('/api/auth/restore')
      expect(String(init?.body)).toContain('ace%40example.com')
      return new Response(JSON.stringify({ data: 1 }), { status: 200, headers: { 'content-type': 'application/json' } })
    })
    vi.stubGlobal('fetch', fetch)
    vi.stubGlobal('document', { documentElement: { lang: 'en' } })
    try {
      const ref = createActor(restoreMachine).start()
      ref.send({ type: 'restore.field.change', value: 'ace@example.com' })
      ref.send({ type: 'restore.submit' })
      await vi.waitFor(() => expect(selectRestoreView(ref.getSnapshot())).toBe('sent'))
      expect(fetch).toHaveBeenCalledOnce()
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
