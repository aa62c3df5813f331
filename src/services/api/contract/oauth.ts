// Social login (SPEC §2.3, §4 'Social login', §7 'Social login'). The login itself is not an API
// call: the site opens a 640x480 window at /oauth/init, which runs the OpenID Connect flow and
// reports back to the page by message. These calls serve the popup around it: which services to
// offer, and completing the registration of a new social account (SPEC §2.3 socialRegistration).
import { array, object, optional, pattern, size, string, type Infer } from 'superstruct'
import { AccountInfoSchema } from './account'
import { defineCall } from './define'
import { wireBoolean } from './params'

/** The window's address (SPEC §7). Query: service, redirect_url, type_auth. */
export const OAUTH_INIT_PATH = '/oauth/init'
/** Where providers send the browser back; registered with each provider. */
export const OAUTH_CALLBACK_PATH = '/oauth/callback'
/** SPEC §7 type_auth: which view the window was opened from. */
export const TYPE_AUTH = ['login', 'registration'] as const
export type TypeAuth = (typeof TYPE_AUTH)[number]

/**
 * What the callback page posts to its opener (same origin only, `postMessage(msg, origin)`) and on
 * the BroadcastChannel of the same name, for windows whose opener the provider's pages cut off.
 */
export const SOCIAL_AUTH_MESSAGE = 'social-auth'
export type SocialAuthMessage =
  | { readonly type: typeof SOCIAL_AUTH_MESSAGE; readonly status: 'success'; readonly created: boolean; readonly type_auth: TypeAuth }
  | { readonly type: typeof SOCIAL_AUTH_MESSAGE; readonly status: 'error'; readonly code: SocialAuthErrorCode }

/** Failure codes the callback reports; the page translates them (ARCHITECTURE §4). */
export const SOCIAL_AUTH_ERROR_CODES = [
  'unknown_provider',
  'invalid_state',
  'access_denied',
  'token_exchange_failed',
  'invalid_id_token',
  'provider_unavailable',
  'account_blocked',
  'too_many_requests',
] as const
export type SocialAuthErrorCode = (typeof SOCIAL_AUTH_ERROR_CODES)[number]

/** SPEC §2.3 'Social list items have id, icon and name'. `icon` names a sprite icon, or an SVG file (our path or an allowlisted URL) inlined once sanitised. */
export const SocialServiceSchema = object({
  /** The `service` of /oauth/init. */
  id: pattern(string(), /^[a-z][a-z0-9-]{0,31}$/),
  name: string(),
  icon: string(),
})
export type SocialService = Infer<typeof SocialServiceSchema>

export const SocialSettingsSchema = object({
  /** Configured providers, the development one first when it is on (demo). Empty: no buttons. */
  services: array(SocialServiceSchema),
  /**
   * Origins besides the site's own that a backUrl or redirectUrl may lead to (REDIRECT_ALLOWLIST);
   * src/shared/redirect.ts applies them.
   */
  redirect_allowlist: array(string()),
})
export type SocialSettings = Infer<typeof SocialSettingsSchema>

/** GET /api/oauth/getsettings: the social-login buttons and the redirect allowlist. */
export const getsettings = defineCall({
  area: 'oauth',
  name: 'getsettings',
  method: 'GET',
  access: 'anyone',
  request: object({}),
  response: SocialSettingsSchema,
})

/** Error codes of completeRegistration besides invalid_parameters (currency: invalid | locked; terms: required). */
export const COMPLETE_REGISTRATION_ERROR_CODE = {
  /** InvalidRequestException 400: this account's registration is already complete. */
  alreadyCompleted: 'registration_completed',
  /** AuthorizationException 401: nobody is logged in. */
  notLoggedIn: 'not_logged_in',
} as const

/**
 * POST /api/oauth/completeRegistration: what a social account lacks (SPEC §2.3 socialRegistration):
 * the account currency, the terms (must be '1'), mailing consent. Answers the updated AccountInfo,
 * with is_registration_completed true.
 */
export const completeRegistration = defineCall({
  area: 'oauth',
  name: 'completeRegistration',
  method: 'POST',
  access: 'player',
  request: object({
    currency: size(string(), 1, 10),
    terms: wireBoolean(),
    notify: optional(wireBoolean()),
  }),
  response: AccountInfoSchema,
})
export type CompleteRegistrationParams = Infer<typeof completeRegistration.request>
