// The smallest of the SPEC §5 rules: the error shape every rule returns, emptiness and length.
// Its own module so that a check needing only these (a chat message) does not bring the whole rule
// set (rules.ts re-exports all of this) into a page's first load; the names are types here, so the
// lists in names.ts stay out of that load too.
import type { MessageId, RuleName } from './names'

// ── Errors ──────────────────────────────────────────────────────────────────

export type MessageValues = Readonly<Record<string, string | number>>

export interface ValidationError {
  /** The rule that failed: which content-system override applies after the messageId's own. */
  rule: RuleName
  messageId: MessageId
  /** ICU placeholders of the message: { min }, { max }, { chars }, { value }. */
  values?: MessageValues
}

export type RuleResult = ValidationError | null

export function fail(rule: RuleName, messageId: MessageId, values?: MessageValues): ValidationError {
  return values ? { rule, messageId, values } : { rule, messageId }
}

// ── Values ──────────────────────────────────────────────────────────────────

/** Form values are text; the server may hand numbers and booleans. null and undefined are empty. */
export type FieldValue = unknown

export function toText(value: FieldValue): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'bigint') return String(value)
  if (typeof value === 'boolean') return value ? 'true' : ''
  return ''
}

/** The required rule's notion of empty: nothing but whitespace (SPEC §5 "value trimmed"). */
export function isEmpty(value: FieldValue): boolean {
  return toText(value).trim() === ''
}

/** Characters as the player counts them: "ñ" and an emoji are one each. */
export function charCount(text: string): number {
  return Array.from(text).length
}

// ── Required, length ────────────────────────────────────────────────────────

export interface RequiredOptions {
  /** Phone asks to insert a number, sex to choose; the default is "Field is required". */
  messageId?: MessageId
}

export function checkRequired(value: FieldValue, options: RequiredOptions = {}): RuleResult {
  return isEmpty(value) ? fail('required', options.messageId ?? 'required') : null
}

export function checkMinLength(value: FieldValue, min: number): RuleResult {
  const text = toText(value).trim()
  return text !== '' && charCount(text) < min ? fail('minLength', 'minLength', { min }) : null
}

export function checkMaxLength(value: FieldValue, max: number): RuleResult {
  return charCount(toText(value).trim()) > max ? fail('maxLength', 'maxLength', { max }) : null
}
