import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { applyMask, maskSlotCount, unmask } from '../mask'
import { findPhoneCountry, formatStoredPhone, isValidPhone, matchPhoneCountry, PHONE_COUNTRIES, phoneDigits, toE164, type PhoneCountry } from './phone'

const country = (code: string): PhoneCountry => findPhoneCountry(code)!

describe('PHONE_COUNTRIES', () => {
  it('covers the markets named in the brief, with a dial code and a digit mask each', () => {
    for (const code of ['US', 'GB', 'DE', 'ES', 'PT', 'BR', 'MX', 'AR', 'FR', 'IT', 'CA', 'IN', 'TR', 'UA', 'PL']) {
      const c = findPhoneCountry(code)
      expect(c, code).toBeDefined()
      expect(c!.dialCode).toMatch(/^\d{1,3}$/)
      expect(c!.mask).not.toMatch(/[@*]/)
    }
    expect(PHONE_COUNTRIES.length).toBeGreaterThanOrEqual(15)
    expect(new Set(PHONE_COUNTRIES.map((c) => c.code)).size).toBe(PHONE_COUNTRIES.length)
  })

  it('formats a US number', () => {
    expect(applyMask('5551234567', country('US').mask)).toBe('(555) 123-4567')
    expect(phoneDigits(country('US'))).toBe(10)
    expect(toE164(country('US'), '(555) 123-4567')).toBe('+15551234567')
  })

  it('finds countries case-insensitively', () => {
    expect(findPhoneCountry('br')?.dialCode).toBe('55')
    expect(findPhoneCountry('ZZ')).toBeUndefined()
  })
})

describe('matchPhoneCountry', () => {
  it.each([
    ['+1 (555) 123-4567', 'US', '5551234567', '(555) 123-4567'],
    ['+44 7700 900123', 'GB', '7700900123', '7700 900123'],
    ['+44 07700 900123', 'GB', '7700900123', '7700 900123'],
    ['0044 7700 900123', 'GB', '7700900123', '7700 900123'],
    ['+49 151 23456789', 'DE', '15123456789', '151 23456789'],
    ['+34 612 345 678', 'ES', '612345678', '612 345 678'],
    ['+351 912 345 678', 'PT', '912345678', '912 345 678'],
    ['+55 (11) 91234-5678', 'BR', '11912345678', '(11) 91234-5678'],
    ['+52 55 1234 5678', 'MX', '5512345678', '55 1234 5678'],
    ['+54 9 11 1234-5678', 'AR', '91112345678', '9 11 1234-5678'],
    ['+33 6 12 34 56 78', 'FR', '612345678', '6 12 34 56 78'],
    ['+39 312 345 6789', 'IT', '3123456789', '312 345 6789'],
    ['+91 98765 43210', 'IN', '9876543210', '98765 43210'],
    ['+90 (532) 123 45 67', 'TR', '5321234567', '(532) 123 45 67'],
    ['+380 (67) 123-45-67', 'UA', '671234567', '(67) 123-45-67'],
    ['+48 512 345 678', 'PL', '512345678', '512 345 678'],
  ])('%s is %s', (pasted, code, national, masked) => {
    expect(matchPhoneCountry(pasted)).toEqual({ country: country(code), national, masked })
  })

  it('tells a 3-digit dial code from a 2-digit one by the remaining length', () => {
    // +351 (PT, 9 digits) against +35 (none) and +3 (none); +380 UA against +38 (none).
    expect(matchPhoneCountry('+351912345678')?.country.code).toBe('PT')
    // 353 IE has 9 digits; the same digits cannot be read as anything else.
    expect(matchPhoneCountry('+353851234567')?.country.code).toBe('IE')
  })

  it('breaks a shared dial code by the preferred country, then by table order', () => {
    expect(matchPhoneCountry('+1 416 555 0123')?.country.code).toBe('US')
    expect(matchPhoneCountry('+1 416 555 0123', { preferred: 'CA' })?.country.code).toBe('CA')
    expect(matchPhoneCountry('+7 701 123 45 67', { preferred: 'kz' })?.country.code).toBe('KZ')
  })

  it('reads a number without dial code as national for the preferred country', () => {
    expect(matchPhoneCountry('612 345 678', { preferred: 'ES' })).toEqual({
      country: country('ES'),
      national: '612345678',
      masked: '612 345 678',
    })
    // Not the preferred length: tried as international.
    expect(matchPhoneCountry('4915123456789', { preferred: 'ES' })?.country.code).toBe('DE')
  })

  it('returns null when no country fits', () => {
    expect(matchPhoneCountry('+1 555 123')).toBeNull()
    expect(matchPhoneCountry('+999 123 456 789')).toBeNull()
    expect(matchPhoneCountry('call me')).toBeNull()
    expect(matchPhoneCountry('')).toBeNull()
  })

  it('uses a table from config', () => {
    const countries = [{ code: 'XX', dialCode: '999', mask: '## ##' }]
    expect(matchPhoneCountry('+999 12 34', { countries })?.masked).toBe('12 34')
  })
})

