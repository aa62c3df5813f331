import { describe, expect, it, vi } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { changePasswordMachine } from './change-password.machine'
import { changePasswordOutcomes, changePasswordSamples, common, same, throttled, wrongCurrent, type ChangePasswordOutcome } from './change-password.samples'
import { changeFieldErrors, validateChangeForm } from './change-password.rules'
import { serverErrorCode } from '../../../shared/validation/rules'
import { selectChangeAlert, selectChangeBusy, selectChangeErrors, selectChangeView, selectOthersEnded } from './change-password.selectors'
import type { ChangePasswordEvent, SubmitChangeInput, SubmitChangeResult } from './change-password.types'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'

type Snapshot = SnapshotFrom<typeof changePasswordMachine>

function startSut() {
  const submit = controllable<SubmitChangeInput, SubmitChangeResult>()
  const errors: unknown[] = []
  const ref = createActor(
    changePasswordMachine.provide({ actors: { submitChange: submit.actor }, actions: { reportError: (_, params) => void errors.push(params.error) } }),
  ).start()
  return { ref, submit, errors }
}
type Sut = ReturnType<typeof startSut>

const fixtures = changePasswordSamples
type Outcome = ChangePasswordOutcome
const outcomes = changePasswordOutcomes

const send = (sut: Sut, event: ChangePasswordEvent) => sut.ref.send(event)
const gestures = {
  'password.field.change': send, // typing in one of the three fields
  'password.submit': send, // 'Change the password'
  'password.again': send, // 'Change it again' after a change
} satisfies GestureTable<ChangePasswordEvent, Sut, Snapshot>
const outcomeGestures = {
  ...settleGestures('submitChange', (sut: Sut) => sut.submit),
} satisfies GestureTable<Outcome, Sut, Snapshot>
const isOutcome = (event: { type: string }): event is Outcome => event.type in outcomes

const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    current: s.context.values.current !== '',
    password: s.context.values.password !== '',
    confirmation: s.context.values.confirmation === '' ? 'empty' : s.context.values.confirmation === s.context.values.password ? 'same' : 'other',
    errors: Object.fromEntries(Object.entries(s.context.fieldErrors).map(([k, e]) => [k, serverErrorCode(e) ?? e?.messageId])),
    alert: s.context.alert?.messageId ?? null,
    othersEnded: s.context.othersEnded,
  })

const harness = new ModelHarness<typeof changePasswordMachine, Sut, Outcome>({
  machine: changePasswordMachine,
  events: (snapshot) => [
    ...fixtureEvents<ChangePasswordEvent, Snapshot>(fixtures, snapshot),
    ...fixtureEvents<Outcome, Snapshot>(outcomes, snapshot),
  ],
  filterEvents: (snapshot, event) => !isOutcome(event) || snapshot.matches('submitting'),
  serializeState,
  createSut: () => startSut(),
  gestures: dispatchGestures(gestures, outcomeGestures),
  check: (sut, { state, from, event }) => {
    const snapshot = sut.ref.getSnapshot()
    expect(serializeState(snapshot)).toBe(serializeState(state))
    const { broken, rule } = ruleCollector()
    const running = Object.keys(snapshot.children)
    const view = selectChangeView(snapshot)
    rule('busy exactly while the request runs', selectChangeBusy(snapshot) === (running.length === 1))
    rule('no password is kept once changed', view === 'form' || Object.values(snapshot.context.values).every((v) => v === ''))
    rule('the count of signed-out devices shows only after a change', (selectOthersEnded(snapshot) !== null) === (view === 'done'))
    if (snapshot.matches('editing')) rule('editing shows no alert', selectChangeAlert(snapshot) === null)
    if (snapshot.matches('failed')) rule('failed shows an alert', selectChangeAlert(snapshot) !== null)
    // A refusal keeps what was typed: only a change or 'again' empties the form.
    if (from && view === 'form' && event?.type !== 'password.again' && event?.type !== 'password.field.change')
      rule('a refusal keeps the values', JSON.stringify(snapshot.context.values) === JSON.stringify(from.context.values))
    // A request is only ever made with a valid form: the current password, and a new one confirmed.
    if (from && running.length === 1 && Object.keys(from.children).length === 0) {
      const input = sut.submit.calls.at(-1)
      rule('sends the current and the new password', input?.currentPassword === 'Old-Secret1' && input.password === 'n3w-Secret')
    }
    expect(broken).toEqual([])
  },
})

