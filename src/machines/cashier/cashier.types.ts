// Types every cashier flow shares (SPEC §4 cashier, §8 error catalogue). As in the auth flows,
// expected failures travel as values (ARCHITECTURE §7): an actor resolves `{ ok: false, error }`
// for an API error of SPEC §8 and rejects only for a bug. Charts route on type and code, never on
// the translated message (ARCHITECTURE §4).
import type { Balance } from '../../services/api/contract/account'
import type { CASHIER_ERROR_CODE } from '../../services/api/contract/cashier'
import type { ErrorCode, ErrorType, InvalidParameters } from '../../shared/errors'
import type { Money } from '../../shared/money'

export type {
  DepositLimit,
  DepositOffer,
  DepositResult,
  DepositResultStatus,
  DepositSettings,
  ErrorButton,
  PaymentMethod,
  RequisiteField,
  SavedRequisite,
  Transaction,
  TransactionStatus,
  Withdrawal,
  WithdrawSettings,
} from '../../services/api/contract/cashier'
export type { Money }

/**
 * Emitted by a cashier flow when the player's money or currency moved. The site's one balance is the
 * root actor's, which only the page reaches: `balances` are the answer's own, null asks for a fresh read.
 */
export const BALANCE_CHANGED = 'cashier.balanceChanged' as const
export type BalanceChanged = { readonly type: typeof BALANCE_CHANGED; readonly balances: Balance | null }
/** The event of every cashier flow's `refreshBalance` action. */
export const BALANCE_STALE_EVENT: BalanceChanged = Object.freeze({ type: BALANCE_CHANGED, balances: null })

/**
 * Emitted when makedeposit or makewithdrawal answers UserNeedProfileDataException: the page opens
 * the fill-profile prompt (SPEC §2.4), which leads to /profile/settings and back to this page.
 */
export const PROFILE_DATA_REQUIRED = 'cashier.profileDataRequired' as const
export type ProfileDataRequired = {
  readonly type: typeof PROFILE_DATA_REQUIRED
  /** The prompt's toastType: why /profile/settings was opened. */
  readonly toastType: 'fill_for_withdrawal' | 'fill_for_deposit'
  /** The profile fields the server named as missing (its error_data.fields). */
  readonly fields: readonly string[]
}

/** The prompt's event for a refusal, or null when the refusal is not about the profile. */
export function profileDataRequired(failure: CashierFailure | null, toastType: ProfileDataRequired['toastType']): ProfileDataRequired | null {
  if (failure?.type !== 'UserNeedProfileDataException') return null
  const listed = failure.errorData?.['fields']
  const fields = Array.isArray(listed) ? listed.filter((f): f is string => typeof f === 'string') : []
  return { type: PROFILE_DATA_REQUIRED, toastType, fields }
}

/**
 * Emitted when a withdrawal needs a verified identity (the form's own threshold check, or the
 * server's KycWithdrawalException): the page opens the identity-verification popup (SPEC §2.4).
 */
export const VERIFICATION_REQUIRED = 'cashier.verificationRequired' as const
export type VerificationRequired = {
  readonly type: typeof VERIFICATION_REQUIRED
  /** Above this a withdrawal needs the check; null when the server named none. */
  readonly threshold: Money | null
  /** Where the check is done: the settings' KYC button link, else /profile/verification. */
  readonly link: string
}

export interface CashierFailure {
  readonly type: ErrorType
  readonly code: ErrorCode
  readonly invalidParameters: InvalidParameters | null
  readonly errorData: Readonly<Record<string, unknown>> | null
}

/** What a cashier actor resolves with: its data, or an expected failure as a value. */
export type CashierResult<T extends object = object> =
  | ({ readonly ok: true } & T)
  | { readonly ok: false; readonly error: CashierFailure }

/**
 * The contract's error codes the cashier charts route on (a machine may import only types from
 * services; `satisfies` keeps both spellings equal).
 */
export const CASHIER_CODES = {
  depositLimitExceeded: 'deposit_limit_exceeded',
  invalidRequisites: 'invalid_requisites',
  kycRequired: 'kyc_required',
  confirmContactRequired: 'confirm_contact_required',
  withdrawalLimitExceeded: 'withdrawal_limit_exceeded',
  withdrawalPeriodExceeded: 'withdrawal_period_exceeded',
  insufficientFunds: 'insufficient_funds',
  profileDataRequired: 'profile_data_required',
} as const satisfies Pick<
  typeof CASHIER_ERROR_CODE,
  | 'depositLimitExceeded'
  | 'invalidRequisites'
  | 'kycRequired'
  | 'confirmContactRequired'
  | 'withdrawalLimitExceeded'
  | 'withdrawalPeriodExceeded'
  | 'insufficientFunds'
  | 'profileDataRequired'
>

/** 'No offer' (SPEC §3 'Deposit values': campaign_offer_id default -1). */
export const NO_OFFER = -1
/** The card requisite that sends the player to the provider's hosted page (SPEC §5 'Card number'). */
export const NEW_CARD = 'new'
