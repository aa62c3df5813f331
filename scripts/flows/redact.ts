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
