import type { FastifyError } from 'fastify'
import type { StructError } from 'superstruct'
import { ApiError, errorTypeForStatus, isApiError, type InvalidParameters } from '../../src/shared/errors'
import { PlayerBannedError } from '../domain/account/info'
import { IdempotencyConflictError, InsufficientFundsError } from '../domain/wallet/ledger'

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
  if (err instanceof PlayerBannedError) {
    return { error: new ApiError({ type: 'UserBannedException', code: 'user_banned', message: 'Account is blocked' }), unexpected: false }
  }
  if (err instanceof InsufficientFundsError) {
    return { error: new ApiError({ type: 'UserNeedDepositException', code: 'insufficient_funds', message: 'Insufficient funds' }), unexpected: false }
  }
  if (err instanceof IdempotencyConflictError) {
    return { error: new ApiError({ type: 'InvalidRequestException', code: 'idempotency_conflict', message: 'Operation already used' }), unexpected: false }
  }
  const status = (err as FastifyError | undefined)?.statusCode
  // Fastify's own request errors (malformed JSON, body too large, unsupported media type):
  // their messages are generic and safe to show.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const fe = err as FastifyError
    return { error: new ApiError({ type: errorTypeForStatus(status), message: fe.message, code: fe.code ?? null, status }), unexpected: false }
  }
  return { error: new ApiError({ type: 'InternalServerErrorException', message: 'Internal server error' }), unexpected: true }
}

/**
 * Superstruct's failures as SPEC §8 invalid_parameters: field -> codes. `required` when the
 * field is missing, else the failing refinement (`size`, `pattern`, ...) or `invalid`.
 */
export function invalidParameters(err: StructError): InvalidParameters {
  const out: InvalidParameters = {}
  for (const failure of err.failures()) {
    const field = failure.path.length ? failure.path.map(String).join('.') : '_'
    const code = failure.value === undefined ? 'required' : (failure.refinement ?? 'invalid')
    const codes = (out[field] ??= [])
    if (!codes.includes(code)) codes.push(code)
  }
  return out
}

export function invalidParameterError(err: StructError): ApiError {
  return new ApiError({
    type: 'InvalidParameterException',
    message: 'Invalid parameters',
    code: 'invalid_parameters',
    invalidParameters: invalidParameters(err),
  })
}
