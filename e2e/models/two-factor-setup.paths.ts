// The journeys of e2e/two-factor-setup.model.spec.ts, computed from the two-factor set-up machine
// with the shared generator (e2e/models/journeys.ts): one shortest path per state a player can
// reach in the profile's security section (/profile/security), and one per thing it shows
// differently (each refusal, the set-up finished elsewhere, two-factor turned off again).
//
// The world the paths are played in: a new player with two-factor off, logged in through the API
// (its session in the page's cookies). The actors' answers are an oracle of the real server
// (server/domain/account/two-factor.ts): the password checked again before a secret is made
// pending; a code of that secret checked against the server's clock (a current one turns it on
// and answers ten recovery codes, one of a few steps ago is 'expired', any other 'invalid'); a
// set-up gone meanwhile is 'not pending'; a recovery code turns it off. The samples that need the
// world changed first (a code typed after the set-up was finished and turned off in another
// session, a password submitted by a player banned meanwhile) are placeholders whose gestures
// change it (e2e/models/two-factor-setup.journey.ts); the codes are placeholders the gestures turn
// into real codes of the secret the page shows.
//
// Node-only and browser-free: the spec imports it at collection time.
import { assign } from 'xstate'
import type { AuthFailure } from '../../src/machines/auth/auth.types'
import { twoFactorSetupMachine } from '../../src/machines/profile/two-factor-setup/two-factor-setup.machine'
import type { TwoFactorSetupSnapshot } from '../../src/machines/profile/two-factor-setup/two-factor-setup.selectors'
import type { ConfirmSetupResult, DisableResult, StartSetupResult, TwoFactorSetupEvent } from '../../src/machines/profile/two-factor-setup/two-factor-setup.types'
import type { FixtureTable } from '../../src/machines/testing/model'
import { defineModelPaths, stateName } from './journeys'

// ── the model ────────────────────────────────────────────────────────────────

/**
 * The machine as the page runs it, with one thing the model remembers: which way the last status
 * change went (the page's `statusChanged` re-reads the session). Two-factor turned off again looks
 * like the start otherwise, and the journey that turns it off would have no target.
 */
export const twoFactorModelMachine = twoFactorSetupMachine.provide({
  actions: {
    statusChanged: assign((_, params: { enabled: boolean }) => ({ turned: params.enabled ? 'on' : 'off' })) as never,
  },
})

/** The model's context: the machine's, and the direction of the last status change. */
const turnedOf = (snapshot: TwoFactorSetupSnapshot): string | null => (snapshot.context as { turned?: string }).turned ?? null

// ── the events a player causes ───────────────────────────────────────────────

/** The world's password (e2e/accounts.ts registerLoggedInPlayer). */
export const WORLD_PASSWORD = 'Orig1nal-Pass'

/**
 * What the player types as the password: the right one, a wrong one, and the right one submitted
 * by a player the operator bans while the call is on its way (a placeholder the gesture types as
 * the right password; the answer's gesture bans the player before the server reads the call).
 */
export const PASSWORD = {
  right: WORLD_PASSWORD,
  wrong: 'not-my-password',
  banned: 'RIGHT-PASSWORD-THEN-BANNED',
} as const

/**
 * The codes the player types, placeholders shaped like what they stand for (the machine's guards
 * read them): the code the authenticator shows now, one no step of the secret has, one of a few
 * steps ago (expired), a current one typed after the set-up was finished and turned off in another
 * session (the gesture does that through the API first), and the first recovery code shown.
 */
export const CODE = {
  live: '111111',
  wrong: '222222',
  expired: '333333',
  stale: '444444',
  recovery: 'recovery01',
} as const

/**
 * A new event type without samples does not compile. 'twofa.cancel' is offered on every form but
 * leads back to a view the journeys start in ('off') or reach ('on'), so no shortest path takes it;
 * the machine tests play it.
 */
