// What the deposit views read (ARCHITECTURE §7: tags, selectors and `can`, never state strings).
import type { SnapshotFrom } from 'xstate'
import type { DepositOffer, PaymentMethod, SavedRequisite } from '../cashier.types'
import { DEPOSIT_TAGS, type depositMachine } from './deposit.machine'
import { applicableOffers, depositAmount, presetsFor, shownOffers, type Preset } from './deposit.rules'
import type { DepositAlert, DepositDraft, DepositFieldErrors } from './deposit.types'
import { feeFor, findMethod, limitFor, usableMethods, type MethodLimit } from '../payment.rules'

export type DepositSnapshot = SnapshotFrom<typeof depositMachine>

/** SPEC §4 cashier loading flags of the deposit page. */
export const selectDepositLoading = (s: DepositSnapshot) => ({
  deposit: s.hasTag(DEPOSIT_TAGS.loadingDeposit),
  paymentMethods: s.hasTag(DEPOSIT_TAGS.loadingPaymentMethods),
  offer: s.hasTag(DEPOSIT_TAGS.loadingOffer),
})

export type DepositView = 'loading' | 'loadFailed' | 'methods' | 'form' | 'done'

export const selectDepositView = (s: DepositSnapshot): DepositView => {
  if (s.matches('loading')) return 'loading'
  if (s.matches('loadFailed')) return 'loadFailed'
  if (s.matches({ form: 'choosing' })) return 'methods'
  if (s.matches('form')) return 'form'
  return 'done'
}

/** For `data-state` on the deposit page: 'deposit.form', 'deposit.succeeded', ... */
export const selectDepositDataState = (s: DepositSnapshot): string =>
  `deposit.${typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]}`

export const selectIsSubmitting = (s: DepositSnapshot): boolean => s.hasTag(DEPOSIT_TAGS.busy)
export const selectCanSubmit = (s: DepositSnapshot): boolean => s.can({ type: 'deposit.submit' })

/** The methods the player may use in their currency, in order. */
export const selectMethods = (s: DepositSnapshot): PaymentMethod[] => usableMethods(s.context.methods, s.context.settings?.currency ?? '')
export const selectMethod = (s: DepositSnapshot): PaymentMethod | null => findMethod(s.context.methods, s.context.method)
export const selectMethodLimit = (s: DepositSnapshot): MethodLimit | null => limitFor(selectMethod(s), s.context.settings?.currency ?? '')
export const selectCurrency = (s: DepositSnapshot): string | null => s.context.settings?.currency ?? null

/** SPEC §3 'Deposit amounts': preset buttons of the currency, disabled outside the method's bounds. */
export const selectPresets = (s: DepositSnapshot): Preset[] => presetsFor(s.context.settings, selectMethodLimit(s))
export const selectAmount = (s: DepositSnapshot): string => s.context.amount
/** The typed amount's digits ("1000" for es "1.000"); null while none or no whole amount is typed. */
export const selectTypedAmount = (s: DepositSnapshot): string | null => depositAmount(s.context)

/** The chosen method's fee on the typed amount and what the account receives; null without one. */
export const selectFeePreview = (s: DepositSnapshot): { fee: string; net: string } | null => {
  const method = selectMethod(s)
  const currency = selectCurrency(s)
  return method && currency ? feeFor(method, currency, s.context.amount, s.context.locale) : null
}

/** Offers the form shows (trigger satisfied, method not excluded), in the server's order. */
export const selectOffers = (s: DepositSnapshot): DepositOffer[] => shownOffers(s.context)
/** Whether the player may choose the offer now: its minimum reached by the amount (or no amount typed yet). */
export const selectOfferSelectable = (s: DepositSnapshot, id: number): boolean => applicableOffers(s.context).some((o) => o.id === id)
export const selectOfferId = (s: DepositSnapshot): number => s.context.offerId

export const selectRequisites = (s: DepositSnapshot) => s.context.requisites
/** Saved requisites of a field (SPEC §5 'Card number': the masked cards, then 'new'). */
/** The chosen method's saved requisites, by field: what the requisite pickers offer. */
export const selectSavedRequisites = (s: DepositSnapshot): SavedRequisite[] => selectMethod(s)?.saved_requisites ?? []

export const selectFieldErrors = (s: DepositSnapshot): DepositFieldErrors => s.context.fieldErrors
export const selectDepositAlert = (s: DepositSnapshot): DepositAlert | null => s.context.alert

/** A deposit limit is offered at the first deposit, when none is set. */
export const selectOffersDepositLimit = (s: DepositSnapshot): boolean =>
  s.context.settings !== null && s.context.settings.is_first_deposit && s.context.settings.deposit_limit.period === 'none'

/**
 * What the form may keep across a reload for a new build: the method and the amount as typed,
 * once the form is open. Never a requisite: card numbers and IBANs are not written to storage.
 */
export const selectDepositDraft = (snapshot: DepositSnapshot): DepositDraft => {
  if (!snapshot.matches('form')) return {}
  const { method, amount } = snapshot.context
  return { ...(method ? { method } : {}), ...(amount ? { amount } : {}) }
}
