import { describe, expect, it } from 'vitest'
import * as errors from '../domain/payments/errors'
import { toApiError } from './errors'

// Every refusal of the cashier's domain answers its SPEC §8 error: type, status, code, message,
// invalid_parameters and error_data as the cashier contract documents them. The table is keyed by
// the error classes, so a new class without its expected answer does not compile.

type ErrorClassName = {
  [K in keyof typeof errors]: (typeof errors)[K] extends new (...args: never[]) => errors.PaymentError ? K : never
}[keyof typeof errors]

const usd = (amount: string) => ({ amount, currency: 'USD' })
const at = new Date('2026-01-02T03:04:05.000Z')

const CASES = {
  CurrencyInvalid: [
    [new errors.CurrencyInvalid('payment'), 400, { type: 'InvalidParameterException', code: 'method_unavailable', message: 'Payments are made in your account currency.', invalid_parameters: { currency: ['invalid'] } }],
    [new errors.CurrencyInvalid('limit'), 400, { type: 'InvalidParameterException', code: 'invalid_currency', message: 'The limit is in your account currency.', invalid_parameters: { currency: ['invalid'] } }],
  ],
  MethodUnavailable: [[new errors.MethodUnavailable(), 400, { type: 'InvalidParameterException', code: 'method_unavailable', message: 'This payment method is not available.', invalid_parameters: { method: ['invalid'] } }]],
  AmountInvalid: [[new errors.AmountInvalid('too_many_decimals', 'Too many decimals'), 400, { type: 'InvalidParameterException', code: 'invalid_amount', message: 'Too many decimals', invalid_parameters: { amount: ['too_many_decimals'] } }]],
  AmountOutOfBounds: [
    [
      new errors.AmountOutOfBounds('maxValue', 'The amount is above the maximum of this method.', usd('10.00'), null),
      400,
      { type: 'InvalidParameterException', code: 'amount_out_of_bounds', message: 'The amount is above the maximum of this method.', invalid_parameters: { amount: ['maxValue'] }, error_data: { min: usd('10.00'), max: null } },
    ],
  ],
  CardNumberNotAccepted: [
    [new errors.CardNumberNotAccepted('card_number'), 400, { type: 'InvalidParameterException', code: 'card_number_not_accepted', message: 'Card numbers are entered on the payment page only.', invalid_parameters: { card_number: ['cardNumber'] } }],
  ],
  RequisitesInvalid: [
    [new errors.RequisitesInvalid({ iban: ['iban'] }), 400, { type: 'InvalidParameterException', code: 'invalid_requisites', message: 'Check the payment details.', invalid_parameters: { iban: ['iban'] } }],
    [new errors.RequisitesInvalid({ card_number: ['cardNumber'] }, 'This saved card is not yours.'), 400, { type: 'InvalidParameterException', code: 'invalid_requisites', message: 'This saved card is not yours.', invalid_parameters: { card_number: ['cardNumber'] } }],
  ],
  PaymentIdempotencyConflict: [[new errors.PaymentIdempotencyConflict(), 400, { type: 'InvalidRequestException', code: 'idempotency_conflict', message: 'This request was already sent with other details.' }]],
  TransactionNotFound: [[new errors.TransactionNotFound(), 404, { type: 'MethodNotFoundException', code: 'transaction_not_found', message: 'No such transaction.' }]],
  ProviderUnavailable: [[new errors.ProviderUnavailable('No payment provider is configured.'), 502, { type: 'BillingUnavailableException', code: null, message: 'No payment provider is configured.' }]],
  DateRangeInvalid: [[new errors.DateRangeInvalid('Not a date.'), 400, { type: 'InvalidParameterException', code: 'invalid_date_range', message: 'Not a date.', invalid_parameters: { date_from: ['invalid'] } }]],
  DepositLimitExceeded: [
    [
      new errors.DepositLimitExceeded(usd('5.00'), at, 7),
      422,
      {
        type: 'BillingDepositLimitExceededException',
        code: 'deposit_limit_exceeded',
        message: 'This deposit is above what your deposit limits allow now.',
        error_data: { available_amount: usd('5.00'), expired_at: at.toISOString(), period: 7 },
      },
    ],
  ],
  OfferNotApplicable: [[new errors.OfferNotApplicable('This offer is not available.'), 400, { type: 'InvalidParameterException', code: 'offer_not_applicable', message: 'This offer is not available.', invalid_parameters: { campaign_offer_id: ['invalid'] } }]],
  ContactConfirmationRequired: [[new errors.ContactConfirmationRequired(), 422, { type: 'UserNeedConfirmContactException', code: 'confirm_contact_required', message: 'Confirm your e-mail before withdrawing.', error_data: { contact_type: 'email' } }]],
  ProfileDataRequired: [
    [
      new errors.ProfileDataRequired('withdrawal', ['first_name', 'birth_date']),
      422,
      { type: 'UserNeedProfileDataException', code: 'profile_data_required', message: 'Fill in your personal details before withdrawing.', error_data: { operation: 'withdrawal', fields: ['first_name', 'birth_date'] } },
    ],
    [
      new errors.ProfileDataRequired('deposit', ['document_number']),
      422,
      { type: 'UserNeedProfileDataException', code: 'profile_data_required', message: 'Fill in your personal details before depositing.', error_data: { operation: 'deposit', fields: ['document_number'] } },
    ],
  ],
  KycRequired: [[new errors.KycRequired(usd('500.00')), 422, { type: 'KycWithdrawalException', code: 'kyc_required', message: 'Verify your identity to withdraw this amount.', error_data: { threshold: usd('500.00') } }]],
  WithdrawalAboveBalance: [[new errors.WithdrawalAboveBalance(usd('12.00')), 422, { type: 'WithdrawalDeclinedException', code: 'insufficient_funds', message: 'The amount is above your withdrawable balance.', error_data: { min: null, max: usd('12.00') } }]],
  WithdrawalLimitExceeded: [
    [
      new errors.WithdrawalLimitExceeded(usd('10.00'), usd('1000.00')),
      422,
      { type: 'WithdrawalLimitsExceededException', code: 'withdrawal_limit_exceeded', message: 'The amount is above the most one withdrawal may be.', error_data: { min: usd('10.00'), max: usd('1000.00') } },
    ],
  ],
  WithdrawalPeriodExceeded: [
    [
      new errors.WithdrawalPeriodExceeded(1, usd('200.00'), at),
      422,
      {
        type: 'WithdrawalLimitsPeriodExceededException',
        code: 'withdrawal_period_exceeded',
        message: 'This withdrawal would pass the withdrawal limit for the period.',
        error_data: { period_days: 1, available_amount: usd('200.00'), reset_at: at.toISOString() },
      },
    ],
  ],
  WithdrawalNotCancellable: [[new errors.WithdrawalNotCancellable(), 400, { type: 'InvalidParameterException', code: 'withdrawal_not_cancellable', message: 'This withdrawal can no longer be cancelled.', invalid_parameters: { id: ['invalid'] } }]],
  CurrencyChangeRefused: [
    [new errors.CurrencyChangeRefused('depositLimit'), 400, { type: 'InvalidRequestException', code: 'currency_locked_by_deposit_limit', message: 'Your currency cannot change while a deposit limit is set.' }],
    [new errors.CurrencyChangeRefused('pendingWithdrawal'), 400, { type: 'InvalidRequestException', code: 'currency_locked_by_pending_withdrawal', message: 'Your currency cannot change while a withdrawal is being processed.' }],
  ],
} satisfies Record<ErrorClassName, [errors.PaymentError, number, Record<string, unknown>][]>

describe('payment errors as SPEC §8 answers', () => {
  it.each(Object.entries(CASES).flatMap(([name, cases]) => cases.map((c) => [name, ...c] as const)))('%s', (_name, err, status, body) => {
    const { error, unexpected } = toApiError(err)
    expect(error.status).toBe(status)
    expect(error.toBody()).toEqual({ error: body })
    // A provider that failed is logged with its stack; a refusal is not.
    expect(unexpected).toBe(status >= 500)
  })
})
