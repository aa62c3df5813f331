import type { FastifyError } from 'fastify'
import type { StructError } from 'superstruct'
import { ApiError, errorTypeForStatus, isApiError, type InvalidParameters, OUTAGE_CODE } from '../../src/shared/errors'
import { AUTH_ERROR_CODE } from '../../src/services/api/contract/auth'
import { ACCOUNT_STATUS_ERROR_CODE } from '../../src/services/api/contract/account'
import { OPERATOR_ERROR_CODE } from '../../src/services/api/contract/operator'
import { PlayerBannedError, SelfExcludedError } from '../domain/account/info'
import { SelfExclusionShorterError, UnknownPlayerError } from '../domain/account/status'
import { TwoFactorSetupError } from '../domain/account/two-factor'
import {
  FieldErrors,
  InvalidCredentialsError,
  ResetTokenError,
  ThrottledError,
  TwoFactorExpiredError,
  TwoFactorInvalidError,
  TwoFactorRequiredError,
} from '../domain/auth/errors'
import { IdempotencyConflictError, InsufficientFundsError } from '../domain/wallet/ledger'
import { GameError } from '../domain/games/errors'
import { WebhookRejected } from '../domain/payments/provider'
import { SportsbookError } from '../domain/sportsbook/errors'
import { FreeSpinsGrantError } from '../domain/games/free-spins'
import { CatalogueError } from '../domain/games/catalogue'
import { paymentApiError } from './payment-errors'
import { kycApiError } from './kyc-errors'
import { walletApiError } from './wallet-errors'
import { isDatabaseUnavailable } from '../db/unavailable'

/**
 * Turns whatever a handler threw into the §8 error it answers with. ApiErrors pass through;
 * known domain errors map to their type here (the one place that knows both sides); anything
 * else is an InternalServerErrorException whose details stay in the log, never in the response.
 */

export interface MappedError {
  error: ApiError
  /** True when this was not an expected failure and must be logged with its stack. */
  unexpected: boolean
}

export function toApiError(err: unknown): MappedError {
  if (isApiError(err)) return { error: err, unexpected: err.status >= 500 }
  const status = accountStatusError(err)
  if (status) return { error: status, unexpected: false }
  if (err instanceof InsufficientFundsError) {
    return { error: new ApiError({ type: 'UserNeedDepositException', code: 'insufficient_funds', message: 'Insufficient funds' }), unexpected: false }
  }
  if (err instanceof GameError) return { error: gameApiError(err), unexpected: false }
  if (err instanceof SportsbookError) return { error: sportsbookApiError(err), unexpected: false }
  if (err instanceof CatalogueError) {
    return {
      error: new ApiError({ type: 'InvalidParameterException', code: err.code, message: err.message, invalidParameters: { [err.field]: [err.code] } }),
      unexpected: false,
    }
  }
  const auth = authError(err)
  if (auth) return { error: auth, unexpected: false }
  const wallet = walletApiError(err)
  if (wallet) return { error: wallet, unexpected: false }
  const payment = paymentApiError(err)
  // A provider that failed is upstream of us and worth its stack in the log; refusals are not.
  if (payment) return { error: payment, unexpected: payment.status >= 500 }
  const kyc = kycApiError(err)
  // Likewise for the KYC provider.
  if (kyc) return { error: kyc, unexpected: kyc.status >= 500 }
  if (err instanceof WebhookRejected) return { error: webhookRejection(err), unexpected: false }
  if (err instanceof IdempotencyConflictError) {
    return { error: new ApiError({ type: 'InvalidRequestException', code: 'idempotency_conflict', message: 'Operation already used' }), unexpected: false }
  }
  if (isDatabaseUnavailable(err)) {
    return {
      error: new ApiError({
        type: 'ApplicationUnavailableException',
        code: OUTAGE_CODE,
        message: 'The site is briefly unavailable. Try again in a few seconds.',
        status: 503,
      }),
      // The log wants it, once per request, but it is an outage rather than a bug of ours.
      unexpected: false,
    }
  }
  const httpStatus = (err as FastifyError | undefined)?.statusCode
  // Fastify's own request errors (malformed JSON, body too large, unsupported media type):
  // their messages are generic and safe to show.
  if (typeof httpStatus === 'number' && httpStatus >= 400 && httpStatus < 500) {
    const fe = err as FastifyError
    return {
      error: new ApiError({ type: errorTypeForStatus(httpStatus), message: fe.message, code: fe.code ?? null, status: httpStatus }),
      unexpected: false,
    }
  }
  return { error: new ApiError({ type: 'InternalServerErrorException', message: 'Internal server error' }), unexpected: true }
}

/**
 * Superstruct's failures as SPEC §8 invalid_parameters: field -> codes. `required` when the
 * field is missing; a length outside its bounds is `maxLength` or `minLength` with the bound in
 * error_data (so the player reads "Max length is 254", not a vague refusal); else the failing
 * refinement (`pattern`, ...) or `invalid`.
 */
