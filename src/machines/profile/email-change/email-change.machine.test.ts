import { describe, expect, it, vi } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { recordCoverage } from '../../testing/coverage'
import { emailChangeMachine } from './email-change.machine'
import { emailChangeOutcomes, emailChangeSamples, NEW_EMAIL, sameAddress, taken, throttled, wrongPassword, type EmailChangeOutcome } from './email-change.samples'
import { emailChangeFieldErrors, validateEmailChange } from './email-change.rules'
import { serverErrorCode } from '../../../shared/validation/rules'
import { selectEmailChangeAlert, selectEmailChangeBusy, selectEmailChangeErrors, selectEmailFormOpen } from './email-change.selectors'
import { EMAIL_CODE_SENT, type EmailChangeEvent, type SubmitEmailChangeInput, type SubmitEmailChangeResult } from './email-change.types'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'

type Snapshot = SnapshotFrom<typeof emailChangeMachine>

function startSut() {
  const submit = controllable<SubmitEmailChangeInput, SubmitEmailChangeResult>()
  const errors: unknown[] = []
  const ref = createActor(
    emailChangeMachine.provide({ actors: { submitEmailChange: submit.actor }, actions: { reportError: (_, params) => void errors.push(params.error) } }),
  )
  const sent: string[] = []
  ref.on(EMAIL_CODE_SENT, (event) => void sent.push(event.contact))
  ref.start()
  return { ref, submit, errors, sent }
}
type Sut = ReturnType<typeof startSut>

type Outcome = EmailChangeOutcome
const outcomes = emailChangeOutcomes

const send = (sut: Sut, event: EmailChangeEvent) => sut.ref.send(event)
const gestures = {
  'email.edit': send, // 'Change e-mail'
  'email.field.change': send, // typing the address or the password
  'email.submit': send, // 'Save and send a code'
  'email.cancel': send, // 'Cancel'
} satisfies GestureTable<EmailChangeEvent, Sut, Snapshot>
const outcomeGestures = {
  ...settleGestures('submitEmailChange', (sut: Sut) => sut.submit),
} satisfies GestureTable<Outcome, Sut, Snapshot>
const isOutcome = (event: { type: string }): event is Outcome => event.type in outcomes

const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    email: s.context.values.email,
    password: s.context.values.password !== '',
    errors: Object.fromEntries(Object.entries(s.context.fieldErrors).map(([k, e]) => [k, serverErrorCode(e) ?? e?.messageId])),
    alert: s.context.alert?.messageId ?? null,
  })

const harness = new ModelHarness<typeof emailChangeMachine, Sut, Outcome>({
  machine: emailChangeMachine,
  events: (snapshot) => [...fixtureEvents<EmailChangeEvent, Snapshot>(emailChangeSamples, snapshot), ...fixtureEvents<Outcome, Snapshot>(outcomes, snapshot)],
  filterEvents: (snapshot, event) => !isOutcome(event) || snapshot.matches('submitting'),
  serializeState,
  createSut: () => startSut(),
  gestures: dispatchGestures(gestures, outcomeGestures),
  check: (sut, { state, from, event }) => {
    const snapshot = sut.ref.getSnapshot()
    expect(serializeState(snapshot)).toBe(serializeState(state))
    const { broken, rule } = ruleCollector()
    const running = Object.keys(snapshot.children)
    rule('busy exactly while the request runs', selectEmailChangeBusy(snapshot) === (running.length === 1))
    rule('the form is open only between edit and cancel or the change', selectEmailFormOpen(snapshot) === !(snapshot.matches('closed') || snapshot.status === 'done'))
    rule('no password kept once closed or changed', selectEmailFormOpen(snapshot) || snapshot.context.values.password === '')
    if (snapshot.matches('failed')) rule('failed shows an alert', selectEmailChangeAlert(snapshot) !== null)
    // A refusal keeps what was typed: only typing, cancel or the change itself alter the values.
    if (from && selectEmailFormOpen(snapshot) && event?.type !== 'email.field.change')
      rule('a refusal keeps the values', JSON.stringify(snapshot.context.values) === JSON.stringify(from.context.values))
    if (from && running.length === 1 && Object.keys(from.children).length === 0) {
      const input = sut.submit.calls.at(-1)
      rule('only a valid form is sent', input?.email === NEW_EMAIL && input.password === 'Old-Secret1')
    }
    rule('the page moves on exactly once the address changed', sut.sent.length === (snapshot.status === 'done' ? 1 : 0))
    expect(broken).toEqual([])
  },
})

describeModel('emailChangeMachine', harness, { minShortestPaths: 4 })

describe('emailChangeMachine: rules (SPEC §5 E-mail, §8)', () => {
  const filled = (email = NEW_EMAIL, password = 'Old-Secret1') => {
    const sut = startSut()
    recordCoverage(sut.ref)
    sut.ref.send({ type: 'email.edit' })
    sut.ref.send({ type: 'email.field.change', name: 'email', value: email })
    sut.ref.send({ type: 'email.field.change', name: 'password', value: password })
    sut.ref.send({ type: 'email.submit' })
    return sut
  }

  it('checks both fields before any request', () => {
    expect(filled('').submit.calls).toEqual([])
    expect(selectEmailChangeErrors(filled('not an address').ref.getSnapshot()).email?.messageId).toBe('emailSpaces')
    expect(selectEmailChangeErrors(filled(NEW_EMAIL, '').ref.getSnapshot()).password?.messageId).toBe('required')
    expect(validateEmailChange({ email: '<b>x</b>@example.com', password: 'x' }).email?.messageId).toBe('emailChars')
    expect(filled().submit.calls).toEqual([{ email: NEW_EMAIL, password: 'Old-Secret1' }])
  })

  it("puts the server's refusals on their fields and keeps what was typed", async () => {
    for (const [answer, field, code] of [
      [wrongPassword, 'password', 'invalid'],
      [taken, 'email', 'taken'],
      [sameAddress, 'email', 'same'],
    ] as const) {
      const sut = filled()
      sut.submit.resolve(answer)
      await flush()
      expect(serverErrorCode(selectEmailChangeErrors(sut.ref.getSnapshot())[field])).toBe(code)
      expect(sut.ref.getSnapshot().context.values).toEqual({ email: NEW_EMAIL, password: 'Old-Secret1' })
    }
    expect(emailChangeFieldErrors(throttled.error)).toEqual({})
  })

  it('a change forgets the password and sends the page on with the address its code went to', async () => {
    const sut = filled()
    sut.submit.resolve({ ok: true, contact: NEW_EMAIL })
    await flush()
    expect(sut.sent).toEqual([NEW_EMAIL])
    expect(sut.ref.getSnapshot().context.values).toEqual({ email: '', password: '' })
  })

  it('throttling and crashes keep the values and show an alert; cancel forgets them', async () => {
    const sut = filled()
    sut.submit.resolve(throttled)
    await flush()
    expect(selectEmailChangeAlert(sut.ref.getSnapshot())).toMatchObject({ messageId: 'tooManyRequests', retryAfterSec: 30 })
    sut.ref.send({ type: 'email.submit' })
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    sut.submit.reject(new TypeError('bug'))
    await flush()
    error.mockRestore()
    expect(selectEmailChangeAlert(sut.ref.getSnapshot())?.messageId).toBe('somethingWrong')
    expect(sut.errors).toHaveLength(1)
    sut.ref.send({ type: 'email.cancel' })
    expect(selectEmailFormOpen(sut.ref.getSnapshot())).toBe(false)
    expect(sut.ref.getSnapshot().context.values).toEqual({ email: '', password: '' })
  })
})
