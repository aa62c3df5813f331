import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type SnapshotFrom } from 'xstate'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { twoFactorSetupMachine } from './two-factor-setup.machine'
import {
  authFailure,
  pendingSetup,
  sampleRecoveryCodes,
  twoFactorFailures,
  twoFactorSetupOutcomes as outcomes,
  twoFactorSetupSamples as fixtures,
  type TwoFactorSetupOutcome,
} from './two-factor-setup.samples'
import { failureMessage, groupSecret, validateDisableCode, validateSetupCode } from './two-factor-setup.rules'
import { selectIsBusy, selectTwoFactorDataState, selectTwoFactorView } from './two-factor-setup.selectors'
import {
  TWO_FACTOR_STATUS_CHANGED,
  type ConfirmSetupInput,
  type ConfirmSetupResult,
  type CopyCodesInput,
  type DisableInput,
  type DisableResult,
  type StartSetupInput,
  type StartSetupResult,
  type TwoFactorSetupActionParams,
  type TwoFactorSetupEvent,
} from './two-factor-setup.types'
import { controllable, flush, settleGestures } from '../../testing/controllable'

type Snapshot = SnapshotFrom<typeof twoFactorSetupMachine>

// ── fixtures of the world ────────────────────────────────────────────────────

const pending = pendingSetup
const recoveryCodes = sampleRecoveryCodes
const failure = authFailure
const { wrongPassword, codeInvalid, codeExpired, notPending, throttled } = twoFactorFailures

// ── the system under test ────────────────────────────────────────────────────

type Effect = { [K in keyof TwoFactorSetupActionParams]: { type: K; params: TwoFactorSetupActionParams[K] } }[keyof TwoFactorSetupActionParams]

function startSut(enabled: boolean) {
  const start = controllable<StartSetupInput, StartSetupResult>()
  const confirm = controllable<ConfirmSetupInput, ConfirmSetupResult>()
  const disable = controllable<DisableInput, DisableResult>()
  const copy = controllable<CopyCodesInput, void>()
  const effects: Effect[] = []
  const record =
    <K extends keyof TwoFactorSetupActionParams>(type: K) =>
    (_: unknown, params: TwoFactorSetupActionParams[K]) =>
      void effects.push({ type, params } as Effect)
  const ref = createActor(
    twoFactorSetupMachine.provide({
      actions: { statusChanged: record('statusChanged'), showBlockedPage: record('showBlockedPage'), reportError: record('reportError') },
      actors: { startSetup: start.actor, confirmSetup: confirm.actor, disableTwoFactor: disable.actor, copyCodes: copy.actor },
    }),
    { input: { enabled } },
  ).start()
  return { ref, start, confirm, disable, copy, effects }
}
type Sut = ReturnType<typeof startSut>

// ── model ────────────────────────────────────────────────────────────────────

type Outcome = TwoFactorSetupOutcome

const send = (sut: Sut, event: TwoFactorSetupEvent) => sut.ref.send(event)
const gestures = {
  'twofa.enable': send, // the 'Enable' button
  'twofa.cancel': send, // 'Cancel' on a form
  'twofa.password.change': send, // typing the password
  'twofa.password.submit': send, // 'Continue'
  'twofa.code.change': send, // typing the code
  'twofa.confirm': send, // 'Turn on'
  'twofa.codes.copy': send, // 'Copy codes'
  'twofa.codes.done': send, // 'I have saved them'
  'twofa.disable': send, // the 'Disable' button
  'twofa.disable.submit': send, // 'Turn off'
} satisfies GestureTable<TwoFactorSetupEvent, Sut, Snapshot>

const outcomeGestures = {
  ...settleGestures('startSetup', (sut: Sut) => sut.start),
  ...settleGestures('confirmSetup', (sut: Sut) => sut.confirm),
  ...settleGestures('disableTwoFactor', (sut: Sut) => sut.disable),
  ...settleGestures('copyCodes', (sut: Sut) => sut.copy),
} satisfies GestureTable<Outcome, Sut, Snapshot>

const isOutcome = (event: { type: string }): event is Outcome => event.type in outcomes
const runs = (snapshot: Snapshot, event: Outcome) => event.type.replace(/^xstate\.(done|error)\.actor\./, '') in snapshot.children

