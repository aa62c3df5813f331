// The journeys of e2e/restore.model.spec.ts, computed from the restore machine with the shared
// generator (e2e/models/journeys.ts): one shortest path per state the visitor can reach in the auth
// popup's 'Reset your password' view, and one per thing the view shows differently (the link asked
// by e-mail, by phone, for an address nobody has; the empty field refused).
//
// The samples are what a visitor types; the actor's answer is an oracle of server/api/auth.ts
// (restore) and server/domain/auth/recovery.ts: 1 for every address, known or not (ARCHITECTURE §5:
// auth answers never reveal an account), unless this IP asked for more links this hour than the
// limit allows, when it is 429 TooManyRequestsException. That limit is the world, not something the
// visitor types: the sample LOGIN.afterLimit stands for "any address, typed from an IP that has used
// up its links for the hour", and its gesture makes that world first (e2e/models/restore.journey.ts).
//
// Node-only and browser-free: the spec imports it at collection time.
import type { AuthFailure } from '../../src/machines/auth/auth.types'
import { restoreMachine } from '../../src/machines/auth/restore/restore.machine'
import type { RestoreSnapshot } from '../../src/machines/auth/restore/restore.selectors'
import type { RequestResetResult, RestoreEvent } from '../../src/machines/auth/restore/restore.types'
import type { FixtureTable } from '../../src/machines/testing/model'
import { defineModelPaths, stateName } from './journeys'

// ── the events a visitor causes ──────────────────────────────────────────────

/**
 * What the visitor types. `email` and `phone` are placeholders the gesture turns into the e-mail and
 * the phone of a player the journey registers first (so the mail that answers them is its own);
 * `unknown` is an address no account has; `afterLimit` an unknown address typed once the IP has
 * used up its links for the hour (the gesture spends them first).
 */
export const LOGIN = {
  email: 'EMAIL-OF-THE-PLAYER',
  phone: 'PHONE-OF-THE-PLAYER',
  unknown: 'nobody-restore-model@example.com',
  afterLimit: 'too-many-links@example.com',
} as const

/** A new event type without samples does not compile (FixtureTable is keyed by RestoreEvent['type']). */
export const PLAYER_SAMPLES = {
  'restore.field.change': Object.values(LOGIN).map((value) => ({ type: 'restore.field.change' as const, value })),
  'restore.submit': [{ type: 'restore.submit' }],
  // 'Send the link again' leads back to the form the visitor already saw: no shortest path takes
  // it (no target lies behind it), so it is offered but never played; the machine tests cover it.
  'restore.again': [{ type: 'restore.again' }],
} as const satisfies FixtureTable<RestoreEvent>

// ── the events the server causes ─────────────────────────────────────────────

/**
 * What the runtime delivers. Left out, each with its reason: 'xstate.error.actor.requestReset' (the
 * actor rejects only on a bug or a dead network, which the real site cannot be made to give) and the
 * throttled countdown's tick 'xstate.after.retryTick.restore.throttled' (the real wait is what is
 * left of the IP's hour, up to 3600 ticks; the machine tests count it down with a fake clock).
 */
export type RestoreAnswer = { type: 'xstate.done.actor.requestReset'; output: RequestResetResult }

export type JourneyEvent = RestoreEvent | RestoreAnswer

/** The model's wait after a 429: the real one is what is left of the hour, read from the answer. */
const MODEL_WAIT_SECONDS = 60

function throttled(): RequestResetResult {
  const error: AuthFailure = {
    type: 'TooManyRequestsException',
    code: 'too_many_attempts',
    resendTime: MODEL_WAIT_SECONDS,
    retryAfterSec: MODEL_WAIT_SECONDS,
    invalidParameters: null,
    errorData: { retry_after: MODEL_WAIT_SECONDS },
  }
  return { ok: false, error }
}

/** The oracle: 1 for any address, 429 once the IP's links are spent (server/domain/auth/recovery.ts). */
export function serverAnswers(snapshot: RestoreSnapshot): RestoreAnswer[] {
  const spent = snapshot.context.login === LOGIN.afterLimit
  return [{ type: 'xstate.done.actor.requestReset', output: spent ? throttled() : { ok: true } }]
}

/** A visitor types once, into an empty field (a person's order; keeps the graph small). */
function allow(snapshot: RestoreSnapshot, event: JourneyEvent): boolean {
  if (event.type === 'restore.field.change') return snapshot.context.login === ''
  return true
}

function serializeJourneyState(snapshot: RestoreSnapshot): string {
  const { login, fieldErrors, alert, sentTo } = snapshot.context
  return JSON.stringify({ value: snapshot.value, login, errors: Object.keys(fieldErrors), alert: alert?.messageId ?? null, sentTo })
}

/** Which of LOGIN a value is, for titles and targets. */
export const sampleName = (value: string): string => (Object.entries(LOGIN).find(([, v]) => v === value)?.[0] ?? value) || 'empty'

/** The state value, and for `sent` whom the link was asked for; an empty submit's refusal. */
function targetsOf(snapshot: RestoreSnapshot): string[] {
  const name = stateName(snapshot)
  if (snapshot.matches('sent')) return [`sent:${sampleName(snapshot.context.sentTo ?? '')}`]
  if (snapshot.matches('editing') && snapshot.context.fieldErrors.login) return ['refused:login']
  return [name]
}

// ── states and paths ─────────────────────────────────────────────────────────

export const { skipped: SKIPPED, leavesOf, journeys: restoreJourneys } = defineModelPaths({
  machine: restoreMachine,
  // The chart's states no journey reaches, and why (printed by the spec's first test).
  skipped: {
    failed:
      "'something went wrong': the real server answers restore with 1 for every address, or 429 once the IP's links are spent; any other answer needs a broken server or network (the machine tests play it)",
  },
  samples: PLAYER_SAMPLES as FixtureTable<RestoreEvent>,
  answers: serverAnswers,
  serializeState: serializeJourneyState,
  allow,
  targetsOf,
})

export type RestoreLeaf = ReturnType<typeof leavesOf>[number]
export type RestoreJourney = ReturnType<typeof restoreJourneys>[number]

export function describeEvent(event: JourneyEvent): string {
  switch (event.type) {
    case 'restore.field.change':
      return `restore.field.change(${sampleName(event.value)})`
    case 'xstate.done.actor.requestReset':
      return `done.requestReset(${event.output.ok ? 'ok' : event.output.error.code})`
    default:
      return event.type
  }
}
