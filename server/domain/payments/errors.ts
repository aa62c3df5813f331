import type { AmountErrorCode } from '../../../src/shared/money'

/**
 * Why the cashier refused a request: plain values only, no HTTP. server/api/payment-errors.ts maps
 * each to its SPEC §8 type, code, invalid_parameters and error_data (the one place that knows both
 * sides), so the domain never builds an API answer.
 */

/** An amount as the contract shows it: major units and the currency code. */
export interface MoneyValue {
  amount: string
  currency: string
}

export abstract class PaymentError extends Error {}

/** A payment or a deposit limit in a currency other than the account's. */
export class CurrencyInvalid extends PaymentError {
  override name = 'CurrencyInvalid'
  constructor(readonly subject: 'payment' | 'limit') {
    super(subject === 'payment' ? 'Payments are made in your account currency.' : 'The limit is in your account currency.')
  }
}

/** The method is unknown, off, or not offered for the currency or the direction. */
export class MethodUnavailable extends PaymentError {
  override name = 'MethodUnavailable'
  constructor(message = 'This payment method is not available.') {
    super(message)
  }
}

/** The amount is no amount of the currency (letters, too many decimals, ...). */
export class AmountInvalid extends PaymentError {
  override name = 'AmountInvalid'
  constructor(
    readonly reason: AmountErrorCode,
    message: string,
  ) {
    super(message)
  }
}

/** Below the method's minimum (or eaten by its fee), or above its maximum. */
export class AmountOutOfBounds extends PaymentError {
  override name = 'AmountOutOfBounds'
  constructor(
    readonly bound: 'minValue' | 'maxValue',
    message: string,
    readonly min: MoneyValue,
    readonly max: MoneyValue | null,
  ) {
    super(message)
  }
}

/** A full card number in a card requisite: the provider's page collects it, never we. */
export class CardNumberNotAccepted extends PaymentError {
  override name = 'CardNumberNotAccepted'
  constructor(readonly field: string) {
    super('Card numbers are entered on the payment page only.')
  }
}

/** Requisites the method's rules refuse, or a card that is not the player's: field -> SPEC §5 messageIds. */
export class RequisitesInvalid extends PaymentError {
  override name = 'RequisitesInvalid'
  constructor(
    readonly fields: Record<string, string[]>,
    message = 'Check the payment details.',
  ) {
    super(message)
  }
}

/** The idempotency key was used before with another body. */
export class PaymentIdempotencyConflict extends PaymentError {
  override name = 'PaymentIdempotencyConflict'
  constructor() {
    super('This request was already sent with other details.')
  }
}

export class TransactionNotFound extends PaymentError {
  override name = 'TransactionNotFound'
  constructor(message = 'No such transaction.') {
    super(message)
  }
}

/** No payment provider is configured, or the one asked did not answer. */
export class ProviderUnavailable extends PaymentError {
  override name = 'ProviderUnavailable'
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
  }
}

/** A history filter whose dates are not dates, or start after they end. */
export class DateRangeInvalid extends PaymentError {
  override name = 'DateRangeInvalid'
}

/** A deposit above what the binding deposit limit leaves. */
export class DepositLimitExceeded extends PaymentError {
  override name = 'DepositLimitExceeded'
  constructor(
    readonly available: MoneyValue,
    readonly expiresAt: Date,
    readonly periodDays: number,
  ) {
    super('This deposit is above what your deposit limits allow now.')
  }
}

/** campaign_offer_id names an offer that does not apply to this deposit. */
export class OfferNotApplicable extends PaymentError {
  override name = 'OfferNotApplicable'
}

/** Withdrawing needs a confirmed e-mail. */
export class ContactConfirmationRequired extends PaymentError {
  override name = 'ContactConfirmationRequired'
  readonly contactType = 'email'
  constructor() {
    super('Confirm your e-mail before withdrawing.')
  }
}

/** A detail the payment needs (name, birth date, ...) is missing from the player's profile. */
export class ProfileDataRequired extends PaymentError {
  override name = 'ProfileDataRequired'
  constructor(
    readonly operation: 'deposit' | 'withdrawal',
    readonly fields: readonly string[],
  ) {
    super(operation === 'withdrawal' ? 'Fill in your personal details before withdrawing.' : 'Fill in your personal details before depositing.')
  }
}

/** Not verified, and the amount passes the KYC threshold. */
export class KycRequired extends PaymentError {
  override name = 'KycRequired'
  constructor(readonly threshold: MoneyValue) {
    super('Verify your identity to withdraw this amount.')
  }
}

/** A withdrawal above the withdrawable balance, `max`. */
export class WithdrawalAboveBalance extends PaymentError {
  override name = 'WithdrawalAboveBalance'
  constructor(readonly max: MoneyValue) {
    super('The amount is above your withdrawable balance.')
  }
}

/** One withdrawal above the method's or the account's maximum. */
export class WithdrawalLimitExceeded extends PaymentError {
  override name = 'WithdrawalLimitExceeded'
  constructor(
    readonly min: MoneyValue,
    readonly max: MoneyValue | null,
  ) {
    super('The amount is above the most one withdrawal may be.')
  }
}

/** The withdrawals of a rolling period would pass its cap. */
export class WithdrawalPeriodExceeded extends PaymentError {
  override name = 'WithdrawalPeriodExceeded'
  constructor(
    readonly periodDays: number,
    readonly available: MoneyValue,
    readonly resetAt: Date,
  ) {
    super('This withdrawal would pass the withdrawal limit for the period.')
  }
}

/** Only a pending withdrawal can be cancelled (by the player) or decided (by an operator). */
export class WithdrawalNotCancellable extends PaymentError {
  override name = 'WithdrawalNotCancellable'
  constructor() {
    super('This withdrawal can no longer be cancelled.')
  }
}

/** The account's currency cannot change while a deposit limit is set or a withdrawal is open. */
export class CurrencyChangeRefused extends PaymentError {
  override name = 'CurrencyChangeRefused'
  constructor(readonly reason: 'depositLimit' | 'lossLimit' | 'pendingWithdrawal') {
    super(
      reason === 'depositLimit'
        ? 'Your currency cannot change while a deposit limit is set.'
        : reason === 'lossLimit'
          ? 'Your currency cannot change while a loss limit is set.'
          : 'Your currency cannot change while a withdrawal is being processed.',
    )
  }
}