export function invalidParameters(err: StructError): InvalidParameters {
  return describeFailures(err).invalidParameters
}

function describeFailures(err: StructError): { invalidParameters: InvalidParameters; errorData: Record<string, { min?: number; max?: number }> } {
  const out: InvalidParameters = {}
  const data: Record<string, { min?: number; max?: number }> = {}
  for (const failure of err.failures()) {
    const field = failure.path.length ? failure.path.map(String).join('.') : '_'
    let code = failure.value === undefined ? 'required' : (failure.refinement ?? 'invalid')
    if (code === 'size') {
      const bound = lengthBound(failure.value, failure.message)
      if (bound) {
        code = bound.code
        data[field] = { [bound.code === 'maxLength' ? 'max' : 'min']: bound.limit }
      }
    }
    const codes = (out[field] ??= [])
    if (!codes.includes(code)) codes.push(code)
  }
  return { invalidParameters: out, errorData: data }
}

/**
 * Which bound of superstruct's `size` a value broke, read from the failure's message (the only
 * place superstruct states the bounds): "... length between `1` and `254` ..." or "... length of `6` ...".
 */
function lengthBound(value: unknown, message: string): { code: 'maxLength' | 'minLength' | 'required'; limit: number } | null {
  const length = typeof value === 'string' || Array.isArray(value) ? value.length : null
  if (length === null) return null
  const range = /between `(\d+)` and `(\d+)`/.exec(message)
  const exact = /length of `(\d+)`/.exec(message)
  const min = Number(range?.[1] ?? exact?.[1])
  const max = Number(range?.[2] ?? exact?.[1])
  if (!Number.isFinite(min) || !Number.isFinite(max)) return null
  if (length > max) return { code: 'maxLength', limit: max }
  if (length < min) return length === 0 ? { code: 'required', limit: min } : { code: 'minLength', limit: min }
  return null
}

export function invalidParameterError(err: StructError): ApiError {
  const { invalidParameters: params, errorData } = describeFailures(err)
  return new ApiError({
    type: 'InvalidParameterException',
    message: 'Invalid parameters',
    code: 'invalid_parameters',
    invalidParameters: params,
    errorData: Object.keys(errorData).length ? errorData : null,
  })
}

/**
 * A parameter whose text the contract's edge refuses (src/services/api/contract/params.ts): codes
 * are SPEC §5 messageIds ('text': wrong symbols, 'maxLength' with its max in error_data), so the
 * client shows its own translated message for the field.
 */
export function textParameterError(problems: InvalidParameters, maxLength: number): ApiError {
  const tooLong = Object.entries(problems).filter(([, codes]) => codes.includes('maxLength'))
  return new ApiError({
    type: 'InvalidParameterException',
    message: 'Invalid parameters',
    code: 'invalid_parameters',
    invalidParameters: problems,
    errorData: tooLong.length ? Object.fromEntries(tooLong.map(([field]) => [field, { max: maxLength }])) : null,
  })
}

/** The auth domain's failures (server/domain/auth/errors.ts) with the codes of the auth contract. */
function authError(err: unknown): ApiError | null {
  if (err instanceof InvalidCredentialsError) {
    return new ApiError({ type: 'AuthorizationException', code: AUTH_ERROR_CODE.invalidCredentials, message: err.message })
  }
  if (err instanceof TwoFactorRequiredError) {
    return new ApiError({
      type: 'AuthorizationException',
      code: AUTH_ERROR_CODE.twoFactorRequired,
      message: err.message,
      resendTime: err.resendSeconds,
    })
  }
  if (err instanceof TwoFactorInvalidError) {
    return new ApiError({ type: 'AuthorizationException', code: AUTH_ERROR_CODE.twoFactorInvalid, message: err.message })
  }
  if (err instanceof TwoFactorExpiredError) {
    return new ApiError({ type: 'AuthorizationException', code: AUTH_ERROR_CODE.twoFactorExpired, message: err.message })
  }
  if (err instanceof ThrottledError) {
    // sendError turns resend_time of a 429 into the Retry-After header too.
    return new ApiError({
      type: 'TooManyRequestsException',
      code: AUTH_ERROR_CODE.tooManyAttempts,
      message: err.message,
      resendTime: err.retryAfterSeconds,
      errorData: { retry_after: err.retryAfterSeconds },
    })
  }
  if (err instanceof FieldErrors) {
    return new ApiError({
      type: 'InvalidParameterException',
      code: AUTH_ERROR_CODE.invalidParameters,
      message: err.message,
      invalidParameters: err.invalidParameters,
    })
  }
  if (err instanceof ResetTokenError) {
    return new ApiError({
      type: 'InvalidParameterException',
      code: AUTH_ERROR_CODE.resetTokenInvalid,
      message: err.message,
      invalidParameters: { token: [err.reason] },
    })
  }
  return null
}

