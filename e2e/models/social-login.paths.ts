// The journeys of e2e/social-login.model.spec.ts, computed from the social-login machine with the
// shared generator (e2e/models/journeys.ts): one shortest path per state a visitor can reach with
// the auth popup's social buttons, and one per thing the popup shows differently (each alert).
//
// The world is the development identity provider (server/http/dev-idp.ts) in a 640x480 window.
// What the window reports is the visitor's doing there, so its events are the visitor's samples:
// a new person signs in (the callback says `created`), a returning person signs in (an account
// made and completed through the API first), a banned one (the same, then banned by the operator
// API: account_blocked), the visitor cancels at the provider (access_denied).
// The server's answers are an oracle of server/http/oauth.ts and /api/account/getInfo: the buttons
// are the configured providers (dev in e2e), and who this page is after the window is whoever the
// window signed in, or a visitor when it signed nobody in or the session ended meanwhile.
//
// Node-only and browser-free: the spec imports it at collection time.
import { VISITOR, type AccountInfo } from '../../src/services/api/contract/account'
import { socialLoginMachine } from '../../src/machines/auth/social-login/social-login.machine'
import type { SocialLoginSnapshot } from '../../src/machines/auth/social-login/social-login.selectors'
import type { LoadSocialSettingsResult, RefreshUserResult, SocialLoginEvent, SocialWindowResult } from '../../src/machines/auth/social-login/social-login.types'
import type { FixtureTable } from '../../src/machines/testing/model'
import { defineModelPaths, stateName } from './journeys'

// ── the events a visitor causes ──────────────────────────────────────────────

/** The development provider's button (server/http/oauth.ts lists it first in demo and e2e). */
export const DEV_SERVICE = { id: 'dev', name: 'Dev ID', icon: 'dev' } as const

/** What the window reports for each thing the visitor does at the provider. */
export const WINDOW = {
  /** A person the site has never seen signs in: a new social account. */
  newPlayer: { ok: true, created: true },
  /** A person whose account exists and is complete signs in. */
  returningPlayer: { ok: true, created: false },
  /** 'Cancel' on the provider's page. */
  cancelled: { ok: false, code: 'access_denied' },
  /** A returning player the operator has banned signs in: the callback refuses before any session. */
  bannedPlayer: { ok: false, code: 'account_blocked' },
} as const satisfies Record<string, SocialWindowResult>

/**
 * A new event type without samples does not compile (FixtureTable is keyed by SocialLoginEvent['type']).
 * Window reports left out, each with its reason: provider_unavailable, token_exchange_failed and
 * invalid_id_token (the development provider always answers, with a token it signed);
 * too_many_requests (/oauth/init allows 30 windows per 10 minutes times the e2e server's raised
 * multiplier, which only the login and restore calls lower per browser context); invalid_state
 * and unknown_provider (a replayed or forged callback, nothing a player does in the window). They
 * share the alerts 'unavailable', 'tooManyRequests' and 'failed' with the machine tests.
 */
export const PLAYER_SAMPLES = {
  'social.select': [{ type: 'social.select', service: DEV_SERVICE.id }],
  'social.window.result': Object.values(WINDOW).map((result) => ({ type: 'social.window.result' as const, result })),
  // The visitor closes the window without signing in.
  'social.window.closed': [{ type: 'social.window.closed' }],
  // The browser refused the window: the journey whose path takes it makes window.open answer null
  // before the page loads (e2e/models/social-login.journey.ts), as a pop-up blocker does.
  'social.window.blocked': [{ type: 'social.window.blocked' }],
  // 'Cancel' beside 'Finish signing in in the window that opened': the window goes and the buttons
  // are back, as after a window closed without a word; the journey `ready:after-window` plays it.
  'social.cancel': [{ type: 'social.cancel' }],
  'popup.close': [{ type: 'popup.close' }],
} as const satisfies FixtureTable<SocialLoginEvent>

// ── the events the server causes ─────────────────────────────────────────────

/**
 * What the runtime delivers. Left out, each with its reason: the actors' rejections
 * ('xstate.error.actor.*': a bug or a dead network, which the real site cannot be made to give);
 * loadSettings answering no service (e2e configures the development provider).
 */
export type SocialLoginAnswer =
  | { type: 'xstate.done.actor.loadSettings'; output: LoadSocialSettingsResult }
  | { type: 'xstate.done.actor.refreshUser'; output: RefreshUserResult }

export type JourneyEvent = SocialLoginEvent | SocialLoginAnswer

const account = (completed: boolean): AccountInfo => ({
  ...VISITOR,
  uid: 1,
  login: completed ? 'returning' : 'new',
  balance_main: { amount: '0.00', currency: 'USD' } as AccountInfo['balance_main'],
  is_registration_completed: completed,
  locale: 'en',
})

