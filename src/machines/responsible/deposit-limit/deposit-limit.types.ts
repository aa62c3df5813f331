// Types of the deposit-limit flows (SPEC §3 'Deposit limit', §9 periods 1, 7, 14, 30 days;
// offered at the first deposit, set at any time, lowered at once, raised after a cooling-off, one
// limit per period at the same time, the lowest applying).
import type { FormErrors } from '../../../shared/validation/rules'
import type { FormEmitted } from '../../forms/focus-first-error'
import type { CashierFailure, CashierResult, DepositLimit, Money } from '../../cashier/cashier.types'

export type { DepositLimit }

/** A period the player can choose (SPEC §9); 'none' is removing the limit, a button of its own. */
export type LimitDays = 1 | 7 | 14 | 30
export const LIMIT_DAYS: readonly LimitDays[] = [1, 7, 14, 30]

/**
 * account/setDepositLimit as the flows send it: one period's amount (added or changed), one
 * period's removal, or 'none' (every limit removed: the one-limit call of before).
 */
export type SaveDepositLimitInput =
  | { readonly period: LimitDays; readonly limit_amount: string }
  | { readonly period: LimitDays; readonly remove: true }
  | { readonly period: 'none' }

/**
 * One period's limit as the page lists it: from the answer's `limits`, or from the one-limit
 * object itself when a platform sends no `limits`.
 */
export interface LimitRow {
  readonly period: LimitDays
  readonly limit: Money
  /** What it still lets in over its window; null when the platform does not say. */
  readonly available: Money | null
  /** What its window counts now; null when the platform does not say. */
  readonly used: Money | null
  /** When the oldest counted deposit leaves its window. */
  readonly expiresAt: string | null
  /**
   * A raise (amount) or a removal (null), effective at `effectiveAt`; `period` is the row's own
   * except on a one-limit platform, whose change may move the limit to another period.
   */
  readonly scheduled: { readonly limit: Money | null; readonly period: LimitDays; readonly effectiveAt: string } | null
  /** The limit that binds now: the least available of all. */
  readonly binding: boolean
}
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
  /** The page's locale: the amount is read with its thousands separator; en by default. */
  readonly locale: string
  readonly fieldErrors: FormErrors<'amount'>
  readonly alert: LimitAlert | null
}

export interface DepositLimitInput {
  /** The player's currency (a player without a limit has no amount to read it from). */
  readonly currency: string
  /** The page's locale the amount is typed in; en when not given. */
  readonly locale?: string
}

export interface DepositLimitContext extends LimitForm {
  readonly currency: string
  /** As the server last answered; null until loaded. */
  readonly limit: DepositLimit | null
  /** The last save's outcome, shown until the form changes. */
  readonly outcome: LimitSaveOutcome | null
  /** The request in flight (saving), to tell its outcome from the answer. */
  readonly asked: SaveDepositLimitInput | null
  /** The request in flight withdraws a pending change. */
  readonly keeping: boolean
  /** The period the last save was about, for its notice. */
  readonly outcomePeriod: LimitDays | null
}

export type DepositLimitEvent =
  /** Choose the period to add or change: its limit's amount fills the form, or nothing to add one. */
  | { type: 'limit.period.change'; period: LimitDays }
  | { type: 'limit.amount.change'; value: string }
  /** Save the form's period and amount. */
  | { type: 'limit.submit' }
  /** Remove that period's limit (a raise: after the cooling-off). */
  | { type: 'limit.remove'; period: LimitDays }
  /** Withdraw that period's pending raise or removal: its current limit is set again, at once. */
  | { type: 'limit.keep'; period: LimitDays }
  | { type: 'limit.retry' }

export interface DepositLimitOfferInput {
  readonly currency: string
  readonly limit: DepositLimit
  /** No deposit made yet (getdepositsettings is_first_deposit). */
  readonly isFirstDeposit: boolean
  /** The page's locale the amount is typed in; en when not given. */
  readonly locale?: string
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

/** Emitted with a saved limit, for whoever shows or enforces it (the deposit flow checks amounts against it). */
export const DEPOSIT_LIMIT_SAVED = 'limit.saved' as const
export type DepositLimitEmitted = FormEmitted | { readonly type: typeof DEPOSIT_LIMIT_SAVED; readonly limit: DepositLimit }

export interface DepositLimitActionParams {
  /** The new limit (emits DEPOSIT_LIMIT_SAVED). */
  readonly limitSaved: { readonly limit: DepositLimit }
  readonly reportError: { readonly error: unknown }
}
