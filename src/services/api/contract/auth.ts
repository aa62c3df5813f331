// Auth area (SPEC §7 'Auth': login, register, restore, logout) plus resetPassword, the call that
// finishes a recovery link (not in the SPEC; same form, ARCHITECTURE §4).
import { coerce, dynamic, literal, object, optional, pattern, size, string, Struct, type Infer } from 'superstruct'
import { AccountInfoSchema } from './account'
import { defineCall } from './define'
import { wireBoolean, wireInteger } from './params'

/**
 * Failure codes of this area, in `error.code` (ARCHITECTURE §4: clients route on type and code).
 * Field errors come in `invalid_parameters` as field -> codes: the SPEC §5 messageIds of
 * src/shared/validation, plus 'taken' (login, email, phone already used), 'common' (password in
 * the list of the 10,000 most common), and 'invalid'/'expired' for the reset token.
 */
export const AUTH_ERROR_CODE = {
  /** AuthorizationException 401: wrong password or no such account; the two are never told apart. */
  invalidCredentials: 'invalid_credentials',
  /** AuthorizationException 401, with resend_time: the account has two-factor on; send `code`. */
  twoFactorRequired: 'two_factor_required',
  /** AuthorizationException 401: the code is wrong or was already used. */
  twoFactorInvalid: 'two_factor_invalid',
  /** AuthorizationException 401: the code was right a few steps ago; use the current one. */
  twoFactorExpired: 'two_factor_expired',
  /** TooManyRequestsException 429: Retry-After header; resend_time and error_data.retry_after in seconds. */
  tooManyAttempts: 'too_many_attempts',
  /** InvalidParameterException 400: see invalid_parameters. */
  invalidParameters: 'invalid_parameters',
  /** InvalidParameterException 400 on resetPassword: invalid_parameters { token: ['invalid' | 'expired'] }. */
  resetTokenInvalid: 'reset_token_invalid',
  /** AuthorizationException 401 on register with is_tg: the init data is malformed, tampered with or not ours. */
  messengerInvalid: 'messenger_auth_invalid',
  /** AuthorizationException 401 on register with is_tg: signed, but auth_date is too old. */
  messengerExpired: 'messenger_auth_expired',
  /** AccessDeniedException 403 on register with is_tg: this site has no messenger bot configured. */
  messengerDisabled: 'messenger_disabled',
} as const

/**
 * The recovery mail links to `{site}{/locale}/#reset_token={token}`. A fragment, not a query: it
 * never reaches the server, its access logs or a Referer header. The page reads it, asks for the
 * new password and calls resetPassword with it. Valid for RESET_TOKEN_TTL_MIN, once.
 */
export const RESET_TOKEN_FRAGMENT = 'reset_token'
export const RESET_TOKEN_TTL_MIN = 60

// Bounds on what the server reads at all; the SPEC §5 rules (src/shared/validation) decide the rest.
const text = (max: number) => size(string(), 1, max)
const optionalText = (max: number) => optional(text(max))

/** POST /api/auth/login. Success is the player's AccountInfo, with a fresh session cookie. */
export const login = defineCall({
  area: 'auth',
  name: 'login',
  method: 'POST',
  access: 'anyone',
  request: object({
    /** Login, e-mail or phone (digits; a leading '+' is ignored). */
    login: text(254),
    password: text(256),
    /** The 6-digit TOTP code, or a recovery code, in the two-factor step. */
    code: optionalText(64),
  }),
  response: AccountInfoSchema,
})
export type LoginParams = Infer<typeof login.request>

/** GET /api/auth/logout (SPEC §7: a GET). Ends the session; answers 1 even with none. */
export const logout = defineCall({
  area: 'auth',
  name: 'logout',
  method: 'GET',
  access: 'anyone',
  request: object({}),
  response: literal(1),
})

/**
 * The messenger mini-app form of register (SPEC §4 'Messenger mini-app': is_tg, id, username, hash,
 * language_code and payload). `payload` is the raw tgWebAppData the messenger signed; it is the
 * only thing the server believes (it checks the signature with the bot token and the age of
 * auth_date). id, username, hash and language_code repeat what it says and must agree with it.
 * Success logs into the account linked to that messenger user, registering it on the first launch.
 */
