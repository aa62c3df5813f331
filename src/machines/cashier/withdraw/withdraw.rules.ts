// Pure rules of the withdraw flow (SPEC §5 'Sum', 'IBAN', 'Card number'; §8 withdrawal errors).
import { addDecimals, roundDecimal } from '../../../shared/money'
import { isUnderWay, paymentStatus } from '../../../shared/payment-status'
import { checkWholeAmount, luhnCheck, type FormErrors, type RuleResult } from '../../../shared/validation/rules'
import { CASHIER_CODES, NEW_CARD, type CashierFailure, type Money, type PaymentMethod, type Withdrawal, type WithdrawSettings } from '../cashier.types'
import type { MakeWithdrawalInput, VaultedCard, WithdrawAlert, WithdrawContext } from './withdraw.types'
import { fieldErrorsFromFailure, findMethod, isAtLeast, limitFor, typedAmount, validateRequisites } from '../payment.rules'

/** The form's key for a new card's number (its errors, the field the view draws). */
export const PAN_FIELD = 'pan'

/** The method's card requisite, if it has one. */
export function cardFieldOf(method: PaymentMethod | null): string | null {
  return method?.requisites.find((f) => f.input === 'card')?.name ?? null
}

/**
 * How the player picks the card of a card payout: the saved cards, and whether a new one can be
 * typed (the provider has card fields). Without either, the player has to deposit with a card
 * first: the provider pays out only to cards it has charged.
 */
export function cardChoice(settings: WithdrawSettings | null, method: PaymentMethod | null): { field: string; canAddNew: boolean; needsDepositFirst: boolean } | null {
  const field = cardFieldOf(method)
  if (!field || !method) return null
  const canAddNew = Boolean(settings?.card_vault)
  const saved = method.saved_requisites.some((s) => s.field === field)
  return { field, canAddNew, needsDepositFirst: !canAddNew && !saved }
}

/** The player pays out to a card typed now: the card choice is 'new' and the provider takes new cards. */
export function entersNewCard(ctx: Pick<WithdrawContext, 'settings' | 'method' | 'requisites'>): boolean {
  const method = findMethod(ctx.settings?.methods ?? [], ctx.method)
  const field = cardFieldOf(method)
  return field !== null && Boolean(ctx.settings?.card_vault) && (ctx.requisites[field] ?? NEW_CARD) === NEW_CARD
}

/** The typed number as the card fields get it: digits only. */
export function panDigits(pan: string): string {
  return pan.replace(/[\s-]/g, '')
}

/** SPEC §5 'Card number' for a typed number: required, then 13 to 19 digits passing Luhn. */
export function checkPan(pan: string): RuleResult {
  const digits = panDigits(pan)
  if (digits === '') return { rule: 'required', messageId: 'required' }
  return /^\d{13,19}$/.test(digits) && luhnCheck(digits) ? null : { rule: 'cardNumber', messageId: 'cardNumber' }
}

function money(value: unknown): Money | null {
  return typeof value === 'object' && value !== null && typeof (value as Money).amount === 'string' && typeof (value as Money).currency === 'string'
    ? { amount: (value as Money).amount, currency: (value as Money).currency }
    : null
}

/** The largest amount the form accepts: the method's max, capped by what is withdrawable, in whole units. */
export function maxWithdrawal(settings: WithdrawSettings, method: string | null): string {
  const limit = limitFor(findMethod(settings.methods, method), settings.currency)
  const withdrawable = settings.withdrawable.amount
  const cap = limit?.max && !isAtLeast(limit.max, withdrawable) ? limit.max : withdrawable
  // Whole units (SPEC §5 'Sum'), rounded down: never more than the balance.
  return cap.includes('.') ? cap.slice(0, cap.indexOf('.')) : cap
}

/** The typed amount's digits in the player's locale; null while none or no whole amount is typed. */
export function withdrawAmount(ctx: Pick<WithdrawContext, 'amount' | 'locale'>): string | null {
  return typedAmount(ctx.amount, ctx.locale)
}