/** Bans, self-exclusion, the two-factor set-up and the operator calls (server/domain/account). */
function accountStatusError(err: unknown): ApiError | null {
  if (err instanceof PlayerBannedError) {
    return new ApiError({
      type: 'UserBannedException',
      code: ACCOUNT_STATUS_ERROR_CODE.userBanned,
      message: 'Account is blocked',
      errorData: { ban_type: err.banType ?? 'other' },
    })
  }
  if (err instanceof SelfExcludedError) {
    return new ApiError({
      type: 'AuthorizationException',
      code: ACCOUNT_STATUS_ERROR_CODE.selfExcluded,
      message: err.message,
      errorData: { until: err.until?.toISOString() ?? null, kind: err.kind },
    })
  }
  if (err instanceof TwoFactorSetupError) {
    switch (err.reason) {
      case 'wrong_password':
        return new ApiError({ type: 'InvalidParameterException', code: err.reason, message: err.message, invalidParameters: { password: ['invalid'] } })
      case 'two_factor_invalid':
        return new ApiError({ type: 'InvalidParameterException', code: err.reason, message: err.message, invalidParameters: { code: ['invalid'] } })
      case 'two_factor_expired':
        return new ApiError({ type: 'InvalidParameterException', code: err.reason, message: err.message, invalidParameters: { code: ['expired'] } })
      default:
        return new ApiError({ type: 'InvalidRequestException', code: err.reason, message: err.message })
    }
  }
  if (err instanceof FreeSpinsGrantError) {
    const type = err.code === 'free_spins_key_conflict' ? 'InvalidRequestException' : 'InvalidParameterException'
    return new ApiError({ type, code: err.code, message: err.message, ...(type === 'InvalidParameterException' ? { invalidParameters: { [err.field]: [err.code] } } : {}) })
  }
  if (err instanceof UnknownPlayerError) {
    return new ApiError({
      type: 'InvalidParameterException',
      code: OPERATOR_ERROR_CODE.unknownPlayer,
      message: err.message,
      invalidParameters: { login: ['unknown'] },
    })
  }
  if (err instanceof SelfExclusionShorterError) {
    return new ApiError({
      type: 'InvalidRequestException',
      code: OPERATOR_ERROR_CODE.selfExclusionShorter,
      message: err.message,
      errorData: { until: err.until?.toISOString() ?? null },
    })
  }
  return null
}

/** The sportsbook's refusals: an unknown event is a 404 (its page is not found); the rest are the request's. */
function sportsbookApiError(err: SportsbookError): ApiError {
  const errorData = Object.keys(err.details).length > 0 ? err.details : undefined
  if (err.code === 'insufficient_funds') return new ApiError({ type: 'UserNeedDepositException', code: err.code, message: err.message, errorData })
  if (err.code === 'loss_limit_exceeded') return new ApiError({ type: 'InvalidRequestException', code: err.code, message: err.message, errorData })
  const status = err.code === 'sportsbook_event_not_found' || err.code === 'sportsbook_bet_not_found' || err.code === 'sportsbook_bonus_not_found' ? 404 : undefined
  if (err.field) return new ApiError({ type: 'InvalidParameterException', code: err.code, message: err.message, status, invalidParameters: { [err.field]: [err.code] }, errorData })
  return new ApiError({ type: 'InvalidRequestException', code: err.code, message: err.message, status, errorData })
}

/** The studio's refusals: a stake the balance cannot cover asks for a deposit; the rest are the request's. */
function gameApiError(err: GameError): ApiError {
  const errorData = Object.keys(err.details).length > 0 ? err.details : undefined
  if (err.code === 'insufficient_funds') return new ApiError({ type: 'UserNeedDepositException', code: err.code, message: err.message, errorData })
  if (err.code === 'bet_below_min' || err.code === 'bet_above_max' || err.code === 'bad_bet' || err.code === 'bad_action') {
    const field = err.code === 'bad_action' ? 'action' : err.code === 'bad_bet' && err.details.reason !== 'bad-amount' ? 'bet' : 'amount'
    return new ApiError({ type: 'InvalidParameterException', code: err.code, message: err.message, invalidParameters: { [field]: [err.details.reason ?? err.code] }, errorData })
  }
  return new ApiError({ type: 'InvalidRequestException', code: err.code, message: err.message, errorData })
}

/** A provider's webhook we refused: 401 when forged or stale, 400 when malformed. */
function webhookRejection(err: WebhookRejected): ApiError {
  return new ApiError({
    type: err.reason === 'malformed' ? 'InvalidRequestException' : 'AuthorizationException',
    code: err.reason,
    message: err.reason === 'stale' ? 'The webhook timestamp is outside the tolerance' : err.reason === 'malformed' ? 'Malformed webhook' : 'Missing or wrong signature',
  })
}
