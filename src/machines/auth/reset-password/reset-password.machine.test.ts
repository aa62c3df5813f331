import { describe, expect, it, vi } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { resetPasswordMachine } from './reset-password.machine'
import {
  TOKEN,
  common,
  resetPasswordOutcomes,
  resetPasswordSamples,
  throttled,
  tokenExpired,
  tokenInvalid,
  unavailable,
  type ResetPasswordOutcome,
} from './reset-password.samples'
import { isCommonPasswordError, isPlausibleToken, tokenProblem, validateResetForm } from './reset-password.rules'
import {
  selectResetAlert,
  selectResetBusy,
  selectResetDataState,
  selectResetErrors,
  selectResetView,
} from './reset-password.selectors'
import type { ResetPasswordActionParams, ResetPasswordEvent, SubmitResetInput, SubmitResetResult } from './reset-password.types'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'

type Snapshot = SnapshotFrom<typeof resetPasswordMachine>

type Effect = { [K in keyof ResetPasswordActionParams]: { type: K; params: ResetPasswordActionParams[K] } }[keyof ResetPasswordActionParams]

function startSut(token: string | null = TOKEN) {
  const submit = controllable<SubmitResetInput, SubmitResetResult>()
  const effects: Effect[] = []
  const record =
    <K extends keyof ResetPasswordActionParams>(type: K) =>
    (_: unknown, params: ResetPasswordActionParams[K]) =>
      void effects.push({ type, params } as Effect)
  const ref = createActor(
    resetPasswordMachine.provide({
      actors: { submitReset: submit.actor },
      actions: { openAuth: record('openAuth'), closeDialog: (a) => record('closeDialog')(a, {}), reportError: record('reportError') },
    }),
    { input: { token } },
  ).start()
  return { ref, submit, effects }
}
type Sut = ReturnType<typeof startSut>

const fixtures = resetPasswordSamples
type Outcome = ResetPasswordOutcome
const outcomes = resetPasswordOutcomes

const send = (sut: Sut, event: ResetPasswordEvent) => sut.ref.send(event)
const gestures = {
  'reset.field.change': send, // typing a password or its confirmation
  'reset.submit': send, // 'Save the new password'
  'reset.requestNew': send, // 'Get a new link'
  'reset.login': send, // 'Log in' after success
  'reset.close': send, // the close button, Escape, the overlay
} satisfies GestureTable<ResetPasswordEvent, Sut, Snapshot>
const outcomeGestures = {
  ...settleGestures('submitReset', (sut: Sut) => sut.submit),
} satisfies GestureTable<Outcome, Sut, Snapshot>
const isOutcome = (event: { type: string }): event is Outcome => event.type in outcomes

const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    token: s.context.token !== '',
    password: s.context.values.password !== '',
    confirmation: s.context.values.confirmation === '' ? 'empty' : s.context.values.confirmation === s.context.values.password ? 'same' : 'other',
    errors: Object.fromEntries(Object.entries(s.context.fieldErrors).map(([k, e]) => [k, e?.messageId])),
    alert: s.context.alert?.messageId ?? null,
  })

const harness = new ModelHarness<typeof resetPasswordMachine, Sut, Outcome>({
  machine: resetPasswordMachine,
  input: { token: TOKEN },
  events: (snapshot) => [
    ...fixtureEvents<ResetPasswordEvent, Snapshot>(fixtures, snapshot),
    ...fixtureEvents<Outcome, Snapshot>(outcomes, snapshot),
  ],
  filterEvents: (snapshot, event) => snapshot.status === 'active' && (!isOutcome(event) || snapshot.matches('submitting')),
  serializeState,
  createSut: () => startSut(),
  gestures: dispatchGestures(gestures, outcomeGestures),
  check: (sut, { state, from, event }) => {
    const snapshot = sut.ref.getSnapshot()
    expect(serializeState(snapshot)).toBe(serializeState(state))
    const { broken, rule } = ruleCollector()
    const running = Object.keys(snapshot.children)
    const view = selectResetView(snapshot)
    rule('busy exactly while the request runs', selectResetBusy(snapshot) === (running.length === 1))
    rule('the token is kept only while the form can use it', (snapshot.context.token !== '') === (view === 'form'))
    if (view !== 'form') rule('no password outside the form', snapshot.context.values.password === '')
    if (snapshot.matches('editing')) rule('editing shows no alert', selectResetAlert(snapshot) === null)
    if (snapshot.matches('failed')) rule('failed shows an alert', selectResetAlert(snapshot) !== null)
    // A request is only ever made with a valid form: six or more allowed characters, confirmed.
    if (from && event && running.length === 1 && Object.keys(from.children).length === 0) {
      const input = sut.submit.calls.at(-1)
      rule('sends the token and the password', input?.token === TOKEN && input.password === 'n3w-Secret')
    }
    const effects = sut.effects.splice(0)
    const types = effects.map((e) => e.type).filter((t) => t !== 'reportError')
    if (event?.type === 'reset.close' && from?.status === 'active') rule('close closes the dialog', types.join() === 'closeDialog')
    else if (event?.type === 'reset.requestNew' && snapshot.status === 'done')
      rule('a new link opens restore', JSON.stringify(effects) === JSON.stringify([{ type: 'closeDialog', params: {} }, { type: 'openAuth', params: { view: 'restore' } }]))
    else if (event?.type === 'reset.login' && snapshot.status === 'done')
      rule('done opens the login', JSON.stringify(effects.at(-1)) === JSON.stringify({ type: 'openAuth', params: { view: 'authorization' } }))
    else rule('no dialog effects otherwise', types.length === 0)
    expect(broken).toEqual([])
  },
})