const codeClass = (code: string) => (code === '' ? 'empty' : !Object.keys(validateSetupCode(code)).length ? 'digits' : !Object.keys(validateDisableCode(code)).length ? 'recovery' : 'bad')

const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    enabled: s.context.enabled,
    password: s.context.password !== '',
    code: codeClass(s.context.code),
    pending: s.context.pending !== null,
    codes: s.context.recoveryCodes.length,
    fieldErrors: Object.keys(s.context.fieldErrors),
    alert: s.context.alert?.messageId ?? null,
  })

function harnessFor(enabled: boolean) {
  return new ModelHarness<typeof twoFactorSetupMachine, Sut, Outcome>({
    machine: twoFactorSetupMachine,
    input: { enabled },
    events: (snapshot) => [...fixtureEvents<TwoFactorSetupEvent, Snapshot>(fixtures, snapshot), ...fixtureEvents<Outcome, Snapshot>(outcomes, snapshot)],
    filterEvents: (snapshot, event) => snapshot.status === 'active' && (!isOutcome(event) || runs(snapshot, event)),
    serializeState,
    createSut: () => startSut(enabled),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from, event }) => {
      const snapshot = sut.ref.getSnapshot()
      expect(serializeState(snapshot)).toBe(serializeState(state))
      const { context } = snapshot
      const { broken, rule } = ruleCollector()
      const view = selectTwoFactorView(snapshot)
      const running = Object.keys(snapshot.children)

      rule('one request at a time', running.length <= 1)
      rule('busy exactly while a server call runs', selectIsBusy(snapshot) === (running.length === 1 && running[0] !== 'copyCodes'))
      rule('data-state names the state', selectTwoFactorDataState(snapshot).startsWith('twofa-setup.'))
      // The secret is on screen only while scanning; recovery codes only on their panel.
      rule('secret only while scanning', (context.pending !== null) === (view === 'scan'))
      rule('codes only on their panel', (context.recoveryCodes.length > 0) === (view === 'codes'))
      rule('no password once sent', !(view === 'scan' || view === 'codes') || context.password === '')
      rule('status panels say the truth', view !== 'on' || context.enabled)
      rule('status panels say the truth (off)', view !== 'off' || !context.enabled)
      if (snapshot.status === 'done') rule('blocked forgets every secret', context.pending === null && context.recoveryCodes.length === 0 && context.password === '')

      const effects = sut.effects.splice(0)
      if (from && event) {
        const types = effects.map((e) => e.type)
        const started = running[0] !== undefined && !(running[0] in from.children) ? running[0] : undefined
        if (started === 'startSetup') rule('the password is sent', sut.start.calls.at(-1)?.password === 'demo1234')
        if (started === 'confirmSetup') rule('6 digits are sent to confirm', /^\d{6}$/.test(sut.confirm.calls.at(-1)?.code ?? ''))
        if (started === 'copyCodes') rule('every code is copied, one a line', sut.copy.calls.at(-1)?.text === recoveryCodes.join('\n'))
        // statusChanged exactly when the server turned it on or off.
        const turnedOn = view === 'codes' && selectTwoFactorView(from) === 'scan'
        const turnedOff = view === 'off' && selectTwoFactorView(from) === 'disable'
        rule('statusChanged on the change only', types.includes('statusChanged') === (turnedOn || turnedOff))
        rule('blocked page exactly on entering blocked', types.includes('showBlockedPage') === (view === 'blocked' && selectTwoFactorView(from) !== 'blocked'))
        if (event.type.startsWith('xstate.error.actor.') && event.type !== 'xstate.error.actor.copyCodes') {
          rule('a bug is reported and said', types.includes('reportError') && context.alert?.messageId === 'somethingWrong')
        }
      }
      expect(broken, `after ${JSON.stringify(event)} in ${JSON.stringify(snapshot.value)}`).toEqual([])
    },
  })
}

describeModel('twoFactorSetupMachine', { 'starting off': harnessFor(false), 'starting on': harnessFor(true) }, { minShortestPaths: 15, timeoutMs: 60_000 })