export const messengerRegisterRequest = object({
  is_tg: coerce(literal(true), literal('1'), () => true as const),
  /** The messenger's user id, decimal. */
  id: pattern(string(), /^[1-9]\d{0,19}$/),
  username: optionalText(64),
  /** Hex HMAC-SHA256 of the init data. */
  hash: pattern(string(), /^[0-9a-fA-F]{64}$/),
  language_code: optionalText(16),
  payload: text(4096),
})
export type MessengerRegisterParams = Infer<typeof messengerRegisterRequest>

/** A request with is_tg is the messenger form; any other is the registration form. */
function withMessengerRegistration<T>(form: Struct<T, unknown>): Struct<T | MessengerRegisterParams, null> {
  type Either = Struct<T | MessengerRegisterParams, unknown>
  const either = dynamic<T | MessengerRegisterParams>((value) =>
    typeof value === 'object' && value !== null && (value as Record<string, unknown>).is_tg !== undefined
      ? (messengerRegisterRequest as unknown as Either)
      : (form as unknown as Either),
  )
  // Both forms' fields, for whoever lists a call's parameters (the server, the contract's tests);
  // a dynamic struct's validation never reads its schema.
  return new Struct({ ...either, schema: { ...(form.schema as object), ...messengerRegisterRequest.schema } }) as unknown as Struct<T | MessengerRegisterParams, null>
}

/**
 * POST /api/auth/register: SPEC §7 'Registration payload' plus the configurable profile fields
 * (SPEC §3 'Profile field sysnames'). Success is the new player's AccountInfo, logged in.
 */
export const register = defineCall({
  area: 'auth',
  name: 'register',
  method: 'POST',
  access: 'anyone',
  request: withMessengerRegistration(object({
    /** Defaults to email, else phone, on the client; the server does the same when it is missing. */
    login: optionalText(254),
    email: optionalText(254),
    /** From the mobile field. */
    phone: optionalText(32),
    password: text(256),
    currency: text(10),
    /** Mailing consent, '1' or '0'. */
    notify: optional(wireBoolean()),
    /** '1' betting, '0' casino. */
    is_betting: optional(wireBoolean()),
    character_id: optional(wireInteger()),
    region: optionalText(128),
    /** ISO 3166-1 alpha-2 of the phone's country (or its dial code). */
    phone_country_code: optionalText(8),
    promo_code: optionalText(64),
    country: optionalText(64),
    country_code: optionalText(2),
    locale: optionalText(8),
    fakename: optionalText(64),
    first_name: optionalText(128),
    middle_name: optionalText(128),
    last_name: optionalText(128),
    /** dd.mm.yyyy or yyyy-mm-dd. */
    birth_date: optionalText(10),
    sex: optional(wireInteger()),
    home_town: optionalText(128),
    address: optionalText(256),
    postcode: optionalText(16),
    document_type: optionalText(64),
    document_number: optionalText(64),
  })),
  response: AccountInfoSchema,
})
/** The registration form's parameters (register without is_tg). */
export type RegisterParams = Exclude<Infer<typeof register.request>, MessengerRegisterParams>

/**
 * POST /api/auth/restore: mails a recovery link to the account's e-mail. Answers 1 whether or not
 * such an account exists.
 */
export const restore = defineCall({
  area: 'auth',
  name: 'restore',
  method: 'POST',
  access: 'anyone',
  request: object({
    /** Login, e-mail or phone of the account. */
    login: optionalText(254),
    /** Accepted in place of login. */
    email: optionalText(254),
  }),
  response: literal(1),
})

/**
 * POST /api/auth/resetPassword: the token from the recovery link and the new password. Ends every
 * other session of the player; does not log in (the player then logs in, with two-factor if on).
 */
export const resetPassword = defineCall({
  area: 'auth',
  name: 'resetPassword',
  method: 'POST',
  access: 'anyone',
  request: object({
    token: text(128),
    password: text(256),
  }),
  response: literal(1),
})
