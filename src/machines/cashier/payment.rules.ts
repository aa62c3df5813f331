// Rules the deposit and withdraw flows share: methods, their bounds per currency, requisites
// (SPEC §3 'Payment method display info', §5 'Card number', 'IBAN', 'Sum'; the crypto address rule).
import { currencyExponent, isCurrency, isDecimalString, minorToMajor, parseDecimal } from '../../shared/money'
import { isMessageId, validateField, type FieldRules, type FormErrors, type RuleSpec } from '../../shared/validation/rules'
import { parseWholeAmount } from '../../shared/whole-amount'
import { NEW_CARD, type CashierFailure, type DepositResult, type PaymentMethod, type RequisiteField } from './cashier.types'

/** What makedeposit said for a mobile hand-off (deep link, QR, instructions): paymobile shows it; the transaction does not carry it. */
export interface PaymentHandOff {
  readonly mobile: NonNullable<DepositResult['mobile']>
}

/** Whether a page's history state is the deposit's mobile hand-off (anything may sit in history state). */
export function isPaymentHandOff(state: unknown): state is PaymentHandOff {
  const mobile = (state as { mobile?: unknown } | null)?.mobile as Record<string, unknown> | undefined
  return typeof mobile === 'object' && mobile !== null && typeof mobile['instructions'] === 'string'
}

export type MethodLimit = PaymentMethod['limits'][number]

export function findMethod(methods: readonly PaymentMethod[], sysname: string | null): PaymentMethod | null {
  return sysname === null ? null : (methods.find((m) => m.sysname === sysname) ?? null)
}

/** The method's bounds in `currency`; null when the method does not take that currency. */
export function limitFor(method: PaymentMethod | null, currency: string): MethodLimit | null {
  return method?.limits.find((l) => l.currency === currency) ?? null
}

/** Methods the player can use: those with bounds in the player's currency, in the server's order. */
export function usableMethods(methods: readonly PaymentMethod[], currency: string): PaymentMethod[] {
  return methods.filter((m) => limitFor(m, currency) !== null)
}

/** SPEC §2.1 deposit/{sysname}: the route's method when usable; the only method when there is one; else none. */
export function initialMethod(methods: readonly PaymentMethod[], currency: string, preselect: string | null): string | null {
  const usable = usableMethods(methods, currency)
  if (preselect !== null && usable.some((m) => m.sysname === preselect)) return preselect
  return usable.length === 1 ? usable[0]!.sysname : null
}

/** Starting requisites: a saved value (the last card, IBAN, wallet) where there is one; a card field otherwise 'new'. */
export function defaultRequisites(method: PaymentMethod | null): Record<string, string> {
  const out: Record<string, string> = {}
  for (const field of method?.requisites ?? []) {
    const saved = method!.saved_requisites.find((s) => s.field === field.name)
    out[field.name] = saved?.value ?? (field.input === 'card' ? NEW_CARD : '')
  }
  return out
}

function ruleSpec(field: RequisiteField, rule: RequisiteField['rules'][number]): RuleSpec {
  switch (rule) {
    case 'cryptoAddress':
      return field.network ? { rule: 'cryptoAddress', network: field.network } : { rule: 'cryptoAddress' }
    case 'text':
      return { rule: 'text' }
    default:
      return { rule }
  }
}

/**
 * Each requisite against its SPEC §5 rules. A card field is a choice, never a typed number (card
 * numbers never reach our server): only 'new' or one of the method's saved cards passes.
 */
export function validateRequisites(method: PaymentMethod, requisites: Readonly<Record<string, string>>): FormErrors<string> {
  const errors: FormErrors<string> = {}
  for (const field of method.requisites) {
    const value = requisites[field.name] ?? ''
    const rules: FieldRules = field.rules.map((r) => ruleSpec(field, r))
    const error = validateField(value, rules)
    if (error) {
      errors[field.name] = error
    } else if (field.input === 'card' && value.trim() !== '') {
      const saved = method.saved_requisites.some((s) => s.field === field.name && s.value === value)
      if (value !== NEW_CARD && !saved) errors[field.name] = { rule: 'cardNumber', messageId: 'cardNumber' }
    }
  }
  return errors
}

/**
 * The typed amount as the API carries it, read in the player's locale by the shared parser
 * (src/shared/whole-amount.ts): its digits ("1.000" in es -> "1000"), or null when nothing or no
 * whole amount was typed. Never a guess: "10,5" in es is null, not "105".
 */
export function typedAmount(value: string, locale: string): string | null {
  const parsed = parseWholeAmount(value, locale)
  return parsed.ok ? parsed.amount : null
}

/** a - b >= 0 for decimal strings; false when either is not a decimal. */
export function isAtLeast(a: string, b: string): boolean {
  if (!isDecimalString(a) || !isDecimalString(b)) return false
  const x = parseDecimal(a)
  const y = parseDecimal(b)
  const scale = Math.max(x.scale, y.scale)
  const sx = (x.negative ? -x.units : x.units) * 10n ** BigInt(scale - x.scale)
  const sy = (y.negative ? -y.units : y.units) * 10n ** BigInt(scale - y.scale)
  return sx >= sy
}

/**
 * Server field errors (invalid_parameters) onto the form: a code that is a SPEC §5 messageId keeps
 * its message, anything else reads as the generic wrong-value message. Keys are 'amount', the
 * requisite names, or 'requisites.<name>'.
 */
export function fieldErrorsFromFailure(failure: CashierFailure): FormErrors<string> {
  const errors: FormErrors<string> = {}
  for (const [key, codes] of Object.entries(failure.invalidParameters ?? {})) {
    const field = key.replace(/^requisites[.[]/, '').replace(/]$/, '')
    const code = codes[0]
    errors[field] = { rule: 'server', messageId: isMessageId(code) ? code : 'invalid' }
  }
  return errors
}

/** feeOn for what the player typed: null while the text is not a positive whole amount in `locale`. */
export function feeFor(method: PaymentMethod, currency: string, value: string, locale: string): { fee: string; net: string } | null {
  const amount = typedAmount(value, locale)
  return amount === null ? null : feeOn(method, currency, amount)
}

/**
 * The method's fee on `amount`, a decimal string (fee.percent of it, rounded half up to the minor
 * unit, plus the fixed part in `currency`) and what is left: a deposit credits amount - fee, a
 * withdrawal pays out amount - fee. The server takes the same fee (server/domain/payments/methods.ts
 * feeOf). Null while the amount is not a positive number in the currency's minor units.
 */
export function feeOn(method: PaymentMethod, currency: string, amount: string): { fee: string; net: string } | null {
  const limit = limitFor(method, currency)
  if (!isDecimalString(amount) || !limit) return null
  const exponent = isCurrency(currency) ? currencyExponent(currency) : parseDecimal(limit.min).scale
  const d = parseDecimal(amount)
  if (d.negative || d.units === 0n || d.scale > exponent) return null
  const minor = d.units * 10n ** BigInt(exponent - d.scale)
  const percent = parseDecimal(method.fee.percent)
  const den = 100n * 10n ** BigInt(percent.scale)
  const fixedText = method.fee.fixed.find((f) => f.currency === currency)?.amount
  const fixed = fixedText && isDecimalString(fixedText) ? parseDecimal(fixedText) : null
  const fixedMinor = fixed && fixed.scale <= exponent ? fixed.units * 10n ** BigInt(exponent - fixed.scale) : 0n
  const fee = (minor * percent.units + den / 2n) / den + fixedMinor
  return { fee: minorToMajor(fee, exponent), net: minorToMajor(minor - fee, exponent) }
}
