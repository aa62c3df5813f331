// What the withdraw views read.
import type { SnapshotFrom } from 'xstate'
import type { Money, PaymentMethod, Withdrawal } from '../cashier.types'
import { feeFor, findMethod, usableMethods } from '../payment.rules'
import { WITHDRAW_TAGS, type withdrawMachine } from './withdraw.machine'
import { cardChoice } from './withdraw.rules'
import type { WithdrawAlert } from './withdraw.types'

export type WithdrawSnapshot = SnapshotFrom<typeof withdrawMachine>

/** SPEC §4 cashier loading flag 'withdraw'. */
export const selectWithdrawLoading = (s: WithdrawSnapshot): boolean => s.hasTag(WITHDRAW_TAGS.loadingWithdraw)
export const selectIsSubmitting = (s: WithdrawSnapshot): boolean => s.hasTag(WITHDRAW_TAGS.busy)
export const selectIsCancelling = (s: WithdrawSnapshot): boolean => s.hasTag(WITHDRAW_TAGS.cancelling)

export type WithdrawView = 'loading' | 'loadFailed' | 'methods' | 'form' | 'requested'
export const selectWithdrawView = (s: WithdrawSnapshot): WithdrawView => {
  if (s.matches('loading')) return 'loading'
  if (s.matches('loadFailed')) return 'loadFailed'
  if (s.matches({ ready: { form: 'choosing' } })) return 'methods'
  if (s.matches({ ready: { form: 'requested' } })) return 'requested'
  return 'form'
}

export const selectMethods = (s: WithdrawSnapshot): PaymentMethod[] =>
  usableMethods(s.context.settings?.methods ?? [], s.context.settings?.currency ?? '')
export const selectMethod = (s: WithdrawSnapshot): PaymentMethod | null => findMethod(s.context.settings?.methods ?? [], s.context.method)
/** The method's fee on the typed amount and what is paid out; null without one. */
export const selectFeePreview = (s: WithdrawSnapshot): { fee: string; net: string } | null => {
  const method = selectMethod(s)
  const currency = s.context.settings?.currency
  return method && currency ? feeFor(method, currency, s.context.amount, s.context.locale) : null
}
export const selectWithdrawable = (s: WithdrawSnapshot): Money | null => s.context.settings?.withdrawable ?? null
export const selectPendingWithdrawals = (s: WithdrawSnapshot): readonly Withdrawal[] => s.context.settings?.pending ?? []
export const selectCanCancel = (s: WithdrawSnapshot, id: string): boolean => s.can({ type: 'withdraw.cancel', id })
export const selectCancellingId = (s: WithdrawSnapshot): string | null => s.context.cancelling
export const selectRequested = (s: WithdrawSnapshot): Withdrawal | null => s.context.requested
export const selectFieldErrors = (s: WithdrawSnapshot) => s.context.fieldErrors
/** The alert, with the SPEC §8 button (show flag, link) for KYC and confirm-contact refusals. */
export const selectWithdrawAlert = (s: WithdrawSnapshot): WithdrawAlert | null => s.context.alert

/**
 * The card payout's choice for the chosen method: saved cards, whether a new card can be typed
 * (the provider's card fields), or whether the player must deposit with a card first. Null for a
 * method without a card requisite.
 */
export const selectCardChoice = (s: WithdrawSnapshot) => cardChoice(s.context.settings, selectMethod(s))
/** The number typed for a new card. */
export const selectPan = (s: WithdrawSnapshot): string => s.context.pan
