import { ApiError, type ErrorType } from '../../src/shared/errors'
import { AmountError } from '../../src/shared/money'
import { WalletError, type WalletErrorCode } from '../domain/wallet/errors'

/**
 * The wallet's refusals as SPEC §8 errors. Field problems (amounts, currencies, ids) are
 * InvalidParameterException with invalid_parameters naming the field and the code, so the client
 * picks a translated message by code ('locale_formatted', 'too_many_decimals', 'unavailable', ...).
 */
const TYPES: Record<WalletErrorCode, ErrorType> = {
  idempotency_conflict: 'InvalidRequestException',
  session_expired: 'AuthorizationException',
  unknown_player: 'InvalidRequestException',
  player_blocked: 'UserBannedException',
  unknown_currency: 'InvalidParameterException',
  currency_mismatch: 'InvalidParameterException',
  transaction_mismatch: 'InvalidRequestException',
  not_rollbackable: 'InvalidRequestException',
  invalid_request: 'InvalidParameterException',
  invalid_amount: 'InvalidParameterException',
  balance_overflow: 'InvalidParameterException',
}

export function walletApiError(err: unknown): ApiError | null {
  if (err instanceof WalletError) {
    return new ApiError({
      type: TYPES[err.code],
      code: err.code,
      message: err.message,
      invalidParameters: err.fields ?? (err.code === 'balance_overflow' ? { amount: ['too_large'] } : null),
    })
  }
  if (err instanceof AmountError) {
    return new ApiError({ type: 'InvalidParameterException', code: 'invalid_amount', message: err.message, invalidParameters: { amount: [err.code] } })
  }
  return null
}
