// SPEC §5 default validation messages as Lingui descriptors, one per messageId. `msg` only builds a
// descriptor (it reads no i18n instance), so this table is safe at module level on the server; a
// view translates with its own per-request instance (ARCHITECTURE §1). The SPEC's $$min$$ and
// $$max$$ are the ICU placeholders {min} and {max}.
//
// The content system may override a message per rule (SPEC §5 "custom messages map per rule with a
// default fallback"). Those texts are already in the page's language and are not in our catalog,
// so they are interpolated here and handed back beside the descriptor, never passed to i18n._
// (a production build would print an uncompiled string with a warning).
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { formatMoney, formatNumber } from '../format'
import { isDecimalString } from '../money'
import { DEFAULT_LOCALE } from '../locales'
import { wholeAmountExample } from '../whole-amount'
import { EMAIL_LOCAL_MAX_LENGTH, EMAIL_LOCAL_SYMBOLS, EMAIL_MAX_LENGTH, type MessageId, type MessageValues, type ValidationError } from './rules'

export const VALIDATION_MESSAGES = {
  required: msg({ message: 'Field is required', comment: 'Validation: an empty required field' }),
  insertPhone: msg({ message: 'Insert phone number', comment: 'Validation: the phone field is empty' }),
  email: msg({ message: 'Wrong email address', comment: 'Validation' }),
  emailTooLong: msg({ message: 'An e-mail address can be at most {max} characters long', comment: 'Validation: {max} is 254' }),
  emailSpaces: msg({ message: 'An e-mail address cannot contain spaces', comment: 'Validation' }),
  emailAt: msg({ message: 'An e-mail address needs exactly one @', comment: 'Validation: none or several at-signs' }),
  emailLocal: msg({ message: 'Add the part before the @', comment: 'Validation: the e-mail address starts with @' }),
  emailLocalTooLong: msg({ message: 'The part before the @ can be at most {max} characters long', comment: 'Validation: {max} is 64' }),
  emailChars: msg({
    message: 'Use only letters, digits and {allowed} before the @',
    comment: 'Validation: {allowed} lists the symbols an e-mail address may have before the @; letters means a to z without accents',
  }),
  emailDomain: msg({ message: 'Check the part after the @: it should look like example.com', comment: 'Validation: the domain of an e-mail address' }),
  minLength: msg({ message: 'Min length is {min}', comment: 'Validation: {min} is a number of characters' }),
  maxLength: msg({ message: 'Max length is {max}', comment: 'Validation: {max} is a number of characters' }),
  phone: msg({ message: 'Wrong phone number', comment: 'Validation' }),
  fakename: msg({ message: 'Wrong fake name', comment: 'Validation: the nickname has characters other than letters and digits' }),
  password: msg({ message: 'Wrong password', comment: 'Validation' }),
  passwordChars: msg({
    message: 'Wrong symbols in password: {chars}',
    comment: 'Validation: {chars} lists the characters the password may not contain',
  }),
  name: msg({ message: 'Wrong symbols in name', comment: 'Validation: first or last name' }),
  address: msg({ message: 'Wrong address', comment: 'Validation' }),
  iban: msg({ message: 'Wrong iban', comment: 'Validation' }),
  sameAs: msg({ message: 'Same as field', comment: 'Validation: the confirmation differs from the field it repeats' }),
  regex: msg({ message: 'Field regex', comment: "Validation: the value does not match the field's pattern" }),
  cardNumber: msg({ message: 'Field Card number', comment: 'Validation: the card number is wrong' }),
  minValue: msg({ message: 'Min value is {min}', comment: 'Validation: {min} is a number or an amount of money' }),
  maxValue: msg({ message: 'Max value is {max}', comment: 'Validation: {max} is a number or an amount of money' }),
  sumRange: msg({
    message: 'Amount must be between {min} and {max}',
    comment: 'Validation: {min} and {max} are amounts of money',
  }),
  wholeAmount: msg({
    message: 'Enter a whole amount without decimals, like {example}',
    comment: 'Validation: a deposit or withdrawal amount with decimals, letters or misplaced separators; {example} is one thousand written with the thousands separator of the language (1,000 or 1.000)',
  }),
  date: msg({ message: 'Wrong date', comment: 'Validation' }),
  multipleOf: msg({ message: 'Value is not multiple of {value}', comment: 'Validation: {value} is the step' }),
  code: msg({ message: 'The code must contain {length} digits', comment: 'Validation: {length} is 6' }),
  checkbox: msg({ message: 'You must accept to continue', comment: 'Validation: a box such as the terms must be checked' }),
  sex: msg({ message: 'Choose your sex', comment: 'Validation: no sex selected' }),
  postcode: msg({ message: 'Wrong postcode', comment: 'Validation' }),
  cardHolder: msg({ message: 'Wrong card holder name', comment: 'Validation' }),
  text: msg({ message: 'Wrong symbols', comment: 'Validation: the text has spaces, punctuation or other symbols it may not have' }),
  cryptoAddress: msg({ message: 'Wrong wallet address', comment: 'Validation: not an address of the crypto network the method pays to' }),
  invalid: msg({ message: 'Wrong field value', comment: 'Validation: generic, when nothing more precise is known' }),
} as const satisfies Record<MessageId, MessageDescriptor>