/** Who the page is after the window: the model's answers to getInfo. */
export const WHO = {
  newPlayer: { ok: true, account: account(false) },
  returningPlayer: { ok: true, account: account(true) },
  visitor: { ok: true, account: { ...VISITOR } },
} as const satisfies Record<string, RefreshUserResult>

/**
 * The oracle. The buttons: the development provider. After the window: the person it signed in
 * (new: needs completing; returning: complete), or a visitor. A visitor after a window that said
 * success is the session ended meanwhile (the gesture logs the page out before the answer), the
 * one way the real server answers `refreshing` with nobody.
 */
export function serverAnswers(snapshot: SocialLoginSnapshot): SocialLoginAnswer[] {
  if (snapshot.matches('loading')) {
    return [{ type: 'xstate.done.actor.loadSettings', output: { ok: true, settings: { services: [DEV_SERVICE], redirect_allowlist: [] } } }]
  }
  const refresh = (output: RefreshUserResult): SocialLoginAnswer => ({ type: 'xstate.done.actor.refreshUser', output })
  if (snapshot.matches('refreshing')) return [refresh(snapshot.context.created ? WHO.newPlayer : WHO.returningPlayer), refresh(WHO.visitor)]
  if (snapshot.matches('checking')) return [refresh(WHO.visitor)]
  return []
}

/** A visitor uses the buttons once per journey (a person's order; keeps the graph small). */
function allow(snapshot: SocialLoginSnapshot, event: JourneyEvent): boolean {
  if (event.type === 'social.select') return snapshot.context.service === null
  return true
}

function serializeJourneyState(snapshot: SocialLoginSnapshot): string {
  const { service, created, alert, account } = snapshot.context
  return JSON.stringify({ value: snapshot.value, service, created, alert, uid: account?.uid ?? null })
}

/**
 * The state value; a refusal by its alert; and the buttons back after a window with no alert
 * (`ready:after-window`: the window is gone, the buttons work again).
 */
function targetsOf(snapshot: SocialLoginSnapshot): string[] {
  if (snapshot.matches('ready') && snapshot.context.alert) return [`alert:${snapshot.context.alert}`]
  if (snapshot.matches('ready') && snapshot.context.service !== null) return ['ready:after-window']
  return [stateName(snapshot)]
}

// ── states and paths ─────────────────────────────────────────────────────────

export const { skipped: SKIPPED, leavesOf, journeys: socialLoginJourneys } = defineModelPaths({
  machine: socialLoginMachine,
  // The chart's states no journey reaches, and why (printed by the spec's first test).
  skipped: {
    unavailable:
      'no buttons: the e2e server configures the development provider, so getsettings always lists it (the machine tests play an empty list and a failed call)',
  },
  samples: PLAYER_SAMPLES as FixtureTable<SocialLoginEvent>,
  answers: serverAnswers,
  serializeState: serializeJourneyState,
  allow,
  targetsOf,
  input: () => ({ typeAuth: 'login', returnTo: '/' }),
})

export type SocialLoginLeaf = ReturnType<typeof leavesOf>[number]
export type SocialLoginJourney = ReturnType<typeof socialLoginJourneys>[number]

const windowName = (result: SocialWindowResult): string =>
  Object.entries(WINDOW).find(([, w]) => JSON.stringify(w) === JSON.stringify(result))?.[0] ?? JSON.stringify(result)

const whoName = (result: RefreshUserResult): string =>
  Object.entries(WHO).find(([, w]) => JSON.stringify(w) === JSON.stringify(result))?.[0] ?? 'other'

export function describeEvent(event: JourneyEvent): string {
  switch (event.type) {
    case 'social.select':
      return `social.select(${event.service})`
    case 'social.window.result':
      return `social.window.result(${windowName(event.result)})`
    case 'xstate.done.actor.loadSettings':
      return `done.loadSettings(${event.output.ok ? event.output.settings.services.map((s) => s.id).join(',') : 'failed'})`
    case 'xstate.done.actor.refreshUser':
      return `done.refreshUser(${whoName(event.output)})`
    default:
      return event.type
  }
}

/** What a path needs of the world before it starts. */
export const pathNeeds = (events: readonly JourneyEvent[]) => ({
  /** The window is refused: window.open answers null. */
  blockedWindow: events.some((e) => e.type === 'social.window.blocked'),
  /** A complete social account to sign in as. */
  returningPlayer: events.some((e) => e.type === 'social.window.result' && windowName(e.result) === 'returningPlayer'),
  /** A complete social account the operator has banned. */
  bannedPlayer: events.some((e) => e.type === 'social.window.result' && windowName(e.result) === 'bannedPlayer'),
})
