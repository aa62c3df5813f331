// Secrets never leave the CLI: a field named in the registry entry's `redact` list is replaced by
// '[redacted]' wherever it appears, in context and in event payloads alike (the code an
// otp.change event carries is the code the login context holds), at any depth. Form events name
// their field instead of using it as a key ({ name: 'password', value: '...' }), so an object whose
// `name` is a redacted field has its `value` redacted too. One exception: a SPEC §8 error body
// ({ type: '<Name>Exception', code }) keeps its `code`, an error code QA needs to tell failures
// apart, never a secret, even when 'code' names a secret elsewhere (the two-factor code).
export const REDACTED = '[redacted]'

export function redact<T>(value: T, fields: readonly string[] | undefined): T {
  if (!fields || fields.length === 0) return value
  const names = new Set(fields)
  const walk = (v: unknown, seen: WeakSet<object>): unknown => {
    if (Array.isArray(v)) return v.map((item) => walk(item, seen))
    if (v && typeof v === 'object') {
      // An actor ref in context prints as JSON does: { xstate$$type, id }.
      const toJSON = (v as { toJSON?: unknown }).toJSON
      if (typeof toJSON === 'function') return walk(toJSON.call(v), seen)
      if (seen.has(v)) return '[circular]'
      seen.add(v)
      const out: Record<string, unknown> = {}
      const { name: named, type } = v as { name?: unknown; type?: unknown }
      const secretField = typeof named === 'string' && names.has(named)
      const errorBody = typeof type === 'string' && type.endsWith('Exception')
      for (const [key, child] of Object.entries(v)) {
        const secret = (names.has(key) && !(errorBody && key === 'code')) || (secretField && key === 'value')
        out[key] = secret && child !== undefined ? REDACTED : walk(child, seen)
      }
      seen.delete(v)
      return out
    }
    return v
  }
  return walk(value, new WeakSet()) as T
}

/**
 * Names that hold secrets in any flow, redacted wherever a machine is inspected even if its
 * registry entry forgets them: passwords, one-time and recovery codes, tokens, card secrets.
 */
export const SECRET_FIELDS = [
  'password',
  'newPassword',
  'oldPassword',
  'password_confirmation',
  'credentials',
  'code',
  'otp',
  'recoveryCodes',
  'recovery_codes',
  'secret',
  'token',
  'accessToken',
  'refreshToken',
  'access_token',
  'refresh_token',
  'cvv',
  'cvc',
  // A card number as typed (the withdraw flow's new card).
  'pan',
  'pin',
] as const

/** SECRET_FIELDS plus every field the given registry entries list under `redact`. */
export function secretFields(entries: readonly { readonly redact?: readonly string[] }[]): string[] {
  return [...new Set([...SECRET_FIELDS, ...entries.flatMap((e) => e.redact ?? [])])]
}

type Inspected = { type: string; snapshot?: unknown; event?: unknown }

/**
 * What an inspector (the Stately inspector, or anything reading the inspection stream) may see:
 * the event with its snapshot and its event redacted. The whole snapshot is walked, not only its
 * context: a promise actor's snapshot carries its `input` (the login call's credentials).
 */
export function redactInspectionEvent<T extends Inspected>(event: T, fields: readonly string[]): T {
  const out: Inspected = { ...event }
  if ('snapshot' in event) out.snapshot = redact(event.snapshot, fields)
  if ('event' in event) out.event = redact(event.event, fields)
  return out as T
}

/**
 * Options for @statelyai/inspect's createInspector / createBrowserInspector: sanitizeContext and
 * sanitizeEvent are its own hooks; serialize runs last on every event it sends and catches what
 * they do not reach (a child actor's input and output). It replaces the browser inspector's own
 * serializer, so it also does that one's job: plain JSON, which postMessage can clone (no
 * functions, no cycles).
 */
export function inspectionRedaction(fields: readonly string[]) {
  return {
    sanitizeContext: <C>(context: C): C => redact(context, fields),
    sanitizeEvent: <E>(event: E): E => redact(event, fields),
    serialize: <E extends Inspected>(event: E): E => JSON.parse(JSON.stringify(redactInspectionEvent(event, fields))) as E,
  }
}
