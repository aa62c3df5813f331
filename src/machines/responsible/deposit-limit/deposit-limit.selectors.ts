// What the responsible-gaming views read (ARCHITECTURE §7: tags, selectors and `can`, never state strings).
import type { SnapshotFrom } from 'xstate'
import { DEPOSIT_LIMIT_OFFER_TAGS, type depositLimitOfferMachine } from '../deposit-limit-offer/deposit-limit-offer.machine'
import { DEPOSIT_LIMIT_TAGS, type depositLimitMachine } from './deposit-limit.machine'
import { limitRows, rowFor } from './deposit-limit.rules'
import type { DepositLimit, LimitAlert, LimitDays, LimitRow, LimitSaveOutcome } from './deposit-limit.types'
import type { FormErrors } from '../../../shared/validation/rules'

export type DepositLimitSnapshot = SnapshotFrom<typeof depositLimitMachine>
export type DepositLimitOfferSnapshot = SnapshotFrom<typeof depositLimitOfferMachine>

export type DepositLimitView = 'loading' | 'loadFailed' | 'ready'
export const selectLimitView = (s: DepositLimitSnapshot): DepositLimitView =>
  s.matches('loading') ? 'loading' : s.matches('loadFailed') ? 'loadFailed' : 'ready'

/** For `data-state`: 'deposit-limit.ready.idle', 'deposit-limit.loading', ... */
export const selectLimitDataState = (s: DepositLimitSnapshot): string =>
  `deposit-limit.${typeof s.value === 'string' ? s.value : Object.entries(s.value).map(([k, v]) => `${k}.${String(v)}`)[0]}`

export const selectLimit = (s: DepositLimitSnapshot): DepositLimit | null => s.context.limit
export const selectLimitForm = (s: DepositLimitSnapshot | DepositLimitOfferSnapshot): { period: LimitDays; amount: string; fieldErrors: FormErrors<'amount'>; alert: LimitAlert | null } => ({
  period: s.context.period,
  amount: s.context.amount,
  fieldErrors: s.context.fieldErrors,
  alert: s.context.alert,
})
export const selectLimitOutcome = (s: DepositLimitSnapshot): LimitSaveOutcome | null => s.context.outcome
export const selectLimitOutcomePeriod = (s: DepositLimitSnapshot): LimitDays | null => s.context.outcomePeriod
export const selectLimitBusy = (s: DepositLimitSnapshot): boolean => s.hasTag(DEPOSIT_LIMIT_TAGS.busy)
export const selectCanRemoveLimit = (s: DepositLimitSnapshot, period: LimitDays): boolean => s.can({ type: 'limit.remove', period })
export const selectCanKeepLimit = (s: DepositLimitSnapshot, period: LimitDays): boolean => s.can({ type: 'limit.keep', period })

/** Every period's limit, shortest first, the binding one marked. */
export const selectLimitRows = (s: DepositLimitSnapshot): LimitRow[] => limitRows(s.context.limit)
/** Whether the form's period has a limit already (the save button changes it rather than adds one). */
export const selectFormChangesLimit = (s: DepositLimitSnapshot): boolean => rowFor(s.context.limit, s.context.period) !== undefined

export type DepositLimitOfferView = 'hidden' | 'offered' | 'saved' | 'skipped'
export const selectOfferView = (s: DepositLimitOfferSnapshot): DepositLimitOfferView => {
  if (s.matches('offered') || s.matches('saving')) return 'offered'
  if (s.matches('saved')) return 'saved'
  if (s.matches('skipped')) return 'skipped'
  return 'hidden'
}
export const selectOfferDataState = (s: DepositLimitOfferSnapshot): string => `deposit-limit-offer.${String(s.value)}`
export const selectOfferBusy = (s: DepositLimitOfferSnapshot): boolean => s.hasTag(DEPOSIT_LIMIT_OFFER_TAGS.busy)
export const selectOfferLimit = (s: DepositLimitOfferSnapshot): DepositLimit => s.context.limit
