// Pure rules of the deposit flow (SPEC §3 'Deposit values', 'Deposit amounts', 'Deposit offer',
// 'Deposit limit'; §5 'Sum'; §6 offers; §8 BillingDepositLimitExceeded).
import { checkWholeAmount } from '../../../shared/validation/rules'
import { CASHIER_CODES, NO_OFFER, type CashierFailure, type DepositOffer, type DepositResult, type DepositSettings, type Money } from '../cashier.types'
import type { DepositAlert, DepositContext, DepositFieldErrors, MakeDepositInput, ResultPage } from './deposit.types'
import { findMethod, isAtLeast, limitFor, typedAmount, validateRequisites, type MethodLimit } from '../payment.rules'

export interface Preset {
  readonly amount: string
  /** Outside the method's bounds: shown disabled. */
  readonly enabled: boolean
}

/**
 * SPEC §3 'Deposit amounts': the presets of the player's currency, each enabled when the method's
 * bounds allow it and the deposit limit leaves room for it ('Deposit limit': the binding one).
 */
export function presetsFor(settings: DepositSettings | null, limit: MethodLimit | null): Preset[] {
  if (!settings) return []
  const left = settings.deposit_limit.period === 'none' ? null : settings.deposit_limit.available_amount
  return (settings.amounts[settings.currency] ?? []).map((amount) => ({
    amount,
    enabled:
      (limit === null || (isAtLeast(amount, limit.min) && (limit.max === null || isAtLeast(limit.max, amount)))) && (left === null || isAtLeast(left.amount, amount)),
  }))
}

/** The offer's smallest deposit in `currency`; null when it has none. */
function offerMinimum(offer: DepositOffer, currency: string): string | null {
  return offer.trigger.params.min_amount?.find((m) => m.currency === currency)?.amount ?? null
}

/**
 * SPEC §3 'Deposit offer', §6: an offer applies when its action is a deposit, the server says the
 * player satisfies its trigger, it does not exclude the chosen method (params.exclude_methods),
 * and the amount (its digits, '' while none is typed or what is typed is no amount) reaches its
 * minimum.
 */
export function isOfferApplicable(offer: DepositOffer, method: string | null, amount: string, currency: string): boolean {
  if (offer.trigger.action !== 'deposit' || !offer.trigger.user_satisfies_params) return false
  if (method !== null && offer.trigger.params.exclude_methods.includes(method)) return false
  const min = offerMinimum(offer, currency)
  return min === null || amount === '' || isAtLeast(amount, min)
}

type AmountContext = Pick<DepositContext, 'amount' | 'locale'>

/**
 * The offers the form shows: the player satisfies the trigger and the method is not excluded. One
 * whose minimum the amount does not reach is shown with that minimum, not hidden: the offer the
 * site advertises stays in sight, and choosing it waits for the amount (isOfferApplicable).
 */
export function shownOffers(ctx: Pick<DepositContext, 'offers' | 'method'>): DepositOffer[] {
  return ctx.offers.filter((o) => isOfferApplicable(o, ctx.method, '', ''))
}

export function applicableOffers(ctx: Pick<DepositContext, 'offers' | 'method' | 'amount' | 'locale' | 'settings'>): DepositOffer[] {
  const currency = ctx.settings?.currency ?? ''
  const amount = depositAmount(ctx) ?? ''
  return ctx.offers.filter((o) => isOfferApplicable(o, ctx.method, amount, currency))
}

/** The typed amount's digits in the player's locale; null while none or no whole amount is typed. */
export function depositAmount(ctx: AmountContext): string | null {
  return typedAmount(ctx.amount, ctx.locale)
}

/** The offer still applies after a change of method; otherwise the choice falls back to none. */
export function keepOffer(ctx: Pick<DepositContext, 'offers' | 'method' | 'amount' | 'locale' | 'settings' | 'offerId'>): number {
  if (ctx.offerId === NO_OFFER) return NO_OFFER
  return applicableOffers(ctx).some((o) => o.id === ctx.offerId) ? ctx.offerId : NO_OFFER
}

/**
 * The form's errors: SPEC §5 'Sum' against the method's bounds in the currency (the required rule
 * first, then a whole amount in the player's locale), the requisites, and an offer that no longer
 * applies (a lower amount than its minimum).
 */
