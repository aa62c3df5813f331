// Pure rules of the deposit-limit flows (SPEC §3 'Deposit limit', §5 'Sum', §9 periods).
import { checkWholeAmount, type FormErrors } from '../../../shared/validation/rules'
import { parseWholeAmount } from '../../../shared/whole-amount'
import type { CashierFailure } from '../../cashier/cashier.types'
import type { DepositLimit, LimitAlert, LimitDays, LimitForm, LimitRow, LimitSaveOutcome, SaveDepositLimitInput } from './deposit-limit.types'

/** CASHIER_ERROR_CODE.depositLimitLocked of the contract (a machine imports only types from services). */
const LOCKED_CODE = 'deposit_limit_locked'

/**
 * The amount of a limit: required, a whole number above zero (SPEC §5 'Sum'), read in the page's
 * locale as the cashier reads amounts (src/shared/whole-amount.ts): "10,5" in es is refused, never 105.
 */
export function validateLimit(form: Pick<LimitForm, 'amount' | 'locale'>, currency: string): FormErrors<'amount'> {
  if (form.amount.trim() === '') return { amount: { rule: 'required', messageId: 'required' } }
  const sum = checkWholeAmount(form.amount, form.locale, { min: '1', currency })
  return sum ? { amount: sum } : {}
}

/** The request of a valid form: the amount's digits (validateLimit has passed). */
export function buildSaveInput(form: Pick<LimitForm, 'period' | 'amount' | 'locale'>): SaveDepositLimitInput {
  const parsed = parseWholeAmount(form.amount, form.locale)
  return { period: form.period, limit_amount: parsed.ok ? parsed.amount : form.amount.trim() }
}

/**
 * Every period's limit, shortest first: the answer's `limits`, or (a platform that keeps one limit
 * and sends no `limits`) the one-limit object itself.
 */
export function limitRows(limit: DepositLimit | null): LimitRow[] {
  if (!limit) return []
  const bindingPeriod = limit.period
  if (limit.limits) {
    return limit.limits
      .filter((l) => isLimitDays(l.period))
      .map((l) => ({
        period: l.period,
        limit: l.limit_amount,
        available: l.available_amount,
        used: l.used_amount,
        expiresAt: l.expired_at,
        scheduled: l.scheduled ? { limit: l.scheduled.period === 'none' ? null : l.scheduled.limit_amount, period: l.period, effectiveAt: l.scheduled.effective_at } : null,
        binding: l.period === bindingPeriod,
      }))
      .sort((a, b) => a.period - b.period)
  }
  if (limit.period === 'none' || !limit.limit_amount) return []
  const s = limit.scheduled
  return [
    {
      period: limit.period,
      limit: limit.limit_amount,
      available: limit.available_amount,
      used: null,
      expiresAt: limit.expired_at,
      // A one-limit platform's change may move the limit to another period.
      scheduled: s ? { limit: s.period === 'none' ? null : s.limit_amount, period: s.period === 'none' ? limit.period : s.period, effectiveAt: s.effective_at } : null,
      binding: true,
    },
  ]
}

export const rowFor = (limit: DepositLimit | null, period: LimitDays): LimitRow | undefined => limitRows(limit).find((r) => r.period === period)

/** That period's limit may be removed: it has one, and it is not already on its way out. */
export function canRemove(limit: DepositLimit | null, period: LimitDays): boolean {
  const row = rowFor(limit, period)
  return !!row && !(row.scheduled && row.scheduled.limit === null)
}

/** That period's limit has a raise or removal waiting. */
export const hasPendingChange = (limit: DepositLimit | null, period: LimitDays): boolean => !!rowFor(limit, period)?.scheduled

/** The input that sets a period's current limit again (withdrawing its pending change). */
export function keepInput(limit: DepositLimit, period: LimitDays): SaveDepositLimitInput {
  const row = rowFor(limit, period)
  if (!row) throw new Error(`keepInput: no limit for ${period} days`)
  return { period, limit_amount: row.limit.amount }
}

/**
 * The form's starting values: the binding limit to change (one limit: the limit in force, as
 * before), else a daily limit to add.
 */
export function formFromLimit(limit: DepositLimit | null): Pick<LimitForm, 'period' | 'amount'> {
  const rows = limitRows(limit)
  const row = rows.find((r) => r.binding) ?? rows[0]
  if (!row) return { period: 1, amount: '' }
  return { period: row.period, amount: wholeUnits(row.limit.amount) }
}

/** Choosing a period: its limit's amount to change, or an empty amount to add one. */
export function formForPeriod(limit: DepositLimit | null, period: LimitDays): Pick<LimitForm, 'period' | 'amount'> {
  const row = rowFor(limit, period)
  return { period, amount: row ? wholeUnits(row.limit.amount) : '' }
}

function wholeUnits(amount: string): string {
  const [units, fraction = ''] = amount.split('.')
  return /^0*$/.test(fraction) ? units! : amount
}

const sameAmount = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && Number(a) === Number(b)

/** Whether the answer scheduled what was asked (a raise or removal) or applied it at once. */
export function saveOutcome(asked: SaveDepositLimitInput, answer: DepositLimit, kept = false): LimitSaveOutcome {
  if (kept) return 'kept'
  if (asked.period === 'none') return limitRows(answer).some((r) => r.scheduled) ? 'scheduled' : 'applied'
  const s = rowFor(answer, asked.period)?.scheduled
  if (!s) return 'applied'
  if ('remove' in asked) return s.limit === null ? 'scheduled' : 'applied'
  return sameAmount(s.limit?.amount, asked.limit_amount) ? 'scheduled' : 'applied'
}

/** Whether the form asks for exactly that period's limit in force with nothing pending: nothing to save. */
export function isUnchanged(form: Pick<LimitForm, 'period' | 'amount' | 'locale'>, limit: DepositLimit | null): boolean {
  const row = rowFor(limit, form.period)
  if (!row || row.scheduled) return false
  const parsed = parseWholeAmount(form.amount, form.locale)
  return parsed.ok && sameAmount(row.limit.amount, parsed.amount)
}

export function limitAlertFor(failure: CashierFailure | null): LimitAlert {
  if (failure?.code === LOCKED_CODE) return { messageId: 'locked', type: failure.type, code: failure.code }
  return { messageId: 'somethingWrong', type: failure?.type ?? null, code: failure?.code ?? null }
}

/**
 * Field errors the server named (invalid_parameters.limit_amount), else none. Above the currency's
 * maximum says which maximum (error_data.max), as the form's own check would.
 */
export function limitFieldErrors(failure: CashierFailure): FormErrors<'amount'> {
  const codes = failure.invalidParameters?.['limit_amount']
  if (!codes?.length) return {}
  const max = failure.errorData?.['max'] as { amount?: unknown; currency?: unknown } | null | undefined
  if (codes[0] === 'maxValue' && typeof max?.amount === 'string' && typeof max.currency === 'string') {
    return { amount: { rule: 'server', messageId: 'maxValue', values: { max: wholeUnits(max.amount), currency: max.currency } } }
  }
  return { amount: { rule: 'server', messageId: 'invalid' } }
}

export const hasLimitFieldFailure = (failure: CashierFailure): boolean => (failure.invalidParameters?.['limit_amount']?.length ?? 0) > 0

/** Offered at the first deposit, to a player with no limit. */
export const offersLimit = (input: { isFirstDeposit: boolean; limit: DepositLimit }): boolean => input.isFirstDeposit && input.limit.period === 'none'

export const isLimitDays = (value: unknown): value is LimitDays => value === 1 || value === 7 || value === 14 || value === 30