export const PLAYER_SAMPLES = {
  'twofa.enable': [{ type: 'twofa.enable' }],
  'twofa.cancel': [{ type: 'twofa.cancel' }],
  'twofa.password.change': Object.values(PASSWORD).map((value) => ({ type: 'twofa.password.change' as const, value })),
  'twofa.password.submit': [{ type: 'twofa.password.submit' }],
  'twofa.code.change': Object.values(CODE).map((code) => ({ type: 'twofa.code.change' as const, code })),
  'twofa.confirm': [{ type: 'twofa.confirm' }],
  'twofa.codes.copy': [{ type: 'twofa.codes.copy' }],
  'twofa.codes.done': [{ type: 'twofa.codes.done' }],
  'twofa.disable': [{ type: 'twofa.disable' }],
  'twofa.disable.submit': [{ type: 'twofa.disable.submit' }],
} as const satisfies FixtureTable<TwoFactorSetupEvent>

// ── the events the server (and the browser) causes ───────────────────────────

/**
 * What the runtime delivers. Left out, each with its reason: 'xstate.error.actor.*' of the three
 * calls (an actor rejects only on a bug or a dead network); the throttle's 429 (five wrong
 * passwords or codes at the production limits: the e2e server raises them for 127.0.0.1 and only
 * the auth calls, login and restore, read the per-context cookie that lowers them); 'xstate.error.actor.copyCodes'
 * (the browser refusing the clipboard: the journeys grant it, and a refusal is a context change the
 * machine tests play); a refused disable (the same alert as a refused confirm, the machine tests).
 */
export type TwoFactorAnswer =
  | { type: 'xstate.done.actor.startSetup'; output: StartSetupResult }
  | { type: 'xstate.done.actor.confirmSetup'; output: ConfirmSetupResult }
  | { type: 'xstate.done.actor.disableTwoFactor'; output: DisableResult }
  | { type: 'xstate.done.actor.copyCodes'; output: undefined }

export type JourneyEvent = TwoFactorSetupEvent | TwoFactorAnswer

const failure = (type: AuthFailure['type'], code: string): { ok: false; error: AuthFailure } => ({
  ok: false,
  error: { type, code, resendTime: null, retryAfterSec: null, invalidParameters: null, errorData: null } as AuthFailure,
})

/** What the model's secret and codes stand for: the gestures keep the real ones the page shows. */
export const MODEL_SECRET = { secret: 'MODELSECRETMODELSECRETMODELSECRE', otpauthUri: 'otpauth://totp/model' } as const
export const MODEL_RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `model-recovery-${i}`)

/** The oracle: what the real server answers for the model's context (server/domain/account/two-factor.ts). */
export function serverAnswers(snapshot: TwoFactorSetupSnapshot): TwoFactorAnswer[] {
  const { password, code } = snapshot.context
  const start: StartSetupResult =
    password === PASSWORD.right
      ? { ok: true, pending: MODEL_SECRET }
      : password === PASSWORD.banned
        ? failure('UserBannedException', 'user_banned')
        : failure('InvalidParameterException', 'wrong_password')
  const confirm: ConfirmSetupResult =
    code === CODE.live
      ? { ok: true, recoveryCodes: MODEL_RECOVERY_CODES }
      : code === CODE.expired
        ? failure('InvalidParameterException', 'two_factor_expired')
        : code === CODE.stale
          ? failure('InvalidRequestException', 'two_factor_not_pending')
          : failure('InvalidParameterException', 'two_factor_invalid')
  const disable: DisableResult = code === CODE.recovery ? { ok: true } : failure('InvalidParameterException', 'two_factor_invalid')
  return [
    { type: 'xstate.done.actor.startSetup', output: start },
    { type: 'xstate.done.actor.confirmSetup', output: confirm },
    { type: 'xstate.done.actor.disableTwoFactor', output: disable },
    { type: 'xstate.done.actor.copyCodes', output: undefined },
  ]
}

