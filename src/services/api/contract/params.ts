// The wire form of call parameters (SPEC §7): GET puts them in the query, POST in a form body; either
// way every value is a string. Client encoding and server decoding live together here so the two
// sides cannot drift.
import { array, boolean, coerce, integer, pattern, string, type Struct } from 'superstruct'

/** What a caller may pass as a parameter value. */
export type ParamValue =
  | string
  | number
  | bigint
  | boolean
  | Date
  | null
  | undefined
  | readonly ParamValue[]
  | { readonly [key: string]: unknown }

export type Params = { readonly [key: string]: ParamValue }

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

function scalar(key: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null
  if (typeof value === 'string') return value
  // '1'/'0', not 'true'/'false': SPEC §7 and §3 (notify, subscription) send flags that way.
  if (typeof value === 'boolean') return value ? '1' : '0'
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`Parameter ${key} is not a finite number: ${value}`)
    return String(value)
  }
  if (typeof value === 'bigint') return value.toString()
  if (value instanceof Date) return value.toISOString()
  // Structured values (event_params, fields) travel as JSON text in one field.
  if (Array.isArray(value) || isPlainObject(value)) return JSON.stringify(value)
  throw new TypeError(`Parameter ${key} cannot be sent: ${Object.prototype.toString.call(value)}`)
}

/**
 * Parameters to [name, value] pairs, in order. Empty strings become null and null or undefined
 * values are dropped (SPEC §7), so "not given" and "given empty" look the same to the server.
 * An array repeats its key once per element (types=slot&types=live), the form HTML forms and
 * URLSearchParams use; its empty elements are dropped too.
 */
export function encodeParams(params: Params | undefined): [string, string][] {
  const pairs: [string, string][] = []
  if (!params) return pairs
  for (const [key, value] of Object.entries(params)) {
    const items: readonly unknown[] = Array.isArray(value) ? value : [value]
    for (const item of items) {
      const encoded = scalar(key, item)
      if (encoded !== null) pairs.push([key, encoded])
    }
  }
  return pairs
}

/**
 * The server's inverse of URLSearchParams: a key seen once gives a string, a repeated key an array.
 * Request schemas use `wireList` where a list is expected, so one element still decodes as a list.
 */
export function decodeParams(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [key, value] of search) {
    const seen = out[key]
    out[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value]
  }
  return out
}

// Coercing schemas for request definitions: the caller's type is the decoded one (boolean,
// number, list); `create(decoded, def.request)` on the server turns the wire strings into it.

/** '1' / '0' on the wire, boolean in code. */
export function wireBoolean(): Struct<boolean, null> {
  return coerce(boolean(), pattern(string(), /^[01]$/), (s) => s === '1')
}

/** A decimal integer on the wire ('12', '-3'), a number in code. */
export function wireInteger(): Struct<number, null> {
  return coerce(integer(), pattern(string(), /^-?\d{1,15}$/), (s) => Number(s))
}

/** A repeated key on the wire; one occurrence still decodes as a one-element list. */
export function wireList<T>(element: Struct<T, unknown>): Struct<T[], Struct<T, unknown>> {
  return coerce(array(element), string(), (s) => [s])
}

/** A JSON text field on the wire; text that is not JSON is left as is and fails the schema. */
export function wireJson<T, S>(struct: Struct<T, S>): Struct<T, S> {
  return coerce(struct, string(), (s) => {
    try {
      return JSON.parse(s) as unknown
    } catch {
      return s
    }
  })
}

// ── Text at the contract's edge ─────────────────────────────────────────────
// Checked by the server for every call before its schema (server/api/registrar.ts), so no call
// can forget it: a NUL that reached PostgreSQL answered 500, and an unbounded value is work
// nobody asked for. The codes are SPEC §5 messageIds, translated on the client (mapServerErrors).

/** The longest text one parameter value may be; a field's own rule (a password's 20) is tighter. */
export const MAX_PARAM_LENGTH = 8192
/** The most values one repeated parameter may carry (types=slot&types=live...). */
export const MAX_PARAM_VALUES = 100
/** How deep a structured value (a JSON body, a JSON field) may nest. */
const MAX_PARAM_DEPTH = 8

// C0 controls except tab, line feed and carriage return (which text may hold), DEL, C1 controls.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** 'text': control characters or broken Unicode; 'maxLength': too long or too many values; 'invalid': nested too deep. */
export type ParamProblem = 'text' | 'maxLength' | 'invalid'

/** What is wrong with a parameter's value as text (every string in it, however nested), or null. */
export function paramProblem(value: unknown, depth = 0): ParamProblem | null {
  if (typeof value === 'string') {
    if (value.length > MAX_PARAM_LENGTH) return 'maxLength'
    // A lone surrogate is no character at all: it cannot be stored or shown.
    if (CONTROL_CHARS.test(value) || LONE_SURROGATE.test(value)) return 'text'
    return null
  }
  if (value === null || typeof value !== 'object') return null
  if (depth >= MAX_PARAM_DEPTH) return 'invalid'
  const items = Array.isArray(value) ? value : Object.entries(value as Record<string, unknown>).flat()
  if (items.length > (Array.isArray(value) ? MAX_PARAM_VALUES : 2 * MAX_PARAM_VALUES)) return 'maxLength'
  for (const item of items) {
    const problem = paramProblem(item, depth + 1)
    if (problem) return problem
  }
  return null
}

/** Each parameter's problem, field -> [code], or null when all are fine. */
export function paramProblems(params: Readonly<Record<string, unknown>>): Record<string, [ParamProblem]> | null {
  let out: Record<string, [ParamProblem]> | null = null
  for (const [name, value] of Object.entries(params)) {
    const problem = paramProblem(value)
    if (problem) (out ??= {})[name] = [problem]
  }
  return out
}
