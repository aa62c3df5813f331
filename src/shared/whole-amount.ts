// Deposit and withdrawal amounts as a player types them (SPEC §5 'Sum': whole numbers). One parser
// for the cashier forms, their machines and the server's cashier calls, so what the form accepts is
// what the server takes. It never guesses: in es, pt and de "10,5" is ten and a half, so it is
// refused, never read as 105; "1e3" and "１００" are refused, never read as 1000 and 100.
//
// Accepted: digits with no leading zero ("1000"), or grouped by threes with the locale's group
// separator as the formatted bounds show it (en "1,000", es/pt/de "1.000"). Spaces around the
// amount are trimmed: they cannot change which number the digits are, and pasted amounts carry them.

/** Why a typed amount is not a whole amount; the forms and the server's error_data carry it. */
export const WHOLE_AMOUNT_REASONS = [
  /** Nothing but spaces. */
  'required',
  /** The locale's decimal sign is in it ("10,5" in es, "10.5" in en): decimals are not taken. */
  'decimal',
  /** Scientific notation ("1e3"). */
  'notation',
  /** Separators where the locale puts none ("1,00", "1.0000" in es, "1 000" in en). */
  'grouping',
  /** Digits with a leading zero ("0100"). */
  'leadingZero',
  /** Anything else: letters, signs, markup, digits of other scripts ("１００"). */
  'characters',
] as const
export type WholeAmountReason = (typeof WHOLE_AMOUNT_REASONS)[number]

export type WholeAmountResult =
  /** `amount`: the digits alone, as the API carries them ("1000"). */
  | { readonly ok: true; readonly amount: string }
  | { readonly ok: false; readonly reason: WholeAmountReason }

export interface AmountSeparators {
  /** The thousands separators a player of the locale may type; the first is the one Intl prints. */
  readonly group: readonly string[]
  readonly decimal: string
}

const FALLBACK: AmountSeparators = { group: [','], decimal: '.' }
// A space-like group separator (fr's U+202F, others' U+00A0) is typed as a plain space.
const SPACES = [' ', '\u00a0', '\u202f']
// Bounded: pure data per locale, never per request; the bound keeps odd locale strings from growing it.
const separatorCache = new Map<string, AmountSeparators>()

/** The group and decimal signs of `locale`, as Intl writes an amount with grouping (Latin digits). */
export function amountSeparators(locale: string): AmountSeparators {
  const known = separatorCache.get(locale)
  if (known) return known
  let separators = FALLBACK
  try {
    const parts = new Intl.NumberFormat(locale, { useGrouping: 'always', numberingSystem: 'latn' }).formatToParts(1234567.5)
    const group = parts.find((p) => p.type === 'group')?.value
    const decimal = parts.find((p) => p.type === 'decimal')?.value
    if (group && decimal && group !== decimal) {
      separators = { group: SPACES.includes(group) ? [group, ...SPACES.filter((s) => s !== group)] : [group], decimal }
    }
  } catch {
    // A locale Intl does not know: the default locale's signs.
  }
  if (separatorCache.size < 32) separatorCache.set(locale, separators)
  return separators
}

/** 1000 written the way the parser accepts it in `locale`: the example the refusal message shows ("1,000", "1.000"). */
export function wholeAmountExample(locale: string): string {
  return `1${amountSeparators(locale).group[0]}000`
}

const PLAIN = /^(0|[1-9]\d*)$/
const DIGITS = /^\d+$/
const EXPONENT = /^[+-]?(\d[\d.,]*|[.,]\d+)[eE][+-]?\d+$/
// Digits and separators only (of any locale): a number the player grouped or split in some way.
const SEPARATED = /^[\d.,'’_\s\u00a0\u202f]*\d[\d.,'’_\s\u00a0\u202f]*$/

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

const ok = (amount: string): WholeAmountResult => ({ ok: true, amount })
const refused = (reason: WholeAmountReason): WholeAmountResult => ({ ok: false, reason })

/**
 * A typed deposit or withdrawal amount, read in `locale`. Never throws: whatever the value, the
 * answer is the digits of a whole amount or the reason it is not one.
 */
export function parseWholeAmount(value: unknown, locale: string): WholeAmountResult {
  if (value === undefined || value === null) return refused('required')
  if (typeof value !== 'string') return refused('characters')
  const text = value.trim()
  if (text === '') return refused('required')
  if (PLAIN.test(text)) return ok(text)
  if (DIGITS.test(text)) return refused('leadingZero')
  const { group, decimal } = amountSeparators(locale)
  const groupSign = group.map(escapeRegExp).join('|')
  if (new RegExp(`^[1-9]\\d{0,2}(?:(?:${groupSign})\\d{3})+$`).test(text)) return ok(text.replace(/\D/g, ''))
  if (EXPONENT.test(text)) return refused('notation')
  if (SEPARATED.test(text)) return refused(text.includes(decimal) ? 'decimal' : 'grouping')
  return refused('characters')
}