/**
 * A person's order, which keeps the graph small: a field is typed once, into an empty field; the
 * set-up's codes are the authenticator's (never a recovery code), turning it off takes the
 * recovery code (the current step's code was spent confirming, and the server takes a step once).
 * A refused disable is left to the machine tests (TwoFactorAnswer).
 */
function allow(snapshot: TwoFactorSetupSnapshot, event: JourneyEvent): boolean {
  switch (event.type) {
    case 'twofa.password.change':
      return snapshot.context.password === ''
    case 'twofa.code.change':
      if (snapshot.context.code !== '') return false
      return snapshot.matches('disabling') ? event.code === CODE.recovery : event.code !== CODE.recovery
    case 'twofa.disable.submit':
      return snapshot.context.code !== ''
    default:
      return true
  }
}

function serializeJourneyState(snapshot: TwoFactorSetupSnapshot): string {
  const { enabled, password, code, pending, recoveryCodes, fieldErrors, alert } = snapshot.context
  return JSON.stringify({
    value: snapshot.value,
    enabled,
    password,
    code,
    pending: pending !== null,
    codes: recoveryCodes.length,
    errors: Object.keys(fieldErrors),
    alert: alert?.messageId ?? null,
    turned: turnedOf(snapshot),
  })
}

/** The state value; a refusal the form shows; the set-up gone elsewhere; two-factor turned off. */
function targetsOf(snapshot: TwoFactorSetupSnapshot): string[] {
  const { fieldErrors, alert } = snapshot.context
  if (snapshot.matches({ enabling: 'editing' }) || snapshot.matches({ scanning: 'editing' })) {
    if (Object.keys(fieldErrors).length > 0) return [`refused:${Object.keys(fieldErrors).join(',')}`]
    if (alert) return [`refused:server:${alert.messageId}`]
  }
  if (snapshot.matches('off')) {
    if (alert) return [`off:${alert.messageId}`]
    if (turnedOf(snapshot) === 'off') return ['off:turnedOff']
  }
  return [stateName(snapshot)]
}

// ── states and paths ─────────────────────────────────────────────────────────

export const { skipped: SKIPPED, leavesOf, journeys: twoFactorJourneys } = defineModelPaths({
  machine: twoFactorModelMachine,
  // The chart's states no journey reaches, and why (printed by the spec's first test).
  skipped: {
    deciding: 'left by `always` at once (the page gives the machine whether two-factor is on)',
  },
  samples: PLAYER_SAMPLES as FixtureTable<TwoFactorSetupEvent>,
  answers: serverAnswers,
  serializeState: serializeJourneyState,
  allow,
  targetsOf,
  input: () => ({ enabled: false }),
})

export type TwoFactorLeaf = ReturnType<typeof leavesOf>[number]
export type TwoFactorJourney = ReturnType<typeof twoFactorJourneys>[number]

const sampleName = (table: Readonly<Record<string, string>>, value: string): string =>
  (Object.entries(table).find(([, v]) => v === value)?.[0] ?? value) || 'empty'

const outcome = (output: { ok: true } | { ok: false; error: AuthFailure }) => (output.ok ? 'ok' : output.error.code)

export function describeEvent(event: JourneyEvent): string {
  switch (event.type) {
    case 'twofa.password.change':
      return `twofa.password.change(${sampleName(PASSWORD, event.value)})`
    case 'twofa.code.change':
      return `twofa.code.change(${sampleName(CODE, event.code)})`
    case 'xstate.done.actor.startSetup':
      return `done.startSetup(${outcome(event.output)})`
    case 'xstate.done.actor.confirmSetup':
      return `done.confirmSetup(${outcome(event.output)})`
    case 'xstate.done.actor.disableTwoFactor':
      return `done.disableTwoFactor(${outcome(event.output)})`
    case 'xstate.done.actor.copyCodes':
      return 'done.copyCodes'
    default:
      return event.type
  }
}
