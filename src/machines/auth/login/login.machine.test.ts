import { RESEND_TICK_MS } from '../../forms/resend-countdown'
import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate'
import { ApiError } from '../../../shared/errors'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { settleAuthCall, toAuthFailure } from '../auth.results'
import { fail, failure } from '../auth.samples'
import { keyed } from '../../flow-entry'
import type { AuthFailure } from '../auth.types'
import { createLoadSession } from './login.actors'
import { loginMachine } from './login.machine'
import {
  RESEND,
  TICK,
  codeInvalid,
  invalidCredentials,
  loginOutcomes,
  loginSamples,
  player,
  session,
  throttled,
  twoFactorRequired,
  unavailable,
  type LoginOutcome,
} from './login.samples'
import { afterLoginTarget, isRecoveryCode, normalizeLogin, validateLoginForm, validateTwoFactorCode } from './login.rules'
import {
  selectCanGoBack,
  selectCanResend,
  selectFieldErrors,
  selectIsBusy,
  selectLoginAlert,
  selectLoginDataState,
  selectLoginView,
  selectResendSeconds,
} from './login.selectors'
import {
  type LoadSessionInput,
  type LoadSessionResult,
  type LoginActionParams,
  type LoginEvent,
  type LoginInput,
  type SubmitLoginInput,
  type SubmitLoginResult,
} from './login.types'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'
import { stubPageWindow } from '../../testing/page-window'

type Snapshot = SnapshotFrom<typeof loginMachine>

// ── fixtures of the world ────────────────────────────────────────────────────

const loyalty = { id: 1, is_active: true, points: 10, character: null, levels: [], pointsAlias: 'coins', uid: 7 }

// ── the system under test ────────────────────────────────────────────────────

type Effect = { [K in keyof LoginActionParams]: { type: K; params: LoginActionParams[K] } }[keyof LoginActionParams]

function startSut() {
  const clock = new SimulatedClock()
  const submit = controllable<SubmitLoginInput, SubmitLoginResult>()
  const load = controllable<LoadSessionInput, LoadSessionResult>()
  const effects: Effect[] = []
  const record =
    <K extends keyof LoginActionParams>(type: K) =>
    (_: unknown, params: LoginActionParams[K]) =>
      void effects.push({ type, params } as Effect)
  const ref = createActor(
    loginMachine.provide({
      actions: {
        setUser: record('setUser'),
        trackLogin: record('trackLogin'),
        trackLoginError: record('trackLoginError'),
        closePopup: record('closePopup'),
        goToLocaleHome: record('goToLocaleHome'),
        reportError: record('reportError'),
        showBlockedPage: record('showBlockedPage'),
      },
      actors: { submitLogin: submit.actor, loadSession: load.actor },
    }),
    { clock },
  ).start()
  return { ref, clock, submit, load, effects }
}
type Sut = ReturnType<typeof startSut>

// ── model ────────────────────────────────────────────────────────────────────

const fixtures = loginSamples
const outcomes = loginOutcomes
type Outcome = LoginOutcome

const send = (sut: Sut, event: LoginEvent) => sut.ref.send(event)
const gestures = {
  'login.field.change': send, // typing in the login or password input
  'login.submit': send, // the login button
  'otp.change': send, // typing in the code input
  'otp.submit': send, // the twofa submit button
  'otp.resend': send, // 'send the code again'
  'login.back': send, // the twofa back link
  'popup.close': send, // the popup's close button
} satisfies GestureTable<LoginEvent, Sut, Snapshot>

const outcomeGestures = {
  ...settleGestures('submitLogin', (sut: Sut) => sut.submit),
  ...settleGestures('verifyCode', (sut: Sut) => sut.submit),
  ...settleGestures('resendCode', (sut: Sut) => sut.submit),
  ...settleGestures('loadSession', (sut: Sut) => sut.load),
  ...keyed(TICK, (sut: Sut) => sut.clock.increment(RESEND_TICK_MS)), // a second passes
} satisfies GestureTable<Outcome, Sut, Snapshot>

