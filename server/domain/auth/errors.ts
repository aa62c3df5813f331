import type { InvalidParameters } from '../../../src/shared/errors'

/**
 * The auth domain's expected failures. server/api/errors.ts maps each to its SPEC §8 type and a
 * stable `code` (ARCHITECTURE §4: clients route on type and code, never on the message).
 */

/** Wrong password, or no such account: deliberately one error, so answers never tell them apart. */
export class InvalidCredentialsError extends Error {
  override name = 'InvalidCredentialsError'
  constructor() {
    super('Wrong login or password')
  }
}

/** The password was right and the account has two-factor on: ask for a code. */
export class TwoFactorRequiredError extends Error {
  override name = 'TwoFactorRequiredError'
  constructor(readonly resendSeconds: number) {
    super('Two-factor authentication is enabled')
  }
}

/** The code was wrong, already used, or not a code at all. */
export class TwoFactorInvalidError extends Error {
  override name = 'TwoFactorInvalidError'
  constructor() {
    super('Two-factor code is invalid')
  }
}

/** The code was right for a time step that has passed (SPEC §8 'Time expired'). */
export class TwoFactorExpiredError extends Error {
  override name = 'TwoFactorExpiredError'
  constructor() {
    super('Two-factor code has expired')
  }
}

/** A throttle said no; come back in `retryAfterSeconds`. */
export class ThrottledError extends Error {
  override name = 'ThrottledError'
  constructor(readonly retryAfterSeconds: number) {
    super('Too many attempts, try again later')
  }
}

/** Field -> error codes, for the form to show beside each field (SPEC §8 'Registration failure'). */
export class FieldErrors extends Error {
  override name = 'FieldErrors'
  constructor(readonly invalidParameters: InvalidParameters) {
    super('Invalid parameters')
  }
}

/** A password-reset link that is unknown, already used, or too old. */
export class ResetTokenError extends Error {
  override name = 'ResetTokenError'
  constructor(readonly reason: 'invalid' | 'expired') {
    super(reason === 'expired' ? 'The password reset link has expired' : 'The password reset link is not valid')
  }
}
