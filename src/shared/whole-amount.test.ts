import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LOCALES } from './locales'
import { amountSeparators, parseWholeAmount, wholeAmountExample, WHOLE_AMOUNT_REASONS } from './whole-amount'

const RUNS = { numRuns: 300 }

/** An amount as the cashier prints its bounds in `locale`: grouped by threes, no decimals. */
function grouped(n: bigint, locale: string): string {
  return new Intl.NumberFormat(locale, { useGrouping: 'always', numberingSystem: 'latn', maximumFractionDigits: 0 }).format(n)
}

const amounts = fc.bigInt({ min: 0n, max: 10n ** 24n })
const FULL_WIDTH = '０１２３４５６７８９'

describe('parseWholeAmount (SPEC §5 Sum: whole amounts in the player locale)', () => {
  it('knows the signs of each locale: en groups with a comma; es, pt and de with a dot and write decimals with a comma', () => {
    expect(amountSeparators('en')).toEqual({ group: [','], decimal: '.' })
    for (const locale of ['es', 'pt', 'de']) expect(amountSeparators(locale)).toEqual({ group: ['.'], decimal: ',' })
    expect(wholeAmountExample('en')).toBe('1,000')
    expect(wholeAmountExample('es')).toBe('1.000')
  })

  describe.each(LOCALES)('in %s', (locale) => {
    const { group, decimal } = amountSeparators(locale)

    it('accepts every whole amount as plain digits and as the locale groups it, giving its digits', () => {
      fc.assert(
        fc.property(amounts, (n) => {
          expect(parseWholeAmount(String(n), locale)).toEqual({ ok: true, amount: String(n) })
          expect(parseWholeAmount(grouped(n, locale), locale)).toEqual({ ok: true, amount: String(n) })
        }),
        RUNS,
      )
    })

    it('refuses decimals written with the locale decimal sign, whatever the digits', () => {
      fc.assert(
        fc.property(amounts, fc.stringMatching(/^\d{1,8}$/), (n, fraction) => {
          for (const text of [`${n}${decimal}${fraction}`, `${grouped(n, locale)}${decimal}${fraction}`]) {
            expect(parseWholeAmount(text, locale), text).toEqual({ ok: false, reason: 'decimal' })
          }
        }),
        RUNS,
      )
    })

    it('refuses scientific notation', () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 10 ** 6 }), fc.integer({ min: -30, max: 30 }), fc.constantFrom('e', 'E'), (m, e, sign) => {
          expect(parseWholeAmount(`${m}${sign}${e}`, locale)).toEqual({ ok: false, reason: 'notation' })
        }),
        RUNS,
      )
    })

    it('refuses digits of other scripts: full-width digits are not read as 100', () => {
      fc.assert(
        fc.property(amounts, (n) => {
          const wide = String(n).replace(/\d/g, (d) => FULL_WIDTH[Number(d)]!)
          expect(parseWholeAmount(wide, locale)).toEqual({ ok: false, reason: 'characters' })
        }),
        RUNS,
      )
    })

    it('refuses group signs out of place', () => {
      // Groups of other than three digits after the first.
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 999 }), fc.stringMatching(/^(\d{1,2}|\d{4,6})$/), (head, tail) => {
          const text = `${head}${group[0]}${tail}`
          const result = parseWholeAmount(text, locale)
          expect(result.ok, text).toBe(false)
        }),
        RUNS,
      )
    })

    it('never throws, and whatever it accepts is the typed digits in order, nothing added or dropped', () => {
      const typed = fc.oneof(
        fc.string(),
        fc.string({ unit: 'binary' }),
        fc.stringMatching(/^[\s\d.,'’eE+\-<>a-z\u00a0\u202f]{0,24}$/),
        amounts.map((n) => grouped(n, locale)),
      )
      fc.assert(
        fc.property(typed, (text) => {
          const result = parseWholeAmount(text, locale)
          if (result.ok) {
            expect(result.amount).toMatch(/^(0|[1-9]\d*)$/)
            expect(text.trim().split('').filter((c) => /\d/.test(c)).join('')).toBe(result.amount)
            expect(text.trim().replace(/\d/g, '').split('').every((c) => group.includes(c))).toBe(true)
          } else {
            expect(WHOLE_AMOUNT_REASONS).toContain(result.reason)
          }
        }),
        { numRuns: 1000 },
      )
    })

    it.each([
      ['abc', 'characters'],
      ['1e3', 'notation'],
      ['１００', 'characters'],
      ['<script>', 'characters'],
      ['<script>alert(1)</script>', 'characters'],
      ['-100', 'characters'],
      ['+100', 'characters'],
      ['0100', 'leadingZero'],
      ['', 'required'],
      ['   ', 'required'],
    ] as const)('%j is refused: %s', (text, reason) => {
      expect(parseWholeAmount(text, locale)).toEqual({ ok: false, reason })
    })

    it('trims spaces around the amount, which cannot change its digits', () => {
      expect(parseWholeAmount(' 100 ', locale)).toEqual({ ok: true, amount: '100' })
      expect(parseWholeAmount(`\t${wholeAmountExample(locale)}\n`, locale)).toEqual({ ok: true, amount: '1000' })
    })
  })

  it('reads "10,5" as ten and a half where the comma is the decimal sign: refused, never 105', () => {
    for (const locale of ['es', 'pt', 'de']) expect(parseWholeAmount('10,5', locale)).toEqual({ ok: false, reason: 'decimal' })
    expect(parseWholeAmount('10.5', 'en')).toEqual({ ok: false, reason: 'decimal' })
    // Each locale's thousand is the other's one with decimals: refused, never read as 1.
    expect(parseWholeAmount('1.000', 'en')).toEqual({ ok: false, reason: 'decimal' })
    expect(parseWholeAmount('1,000', 'de')).toEqual({ ok: false, reason: 'decimal' })
    expect(parseWholeAmount('1.000', 'de')).toEqual({ ok: true, amount: '1000' })
  })

  it('answers values that are not text without throwing', () => {
    expect(parseWholeAmount(undefined, 'en')).toEqual({ ok: false, reason: 'required' })
    expect(parseWholeAmount(null, 'en')).toEqual({ ok: false, reason: 'required' })
    expect(parseWholeAmount(1000, 'en')).toEqual({ ok: false, reason: 'characters' })
    expect(parseWholeAmount({ toString: () => '1' }, 'en')).toEqual({ ok: false, reason: 'characters' })
  })

  it('falls back to the default signs for a locale Intl cannot read', () => {
    expect(parseWholeAmount('1,000', 'not a locale!')).toEqual({ ok: true, amount: '1000' })
  })
})
