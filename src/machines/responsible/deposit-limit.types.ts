// Types of the deposit-limit flows (SPEC §3 'Deposit limit', §9 periods 1, 7, 14, 30 days; issue 4:
// offered at the first deposit, set at any time, lowered at once, raised after a cooling-off).
import type { FormErrors } from '../../shared/validation/rules'
import type { CashierFailure, CashierResult, DepositLimit } from '../cashier/cashier.types'

export type { DepositLimit }

/** A period the player can choose (SPEC §9); 'none' is removing the limit, a button of its own. */
export type LimitDays = 1 | 7 | 14 | 30
export const LIMIT_DAYS: readonly LimitDays[] = [1, 7, 14, 30]

/** account/setDepositLimit as the flows send it: a period with an amount, or 'none' without. */
export type SaveDepositLimitInput = { readonly period: LimitDays; readonly limit_amount: string } | { readonly period: 'none' }
export type SaveDepositLimitResult = CashierResult<{ readonly limit: DepositLimit }>
export type LoadDepositLimitResult = CashierResult<{ readonly limit: DepositLimit }>

/**
 * What a save did, for the notice under the form: 'applied' (a first or lower limit, at once),
 * 'scheduled' (a raise or a removal, after the cooling-off: `limit.scheduled.effective_at`),
 * 'kept' (a pending raise withdrawn: the current limit stays).
 */
export type LimitSaveOutcome = 'applied' | 'scheduled' | 'kept'

export type LimitMessageId =
  /** setDepositLimit refused with deposit_limit_locked (can_edit false). */
  | 'locked'
  | 'somethingWrong'

export interface LimitAlert {
  readonly messageId: LimitMessageId
  readonly type: CashierFailure['type'] | null
  readonly code: CashierFailure['code']
}

/** The form both flows share. */
export interface LimitForm {
  readonly period: LimitDays
  /** As typed (SPEC §5 'Sum': a whole number). */
  readonly amount: string
  readonly fieldErrors: FormErrors<'amount'>
  readonly alert: LimitAlert | null
}

export interface DepositLimitInput {
  /** The player's currency (a player without a limit has no amount to read it from). */
  readonly currency: string
}

export interface DepositLimitContext extends LimitForm {
  readonly currency: string
  /** As the server last answered; null until loaded. */
  readonly limit: DepositLimit | null
  /** The last save's outcome, shown until the form changes. */
  readonly outcome: LimitSaveOutcome | null
  /** The request in flight (saving), to tell its outcome from the answer. */
  readonly asked: SaveDepositLimitInput | null
  /** The request in flight withdraws a pending raise. */
  readonly keeping: boolean
}

export type DepositLimitEvent =
  | { type: 'limit.period.change'; period: LimitDays }
  | { type: 'limit.amount.change'; value: string }
  /** Save the form's period and amount. */
  | { type: 'limit.submit' }
  /** Remove the limit (a raise: after the cooling-off). */
  | { type: 'limit.remove' }
  /** Withdraw a pending raise: the current limit is set again, which applies at once. */
  | { type: 'limit.keep' }
  | { type: 'limit.retry' }

export interface DepositLimitOfferInput {
  readonly currency: string
  readonly limit: DepositLimit
  /** No deposit made yet (getdepositsettings is_first_deposit). */
  readonly isFirstDeposit: boolean
}

export interface DepositLimitOfferContext extends LimitForm {
  readonly currency: string
  readonly limit: DepositLimit
  readonly isFirstDeposit: boolean
}

export type DepositLimitOfferEvent =
  | { type: 'limitOffer.period.change'; period: LimitDays }
  | { type: 'limitOffer.amount.change'; value: string }
  | { type: 'limitOffer.submit' }
  /** 'Not now': the offer goes away for this deposit. */
  | { type: 'limitOffer.skip' }

export interface DepositLimitActionParams {
  /** The new limit, for whoever shows or enforces it (the deposit flow checks amounts against it). */
  readonly limitSaved: { readonly limit: DepositLimit }
  readonly reportError: { readonly error: unknown }
}
