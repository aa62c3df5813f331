// The journeys of e2e/login.model.spec.ts, computed from the login machine (ARCHITECTURE §3, §6;
// docs/flows.md 'paths'): one shortest path per state value the player can reach on the real site.
//
// Why not the registry's samples as they are. src/machines/registry.ts walks the chart with every
// answer an actor could give (a throttle, a network failure, a 1-second resend_time), so its paths
// reach every state of the chart but not necessarily on the site: there, the server decides what
// comes back. Here the samples are what a player can type against the seeded database, and the
// actors' answers are an oracle of server/domain/auth/login.ts: what the real server says for the
// credentials and code in the model's context at that moment. A path is therefore something the
// site can replay: typing the 2FA player's credentials and submitting leads to twofa, a wrong
// password to failed. Context is part of the graph key (as the registry's serializer does) because
// the guards read it; it only holds sample values, so the graph stays small and finite.
//
// This module is Node-only and browser-free: it is imported by the spec at collection time.
import type { AuthFailure } from '../../src/machines/auth/auth.types'
import { loginMachine } from '../../src/machines/auth/login/login.machine'
import type { LoginEvent, LoginSession, SubmitLoginResult } from '../../src/machines/auth/login/login.types'
import type { LoginSnapshot } from '../../src/machines/auth/login/login.selectors'
import type { FixtureTable } from '../../src/machines/testing/model'
import { defineModelPaths } from './journeys'

// ── the seeded world (server/seed/data.ts) ───────────────────────────────────

export const PLAYERS = {
  /** No two-factor: the password alone logs in. */
  demo: { login: 'demo@example.com', password: 'demo1234' },
  /** Two-factor on; its recovery codes each work once per fresh database (the e2e server's is). */
  twoFactor: {
    login: 'demo-2fa@example.com',
    password: 'demo1234',
    secret: 'OJXXSYLMFVQWGZJNMRSW23ZNGJTGCIJB',
    recoveryCodes: ['DEMO-RC01', 'DEMO-RC02', 'DEMO-RC03', 'DEMO-RC04', 'DEMO-RC05'],
  },
} as const
export const WRONG_PASSWORD = 'not-the-password'

/**
 * The code samples are placeholders the gestures turn into what the player types at that moment:
 * `accepted` becomes an unused recovery code (a TOTP code is accepted once per 30-second step and
 * account, so two journeys, or login.spec.ts, typing the same step would race each other), and
 * `rejected` a six-digit code the authenticator does not show now nor showed recently. Both pass
 * the machine's code rule, as the real codes do.
 */
export const CODE = { accepted: 'ACCEPTED-CODE', rejected: '000000' } as const

// ── the events a player causes ───────────────────────────────────────────────

/** A new event type without samples does not compile (FixtureTable is keyed by LoginEvent['type']). */
export const PLAYER_SAMPLES = {
  'login.field.change': [
    { type: 'login.field.change', name: 'login', value: PLAYERS.demo.login },
    { type: 'login.field.change', name: 'login', value: PLAYERS.twoFactor.login },
    { type: 'login.field.change', name: 'password', value: PLAYERS.demo.password },
    { type: 'login.field.change', name: 'password', value: WRONG_PASSWORD },
  ],
  'login.submit': [{ type: 'login.submit' }],
  'otp.change': [
    { type: 'otp.change', code: CODE.accepted },
    { type: 'otp.change', code: CODE.rejected },
  ],
  'otp.submit': [{ type: 'otp.submit' }],
  'otp.resend': [{ type: 'otp.resend' }],
  'login.back': [{ type: 'login.back' }],
  'popup.close': [{ type: 'popup.close' }],
} as const satisfies FixtureTable<LoginEvent>

// ── the events the server and the clock cause ────────────────────────────────

export const RESEND_TICK = 'xstate.after.resendTick.login.twofa.timer.counting'

/**
 * What the runtime delivers to the machine: an invoked actor's answer, or a second of the resend
 * countdown. `xstate.error.actor.*` (an actor that rejects: a bug or the network gone) is left out
 * on purpose: the real site cannot be made to produce it without mocking the server.
 */
export type LoginAnswer =
  | { type: 'xstate.done.actor.submitLogin'; output: SubmitLoginResult }
  | { type: 'xstate.done.actor.verifyCode'; output: SubmitLoginResult }
  | { type: 'xstate.done.actor.resendCode'; output: SubmitLoginResult }
  | { type: 'xstate.done.actor.loadSession'; output: { ok: true; session: LoginSession } }
  | { type: typeof RESEND_TICK }

export type JourneyEvent = LoginEvent | LoginAnswer

