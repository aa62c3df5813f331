import { describe, expect, it } from 'vitest'
import { object, optional, string, validate, type StructError } from 'superstruct'
import { FIELD_RULES, mapServerErrors } from './rules'
import { validated } from './struct'

const Registration = object({
  email: validated(string(), FIELD_RULES.email),
  password: validated(string(), FIELD_RULES.password),
  password_confirmation: validated(string(), FIELD_RULES.password_confirmation),
  promo_code: optional(validated(string(), FIELD_RULES.promo_code)),
})

// What server/api/errors.ts does with a StructError: field -> codes.
function invalidParameters(error: StructError): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const f of error.failures()) (out[f.path.join('.')] ??= []).push(f.value === undefined ? 'required' : (f.refinement ?? 'invalid'))
  return out
}

describe('validated', () => {
  it('passes what the form would accept', () => {
    const [error, value] = validate({ email: 'a@b.co', password: 'abc123', password_confirmation: 'abc123' }, Registration)
    expect(error).toBeUndefined()
    expect(value?.email).toBe('a@b.co')
  })

  it('fails with the messageId as the refinement, sibling fields included', () => {
    const [error] = validate({ email: 'nope', password: 'abc', password_confirmation: 'abd' }, Registration)
    expect(invalidParameters(error!)).toEqual({
      email: ['emailAt'],
      password: ['minLength'],
      password_confirmation: ['sameAs'],
    })
  })

  it('round-trips to the same field errors the form shows', () => {
    const [error] = validate({ email: '', password: 'abc123', password_confirmation: 'abc123' }, Registration)
    expect(mapServerErrors(invalidParameters(error!), null)).toEqual({
      email: { rule: 'server', messageId: 'required', values: { code: 'required' } },
    })
  })

  it('keeps the base type check first', () => {
    const [error] = validate({ email: 5, password: 'abc123', password_confirmation: 'abc123' }, Registration)
    expect(error!.failures().map((f) => [f.path.join('.'), f.refinement])).toEqual([['email', undefined]])
  })
})
