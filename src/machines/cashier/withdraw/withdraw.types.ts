// Types of the withdraw flow (SPEC §2.1 withdraw; §7 getwithdrawsettings, makewithdrawal,
// cancelwithdrawal; §8 KycWithdrawal, UserNeedConfirmContact with the button settings,
// WithdrawalLimitsExceeded, WithdrawalLimitsPeriodExceeded, WithdrawalDeclined).
import type { FormErrors } from '../../../shared/validation/rules'
import type { CashierFailure, CashierResult, ErrorButton, Money, Withdrawal, WithdrawSettings } from '../cashier.types'
import type { Requisites } from '../deposit/deposit.types'

export type WithdrawMessageId =
  /** KycWithdrawalException: verify the account first; the KYC button settings apply. */
  | 'kycRequired'
  /** UserNeedProfileDataException: personal details first; the fill-profile prompt opens too. */
  | 'profileRequired'
  /** UserNeedConfirmContactException: confirm a contact first; the confirm-contact button settings apply. */
  | 'confirmContact'
  /** WithdrawalLimitsExceededException: above the largest single withdrawal (`amount` is that maximum). */
  | 'limitExceeded'
  /** WithdrawalLimitsPeriodExceededException: the period's cap (`amount` is what is left). */
  | 'periodExceeded'
  /** WithdrawalDeclinedException or any other refusal. */
  | 'declined'
  /** BillingUnavailable / BillingServiceError. */
  | 'billingUnavailable'
  /** cancelwithdrawal refused (already approved, or gone). */
  | 'cancelFailed'
  | 'somethingWrong'

export interface WithdrawAlert {
  readonly messageId: WithdrawMessageId
  readonly type: CashierFailure['type'] | null
  readonly code: CashierFailure['code']
  /** SPEC §8: the button under the KYC or confirm-contact message (show flag, link); null for others. */
  readonly button: ErrorButton | null
  /** The amount the message names (a maximum, what is left); null when none. */
  readonly amount: Money | null
  /** For confirmContact: which contact. */
  readonly contactType: 'email' | 'phone' | null
  /** For periodExceeded: the period's length in days and when its oldest withdrawal leaves it (ISO 8601). */
  readonly period: { readonly days: number; readonly resetAt: string | null } | null
}

export interface WithdrawInput {
  /** The page's locale: the amount is read with its thousands separator (src/shared/whole-amount.ts); default en. */
  readonly locale?: string
}

/** A new card as the provider's card fields answered for it: the token and how the card is shown. */
export interface VaultedCard {
  readonly token: string
  readonly masked: string
  readonly brand: string
}

export interface WithdrawContext {
  /** The locale the typed amount is read in. */
  readonly locale: string
  readonly settings: WithdrawSettings | null
  readonly method: string | null
  /** As typed, never rewritten (SPEC §5 'Sum'): read with typedAmount in `locale`. */
  readonly amount: string
  readonly requisites: Requisites
  /**
   * The number typed for a new card. It goes to the provider's card fields only (settings'
   * card_vault), never to our API, and is dropped once the withdrawal is requested.
   */
  readonly pan: string
  /** The card fields' answer for this attempt's number; makewithdrawal sends its token. */
  readonly vaulted: VaultedCard | null
  readonly fieldErrors: FormErrors<string>
  readonly alert: WithdrawAlert | null
  readonly attemptKey: string | null
  /** The withdrawal just requested (the confirmation shows it). */
  readonly requested: Withdrawal | null
  /** The pending withdrawal being cancelled. */
  readonly cancelling: string | null
}

export type WithdrawEvent =
  | { type: 'withdraw.method.select'; sysname: string }
  | { type: 'withdraw.method.clear' }
  | { type: 'withdraw.amount.change'; value: string }
  /** 'Withdraw everything': the withdrawable amount, whole units (SPEC §5 'Sum'). */
  | { type: 'withdraw.amount.max' }
  | { type: 'withdraw.requisite.change'; name: string; value: string }
  /** The number of a new card, as typed (spaces allowed). */
  | { type: 'withdraw.pan.change'; pan: string }
  | { type: 'withdraw.submit' }
  /** From the confirmation, another withdrawal. */
  | { type: 'withdraw.new' }
  /** Cancel a pending withdrawal: its reserve returns to the balance. */
  | { type: 'withdraw.cancel'; id: string }
  | { type: 'withdraw.retry' }

export type LoadWithdrawSettingsResult = CashierResult<{ readonly settings: WithdrawSettings }>

export interface MakeWithdrawalInput {
  readonly method_id: number
  readonly method: string
  readonly amount: string
  readonly currency: string
  readonly requisites: Requisites
  readonly idempotency_key: string
  /** With a card requisite 'new': the token the provider's card fields gave. */
  readonly card_token?: string
}
export type WithdrawalAnswer = CashierResult<{ readonly withdrawal: Withdrawal; readonly balance: Money }>
export interface TokenizeCardInput {
  /** The provider's card fields (settings' card_vault.url). */
  readonly url: string
  /** Digits only. */
  readonly pan: string
}
/**
 * The card fields' answer: the card; a refusal of the number with its SPEC §5 messageId; or no
 * answer (the provider unreachable).
 */
export type TokenizeCardResult =
  | { readonly ok: true; readonly card: VaultedCard }
  | { readonly ok: false; readonly reason: 'refused'; readonly messageId: 'required' | 'cardNumber' }
  | { readonly ok: false; readonly reason: 'unavailable' }
export interface CancelWithdrawalInput {
  readonly id: string
}

export interface WithdrawActionParams {
  /** The balance changed (a reserve taken or returned): emits BALANCE_CHANGED, and the header refreshes. */
  readonly refreshBalance: Readonly<Record<string, never>>
  readonly reportError: { readonly error: unknown }
}
