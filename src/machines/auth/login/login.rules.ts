// The pure rules of the login flow, kept out of the chart so each is tested on its own and the chart
// reads as the flow (SPEC §4 'Login', §5, §8). Field rules are SPEC §5's, from src/shared/validation.
import { checkCode, validateForm, type FieldRules } from '../../../shared/validation/rules'
import { DEFAULT_LOCALE, isLocale, localizePath, splitLocale } from '../../../shared/locales'
import { safeRedirectPath } from '../../../shared/redirect'
import type { ACCOUNT_STATUS_ERROR_CODE } from '../../../services/api/contract/account'
import { AUTH_ERROR_CODES, type AuthFailure } from '../auth.types'
import type { Credentials, LoginAlert, LoginFieldErrors, LoginMessageId } from './login.types'

/** SPEC §4: "a plain login strips a leading plus from the login" (a phone typed as +49...). */
export function normalizeLogin(login: string): string {
  return login.trim().replace(/^\+/, '')
}

/**
 * SPEC §5: the login is required (the text rule's other checks are the server's business at login:
 * an account made under older rules must still be able to sign in); the password is required and
 * nothing more, for the same reason.
 */
const LOGIN_FORM: Readonly<Record<keyof Credentials, FieldRules>> = {
  login: [{ rule: 'required' }],
  password: [{ rule: 'required' }],
}

export function validateLoginForm(credentials: Credentials): LoginFieldErrors {
  return validateForm({ login: normalizeLogin(credentials.login), password: credentials.password }, LOGIN_FORM)
}

/**
 * A recovery code stands in for a lost authenticator. The brief's 'xxxx-xxxx' and the server's
 * four groups of four (server/domain/auth/recovery-codes.ts) both pass: as the server reads it,
 * 8 to 32 letters and digits once spaces and hyphens are removed.
 */
export function isRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{8,32}$/i.test(code.replace(/[\s-]/g, ''))
}

/** The code as it is sent: trimmed; the server normalises a recovery code's case and hyphens. */
export function normalizeTwoFactorCode(code: string): string {
  return code.trim()
}

/** SPEC §5 'Numeric code' (required, 6 digits) or a recovery code in its place. */
export function validateTwoFactorCode(code: string): LoginFieldErrors {
  const value = normalizeTwoFactorCode(code)
  if (isRecoveryCode(value)) return {}
  const errors = validateForm({ code: value }, { code: [{ rule: 'required' }] })
  if (errors.code) return errors
  const digits = checkCode(value)
  return digits ? { code: digits } : {}
}

export const hasFieldErrors = (errors: LoginFieldErrors): boolean => Object.keys(errors).length > 0

const isCode = (failure: AuthFailure, code: string) =>
  failure.type === 'AuthorizationException' && failure.code === code

/**
 * SPEC §4: the server asks for the twofa step with an AuthorizationException whose code says
 * two-factor is on, or with any answer that carries resend_time. Matched on type and code, never on
 * the message. TooManyRequests is checked before this by the chart: a throttled login is not a
 * prompt for a code, even though the throttle says (in resend_time) when to come back.
 */
export function requiresTwoFactor(failure: AuthFailure): boolean {
  return isCode(failure, AUTH_ERROR_CODES.twoFactorRequired) || failure.resendTime !== null
}

export const isTooManyRequests = (failure: AuthFailure): boolean => failure.type === 'TooManyRequestsException'

/**
 * The message a failure shows while the player stays in the twofa step, or undefined when the
 * failure leaves the step (a code submit answered with anything else is a failed login).
 * null: stay without a message (the server sent a fresh resend_time, nothing went wrong).
 */
export function twoFactorMessage(failure: AuthFailure): LoginMessageId | null | undefined {
  if (isTooManyRequests(failure)) return 'tooManyRequests'
  if (isCode(failure, AUTH_ERROR_CODES.twoFactorInvalid)) return 'twoFactorInvalid'
  if (isCode(failure, AUTH_ERROR_CODES.twoFactorExpired)) return 'twoFactorExpired'
  if (requiresTwoFactor(failure)) return null
  return undefined
}

/** SPEC §8: a resend that fails for any other reason says 'something wrong'; the player stays. */
export function resendFailureMessage(failure: AuthFailure): LoginMessageId | null {
  const message = twoFactorMessage(failure)
  return message === undefined ? 'twoFactorSomethingWrong' : message
}

/** The account contract's codes for an account that may not be used (machines import no values). */
export const ACCOUNT_STATUS_CODES = { selfExcluded: 'self_excluded' } as const satisfies Pick<
  typeof ACCOUNT_STATUS_ERROR_CODE,
  'selfExcluded'
>

/** SPEC §8 UserBanned: the player gets the user-blocked page, not a form message. */
export const isBanned = (failure: AuthFailure): boolean => failure.type === 'UserBannedException'

/** A refused login's alert: self-exclusion or a time-out says so (with its end), anything else is 'wrong enter'. */
export function loginFailureMessage(failure: AuthFailure | null): LoginMessageId {
  if (!failure || !isCode(failure, ACCOUNT_STATUS_CODES.selfExcluded)) return 'wrongEnter'
  return failure.errorData?.['kind'] === 'timeout' ? 'timedOut' : 'selfExcluded'
}

export function alertFor(messageId: LoginMessageId, failure: AuthFailure | null): LoginAlert {
  const alert: LoginAlert = {
    messageId,
    type: failure?.type ?? null,
    code: failure?.code ?? null,
    retryAfterSec: failure?.retryAfterSec ?? null,
  }
  if (messageId !== 'selfExcluded' && messageId !== 'timedOut') return alert
  const until = failure?.errorData?.['until']
  return { ...alert, until: typeof until === 'string' ? until : null }
}

/**
 * Where a player lands after logging in (SPEC §2.3): the page they were sent home from
 * (redirectUrl, same-origin only) or the page they are on, without the popup flags, in the
 * player's own locale.
 */
export function afterLoginTarget(location: { pathname: string; search: string }, accountLocale: string): string {
  const params = new URLSearchParams(location.search)
  const wanted = safeRedirectPath(params.get('redirectUrl'))
  const locale = isLocale(accountLocale) ? accountLocale : DEFAULT_LOCALE
  if (wanted) {
    const url = new URL(wanted, 'http://same-origin')
    return localizePath(splitLocale(url.pathname).path, locale) + url.search
  }
  for (const flag of ['show_popup_auth', 'show_popup_reg', 'prevent_close']) params.delete(flag)
  const query = params.toString()
  return localizePath(splitLocale(location.pathname).path, locale) + (query ? `?${query}` : '')
}
