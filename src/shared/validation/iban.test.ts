import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { bbanParts, IBAN_COUNTRIES, ibanCheckDigits, ibanLength, isValidIban, mod97, normalizeIban } from './iban'

// Registry lengths, written out apart from the structures so a slip in either shows up.
const REGISTRY_LENGTHS: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, BY: 28, CH: 21, CR: 22,
  CY: 28, CZ: 24, DE: 22, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22,
  GI: 23, GL: 18, GR: 27, GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30,
  KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MR: 27,
  MT: 31, MU: 30, NL: 18, NO: 15, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, SA: 24, SC: 31,
  SE: 24, SI: 19, SK: 24, SM: 27, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20,
  BI: 27, DJ: 27, FK: 18, HN: 28, MN: 20, NI: 28, OM: 23, RU: 33, SD: 18, SO: 23, YE: 30,
  // Territories the registry lists under France, Finland and the United Kingdom: the parent's length.
  GF: 27, GP: 27, MQ: 27, RE: 27, PF: 27, TF: 27, YT: 27, NC: 27, BL: 27, MF: 27, PM: 27, WF: 27, AX: 18, IM: 22, JE: 22, GG: 22,
}

/**
 * Check digits worked out here with BigInt arithmetic, apart from the module's folding mod97: the
 * rearranged IBAN (BBAN, country, '00') as a number, letters as 10..35, and 98 minus its remainder.
 */
function checkDigitsByBigInt(country: string, bban: string): string {
  const digits = `${bban}${country}00`.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55))
  return String(98n - (BigInt(digits) % 97n)).padStart(2, '0')
}
const withCheckDigits = (country: string, bban: string) => `${country}${checkDigitsByBigInt(country, bban)}${bban}`

/** The registry's example IBANs of the countries it added lately. */
const REGISTRY_EXAMPLES: readonly string[] = [
  'BI4210000100010000332045181',
  'DJ2100010000000154000100186',
  'FK88SC123456789012',
  'HN88CABF00000000000250005469',
  'MN121234123456789123',
  'NI45BAPR00000013000003558124',
  'OM810180000001299123456',
  'RU0204452560040702810412345678901',
  'SD2129010501234001',
  'SO211000001001000100141',
  'YE15CBYE0001018861234567891234',
]

const SEPA_EEA = ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'IS', 'LI', 'NO']
const SEPA_OTHER = ['CH', 'GB', 'GI', 'MC', 'SM', 'VA', 'AD']

describe('IBAN table', () => {
  it('has every SEPA country, flagged as such', () => {
    for (const code of [...SEPA_EEA, ...SEPA_OTHER]) expect(IBAN_COUNTRIES[code]?.sepa, code).toBe(true)
  })

  it("derives each country's registry length from its structure", () => {
    expect(Object.keys(IBAN_COUNTRIES).sort()).toEqual(Object.keys(REGISTRY_LENGTHS).sort())
    for (const [code, country] of Object.entries(IBAN_COUNTRIES)) expect(ibanLength(country), code).toBe(REGISTRY_LENGTHS[code])
  })

  it('parses registry notation', () => {
    expect(bbanParts('4a6n8c')).toEqual([[4, 'a'], [6, 'n'], [8, 'c']])
  })
})