describe('two-factor set-up rules', () => {
  it('takes exactly 6 digits to confirm (SPEC §5), a recovery code too to turn off', () => {
    expect(validateSetupCode('123456')).toEqual({})
    expect(validateSetupCode(' 123456 ')).toEqual({})
    expect(validateSetupCode('').code?.messageId).toBe('required')
    expect(validateSetupCode('12345').code?.messageId).toBe('code')
    expect(validateSetupCode('ABCD-EFGH-JKLM-NPQR').code?.messageId).toBe('code')
    expect(validateDisableCode('ABCD-EFGH-JKLM-NPQR')).toEqual({})
    expect(validateDisableCode('12a').code?.messageId).toBe('code')
  })

  it('groups the secret in fours', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')
    expect(groupSecret('ABCDEF')).toBe('ABCD EF')
  })

  it('names the alert by type and code', () => {
    expect(failureMessage(wrongPassword.error)).toBe('wrongPassword')
    expect(failureMessage(codeInvalid.error)).toBe('codeInvalid')
    expect(failureMessage(codeExpired.error)).toBe('codeExpired')
    expect(failureMessage(throttled.error)).toBe('tooManyRequests')
    expect(failureMessage(notPending.error)).toBe('notPending')
    expect(failureMessage(failure('InternalServerErrorException', null))).toBe('somethingWrong')
  })

  it('walks the whole journey: enable, confirm, copy, done, disable', async () => {
    const sut = startSut(false)
    sut.ref.send({ type: 'twofa.enable' })
    sut.ref.send({ type: 'twofa.password.change', value: 'demo1234' })
    sut.ref.send({ type: 'twofa.password.submit' })
    sut.start.resolve({ ok: true, pending })
    await flush()
    expect(selectTwoFactorView(sut.ref.getSnapshot())).toBe('scan')
    sut.ref.send({ type: 'twofa.code.change', code: '654321' })
    sut.ref.send({ type: 'twofa.confirm' })
    sut.confirm.resolve(codeExpired)
    await flush()
    expect(sut.ref.getSnapshot().context.alert?.messageId).toBe('codeExpired')
    expect(sut.ref.getSnapshot().context.code).toBe('')
    sut.ref.send({ type: 'twofa.code.change', code: '654322' })
    sut.ref.send({ type: 'twofa.confirm' })
    sut.confirm.resolve({ ok: true, recoveryCodes })
    await flush()
    expect(sut.ref.getSnapshot().context.recoveryCodes).toEqual(recoveryCodes)
    expect(sut.effects).toContainEqual({ type: 'statusChanged', params: { enabled: true } })
    sut.ref.send({ type: 'twofa.codes.done' })
    expect(selectTwoFactorView(sut.ref.getSnapshot())).toBe('on')
    sut.ref.send({ type: 'twofa.disable' })
    sut.ref.send({ type: 'twofa.code.change', code: 'abcd-efgh-jklm-npqr' })
    sut.ref.send({ type: 'twofa.disable.submit' })
    expect(sut.disable.calls.at(-1)).toEqual({ code: 'abcd-efgh-jklm-npqr' })
    sut.disable.resolve({ ok: true })
    await flush()
    expect(selectTwoFactorView(sut.ref.getSnapshot())).toBe('off')
    expect(sut.effects).toContainEqual({ type: 'statusChanged', params: { enabled: false } })
  })
})

describe('twoFactorSetupMachine: default actions', () => {
  it('tells the page when two-factor goes off, so the account info is read again', async () => {
    const ref = createActor(twoFactorSetupMachine.provide({ actors: { disableTwoFactor: fromPromise<DisableResult, DisableInput>(async () => ({ ok: true })) } }), {
      input: { enabled: true },
    })
    const heard: unknown[] = []
    ref.on(TWO_FACTOR_STATUS_CHANGED, (event) => void heard.push(event))
    ref.start()
    ref.send({ type: 'twofa.disable' })
    ref.send({ type: 'twofa.code.change', code: '123456' })
    ref.send({ type: 'twofa.disable.submit' })
    await flush()
    expect(selectTwoFactorView(ref.getSnapshot())).toBe('off')
    expect(heard).toEqual([{ type: TWO_FACTOR_STATUS_CHANGED, enabled: false }])
  })
})