/**
 * SPEC §5's other set of defaults, for a brand whose content system picks it. Plain text in the
 * {placeholder} form, usable as overrides.
 */
export const ALTERNATIVE_MESSAGES: Readonly<Partial<Record<MessageId, string>>> = Object.freeze({
  required: 'Value is required',
  email: 'Value is not a valid email address',
  minLength: 'This field should be at least {min} characters long',
  maxLength: 'The maximum length allowed is {max}',
  sameAs: 'The value must be equal to the other value',
})

/**
 * Content-system overrides, already in the page's language, keyed by messageId or by rule name
 * (a messageId key wins). Placeholders may be written $$min$$ (as the content system does) or {min}.
 */
export type MessageOverrides = Readonly<Partial<Record<string, string>>>

export interface MessageOptions {
  overrides?: MessageOverrides | null
  /** With a locale, money bounds (values carrying a currency) and numbers are formatted for it. */
  locale?: string
}

export interface ValidationMessage {
  /** The default message: always in the catalog, so always safe to pass to i18n._. */
  descriptor: MessageDescriptor
  values: Record<string, string | number>
  /** The content system's text for this error, interpolated; show it instead of the descriptor when set. */
  override?: string
}

/**
 * Values a message always has, so it reads right when the error came from the server, which sends
 * only the messageId (invalid_parameters codes), not its values.
 */
const DEFAULT_VALUES: Readonly<Partial<Record<MessageId, MessageValues>>> = Object.freeze({
  emailTooLong: { max: EMAIL_MAX_LENGTH },
  emailLocalTooLong: { max: EMAIL_LOCAL_MAX_LENGTH },
  emailChars: { allowed: EMAIL_LOCAL_SYMBOLS },
})

// Messages whose min, max or value are amounts; lengths and digit counts stay plain numbers.
const AMOUNT_MESSAGES: ReadonlySet<MessageId> = new Set<MessageId>(['minValue', 'maxValue', 'sumRange', 'multipleOf'])

function formatValues(error: ValidationError, locale: string | undefined): Record<string, string | number> {
  const values: Record<string, string | number> = { ...DEFAULT_VALUES[error.messageId], ...error.values }
  // The server names the rule only; the example is written for the page's locale.
  if (error.messageId === 'wholeAmount' && values.example === undefined) values.example = wholeAmountExample(locale ?? DEFAULT_LOCALE)
  if (!locale || !AMOUNT_MESSAGES.has(error.messageId)) return values
  const currency = typeof values.currency === 'string' ? values.currency : null
  for (const key of ['min', 'max', 'value']) {
    const raw = values[key]
    const text = typeof raw === 'number' ? String(raw) : raw
    if (text === undefined || !isDecimalString(text)) continue
    try {
      values[key] = currency ? formatMoney(text, currency, locale) : formatNumber(text, locale)
    } catch {
      // A currency Intl does not know: the plain number still makes the message true.
    }
  }
  return values
}

/** Fills {name} and $$name$$ from values; an unknown placeholder is left as written. */
export function interpolate(text: string, values: MessageValues): string {
  return text.replace(/\$\$(\w+)\$\$|\{(\w+)\}/g, (whole, a: string | undefined, b: string | undefined) => {
    const value = values[(a ?? b)!]
    return value === undefined ? whole : String(value)
  })
}

/** The message for an error: the default descriptor and its values, plus the override if the content system has one. */
export function messageFor(error: ValidationError, options: MessageOptions = {}): ValidationMessage {
  const values = formatValues(error, options.locale)
  const descriptor = VALIDATION_MESSAGES[error.messageId]
  const custom = options.overrides?.[error.messageId] ?? options.overrides?.[error.rule]
  return custom ? { descriptor, values, override: interpolate(custom, values) } : { descriptor, values }
}

/**
 * The text a view shows: the override when there is one, else the default in the i18n instance's
 * locale. Amounts are formatted for that locale unless options.locale says otherwise.
 */
export function translateError(i18n: Pick<I18n, '_' | 'locale'>, error: ValidationError, options: MessageOptions = {}): string {
  const message = messageFor(error, { locale: i18n.locale, ...options })
  if (message.override) return message.override
  // A variable, not an inline object: Lingui's extractor cannot read a spread at the call site.
  const descriptor = { ...message.descriptor, values: message.values }
  return i18n._(descriptor)
}
