// The journeys of e2e/social-registration.model.spec.ts, computed from the social-registration
// machine with the shared generator (e2e/models/journeys.ts): one shortest path per state of the
// popup's 'Complete your registration' view that a new social player can reach, and per thing it
// shows differently (the terms refused, the server's alert, the values it sends).
//
// The samples are what the player chooses; the answers are an oracle of the seeded world and the
// server: getgeneralinfo lists the seed's currencies with USD the default (server/seed/data.ts),
// completeRegistration (server/domain/oauth/complete.ts) completes a fresh social account, or
// refuses one completed already (registration_completed, an alert naming no field), which the
// gesture makes true first by completing it through the API, as another tab would.
//
// Node-only and browser-free: the spec imports it at collection time.
import { SEED_CURRENCIES } from '../../server/seed/data'
import { DEFAULT_CURRENCY } from '../../server/domain/settings/settings'
import { VISITOR, type AccountInfo } from '../../src/services/api/contract/account'
import { socialRegistrationMachine } from '../../src/machines/auth/social-registration/social-registration.machine'
import type { SocialRegistrationSnapshot } from '../../src/machines/auth/social-registration/social-registration.selectors'
import type { CompleteResult, LoadCurrenciesResult, SocialRegistrationEvent } from '../../src/machines/auth/social-registration/social-registration.types'
import type { FixtureTable } from '../../src/machines/testing/model'
import { defineModelPaths, stateName } from './journeys'

// ── the events a player causes ───────────────────────────────────────────────

/** Another currency than the default the form opens with. */
export const OTHER_CURRENCY = 'EUR'

/** A new event type without samples does not compile (FixtureTable is keyed by SocialRegistrationEvent['type']). */
export const PLAYER_SAMPLES = {
  'socialReg.currency.change': [{ type: 'socialReg.currency.change', currency: OTHER_CURRENCY }],
  'socialReg.terms.toggle': [{ type: 'socialReg.terms.toggle' }],
  'socialReg.notify.toggle': [{ type: 'socialReg.notify.toggle' }],
  'socialReg.submit': [{ type: 'socialReg.submit' }],
  // Offered only after a failed load (loadFailed, skipped): its gesture clicks 'Try again'.
  'socialReg.retry': [{ type: 'socialReg.retry' }],
  'popup.close': [{ type: 'popup.close' }],
} as const satisfies FixtureTable<SocialRegistrationEvent>

// ── the events the server causes ─────────────────────────────────────────────

/**
 * What the runtime delivers. Left out, each with its reason: the actors' rejections
 * ('xstate.error.actor.*': a bug or a dead network); loadCurrencies failing (the server answers
 * general info to everyone); the server's field refusals (`invalid` is a currency the list does
 * not offer, which the select cannot send; `terms` required is refused by the form first; `locked`
 * needs money on a wallet of an account that cannot play before it is complete).
 */
export type SocialRegistrationAnswer =
  | { type: 'xstate.done.actor.loadCurrencies'; output: LoadCurrenciesResult }
  | { type: 'xstate.done.actor.completeRegistration'; output: CompleteResult }

export type JourneyEvent = SocialRegistrationEvent | SocialRegistrationAnswer

/** The answer to a completed account: 400 InvalidRequestException registration_completed. */
export const ALREADY_COMPLETED: CompleteResult = {
  ok: false,
  error: { type: 'InvalidRequestException', code: 'registration_completed', resendTime: null, retryAfterSec: null, invalidParameters: null, errorData: null },
}

function completed(snapshot: SocialRegistrationSnapshot): CompleteResult {
  const { currency, notify } = snapshot.context.values
  const account: AccountInfo = {
    ...VISITOR,
    uid: 1,
    login: 'social',
    is_subscribed: notify,
    balance_main: { amount: '0.00', currency } as AccountInfo['balance_main'],
    is_registration_completed: true,
    locale: 'en',
  }
  return { ok: true, account }
}

/** The oracle (server/seed/data.ts, server/domain/oauth/complete.ts). */
export function serverAnswers(snapshot: SocialRegistrationSnapshot): SocialRegistrationAnswer[] {
  if (snapshot.matches('loading')) {
    return [{ type: 'xstate.done.actor.loadCurrencies', output: { ok: true, currencies: SEED_CURRENCIES.map((c) => c.code), defaultCurrency: DEFAULT_CURRENCY } }]
  }
  if (snapshot.matches('submitting')) {
    return [
      { type: 'xstate.done.actor.completeRegistration', output: completed(snapshot) },
      { type: 'xstate.done.actor.completeRegistration', output: ALREADY_COMPLETED },
    ]
  }
  return []
}

/**
 * A person's order, which keeps the graph small: each choice made once (the currency changed,
 * a box ticked, never unticked), and nothing chosen after the server's alert (submit again).
 */
function allow(snapshot: SocialRegistrationSnapshot, event: JourneyEvent): boolean {
  const { values, alert } = snapshot.context
  switch (event.type) {
    case 'socialReg.currency.change':
      return values.currency !== event.currency && alert === null
    case 'socialReg.terms.toggle':
      return !values.terms && alert === null
    case 'socialReg.notify.toggle':
      return !values.notify && alert === null
    default:
      return true
  }
}

function serializeJourneyState(snapshot: SocialRegistrationSnapshot): string {
  const { values, fieldErrors, alert } = snapshot.context
  return JSON.stringify({ value: snapshot.value, values, errors: fieldErrors, alert })
}

/**
 * The state value; the terms refused; the server's alert; and `done` only with every choice
 * changed (another currency, the news ticked), so the one journey that completes checks that
 * the account got what the player chose.
 */
function targetsOf(snapshot: SocialRegistrationSnapshot): string[] {
  const { values, fieldErrors, alert } = snapshot.context
  if (snapshot.matches('done')) return values.currency === OTHER_CURRENCY && values.notify ? [`done:${OTHER_CURRENCY}+notify`] : []
  if (snapshot.matches('editing') && alert) return [`alert:${alert}`]
  if (snapshot.matches('editing') && fieldErrors.terms) return ['refused:terms']
  return [stateName(snapshot)]
}

// ── states and paths ─────────────────────────────────────────────────────────

export const { skipped: SKIPPED, leavesOf, journeys: socialRegistrationJourneys } = defineModelPaths({
  machine: socialRegistrationMachine,
  // The chart's states no journey reaches, and why (printed by the spec's first test).
  skipped: {
    loadFailed:
      "'we could not load the form': the server answers general info to everyone, so the currency list always loads (the machine tests play a failed load and 'Try again')",
  },
  samples: PLAYER_SAMPLES as FixtureTable<SocialRegistrationEvent>,
  answers: serverAnswers,
  serializeState: serializeJourneyState,
  allow,
  targetsOf,
})

export type SocialRegistrationLeaf = ReturnType<typeof leavesOf>[number]
export type SocialRegistrationJourney = ReturnType<typeof socialRegistrationJourneys>[number]

export function describeEvent(event: JourneyEvent): string {
  switch (event.type) {
    case 'socialReg.currency.change':
      return `socialReg.currency.change(${event.currency})`
    case 'xstate.done.actor.loadCurrencies':
      return `done.loadCurrencies(${event.output.ok ? 'ok' : 'failed'})`
    case 'xstate.done.actor.completeRegistration':
      return `done.completeRegistration(${event.output.ok ? 'ok' : event.output.error.code})`
    default:
      return event.type
  }
}