describe('isValidPhone', () => {
  it('with a country, needs exactly the digits of its mask, masked or not, with or without the dial code', () => {
    const us = country('US')
    expect(isValidPhone('5551234567', us)).toBe(true)
    expect(isValidPhone('(555) 123-4567', us)).toBe(true)
    expect(isValidPhone('+1 555 123 4567', us)).toBe(true)
    expect(isValidPhone('555123456', us)).toBe(false)
    expect(isValidPhone('55512345678', us)).toBe(false)
    expect(isValidPhone('+44 555 123 4567', us)).toBe(false)
    expect(isValidPhone('555-123-456a', us)).toBe(false)
  })

  it('without a country, checks a known dial code against its mask and anything else loosely', () => {
    expect(isValidPhone('+15551234567')).toBe(true)
    expect(isValidPhone('+1555123456')).toBe(false) // +1 is ours, 9 digits do not fit
    expect(isValidPhone('+41 79 123 45 67')).toBe(true) // CH is not in the table: plausible E.164
    expect(isValidPhone('+41 79')).toBe(false)
    expect(isValidPhone('612345678')).toBe(true)
    expect(isValidPhone('12345')).toBe(false)
    expect(isValidPhone('+1234567890123456')).toBe(false)
  })
})

describe('phone masks (SPEC §9 mask properties over the real table)', () => {
  const masks = fc.constantFrom(...PHONE_COUNTRIES.map((c) => c.mask))

  it('applying a mask is idempotent and unmasking round-trips', () => {
    fc.assert(
      fc.property(fc.string(), masks, (raw, mask) => {
        const once = applyMask(raw, mask)
        expect(applyMask(once, mask)).toBe(once)
        const digits = unmask(raw, mask)
        expect(digits).toMatch(/^\d*$/)
        expect(unmask(applyMask(digits, mask), mask)).toBe(digits)
      }),
      { numRuns: 200 },
    )
  })

  it('a full number of digits masks, unmasks and matches back to its country', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PHONE_COUNTRIES).chain((c) =>
          fc.tuple(fc.constant(c), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: maskSlotCount(c.mask), maxLength: maskSlotCount(c.mask) })),
        ),
        ([c, ds]) => {
          const national = ds.join('')
          const masked = applyMask(national, c.mask)
          expect(masked).toHaveLength(c.mask.length)
          expect(unmask(masked, c.mask)).toBe(national)
          expect(isValidPhone(masked, c)).toBe(true)
          const match = matchPhoneCountry(`+${c.dialCode} ${masked}`, { preferred: c.code })
          // A number can fit a longer dial code too (+3 51... is PT before anything under +3);
          // what must hold is that the match is a correct reading of the same digits.
          expect(match).not.toBeNull()
          expect(`${match!.country.dialCode}${match!.national}`).toBe(`${c.dialCode}${national}`)
        },
      ),
      { numRuns: 200 },
    )
  })
})

describe('formatStoredPhone', () => {
  it('reads a stored number through its country mask, and falls back to +digits', () => {
    expect(formatStoredPhone('4915112345678', 'DE')).toBe('+49 151 12345678')
    expect(formatStoredPhone('12015550123', 'US')).toBe('+1 (201) 555-0123')
    expect(formatStoredPhone('4915112345678', null)).toBe('+4915112345678')
    expect(formatStoredPhone('491511234', 'DE')).toBe('+491511234')
    expect(formatStoredPhone('4915112345678', 'US')).toBe('+4915112345678')
  })
})