const isOutcome = (event: { type: string }): event is Outcome => event.type in outcomes

/** The invoked actor each outcome belongs to, found by state; the runtime only ends a running one. */
function runs(snapshot: Snapshot, event: Outcome): boolean {
  if (event.type === TICK) return snapshot.matches({ twofa: { timer: 'counting' } })
  const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '')
  switch (id) {
    case 'submitLogin':
      return snapshot.matches({ form: 'submitting' })
    case 'verifyCode':
      return snapshot.matches({ twofa: { step: 'verifying' } })
    case 'resendCode':
      return snapshot.matches({ twofa: { step: 'resending' } })
    default:
      return snapshot.matches({ form: 'loadingSession' }) || snapshot.matches({ twofa: { step: 'loadingSession' } })
  }
}

const codeClass = (code: string) => (code === '' ? 'empty' : Object.keys(validateTwoFactorCode(code)).length ? 'bad' : 'ok')

/**
 * The graph is bounded by what the rules read: whether login and password are filled, the class of
 * the code (empty, well-formed, malformed), the countdown, which messages show and whether a
 * session was loaded. Two states alike in these behave alike, so one of them stands for both.
 */
const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    login: s.context.credentials.login !== '',
    password: s.context.credentials.password !== '',
    code: codeClass(s.context.code),
    resendTime: s.context.resendTime,
    fieldErrors: Object.fromEntries(Object.entries(s.context.fieldErrors).map(([k, e]) => [k, e?.messageId])),
    alert: s.context.alert?.messageId ?? null,
    session: s.context.session !== null,
  })

const SUCCESS_SEQUENCE = ['setUser', 'trackLogin', 'closePopup', 'goToLocaleHome']

/** JSON equality, for rules checked on every step (a chai assertion per rule is the slow part). */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

