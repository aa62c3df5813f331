// Pure rules of the deposit-limit flows (SPEC §3 'Deposit limit', §5 'Sum', §9 periods).
import { checkSum, type FormErrors } from '../../shared/validation/rules'
import type { CashierFailure } from '../cashier/cashier.types'
import type { DepositLimit, LimitAlert, LimitDays, LimitForm, LimitSaveOutcome, SaveDepositLimitInput } from './deposit-limit.types'

/** CASHIER_ERROR_CODE.depositLimitLocked of the contract (a machine imports only types from services). */
const LOCKED_CODE = 'deposit_limit_locked'

const normalize = (value: string) => value.trim().replace(/,/g, '')

/** The amount of a limit: required, a whole number above zero (SPEC §5 'Sum'). */
export function validateLimit(form: Pick<LimitForm, 'amount'>, currency: string): FormErrors<'amount'> {
  const amount = normalize(form.amount)
  if (amount === '') return { amount: { rule: 'required', messageId: 'required' } }
  const sum = checkSum(amount, { min: '1', currency })
  return sum ? { amount: sum } : {}
}

export function buildSaveInput(form: Pick<LimitForm, 'period' | 'amount'>): SaveDepositLimitInput {
  return { period: form.period, limit_amount: normalize(form.amount) }
}

/** The input that sets the current limit again (withdrawing a pending raise). */
export function keepInput(limit: DepositLimit): SaveDepositLimitInput {
  if (limit.period === 'none' || !limit.limit_amount) return { period: 'none' }
  return { period: limit.period, limit_amount: limit.limit_amount.amount }
}

/** The form's starting values: the limit in force, else a daily limit to fill in. */
export function formFromLimit(limit: DepositLimit | null): Pick<LimitForm, 'period' | 'amount'> {
  if (!limit || limit.period === 'none' || !limit.limit_amount) return { period: 1, amount: '' }
  return { period: limit.period, amount: wholeUnits(limit.limit_amount.amount) }
}

function wholeUnits(amount: string): string {
  const [units, fraction = ''] = amount.split('.')
  return /^0*$/.test(fraction) ? units! : amount
}

const sameAmount = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && Number(a) === Number(b)

/** Whether the answer scheduled what was asked (a raise or removal) or applied it at once. */
export function saveOutcome(asked: SaveDepositLimitInput, answer: DepositLimit, kept = false): LimitSaveOutcome {
  if (kept) return 'kept'
  const s = answer.scheduled
  if (!s || s.period !== asked.period) return 'applied'
  if (asked.period === 'none') return 'scheduled'
  return sameAmount(s.limit_amount?.amount, asked.limit_amount) ? 'scheduled' : 'applied'
}

/** Whether the form asks for exactly the limit in force with nothing pending: nothing to save. */
export function isUnchanged(form: Pick<LimitForm, 'period' | 'amount'>, limit: DepositLimit | null): boolean {
  if (!limit || limit.scheduled || limit.period === 'none') return false
  return limit.period === form.period && sameAmount(limit.limit_amount?.amount, normalize(form.amount))
}

export function limitAlertFor(failure: CashierFailure | null): LimitAlert {
  if (failure?.code === LOCKED_CODE) return { messageId: 'locked', type: failure.type, code: failure.code }
  return { messageId: 'somethingWrong', type: failure?.type ?? null, code: failure?.code ?? null }
}

/** Field errors the server named (invalid_parameters.limit_amount), else none. */
export function limitFieldErrors(failure: CashierFailure): FormErrors<'amount'> {
  const codes = failure.invalidParameters?.['limit_amount']
  if (!codes?.length) return {}
  return { amount: { rule: 'server', messageId: 'invalid' } }
}

export const hasLimitFieldFailure = (failure: CashierFailure): boolean => (failure.invalidParameters?.['limit_amount']?.length ?? 0) > 0

/** Issue 4: offered at the first deposit, to a player with no limit. */
export const offersLimit = (input: { isFirstDeposit: boolean; limit: DepositLimit }): boolean => input.isFirstDeposit && input.limit.period === 'none'

export const isLimitDays = (value: unknown): value is LimitDays => value === 1 || value === 7 || value === 14 || value === 30
