import { CASHIER_ERROR_CODE } from '../../src/services/api/contract/cashier'
import { CURRENCY_ERROR_CODE } from '../../src/services/api/contract/account'
import { ApiError } from '../../src/shared/errors'
import {
  AmountInvalid,
  AmountOutOfBounds,
  CardNumberNotAccepted,
  ContactConfirmationRequired,
  CurrencyChangeRefused,
  CurrencyInvalid,
  DateRangeInvalid,
  DepositLimitExceeded,
  KycRequired,
  MethodUnavailable,
  OfferNotApplicable,
  PaymentError,
  PaymentIdempotencyConflict,
  ProfileDataRequired,
  ProviderUnavailable,
  RequisitesInvalid,
  TransactionNotFound,
  WithdrawalAboveBalance,
  WithdrawalLimitExceeded,
  WithdrawalNotCancellable,
  WithdrawalPeriodExceeded,
} from '../domain/payments/errors'

/**
 * The cashier's refusals (server/domain/payments/errors.ts) as SPEC §8 errors, with the codes of
 * the cashier contract (CASHIER_ERROR_CODE documents each one's type and error_data).
 */
export function paymentApiError(err: unknown): ApiError | null {
  if (!(err instanceof PaymentError)) return null
  const message = err.message
  if (err instanceof CurrencyInvalid) {
    return new ApiError({
      type: 'InvalidParameterException',
      code: err.subject === 'payment' ? CASHIER_ERROR_CODE.methodUnavailable : 'invalid_currency',
      message,
      invalidParameters: { currency: ['invalid'] },
    })
  }
  if (err instanceof MethodUnavailable) {
    return new ApiError({ type: 'InvalidParameterException', code: CASHIER_ERROR_CODE.methodUnavailable, message, invalidParameters: { method: ['invalid'] } })
  }
  if (err instanceof AmountInvalid) {
    return new ApiError({ type: 'InvalidParameterException', code: 'invalid_amount', message, invalidParameters: { amount: [err.reason] } })
  }
  if (err instanceof AmountOutOfBounds) {
    return new ApiError({
      type: 'InvalidParameterException',
      code: CASHIER_ERROR_CODE.amountOutOfBounds,
      message,
      invalidParameters: { amount: [err.bound] },
      errorData: { min: err.min, max: err.max },
    })
  }
  if (err instanceof CardNumberNotAccepted) {
    return new ApiError({ type: 'InvalidParameterException', code: CASHIER_ERROR_CODE.cardNumberNotAccepted, message, invalidParameters: { [err.field]: ['cardNumber'] } })
  }
  if (err instanceof RequisitesInvalid) {
    return new ApiError({ type: 'InvalidParameterException', code: CASHIER_ERROR_CODE.invalidRequisites, message, invalidParameters: err.fields })
  }
  if (err instanceof PaymentIdempotencyConflict) {
    return new ApiError({ type: 'InvalidRequestException', code: CASHIER_ERROR_CODE.idempotencyConflict, message })
  }
  if (err instanceof TransactionNotFound) {
    return new ApiError({ type: 'MethodNotFoundException', code: CASHIER_ERROR_CODE.transactionNotFound, message })
  }
  if (err instanceof ProviderUnavailable) {
    return new ApiError({ type: 'BillingUnavailableException', message, cause: err.cause })
  }
  if (err instanceof DateRangeInvalid) {
    return new ApiError({ type: 'InvalidParameterException', code: CASHIER_ERROR_CODE.invalidDateRange, message, invalidParameters: { date_from: ['invalid'] } })
  }
  if (err instanceof DepositLimitExceeded) {
    return new ApiError({
      type: 'BillingDepositLimitExceededException',
      code: CASHIER_ERROR_CODE.depositLimitExceeded,
      message,
      errorData: { available_amount: err.available, expired_at: err.expiresAt.toISOString(), period: err.periodDays },
    })
  }
  if (err instanceof OfferNotApplicable) {
    return new ApiError({ type: 'InvalidParameterException', code: CASHIER_ERROR_CODE.offerNotApplicable, message, invalidParameters: { campaign_offer_id: ['invalid'] } })
  }
  if (err instanceof ContactConfirmationRequired) {
    return new ApiError({ type: 'UserNeedConfirmContactException', code: CASHIER_ERROR_CODE.confirmContactRequired, message, errorData: { contact_type: err.contactType } })
  }
  if (err instanceof ProfileDataRequired) {
    return new ApiError({
      type: 'UserNeedProfileDataException',
      code: CASHIER_ERROR_CODE.profileDataRequired,
      message,
      errorData: { operation: err.operation, fields: [...err.fields] },
    })
  }
  if (err instanceof KycRequired) {
    return new ApiError({ type: 'KycWithdrawalException', code: CASHIER_ERROR_CODE.kycRequired, message, errorData: { threshold: err.threshold } })
  }
  if (err instanceof WithdrawalAboveBalance) {
    return new ApiError({ type: 'WithdrawalDeclinedException', code: CASHIER_ERROR_CODE.insufficientFunds, message, errorData: { min: null, max: err.max } })
  }
  if (err instanceof WithdrawalLimitExceeded) {
    return new ApiError({ type: 'WithdrawalLimitsExceededException', code: CASHIER_ERROR_CODE.withdrawalLimitExceeded, message, errorData: { min: err.min, max: err.max } })
  }
  if (err instanceof WithdrawalPeriodExceeded) {
    return new ApiError({
      type: 'WithdrawalLimitsPeriodExceededException',
      code: CASHIER_ERROR_CODE.withdrawalPeriodExceeded,
      message,
      errorData: { period_days: err.periodDays, available_amount: err.available, reset_at: err.resetAt.toISOString() },
    })
  }
  if (err instanceof WithdrawalNotCancellable) {
    return new ApiError({ type: 'InvalidParameterException', code: CASHIER_ERROR_CODE.withdrawalNotCancellable, message, invalidParameters: { id: ['invalid'] } })
  }
  if (err instanceof CurrencyChangeRefused) {
    return new ApiError({ type: 'InvalidRequestException', code: CURRENCY_ERROR_CODE[err.reason], message })
  }
  return null
}