describe('isValidIban', () => {
  it.each([
    'DE89370400440532013000',
    'GB29NWBK60161331926819',
    'NL91ABNA0417164300',
    'FR1420041010050500013M02606',
    'ES9121000418450200051332',
    'IT60X0542811101000000123456',
    'BE68539007547034',
    'CH9300762011623852957',
    'AT611904300234573201',
    'NO9386011117947',
    'PL61109010140000071219812874',
    'SA0380000000608010167519',
    'TR330006100519786457841326',
    'MT84MALT011000012345MTLCAST001S',
    'de89 3704 0044 0532 0130 00',
    'GB29-NWBK-6016-1331-9268-19',
    ' DE89 3704 0044 0532 0130 00 ',
  ])('accepts %s', (iban) => {
    expect(isValidIban(iban)).toBe(true)
  })

  it.each([
    ['DE89370400440532013001', 'bad check'],
    ['DE8937040044053201300', 'too short'],
    ['DE893704004405320130000', 'too long'],
    ['GB29NWBK6016133192681X', 'letter where the registry has digits'],
    ['NL91ABNA04171643OO', 'letters O for zeros'],
    ['XX89370400440532013000', 'unknown country'],
    ['US12345678901234567890', 'no IBAN in that country'],
    ['DE', 'just a country'],
    ['', 'empty'],
  ])('rejects %j: %s', (iban) => {
    expect(isValidIban(iban)).toBe(false)
  })

  it.each(REGISTRY_EXAMPLES)("accepts the registry's example %s", (iban) => {
    // The example's check digits are the ones mod 97 gives, worked out apart from the module.
    expect(withCheckDigits(iban.slice(0, 2), iban.slice(4))).toBe(iban)
    expect(isValidIban(iban)).toBe(true)
    expect(isValidIban(iban.replace(/(.{4})/g, '$1 ').toLowerCase())).toBe(true)
  })

  it.each([
    ['GF', 'FR', '2004101005050001', '3M02606'],
    ['GP', 'FR', '2004101005050001', '3M02606'],
    ['MQ', 'FR', '2004101005050001', '3M02606'],
    ['RE', 'FR', '2004101005050001', '3M02606'],
    ['PF', 'FR', '2004101005050001', '3M02606'],
    ['TF', 'FR', '2004101005050001', '3M02606'],
    ['YT', 'FR', '2004101005050001', '3M02606'],
    ['NC', 'FR', '2004101005050001', '3M02606'],
    ['BL', 'FR', '2004101005050001', '3M02606'],
    ['MF', 'FR', '2004101005050001', '3M02606'],
    ['PM', 'FR', '2004101005050001', '3M02606'],
    ['WF', 'FR', '2004101005050001', '3M02606'],
    ['AX', 'FI', '12345600', '000785'],
    ['IM', 'GB', 'NWBK60161331', '926819'],
    ['JE', 'GB', 'NWBK60161331', '926819'],
    ['GG', 'GB', 'NWBK60161331', '926819'],
  ])('accepts %s under its own code in the format of %s', (code, parent, a, b) => {
    const bban = `${a}${b}`
    expect(isValidIban(withCheckDigits(parent, bban))).toBe(true)
    expect(isValidIban(withCheckDigits(code, bban))).toBe(true)
    // The parent's format, not any: one character short is refused.
    expect(isValidIban(withCheckDigits(code, bban.slice(1)))).toBe(false)
  })

  it('mod97 rejects characters outside the IBAN alphabet', () => {
    expect(mod97('12a')).toBeNaN()
  })
})

const ALPHABET = { n: '0123456789', a: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', c: '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ' }

/** A random IBAN of `code` with correct check digits. */
function ibanArb(code: string) {
  const country = IBAN_COUNTRIES[code]!
  const parts = bbanParts(country.bban).map(([count, kind]) =>
    fc.array(fc.constantFrom(...ALPHABET[kind]), { minLength: count, maxLength: count }).map((cs) => cs.join('')),
  )
  return fc.tuple(...parts).map((ps) => {
    const bban = ps.join('')
    return `${code}${ibanCheckDigits(code, bban)}${bban}`
  })
}

const anyValidIban = fc.constantFrom(...Object.keys(IBAN_COUNTRIES)).chain(ibanArb)

describe('IBAN properties', () => {
  it('accepts generated IBANs of every country, in any spacing and case', () => {
    fc.assert(
      fc.property(anyValidIban, fc.boolean(), (iban, friendly) => {
        const shown = friendly ? iban.replace(/(.{4})/g, '$1 ').toLowerCase() : iban
        expect(isValidIban(shown)).toBe(true)
        expect(normalizeIban(shown)).toBe(iban)
      }),
      { numRuns: 200 },
    )
  })

  it('rejects any single-character change within its class (mod 97 catches every one)', () => {
    fc.assert(
      fc.property(anyValidIban, fc.nat(), fc.nat(), (iban, at, pick) => {
        const index = at % iban.length
        const original = iban[index]!
        const pool = (/\d/.test(original) ? ALPHABET.n : ALPHABET.a).replace(original, '')
        const changed = iban.slice(0, index) + pool[pick % pool.length] + iban.slice(index + 1)
        // Also checked directly, so the property holds for the checksum and not only the structure.
        expect(mod97(changed.slice(4) + changed.slice(0, 4))).not.toBe(1)
        expect(isValidIban(changed)).toBe(false)
      }),
      { numRuns: 200 },
    )
  })
})