/**
 * Sum against the method's bounds and the withdrawable amount (the maximum reported is the lower
 * of the two), a whole amount in the player's locale first, then the requisites (IBAN, crypto
 * address, saved card).
 */
export function validateWithdraw(ctx: WithdrawContext): FormErrors<string> {
  const settings = ctx.settings
  const method = findMethod(settings?.methods ?? [], ctx.method)
  if (!settings || !method) return { method: { rule: 'required', messageId: 'required' } }
  const errors: FormErrors<string> = {}
  const limit = limitFor(method, settings.currency)
  if (ctx.amount.trim() === '') errors.amount = { rule: 'required', messageId: 'required' }
  else {
    const sum = checkWholeAmount(ctx.amount, ctx.locale, { min: limit?.min, max: maxWithdrawal(settings, ctx.method), currency: settings.currency })
    if (sum) errors.amount = sum
  }
  Object.assign(errors, validateRequisites(method, ctx.requisites))
  const card = cardChoice(settings, method)
  if (card && (ctx.requisites[card.field] ?? NEW_CARD) === NEW_CARD && !errors[card.field]) {
    if (card.canAddNew) {
      const pan = checkPan(ctx.pan)
      if (pan) errors[PAN_FIELD] = pan
    } else errors[card.field] = { rule: 'cardNumber', messageId: 'cardNumber' }
  }
  return errors
}

/** Server field errors onto the form; a refused card token is the typed number's error. */
export function withdrawFieldErrors(failure: CashierFailure): FormErrors<string> {
  const { card_token: token, ...errors } = fieldErrorsFromFailure(failure)
  return token ? { ...errors, [PAN_FIELD]: token } : errors
}

/** The KYC rule, checked before asking: an unverified account above the threshold. */
export function needsKyc(ctx: Pick<WithdrawContext, 'settings' | 'amount' | 'locale'>): boolean {
  const s = ctx.settings
  if (!s || s.is_verified || !s.kyc_threshold) return false
  const amount = withdrawAmount(ctx)
  return amount !== null && !isAtLeast(s.kyc_threshold.amount, amount)
}

export function buildMakeWithdrawalInput(ctx: WithdrawContext): MakeWithdrawalInput {
  const method = findMethod(ctx.settings?.methods ?? [], ctx.method)
  const amount = withdrawAmount(ctx)
  if (!method || !ctx.settings || !ctx.attemptKey || amount === null) {
    throw new Error('withdrawMachine: makeWithdrawal needs a method, settings, a whole amount and an attempt key')
  }
  return {
    method_id: method.id,
    method: method.sysname,
    amount,
    currency: ctx.settings.currency,
    requisites: Object.fromEntries(method.requisites.map((f) => [f.name, (ctx.requisites[f.name] ?? '').trim()])),
    idempotency_key: ctx.attemptKey,
    ...(entersNewCard(ctx) && ctx.vaulted ? { card_token: ctx.vaulted.token } : {}),
  }
}

const alert = (messageId: WithdrawAlert['messageId'], failure: CashierFailure | null, extra: Partial<WithdrawAlert> = {}): WithdrawAlert => ({
  messageId,
  type: failure?.type ?? null,
  code: failure?.code ?? null,
  button: null,
  amount: null,
  contactType: null,
  period: null,
  ...extra,
})

export function kycAlert(settings: WithdrawSettings | null, failure: CashierFailure | null): WithdrawAlert {
  const threshold = money(failure?.errorData?.['threshold']) ?? settings?.kyc_threshold ?? null
  return alert('kycRequired', failure ?? { type: 'KycWithdrawalException', code: CASHIER_CODES.kycRequired, invalidParameters: null, errorData: null }, {
    button: settings?.buttons.kyc ?? null,
    amount: threshold,
  })
}

