// Sample events of the deposit-limit page, walked by its model test and by the flows registry.
import type { CashierFailure } from '../../cashier/cashier.types'
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { depositLimitMachine } from './deposit-limit.machine'
import type { DepositLimit, DepositLimitEvent, LoadDepositLimitResult, SaveDepositLimitResult } from './deposit-limit.types'

// ── the world: limits per period as the server lists them (SPEC §3: several at once, the lowest binding)

export const usd = (amount: string) => ({ amount, currency: 'USD' })
export type LimitRow = NonNullable<DepositLimit['limits']>[number]
export const noLimit: DepositLimit = { available_amount: null, can_edit: true, expired_at: null, limit_amount: null, period: 'none', scheduled: null, limits: [] }
export const dailyRow: LimitRow = { period: 1, limit_amount: usd('100.00'), available_amount: usd('60.00'), used_amount: usd('40.00'), can_edit: true, expired_at: '2024-05-02T10:00:00Z', scheduled: null }
export const monthlyRow: LimitRow = { period: 30, limit_amount: usd('500.00'), available_amount: usd('460.00'), used_amount: usd('40.00'), can_edit: true, expired_at: '2024-05-31T10:00:00Z', scheduled: null }
export const pendingAt = '2024-05-02T10:00:00Z'
/** The binding limit in the object's fields, every limit in `limits` (the server's answer). */
export const limitsOf = (...rows: LimitRow[]): DepositLimit => {
  const binding = [...rows].sort((a, b) => Number(a.available_amount.amount) - Number(b.available_amount.amount) || b.period - a.period)[0]!
  const { available_amount, can_edit, expired_at, limit_amount, period, scheduled } = binding
  return { available_amount, can_edit, expired_at, limit_amount, period, scheduled, limits: rows }
}
export const daily100 = limitsOf(dailyRow)
export const daily50 = limitsOf({ ...dailyRow, limit_amount: usd('50.00'), available_amount: usd('10.00') }, monthlyRow)
/** A daily raise to 200 pending beside a monthly limit. */
export const raisePending = limitsOf({ ...dailyRow, scheduled: { period: 1, limit_amount: usd('200.00'), effective_at: pendingAt } }, monthlyRow)
/** The monthly limit on its way out beside the daily one. */
export const removalPending = limitsOf(dailyRow, { ...monthlyRow, scheduled: { period: 'none', limit_amount: null, effective_at: pendingAt } })

export const cashierFailure = (type: CashierFailure['type'], code: CashierFailure['code'], invalidParameters: CashierFailure['invalidParameters'] = null): CashierFailure => ({
  type,
  code,
  invalidParameters,
  errorData: null,
})
export const depositLimitFailures = {
  locked: { ok: false as const, error: cashierFailure('InvalidParameterException', 'deposit_limit_locked') },
  badAmount: { ok: false as const, error: cashierFailure('InvalidParameterException', 'invalid_amount', { limit_amount: ['maxValue'] }) },
  unavailable: { ok: false as const, error: cashierFailure('BillingUnavailableException', null) },
}

// ── samples

export const depositLimitSamples = {
  'limit.period.change': [
    { type: 'limit.period.change', period: 1 },
    { type: 'limit.period.change', period: 7 },
    { type: 'limit.period.change', period: 30 },
  ],
  'limit.amount.change': [
    { type: 'limit.amount.change', value: '50' },
    { type: 'limit.amount.change', value: '12.5' },
  ],
  'limit.submit': [{ type: 'limit.submit' }],
  'limit.remove': [
    { type: 'limit.remove', period: 1 },
    { type: 'limit.remove', period: 30 },
  ],
  'limit.keep': [
    { type: 'limit.keep', period: 1 },
    { type: 'limit.keep', period: 30 },
  ],
  'limit.retry': [{ type: 'limit.retry' }],
} satisfies SampleTable<DepositLimitEvent>

const LOAD_DONE = doneEventType(depositLimitMachine, 'loadDepositLimit')
const LOAD_ERROR = errorEventType(depositLimitMachine, 'loadDepositLimit')
const SAVE_DONE = doneEventType(depositLimitMachine, 'saveDepositLimit')
const SAVE_ERROR = errorEventType(depositLimitMachine, 'saveDepositLimit')

export type DepositLimitOutcome =
  | { type: typeof LOAD_DONE; output: LoadDepositLimitResult }
  | { type: typeof LOAD_ERROR; error: unknown }
  | { type: typeof SAVE_DONE; output: SaveDepositLimitResult }
  | { type: typeof SAVE_ERROR; error: unknown }

const { locked, badAmount, unavailable } = depositLimitFailures
export const depositLimitOutcomes = {
  [LOAD_DONE]: [
    { type: LOAD_DONE, output: { ok: true, limit: noLimit } },
    { type: LOAD_DONE, output: { ok: true, limit: raisePending } },
    { type: LOAD_DONE, output: unavailable },
  ],
  [LOAD_ERROR]: [{ type: LOAD_ERROR, error: 'network down' }],
  [SAVE_DONE]: [
    { type: SAVE_DONE, output: { ok: true, limit: daily50 } },
    { type: SAVE_DONE, output: { ok: true, limit: removalPending } },
    { type: SAVE_DONE, output: locked },
    { type: SAVE_DONE, output: badAmount },
  ],
  [SAVE_ERROR]: [{ type: SAVE_ERROR, error: 'network down' }],
} satisfies SampleTable<DepositLimitOutcome>

export const depositLimitEntry = defineEntry<typeof depositLimitMachine, DepositLimitOutcome>({
  name: 'deposit-limit',
  area: 'responsible',
  spec: '§3 Deposit limit, §9 periods (one limit per period at once, the lowest applying; set at any time, lowered at once, raised or removed after 24 h)',
  description:
    "Responsible-gaming page: every period's deposit limit with what is left, add one for another period, lower it at once, raise or remove it after the cooling-off, withdraw a pending change",
  machine: depositLimitMachine,
  input: { currency: 'EUR' },
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as {
      value: unknown
      context: { limit: DepositLimit | null; period: number; amount: string; outcome: string | null; alert: { messageId: string } | null }
    }
    const limits = context.limit?.limits?.map((l) => `${l.period}:${l.scheduled ? l.scheduled.period : '-'}`) ?? null
    return JSON.stringify({ value, limits, period: context.period, amount: context.amount, outcome: context.outcome, alert: context.alert?.messageId ?? null })
  },
  events: depositLimitSamples,
  outcomes: depositLimitOutcomes,
})