describeModel('changePasswordMachine', harness, { minShortestPaths: 4 })

describe('changePasswordMachine: rules (SPEC §5 Password, §8)', () => {
  const filled = (current = 'Old-Secret1', password = 'n3w-Secret', confirmation = password) => {
    const sut = startSut()
    sut.ref.send({ type: 'password.field.change', name: 'current', value: current })
    sut.ref.send({ type: 'password.field.change', name: 'password', value: password })
    sut.ref.send({ type: 'password.field.change', name: 'confirmation', value: confirmation })
    sut.ref.send({ type: 'password.submit' })
    return sut
  }

  it('checks every field before any request', () => {
    expect(filled('').submit.calls).toEqual([])
    expect(selectChangeErrors(filled('').ref.getSnapshot()).current?.messageId).toBe('required')
    expect(selectChangeErrors(filled('x', 'abc').ref.getSnapshot()).password?.messageId).toBe('minLength')
    expect(validateChangeForm({ current: 'x', password: 'secret1', confirmation: 'secret2' })).toEqual({ confirmation: { rule: 'sameAs', messageId: 'sameAs' } })
    expect(filled().submit.calls).toEqual([{ currentPassword: 'Old-Secret1', password: 'n3w-Secret' }])
  })

  it("puts the server's refusals on their fields: a wrong current password, a common or the same new one", async () => {
    for (const [answer, field, code] of [
      [wrongCurrent, 'current', 'invalid'],
      [common, 'password', 'common'],
      [same, 'password', 'same'],
    ] as const) {
      const sut = filled()
      sut.submit.resolve(answer)
      await flush()
      const errors = selectChangeErrors(sut.ref.getSnapshot())
      expect(serverErrorCode(errors[field])).toBe(code)
      expect(selectChangeView(sut.ref.getSnapshot())).toBe('form')
      expect(sut.ref.getSnapshot().context.values.current).toBe('Old-Secret1')
    }
    expect(changeFieldErrors(throttled.error)).toEqual({})
  })

  it('a change forgets the passwords, tells how many devices were signed out, and can start again', async () => {
    const sut = filled()
    sut.submit.resolve({ ok: true, othersEnded: 3 })
    await flush()
    expect(selectChangeView(sut.ref.getSnapshot())).toBe('done')
    expect(selectOthersEnded(sut.ref.getSnapshot())).toBe(3)
    expect(sut.ref.getSnapshot().context.values).toEqual({ current: '', password: '', confirmation: '' })
    sut.ref.send({ type: 'password.again' })
    expect(selectChangeView(sut.ref.getSnapshot())).toBe('form')
    expect(selectOthersEnded(sut.ref.getSnapshot())).toBeNull()
  })

  it('throttling and other failures keep the values and show an alert', async () => {
    const sut = filled()
    sut.submit.resolve(throttled)
    await flush()
    expect(selectChangeAlert(sut.ref.getSnapshot())).toMatchObject({ messageId: 'tooManyRequests', retryAfterSec: 30 })
    sut.ref.send({ type: 'password.submit' })
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    sut.submit.reject(new TypeError('bug'))
    await flush()
    error.mockRestore()
    expect(selectChangeAlert(sut.ref.getSnapshot())?.messageId).toBe('somethingWrong')
    expect(sut.errors).toHaveLength(1)
    expect(sut.ref.getSnapshot().context.values.password).toBe('n3w-Secret')
  })
})