/** SPEC §8 withdrawal failures to what the player reads, with the button settings where they apply. */
export function withdrawAlertFor(settings: WithdrawSettings | null, failure: CashierFailure | null): WithdrawAlert {
  switch (failure?.type) {
    case 'KycWithdrawalException':
      return kycAlert(settings, failure)
    case 'UserNeedProfileDataException':
      return alert('profileRequired', failure)
    case 'UserNeedConfirmContactException': {
      const contact = failure.errorData?.['contact_type']
      return alert('confirmContact', failure, {
        button: settings?.buttons.confirm_contact ?? null,
        contactType: contact === 'email' || contact === 'phone' ? contact : null,
      })
    }
    case 'WithdrawalLimitsExceededException':
      return alert('limitExceeded', failure, { amount: money(failure.errorData?.['max']) })
    case 'WithdrawalLimitsPeriodExceededException': {
      const days = failure.errorData?.['period_days']
      const resetAt = failure.errorData?.['reset_at']
      return alert('periodExceeded', failure, {
        amount: money(failure.errorData?.['available_amount']),
        period: typeof days === 'number' && days > 0 ? { days, resetAt: typeof resetAt === 'string' ? resetAt : null } : null,
      })
    }
    case 'WithdrawalDeclinedException':
      return alert('declined', failure, { amount: money(failure.errorData?.['max']) })
    case 'BillingUnavailableException':
    case 'BillingServiceErrorException':
      return alert('billingUnavailable', failure)
    default:
      return alert('somethingWrong', failure)
  }
}

export function cancelFailedAlert(failure: CashierFailure | null): WithdrawAlert {
  return alert('cancelFailed', failure)
}

/**
 * After a request: its amount leaves the withdrawable amount; a withdrawal still open (pending,
 * approved) joins the pending list, one paid out at once does not; a new card it went to is saved
 * now (the server saved it too) and offered next time.
 */
export function afterRequest(settings: WithdrawSettings, withdrawal: Withdrawal, card: VaultedCard | null = null): WithdrawSettings {
  const methods = card
    ? settings.methods.map((m) => {
        const field = cardFieldOf(m)
        if (m.sysname !== withdrawal.method.sysname || !field || m.saved_requisites.some((r) => r.field === field && r.value === card.masked)) return m
        return { ...m, saved_requisites: [{ field, value: card.masked, label: `${card.brand} ···· ${card.masked.slice(-4)}`, expires: null }, ...m.saved_requisites] }
      })
    : settings.methods
  // Paid out at once (below the auto-approval amount), it is done, not pending: the history says
  // Completed, so this page must not list it among the pending ones.
  const others = settings.pending.filter((w) => w.id !== withdrawal.id)
  return {
    ...settings,
    methods,
    withdrawable: { ...settings.withdrawable, amount: subtract(settings.withdrawable.amount, withdrawal.amount.amount) },
    pending: isUnderWay(paymentStatus(withdrawal)) ? [withdrawal, ...others] : others,
  }
}

/** After a cancel: the withdrawal leaves the list and its reserve returns. */
export function afterCancel(settings: WithdrawSettings, withdrawal: Withdrawal): WithdrawSettings {
  const known = settings.pending.some((w) => w.id === withdrawal.id)
  return {
    ...settings,
    withdrawable: known ? { ...settings.withdrawable, amount: addExact(settings.withdrawable.amount, withdrawal.amount.amount) } : settings.withdrawable,
    pending: settings.pending.filter((w) => w.id !== withdrawal.id),
  }
}

function scaleOf(a: string): number {
  return a.includes('.') ? a.length - a.indexOf('.') - 1 : 0
}
function addExact(a: string, b: string): string {
  return roundDecimal(addDecimals([a, b]), Math.max(scaleOf(a), scaleOf(b)))
}
function subtract(a: string, b: string): string {
  return addExact(a, b.startsWith('-') ? b.slice(1) : `-${b}`)
}

export function canCancel(settings: WithdrawSettings | null, id: string): boolean {
  return settings?.pending.some((w) => w.id === id && w.can_cancel && w.status === 'pending') ?? false
}