const harness = new ModelHarness<typeof loginMachine, Sut, Outcome>({
  machine: loginMachine,
  events: (snapshot) => [
    ...fixtureEvents<LoginEvent, Snapshot>(fixtures, snapshot),
    ...fixtureEvents<Outcome, Snapshot>(outcomes, snapshot),
  ],
  // Nothing happens to a finished flow; the runtime only ends an actor that runs.
  filterEvents: (snapshot, event) => snapshot.status === 'active' && (!isOutcome(event) || runs(snapshot, event)),
  serializeState,
  createSut: startSut,
  gestures: dispatchGestures(gestures, outcomeGestures),
  // Broken rules are collected and asserted once per step: the graph has hundreds of paths.
  check: (sut, { state, from, event }) => {
    const snapshot = sut.ref.getSnapshot()
    expect(serializeState(snapshot)).toBe(serializeState(state))
    const { context } = snapshot
    const { broken, rule } = ruleCollector()

    // One view at a time while the flow runs; none once it ended.
    const view = selectLoginView(snapshot)
    rule('one view', view === (snapshot.status === 'done' ? 'done' : snapshot.hasTag('twofa') ? 'twofa' : 'form'))
    rule('data-state names a view', /^login\.(form|twofa|success|closed|blocked)$/.test(selectLoginDataState(snapshot)))
    // Busy exactly while a request runs, and one request at a time.
    const running = Object.keys(snapshot.children)
    rule('one request at a time', running.length <= 1)
    rule('busy while a request runs', selectIsBusy(snapshot) === (running.length === 1))
    // SPEC §8: the 'wrong enter' (or throttled) alert is what `failed` is; typing dismisses it.
    if (snapshot.matches({ form: 'failed' })) rule('failed shows an alert', context.alert !== null)
    if (snapshot.matches({ form: 'editing' })) rule('editing shows no alert', context.alert === null)
    if (view === 'twofa') {
      // SPEC §3: the twofa step holds the credentials it will send with the code, until accepted.
      const accepted = snapshot.matches({ twofa: { step: 'loadingSession' } })
      rule('twofa keeps the login', (context.credentials.login !== '') === !accepted)
      rule('twofa keeps the password', (context.credentials.password !== '') === !accepted)
      // The countdown is at 0 exactly when the timer rests; resend only then, and not while busy.
      rule('timer rests at 0', snapshot.matches({ twofa: { timer: 'ready' } }) === (selectResendSeconds(snapshot) === 0))
      rule(
        'resend only at 0 and between requests',
        selectCanResend(snapshot) === (selectResendSeconds(snapshot) === 0 && snapshot.matches({ twofa: { step: 'editing' } })),
      )
      rule('back only between requests', selectCanGoBack(snapshot) === !selectIsBusy(snapshot))
    }
    // SPEC §4: leaving the twofa step by its back link forgets what it held.
    if (event?.type === 'login.back' && from?.hasTag('twofa') && view === 'form') {
      rule('back forgets the credentials', same(context.credentials, { login: '', password: '' }) && context.code === '')
    }
    // The password is never kept once the server accepted it, nor after the flow ends.
    if (running[0] === 'loadSession') rule('no password while loading the session', context.credentials.password === '')
    if (snapshot.status === 'done') rule('no credentials after the flow', same(context.credentials, { login: '', password: '' }))

    const effects = sut.effects.splice(0)
    if (from && event) {
      const types = effects.map((e) => e.type)
      // Every request sends a login without its leading plus; a code only when verifying.
      const started = running[0] !== undefined && !Object.keys(from.children).includes(running[0]) ? running[0] : undefined
      if (started && started !== 'loadSession') {
        const input = sut.submit.calls.at(-1)
        rule('login sent without its plus', input?.login === '4915112345678')
        rule('password sent', input?.password === 'secret1')
        rule('a code only when verifying', (input !== undefined && 'code' in input) === (started === 'verifyCode'))
      }
      // SPEC §4 'Login': the success sequence runs once, in order, only on the way into success.
      if (snapshot.matches('success')) {
        rule('success sequence', same(types, SUCCESS_SEQUENCE))
        rule('setUser gets the session', same(effects[0], { type: 'setUser', params: { session } }))
        rule('closes as logged in', same(effects[2], { type: 'closePopup', params: { reason: 'loggedIn' } }))
        rule('home of the player locale', same(effects[3], { type: 'goToLocaleHome', params: { locale: 'de' } }))
      } else if (event.type === 'popup.close') {
        rule('popup.close closes the popup', same(effects, [{ type: 'closePopup', params: { reason: 'dismissed' } }]))
      } else {
        rule('no success effects before success', !types.some((t) => SUCCESS_SEQUENCE.includes(t)))
      }
      // SPEC §8: a failed login is tracked with its code exactly when a request lands in `failed`.
      const landedInFailed = (snapshot.matches({ form: 'failed' }) || snapshot.matches('blocked')) && isOutcome(event)
      rule('failure tracked once', types.filter((t) => t === 'trackLoginError').length === (landedInFailed ? 1 : 0))
      // SPEC §8 UserBanned: the blocked page, exactly when the flow ends in blocked.
      rule('blocked page on a ban only', types.includes('showBlockedPage') === snapshot.matches('blocked'))
      // The self-exclusion alert carries its end date for the form to show.
      if (context.alert?.messageId === 'selfExcluded') rule('self-exclusion shows its end', context.alert.until === '2031-01-08T10:00:00.000Z')
      // A time-out is the same refusal, named as a break.
      if (context.alert?.messageId === 'timedOut') rule('a time-out shows its end', context.alert.until === '2031-01-03T10:00:00.000Z')
      if (landedInFailed && event.type.startsWith('xstate.done.')) {
        const { error } = (event as { output: { error?: AuthFailure } }).output
        rule(
          'failure tracked with its type and code',
          same(effects.find((e) => e.type === 'trackLoginError')?.params, { type: error?.type, code: error?.code }),
        )
      }
      rule(
        'only a rejection is reported',
        types.filter((t) => t === 'reportError').length === (event.type.startsWith('xstate.error.') ? 1 : 0),
      )
    }
    expect(broken).toEqual([])
  },
})

