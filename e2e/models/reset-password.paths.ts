// The journeys of e2e/reset-password.model.spec.ts, computed from the reset-password machine with
// the shared generator (e2e/models/journeys.ts): one shortest path per state a player can reach in
// the 'Set a new password' dialog a recovery link opens (`/#reset_token=...`), and one per thing it
// shows differently (the form's refusals, the server's 'too common', where the dialog leads).
//
// The machine's input is the link's token, so the world is the link the player follows (LINK):
// one mailed for the journey's own player (asked for through the API and read from the development
// mailbox), the same link already used once, or a link cut short. Each link has its own graph;
// `keeps` says which of its targets it plays, so no target is played twice.
//
// The actor's answer is an oracle of server/domain/auth/recovery.ts resetPassword: a used (or
// unknown) token is refused as 'invalid', a password among the most common as a field error
// ('common'), anything else sets the password (1).
//
// Node-only and browser-free: the spec imports it at collection time.
import { assign } from 'xstate'
import type { AuthFailure } from '../../src/machines/auth/auth.types'
import { resetPasswordMachine } from '../../src/machines/auth/reset-password/reset-password.machine'
import { isCommonPasswordError } from '../../src/machines/auth/reset-password/reset-password.rules'
import type { ResetPasswordSnapshot } from '../../src/machines/auth/reset-password/reset-password.selectors'
import type { ResetPasswordEvent, SubmitResetResult } from '../../src/machines/auth/reset-password/reset-password.types'
import type { FixtureTable } from '../../src/machines/testing/model'
import { defineModelPaths, stateName } from './journeys'

// ── the model ────────────────────────────────────────────────────────────────

/**
 * The machine as the page runs it, with one thing the model remembers: the auth view the dialog
 * opened when it closed (the restore view for a new link, the login view after success), which is
 * what the player sees next. Every way out ends in `closed`, which looks the same otherwise.
 */
export const resetModelMachine = resetPasswordMachine.provide({
  actions: {
    openAuth: assign((_, params: { view: 'restore' | 'authorization' }) => ({ opened: params.view })) as never,
  },
})

/** Which auth view the dialog opened when it closed; null while it has opened none. */
export const openedOf = (snapshot: ResetPasswordSnapshot): 'restore' | 'authorization' | null =>
  (snapshot.context as { opened?: 'restore' | 'authorization' }).opened ?? null

// ── the world: the link the player follows ───────────────────────────────────

/**
 * The tokens the model's links carry, placeholders the journey replaces with a real link's token
 * (mailed, spent) or follows as they are (garbled: too short to be a token, refused at once).
 */
export const LINK = {
  mailed: 'MAILED-LINK-TOKEN-OF-THE-PLAYER',
  spent: 'SPENT-LINK-TOKEN-OF-THE-PLAYER',
  garbled: 'not-a-token',
} as const
export type LinkName = keyof typeof LINK

// ── the events a player causes ───────────────────────────────────────────────

/** What the player types, in both fields: a good new password, and one the server finds too common. */
export const NEW_PASSWORD = { good: 'N3w-Secret-77', common: 'password1' } as const

/** A new event type without samples does not compile (FixtureTable is keyed by ResetPasswordEvent['type']). */
export const PLAYER_SAMPLES = {
  'reset.field.change': (['password', 'confirmation'] as const).flatMap((name) =>
    Object.values(NEW_PASSWORD).map((value) => ({ type: 'reset.field.change' as const, name, value })),
  ),
  'reset.submit': [{ type: 'reset.submit' }],
  'reset.requestNew': [{ type: 'reset.requestNew' }],
  'reset.login': [{ type: 'reset.login' }],
  'reset.close': [{ type: 'reset.close' }],
} as const satisfies FixtureTable<ResetPasswordEvent>

// ── the events the server causes ─────────────────────────────────────────────

/**
 * What the runtime delivers. Left out: 'xstate.error.actor.submitReset' (the actor rejects only on
 * a bug or a dead network) and the answers that lead to `failed` and `expiredToken` (SKIPPED).
 */
export type ResetAnswer = { type: 'xstate.done.actor.submitReset'; output: SubmitResetResult }
export type JourneyEvent = ResetPasswordEvent | ResetAnswer