function failure(code: AuthFailure['code'], resendTime: number | null = null): SubmitLoginResult {
  return {
    ok: false,
    error: { type: 'AuthorizationException', code, resendTime, retryAfterSec: null, invalidParameters: null, errorData: null },
  }
}

/**
 * The model's resend_time. The server sends the seconds left in the current TOTP step (1 to 30);
 * the model says 1, so one tick is "the countdown ran out" and the graph stays small, and the
 * tick's gesture lets the page's (frozen) clock run for a whole step.
 */
const MODEL_RESEND_SECONDS = 1

/** SPEC §4 'Login': the session is loaded after the server accepted the login; its content is the server's. */
const SESSION = { account: { uid: 1 }, profile: null, loyalty: null } as unknown as LoginSession

/** Who the typed credentials name on the seeded database, as server/domain/auth/login.ts decides. */
function playerFor(login: string, password: string): 'demo' | 'twoFactor' | null {
  const subject = login.trim().replace(/^\+/, '').toLowerCase()
  if (subject === PLAYERS.demo.login && password === PLAYERS.demo.password) return 'demo'
  if (subject === PLAYERS.twoFactor.login && password === PLAYERS.twoFactor.password) return 'twoFactor'
  return null
}

/**
 * The oracle: for the model state, the answer the real server gives. Every answer is offered in
 * every state; the traversal keeps those the state takes (`snapshot.can`), so submitLogin's only
 * counts in form.submitting, verifyCode's in twofa.step.verifying, and so on.
 */
export function serverAnswers(snapshot: LoginSnapshot): LoginAnswer[] {
  const { credentials, code } = snapshot.context
  const who = playerFor(credentials.login, credentials.password)
  const twoFactorRequired = failure('two_factor_required', MODEL_RESEND_SECONDS)
  return [
    {
      type: 'xstate.done.actor.submitLogin',
      output: who === 'demo' ? { ok: true } : who === 'twoFactor' ? twoFactorRequired : failure('invalid_credentials'),
    },
    {
      type: 'xstate.done.actor.verifyCode',
      output: code === CODE.accepted ? { ok: true } : failure('two_factor_invalid'),
    },
    // A resend is the login again without a code: two-factor required, with a fresh resend_time.
    { type: 'xstate.done.actor.resendCode', output: twoFactorRequired },
    { type: 'xstate.done.actor.loadSession', output: { ok: true, session: SESSION } },
    { type: RESEND_TICK },
  ]
}

/** What the guards read, and the alert the player sees; nothing else of context. */
function serializeJourneyState(snapshot: LoginSnapshot): string {
  const { credentials, code, resendTime, alert, session } = snapshot.context
  return JSON.stringify({ value: snapshot.value, credentials, code, resendTime, alert: alert?.messageId ?? null, session: session !== null })
}

// ── states and paths ─────────────────────────────────────────────────────────

/**
 * One shortest path per state value the site can reach (ARCHITECTURE §6: one e2e path per state
 * rather than every simple path), shortest first. The graph tells apart states that differ in
 * context; of the paths reaching one state value, the shortest is kept, the first one found on a tie.
 */
export const { skipped: SKIPPED, leavesOf, journeys: loginJourneys } = defineModelPaths({
  machine: loginMachine,
  // The chart's states no journey reaches, and why (the spec prints them; LoginLeaf leaves them out).
  skipped: {
    'twofa.timer.deciding': 'left by `always` the moment it is entered: never at rest, never seen',
    blocked: 'needs a banned player: e2e/account-status.spec.ts plays it',
  },
  samples: PLAYER_SAMPLES as FixtureTable<LoginEvent>,
  answers: serverAnswers,
  serializeState: serializeJourneyState,
})

/** The leaf states a player can be in; STATE_CHECKS in login.journey.ts has a check for each. */
export type LoginLeaf = ReturnType<typeof leavesOf>[number]
export type Journey = ReturnType<typeof loginJourneys>[number]

/** An event as a test title shows it: no password, no code, only what tells the steps apart. */
export function describeEvent(event: JourneyEvent): string {
  switch (event.type) {
    case 'login.field.change':
      if (event.name === 'password') return `login.field.change(password:${event.value === WRONG_PASSWORD ? 'wrong' : 'right'})`
      return `login.field.change(login:${event.value})`
    case 'otp.change':
      return `otp.change(${event.code === CODE.accepted ? 'accepted' : 'rejected'})`
    case 'xstate.done.actor.submitLogin':
    case 'xstate.done.actor.verifyCode':
    case 'xstate.done.actor.resendCode':
    case 'xstate.done.actor.loadSession':
      return `${event.type.replace('xstate.done.actor.', 'done.')}(${event.output.ok ? 'ok' : event.output.error.code})`
    case RESEND_TICK:
      return 'after.resendTick'
    default:
      return event.type
  }
}