// Several hundred edges, each replayed from the initial state: about 10 s on an idle core.
describeModel('loginMachine', harness, { minShortestPaths: 20, edgesTimeoutMs: 60_000 })

// ── rules ────────────────────────────────────────────────────────────────────

/** A SUT with the form filled and submitted. */
function submitted(login = '+4915112345678', password = 'secret1') {
  const sut = startSut()
  sut.ref.send({ type: 'login.field.change', name: 'login', value: login })
  sut.ref.send({ type: 'login.field.change', name: 'password', value: password })
  sut.ref.send({ type: 'login.submit' })
  return sut
}

async function inTwoFactor(resendTime = 3) {
  const sut = submitted()
  sut.submit.resolve(fail(failure('AuthorizationException', 'two_factor_required', { resendTime })))
  await flush()
  return sut
}

describe('loginMachine: the login form (SPEC §4 Login, §5)', () => {
  it('strips one leading plus from the login before it is sent', () => {
    const sut = submitted('  +4915112345678 ')
    expect(sut.submit.calls).toEqual([{ login: '4915112345678', password: 'secret1' }])
    expect(normalizeLogin('++1')).toBe('+1')
    expect(normalizeLogin('ace@example.com')).toBe('ace@example.com')
  })

  it('refuses to submit an empty form and says which field is required', () => {
    const sut = startSut()
    sut.ref.send({ type: 'login.field.change', name: 'login', value: '+' })
    sut.ref.send({ type: 'login.submit' })
    expect(sut.submit.calls).toEqual([])
    expect(selectFieldErrors(sut.ref.getSnapshot())).toEqual({
      login: { rule: 'required', messageId: 'required' },
      password: { rule: 'required', messageId: 'required' },
    })
    sut.ref.send({ type: 'login.field.change', name: 'password', value: 'x' })
    expect(Object.keys(selectFieldErrors(sut.ref.getSnapshot()))).toEqual(['login'])
  })

  it('on success loads the session, then sets the user, tracks, closes the popup and goes to the locale home', async () => {
    const sut = submitted()
    sut.submit.resolve({ ok: true })
    await flush()
    expect(selectIsBusy(sut.ref.getSnapshot())).toBe(true)
    expect(selectLoginView(sut.ref.getSnapshot())).toBe('form')
    expect(sut.ref.getSnapshot().context.credentials).toEqual({ login: '', password: '' })
    sut.load.resolve({ ok: true, session })
    await flush()
    expect(sut.effects).toEqual([
      { type: 'setUser', params: { session } },
      { type: 'trackLogin', params: { uid: 7 } },
      { type: 'closePopup', params: { reason: 'loggedIn' } },
      { type: 'goToLocaleHome', params: { locale: 'de' } },
    ])
    expect(sut.ref.getSnapshot().status).toBe('done')
    expect(selectLoginDataState(sut.ref.getSnapshot())).toBe('login.success')
  })

  it('embedded (/forms/sign_in): framed, tells an allowed parent refresh_user; alone, a full load of the safe backUrl or the locale home', async () => {
    const embeddedLogin = async () => {
      const ref = createActor(
        loginMachine.provide({
          actors: {
            submitLogin: fromPromise<SubmitLoginResult, SubmitLoginInput>(async () => ({ ok: true })),
            loadSession: fromPromise<LoadSessionResult, LoadSessionInput>(async () => ({ ok: true, session })),
          },
          actions: { setUser: () => {}, trackLogin: () => {} },
        }),
        { input: { app: undefined as never, embedded: true } },
      ).start()
      ref.send({ type: 'login.field.change', name: 'login', value: 'ace' })
      ref.send({ type: 'login.field.change', name: 'password', value: 'secret1' })
      ref.send({ type: 'login.submit' })
      await vi.waitFor(() => expect(ref.getSnapshot().status).toBe('done'))
    }
    const origin = 'http://127.0.0.1:3000'
    try {
      for (const [search, expected] of [
        ['?backUrl=%2Fgames%3Fx%3D1', '/games?x=1'],
        ['?backUrl=https%3A%2F%2Fevil.example%2F', '/de'],
      ] as const) {
        const alone = stubPageWindow({ origin, pathname: '/forms/sign_in', search, framed: false })
        await embeddedLogin()
        expect(alone.assign).toHaveBeenCalledWith(expected)
      }
      const framed = stubPageWindow({ origin, pathname: '/forms/sign_in', framed: true })
      await embeddedLogin()
      await vi.waitFor(() => expect(framed.postMessage).toHaveBeenCalledWith({ type: 'refresh_user' }, origin))
      expect(framed.assign).not.toHaveBeenCalled()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it("shows 'wrong enter' and tracks the error code on any other failure", async () => {
    const sut = submitted()
    sut.submit.resolve(invalidCredentials)
    await flush()
    expect(selectLoginAlert(sut.ref.getSnapshot())).toEqual({
      messageId: 'wrongEnter',
      type: 'AuthorizationException',
      code: 'invalid_credentials',
      retryAfterSec: null,
    })
    expect(sut.effects).toEqual([
      { type: 'trackLoginError', params: { type: 'AuthorizationException', code: 'invalid_credentials' } },
    ])
    sut.ref.send({ type: 'login.field.change', name: 'password', value: 'secret2' })
    expect(selectLoginAlert(sut.ref.getSnapshot())).toBeNull()
  })

  it('a throttled login shows the retry seconds and is not taken for a two-factor prompt', async () => {
    const sut = submitted()
    sut.submit.resolve(throttled)
    await flush()
    expect(selectLoginView(sut.ref.getSnapshot())).toBe('form')
    expect(selectLoginAlert(sut.ref.getSnapshot())).toMatchObject({ messageId: 'tooManyRequests', retryAfterSec: 30 })
  })

  it('a loyalty failure does not fail the login; user or profile failures do', async () => {
    const account = async () => player
    const profile = async () => ({ first_name: 'Ada' })
    const apiDown = async (): Promise<never> => {
      throw new ApiError({ type: 'ApplicationUnavailableException' })
    }
    const run = (loaders: Parameters<typeof createLoadSession>[0]) =>
      new Promise<LoadSessionResult>((resolve) => {
        const actor = createActor(createLoadSession(loaders), { input: {} })
        actor.subscribe({ complete: () => resolve(actor.getSnapshot().output!) })
        actor.start()
      })
    expect(await run({ loadUser: account, loadProfile: profile, loadLoyalty: apiDown })).toEqual({
      ok: true,
      session: { account: player, profile: { first_name: 'Ada' }, loyalty: null },
    })
    expect(await run({ loadUser: account, loadProfile: profile, loadLoyalty: async () => null })).toMatchObject({
      ok: true,
      session: { loyalty: null },
    })
    expect(await run({ loadUser: account, loadProfile: apiDown, loadLoyalty: async () => loyalty })).toMatchObject({
      ok: false,
      error: { type: 'ApplicationUnavailableException' },
    })
  })

  it('popup.close ends the flow and closes the popup', () => {
    const sut = submitted()
    sut.ref.send({ type: 'popup.close' })
    expect(sut.ref.getSnapshot().status).toBe('done')
    expect(selectLoginDataState(sut.ref.getSnapshot())).toBe('login.closed')
    expect(sut.effects).toEqual([{ type: 'closePopup', params: { reason: 'dismissed' } }])
  })

  it('the default actor posts auth/login on the page\'s API client', async () => {
    const fetch = vi.fn(async (url: string | URL | Request) => {
      expect(String(url)).toContain('/api/auth/login')
      const error = { type: 'AuthorizationException', message: 'Wrong login or password', code: 'invalid_credentials' }
      return new Response(JSON.stringify({ error }), { status: 401, headers: { 'content-type': 'application/json' } })
    })
    vi.stubGlobal('fetch', fetch)
    vi.stubGlobal('document', { documentElement: { lang: 'en' } })
    try {
      const ref = createActor(loginMachine).start()
      ref.send({ type: 'login.field.change', name: 'login', value: 'ace@example.com' })
      ref.send({ type: 'login.field.change', name: 'password', value: 'secret1' })
      ref.send({ type: 'login.submit' })
      await vi.waitFor(() => expect(ref.getSnapshot().matches({ form: 'failed' })).toBe(true))
      expect(fetch).toHaveBeenCalledOnce()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('the default actions tell the root actor and close the popup of the dialog stack given', () => {
    const dialogs = { send: vi.fn() }
    const ref = createActor(loginMachine, { input: { app: { send: vi.fn() }, dialogs } as unknown as LoginInput }).start()
    ref.send({ type: 'popup.close' })
    expect(dialogs.send).toHaveBeenCalledWith({ type: 'dialog.close', id: 'auth', immediate: false })
    // A page of its own has no popup to close.
    const alone = createActor(loginMachine, { input: { app: { send: vi.fn() } } as unknown as LoginInput }).start()
    expect(() => alone.send({ type: 'popup.close' })).not.toThrow()
    expect(alone.getSnapshot().status).toBe('done')
  })
})

describe('loginMachine: two-factor (SPEC §4 Login, §8 Two-factor messages)', () => {
  it('enters twofa on the error code, never on message text', async () => {
    const byCode = submitted()
    byCode.submit.resolve(
      fail(failure('AuthorizationException', 'two_factor_required', { resendTime: 30 })),
    )
    await flush()
    expect(selectLoginView(byCode.ref.getSnapshot())).toBe('twofa')
    expect(selectLoginDataState(byCode.ref.getSnapshot())).toBe('login.twofa')

    // A message that says two-factor, with another code and no resend_time, is a failed login.
    const byMessage = submitted()
    const worded = new ApiError({ type: 'AuthorizationException', code: 'invalid_credentials', message: 'Two-factor is enabled' })
    byMessage.submit.resolve({ ok: false, error: toAuthFailure(worded) })
    await flush()
    expect(selectLoginView(byMessage.ref.getSnapshot())).toBe('form')
    expect(selectLoginAlert(byMessage.ref.getSnapshot())?.messageId).toBe('wrongEnter')
  })

  it('enters twofa on any answer carrying resend_time', async () => {
    const sut = submitted()
    sut.submit.resolve(fail(failure('AuthorizationException', null, { resendTime: 5 })))
    await flush()
    expect(selectLoginView(sut.ref.getSnapshot())).toBe('twofa')
    expect(selectResendSeconds(sut.ref.getSnapshot())).toBe(5)
  })

  it('counts the resend timer down in 1 s ticks on the actor clock and allows a resend at 0', async () => {
    const sut = await inTwoFactor(3)
    const snap = () => sut.ref.getSnapshot()
    expect(selectCanResend(snap())).toBe(false)
    sut.ref.send({ type: 'otp.resend' })
    expect(sut.submit.calls).toHaveLength(1)
    sut.clock.increment(999)
    expect(selectResendSeconds(snap())).toBe(3)
    sut.clock.increment(1)
    expect(selectResendSeconds(snap())).toBe(2)
    // A SimulatedClock fires what is due once per increment, so each second is its own step.
    sut.clock.increment(1000)
    expect(selectCanResend(snap())).toBe(false)
    sut.clock.increment(1000)
    expect(selectResendSeconds(snap())).toBe(0)
    expect(selectCanResend(snap())).toBe(true)

    sut.ref.send({ type: 'otp.resend' })
    expect(sut.submit.calls.at(-1)).toEqual({ login: '4915112345678', password: 'secret1' })
    sut.submit.resolve(fail(failure('AuthorizationException', 'two_factor_required', { resendTime: 60 })))
    await flush()
    expect(selectResendSeconds(snap())).toBe(60)
    expect(selectCanResend(snap())).toBe(false)
    expect(selectLoginAlert(snap())).toBeNull()
  })

  it('works with vi fake timers too', async () => {
    vi.useFakeTimers()
    try {
      const submit = controllable<SubmitLoginInput, SubmitLoginResult>()
      const ref = createActor(
        loginMachine.provide({ actors: { submitLogin: submit.actor }, actions: { trackLoginError: () => {} } }),
      ).start()
      ref.send({ type: 'login.field.change', name: 'login', value: 'ace' })
      ref.send({ type: 'login.field.change', name: 'password', value: 'secret1' })
      ref.send({ type: 'login.submit' })
      submit.resolve(twoFactorRequired)
      await vi.advanceTimersByTimeAsync(0)
      expect(selectResendSeconds(ref.getSnapshot())).toBe(RESEND)
      await vi.advanceTimersByTimeAsync(RESEND * RESEND_TICK_MS)
      expect(selectCanResend(ref.getSnapshot())).toBe(true)
      expect(vi.getTimerCount()).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })

  it('validates the code: 6 digits or a recovery code', async () => {
    expect(validateTwoFactorCode('123456')).toEqual({})
    expect(validateTwoFactorCode(' 123456 ')).toEqual({})
    expect(validateTwoFactorCode('abcd-efgh')).toEqual({})
    expect(validateTwoFactorCode('ABCD-EFGH-JKLM-NPQR')).toEqual({})
    expect(validateTwoFactorCode('12345')).toEqual({ code: { rule: 'code', messageId: 'code', values: { length: 6 } } })
    expect(validateTwoFactorCode('abc-def')).toEqual({ code: { rule: 'code', messageId: 'code', values: { length: 6 } } })
    expect(validateTwoFactorCode('')).toEqual({ code: { rule: 'required', messageId: 'required' } })
    expect(isRecoveryCode('abcd-efgh')).toBe(true)

    const sut = await inTwoFactor()
    sut.ref.send({ type: 'otp.change', code: '12345' })
    sut.ref.send({ type: 'otp.submit' })
    expect(sut.submit.calls).toHaveLength(1)
    expect(selectFieldErrors(sut.ref.getSnapshot()).code?.messageId).toBe('code')
    sut.ref.send({ type: 'otp.change', code: 'abcd-efgh' })
    sut.ref.send({ type: 'otp.submit' })
    expect(sut.submit.calls.at(-1)).toEqual({ login: '4915112345678', password: 'secret1', code: 'abcd-efgh' })
  })

  it('a code accepted finishes the login and clears the stored credentials', async () => {
    const sut = await inTwoFactor()
    sut.ref.send({ type: 'otp.change', code: '123456' })
    sut.ref.send({ type: 'otp.submit' })
    expect(sut.submit.calls.at(-1)).toEqual({ login: '4915112345678', password: 'secret1', code: '123456' })
    sut.submit.resolve({ ok: true })
    await flush()
    expect(sut.ref.getSnapshot().context.credentials).toEqual({ login: '', password: '' })
    expect(sut.ref.getSnapshot().context.code).toBe('')
    expect(selectLoginView(sut.ref.getSnapshot())).toBe('twofa')
    sut.load.resolve({ ok: true, session })
    await flush()
    expect(sut.effects.map((e) => e.type)).toEqual(SUCCESS_SEQUENCE)
  })

  it('a wrong code stays in twofa with its message; too many requests shows the retry seconds', async () => {
    const sut = await inTwoFactor()
    sut.ref.send({ type: 'otp.change', code: '000000' })
    sut.ref.send({ type: 'otp.submit' })
    sut.submit.resolve(codeInvalid)
    await flush()
    expect(selectLoginView(sut.ref.getSnapshot())).toBe('twofa')
    expect(selectLoginAlert(sut.ref.getSnapshot())?.messageId).toBe('twoFactorInvalid')
    expect(sut.effects).toEqual([])

    sut.ref.send({ type: 'otp.submit' })
    sut.submit.resolve(fail(failure('TooManyRequestsException', 'too_many_attempts', { retryAfterSec: 42 })))
    await flush()
    expect(selectLoginAlert(sut.ref.getSnapshot())).toMatchObject({ messageId: 'tooManyRequests', retryAfterSec: 42 })
    expect(selectLoginView(sut.ref.getSnapshot())).toBe('twofa')
  })

  it('other code failures fail the login with wrong enter and analytics', async () => {
    const sut = await inTwoFactor()
    sut.ref.send({ type: 'otp.change', code: '000000' })
    sut.ref.send({ type: 'otp.submit' })
    sut.submit.resolve(unavailable)
    await flush()
    expect(selectLoginView(sut.ref.getSnapshot())).toBe('form')
    expect(selectLoginAlert(sut.ref.getSnapshot())?.messageId).toBe('wrongEnter')
    expect(sut.effects).toEqual([
      { type: 'trackLoginError', params: { type: 'ApplicationUnavailableException', code: null } },
    ])
  })

  it("a resend without a new resend_time says 'something wrong' and keeps the step", async () => {
    const sut = await inTwoFactor(1)
    sut.clock.increment(RESEND_TICK_MS)
    sut.ref.send({ type: 'otp.resend' })
    sut.submit.resolve(unavailable)
    await flush()
    expect(selectLoginAlert(sut.ref.getSnapshot())?.messageId).toBe('twoFactorSomethingWrong')
    expect(selectCanResend(sut.ref.getSnapshot())).toBe(true)
  })

  it('login.back returns to the empty form and forgets the credentials', async () => {
    const sut = await inTwoFactor()
    sut.ref.send({ type: 'otp.change', code: '123456' })
    sut.ref.send({ type: 'login.back' })
    const { context } = sut.ref.getSnapshot()
    expect(selectLoginView(sut.ref.getSnapshot())).toBe('form')
    expect(context.credentials).toEqual({ login: '', password: '' })
    expect(context.code).toBe('')
    expect(context.resendTime).toBe(0)
  })
})

describe('auth results', () => {
  it('settles API errors as values and rethrows bugs', async () => {
    await expect(settleAuthCall(async () => ({ account: player }))).resolves.toEqual({ ok: true, account: player })
    const throttledError = new ApiError({
      type: 'TooManyRequestsException',
      code: 'too_many_attempts',
      errorData: { retry_after: '12' },
    })
    await expect(
      settleAuthCall(async () => {
        throw throttledError
      }),
    ).resolves.toEqual({
      ok: false,
      error: failure('TooManyRequestsException', 'too_many_attempts', { retryAfterSec: 12, errorData: { retry_after: '12' } }),
    })
    await expect(
      settleAuthCall(async () => {
        throw new TypeError('bug')
      }),
    ).rejects.toThrow('bug')
  })

  it('validateLoginForm reads the login as it is sent', () => {
    expect(validateLoginForm({ login: ' + ', password: 'x' })).toEqual({ login: { rule: 'required', messageId: 'required' } })
  })
})

describe('afterLoginTarget (SPEC §2.3)', () => {
  it('goes to the same-origin redirectUrl in the player locale', () => {
    expect(afterLoginTarget({ pathname: '/es/gamehall', search: '?redirectUrl=%2Fcashier%3Fx%3D1' }, 'de')).toBe('/de/cashier?x=1')
  })
  it('never follows a redirectUrl to another origin', () => {
    expect(afterLoginTarget({ pathname: '/gamehall', search: '?redirectUrl=https%3A%2F%2Fevil.example%2F' }, 'en')).toBe('/gamehall?redirectUrl=https%3A%2F%2Fevil.example%2F')
  })
  it('stays on the page without the popup flags', () => {
    expect(afterLoginTarget({ pathname: '/de/gamehall', search: '?show_popup_auth=1&prevent_close=1&q=slots' }, 'xx')).toBe('/gamehall?q=slots')
  })
})