describeModel('resetPasswordMachine', harness, { minShortestPaths: 5 })

/** A second model from a link without a usable token: straight to 'invalid', nothing sent. */
const noTokenHarness = new ModelHarness<typeof resetPasswordMachine, Sut, Outcome>({
  machine: resetPasswordMachine,
  input: { token: 'bad' },
  events: (snapshot) => fixtureEvents<ResetPasswordEvent, Snapshot>(fixtures, snapshot),
  filterEvents: (snapshot) => snapshot.status === 'active',
  serializeState,
  createSut: () => startSut('bad'),
  gestures: (sut, event) => void sut.ref.send(event as ResetPasswordEvent),
  check: (sut, { state }) => {
    expect(serializeState(sut.ref.getSnapshot())).toBe(serializeState(state))
    expect(sut.submit.calls).toEqual([])
  },
})

describe('resetPasswordMachine without a token (model)', () => {
  it('walks its paths', async () => {
    expect(noTokenHarness.unreachedStates()).toContain('resetPassword.editing')
    expect(await noTokenHarness.walkShortestPaths()).toBeGreaterThanOrEqual(1)
    await noTokenHarness.walkRemainingEdges()
  })
})

describe('resetPasswordMachine: rules (SPEC §5 Password, §8)', () => {
  const filled = (password = 'n3w-Secret', confirmation = password) => {
    const sut = startSut()
    sut.ref.send({ type: 'reset.field.change', name: 'password', value: password })
    sut.ref.send({ type: 'reset.field.change', name: 'confirmation', value: confirmation })
    sut.ref.send({ type: 'reset.submit' })
    return sut
  }

  it('checks the SPEC §5 password rules and the confirmation before any request', () => {
    expect(filled('abc').submit.calls).toEqual([])
    expect(selectResetErrors(filled('abc').ref.getSnapshot()).password).toEqual({ rule: 'password', messageId: 'minLength', values: { min: 6 } })
    expect(validateResetForm({ password: 'a'.repeat(21), confirmation: 'a'.repeat(21) }).password?.messageId).toBe('maxLength')
    expect(validateResetForm({ password: 'secret1', confirmation: 'secret2' })).toEqual({
      confirmation: { rule: 'sameAs', messageId: 'sameAs' },
    })
    expect(validateResetForm({ password: '', confirmation: '' })).toMatchObject({ password: { messageId: 'required' }, confirmation: { messageId: 'required' } })
    expect(filled().submit.calls).toEqual([{ token: TOKEN, password: 'n3w-Secret' }])
  })

  it("a common password goes back onto the field with the server's code", async () => {
    const sut = filled()
    sut.submit.resolve(common)
    await flush()
    const error = selectResetErrors(sut.ref.getSnapshot()).password
    expect(isCommonPasswordError(error)).toBe(true)
    expect(selectResetView(sut.ref.getSnapshot())).toBe('form')
    sut.ref.send({ type: 'reset.field.change', name: 'password', value: 'Better-0ne' })
    expect(selectResetErrors(sut.ref.getSnapshot()).password).toBeUndefined()
  })

  it('an expired or invalid token leaves the form and offers a new link', async () => {
    const expired = filled()
    expired.submit.resolve(tokenExpired)
    await flush()
    expect(selectResetView(expired.ref.getSnapshot())).toBe('expired')
    expect(expired.ref.getSnapshot().context.token).toBe('')
    expired.ref.send({ type: 'reset.requestNew' })
    expect(expired.effects.map((e) => e.type)).toEqual(['closeDialog', 'openAuth'])
    expect(expired.effects[1]).toEqual({ type: 'openAuth', params: { view: 'restore' } })

    const missing = startSut(null)
    expect(selectResetView(missing.ref.getSnapshot())).toBe('invalid')
    expect(selectResetDataState(missing.ref.getSnapshot())).toBe('reset.invalidToken')
  })

  it('success forgets the secrets and offers the login', async () => {
    const sut = filled()
    sut.submit.resolve({ ok: true })
    await flush()
    expect(selectResetView(sut.ref.getSnapshot())).toBe('done')
    expect(sut.ref.getSnapshot().context).toMatchObject({ token: '', values: { password: '', confirmation: '' } })
    sut.ref.send({ type: 'reset.login' })
    expect(sut.effects).toEqual([
      { type: 'closeDialog', params: {} },
      { type: 'openAuth', params: { view: 'authorization' } },
    ])
  })

  it('throttling and other failures keep the values and show an alert', async () => {
    const sut = filled()
    sut.submit.resolve(throttled)
    await flush()
    expect(selectResetAlert(sut.ref.getSnapshot())).toMatchObject({ messageId: 'tooManyRequests', retryAfterSec: 9 })
    expect(sut.ref.getSnapshot().context.values.password).toBe('n3w-Secret')
    sut.ref.send({ type: 'reset.submit' })
    sut.submit.reject(new TypeError('bug'))
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    await flush()
    error.mockRestore()
    expect(selectResetAlert(sut.ref.getSnapshot())?.messageId).toBe('somethingWrong')
    expect(sut.effects.map((e) => e.type)).toEqual(['reportError'])
  })

  it('reads token problems from the server answer', () => {
    expect(tokenProblem(tokenExpired.error)).toBe('expired')
    expect(tokenProblem(tokenInvalid.error)).toBe('invalid')
    expect(tokenProblem(common.error)).toBeNull()
    expect(tokenProblem(unavailable.error)).toBeNull()
    expect(isPlausibleToken(TOKEN)).toBe(true)
    expect(isPlausibleToken('short')).toBe(false)
    expect(isPlausibleToken('a b'.repeat(10))).toBe(false)
  })
})