export function validateDeposit(ctx: DepositContext): DepositFieldErrors {
  const errors: DepositFieldErrors = {}
  const method = findMethod(ctx.methods, ctx.method)
  const currency = ctx.settings?.currency
  if (!method || !currency) return { method: { rule: 'required', messageId: 'required' } }
  const limit = limitFor(method, currency)
  if (ctx.amount.trim() === '') errors.amount = { rule: 'required', messageId: 'required' }
  else {
    const sum = checkWholeAmount(ctx.amount, ctx.locale, { min: limit?.min, ...(limit?.max ? { max: limit.max } : {}), currency })
    if (sum) errors.amount = sum
  }
  Object.assign(errors, validateRequisites(method, ctx.requisites))
  if (ctx.offerId !== NO_OFFER && !applicableOffers(ctx).some((o) => o.id === ctx.offerId)) {
    errors.offer = { rule: 'custom', messageId: 'invalid' }
  }
  return errors
}

/** SPEC §3 'Deposit limit': the amount passes what may still be deposited this period. */
export function exceedsDepositLimit(ctx: Pick<DepositContext, 'settings' | 'amount' | 'locale'>): Money | null {
  const available = ctx.settings?.deposit_limit.available_amount
  if (!available || ctx.settings?.deposit_limit.period === 'none') return null
  const amount = depositAmount(ctx)
  return amount !== null && !isAtLeast(available.amount, amount) ? available : null
}

export function buildMakeDepositInput(ctx: DepositContext): MakeDepositInput {
  const method = findMethod(ctx.methods, ctx.method)
  const amount = depositAmount(ctx)
  if (!method || !ctx.settings || !ctx.attemptKey || amount === null) {
    throw new Error('depositMachine: makeDeposit needs a method, settings, a whole amount and an attempt key')
  }
  const input: MakeDepositInput = {
    method_id: method.id,
    method: method.sysname,
    amount,
    currency: ctx.settings.currency,
    campaign_offer_id: ctx.offerId,
    requisites: Object.fromEntries(method.requisites.map((f) => [f.name, (ctx.requisites[f.name] ?? '').trim()])),
    idempotency_key: ctx.attemptKey,
  }
  return ctx.returnUrl ? { ...input, return_url: ctx.returnUrl } : input
}

/** Where a deposit result sends the player (SPEC §2.1 result pages, one per provider outcome). */
export const RESULT_PAGE: Readonly<Record<Exclude<DepositResult['status'], 'redirect'>, ResultPage>> = {
  success: 'paysuccess',
  pending: 'paypending',
  failed: 'payfail',
  cancelled: 'paycancel',
  newwindow: 'paynewwindow',
  mobile: 'paymobile',
}

/**
 * The deposit limit's refusal: what is left and the binding period from the server's error_data,
 * else from the settings' limit (the binding one, SPEC §3).
 */
export function depositLimitAlert(failure: CashierFailure | null, fallback: DepositSettings['deposit_limit'] | null): DepositAlert {
  const data = failure?.errorData?.['available_amount']
  const period = failure?.errorData?.['period']
  const available =
    typeof data === 'object' && data !== null && typeof (data as Money).amount === 'string' && typeof (data as Money).currency === 'string'
      ? { amount: (data as Money).amount, currency: (data as Money).currency }
      : (fallback?.available_amount ?? null)
  const limitPeriod = isLimitPeriod(period) ? period : isLimitPeriod(fallback?.period) ? fallback.period : null
  return {
    messageId: 'depositLimitExceeded',
    type: failure?.type ?? 'BillingDepositLimitExceededException',
    code: failure?.code ?? CASHIER_CODES.depositLimitExceeded,
    availableAmount: available,
    limitPeriod,
  }
}

const isLimitPeriod = (value: unknown): value is 1 | 7 | 14 | 30 => value === 1 || value === 7 || value === 14 || value === 30

export function isDepositLimitFailure(failure: CashierFailure): boolean {
  return failure.type === 'BillingDepositLimitExceededException'
}

export function hasFieldFailure(failure: CashierFailure): boolean {
  return failure.type === 'InvalidParameterException' && Object.keys(failure.invalidParameters ?? {}).length > 0
}

export function alertForFailure(failure: CashierFailure | null): DepositAlert {
  const base = { type: failure?.type ?? null, code: failure?.code ?? null, availableAmount: null, limitPeriod: null }
  switch (failure?.type) {
    case 'BillingTransactionDeclinedException':
      return { ...base, messageId: 'declined' }
    case 'UserNeedProfileDataException':
      return { ...base, messageId: 'profileRequired' }
    case 'BillingUnavailableException':
    case 'BillingServiceErrorException':
      return { ...base, messageId: 'billingUnavailable' }
    default:
      return { ...base, messageId: 'somethingWrong' }
  }
}