const refused = (code: string, invalidParameters: Record<string, string[]>): SubmitResetResult => ({
  ok: false,
  error: { type: 'InvalidParameterException', code, resendTime: null, retryAfterSec: null, invalidParameters, errorData: null } as AuthFailure,
})

/** The oracle: what the real server answers for this link and this password. */
function serverAnswers(snapshot: ResetPasswordSnapshot, link: LinkName): ResetAnswer[] {
  const output: SubmitResetResult =
    link !== 'mailed'
      ? refused('reset_token_invalid', { token: ['invalid'] })
      : snapshot.context.values.password === NEW_PASSWORD.common
        ? refused('invalid_parameters', { password: ['common'] })
        : { ok: true }
  return [{ type: 'xstate.done.actor.submitReset', output }]
}

/**
 * A person's order, which keeps the graph small: the password typed once into an empty field, the
 * confirmation typed once, after it and equal to it (a mismatch is the client's refusal, which the
 * empty form shows too).
 */
function allow(snapshot: ResetPasswordSnapshot, event: JourneyEvent): boolean {
  if (event.type !== 'reset.field.change') return true
  const { password, confirmation } = snapshot.context.values
  return event.name === 'password' ? password === '' : password !== '' && confirmation === '' && event.value === password
}

function serializeJourneyState(snapshot: ResetPasswordSnapshot): string {
  const { token, values, fieldErrors, alert } = snapshot.context
  return JSON.stringify({ value: snapshot.value, token, values, errors: fieldErrors, alert: alert?.messageId ?? null, opened: openedOf(snapshot) })
}

/** The state value; the form's refusal (the client's, whichever fields, or the server's 'common'); where a closed dialog led. */
function targetsOf(snapshot: ResetPasswordSnapshot): string[] {
  const { fieldErrors } = snapshot.context
  if (snapshot.matches('editing') && Object.keys(fieldErrors).length > 0) {
    return [isCommonPasswordError(fieldErrors.password) ? 'refused:server:common' : 'refused:client']
  }
  if (snapshot.matches('closed')) return [`closed:${openedOf(snapshot) ?? 'dismissed'}`]
  return [stateName(snapshot)]
}

/**
 * What each link's journeys play: the mailed link everything a good token leads to; the garbled
 * link the 'not valid' view at once, its way to a new link and the dialog closed (which needs no
 * player of its own); the spent link the server refusing the token once the form is filled.
 */
const KEEPS: Readonly<Record<LinkName, (target: string) => boolean>> = {
  mailed: (target) => target !== 'closed:dismissed',
  garbled: (target) => target === 'invalidToken' || target.startsWith('closed:'),
  spent: (target) => target === 'invalidToken',
}

// ── states and paths ─────────────────────────────────────────────────────────

export const { skipped: SKIPPED, leavesOf, journeys: resetJourneys } = defineModelPaths({
  machine: resetModelMachine,
  // The chart's states no journey reaches, and why (printed by the spec's first test).
  skipped: {
    deciding: 'left by `always` at once (the token is plausible or not)',
    expiredToken:
      "a link works for an hour by the server's clock, which the e2e server does not let a test move; the machine tests play it (the view is the invalid link's, with its own text)",
    failed:
      "'too many attempts' or 'something went wrong': the real server does not throttle resetPassword and answers every token with 1 or a refusal of the token or the password; anything else needs a broken server or network (the machine tests play it)",
  },
  samples: PLAYER_SAMPLES as FixtureTable<ResetPasswordEvent>,
  answers: serverAnswers,
  serializeState: serializeJourneyState,
  allow,
  targetsOf,
  input: (link) => ({ token: LINK[link] }),
  worlds: { key: 'link', each: Object.keys(LINK) as LinkName[], keeps: KEEPS },
})

export type ResetLeaf = ReturnType<typeof leavesOf>[number]
export type ResetJourney = ReturnType<typeof resetJourneys>[number]

const sampleName = (value: string): string => (Object.entries(NEW_PASSWORD).find(([, v]) => v === value)?.[0] ?? value) || 'empty'

export function describeEvent(event: JourneyEvent): string {
  switch (event.type) {
    case 'reset.field.change':
      return `reset.field.change(${event.name}: ${sampleName(event.value)})`
    case 'xstate.done.actor.submitReset':
      return `done.submitReset(${event.output.ok ? 'ok' : event.output.error.code})`
    default:
      return event.type
  }
}
