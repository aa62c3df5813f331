import { describe, expect, it } from 'vitest'
import { amountInputDecimals, formatAmount, formatAmountRange, formatHeaderBalance, formatRate, formatShortAmount, formatSignedAmount } from './format-money'

/** Intl puts no-break spaces (U+00A0, U+202F) where a reader sees a space. */
const plain = (s: string | null) => s?.replace(/[\u00a0\u202f]/g, ' ') ?? null

describe('formatAmount: one formatter in every locale (SPEC §9)', () => {
  it.each([
    // 2 decimals
    [{ amount: '1234.5', currency: 'EUR' }, 'en', '€1,234.50'],
    [{ amount: '1234.5', currency: 'EUR' }, 'es', '1.234,50 €'],
    [{ amount: '1234.5', currency: 'EUR' }, 'pt', '€ 1.234,50'],
    [{ amount: '1234.5', currency: 'EUR' }, 'de', '1.234,50 €'],
    [{ amount: '12.50', currency: 'USD' }, 'de', '12,50 $'],
    [{ amount: '12.50', currency: 'BRL' }, 'pt', 'R$ 12,50'],
    // 0 decimals
    [{ amount: '1250', currency: 'JPY' }, 'en', '¥1,250'],
    [{ amount: '1250', currency: 'JPY' }, 'de', '1.250 ¥'],
    [{ amount: '1250', currency: 'JPY' }, 'es', '1.250 JPY'],
    // 8 decimals (crypto): trimmed to what matters, at least 2
    [{ amount: '0.00012300', currency: 'BTC' }, 'en', '0.000123 BTC'],
    [{ amount: '0.00012300', currency: 'BTC' }, 'de', '0,000123 BTC'],
    [{ amount: '1.5', currency: 'BTC' }, 'es', '1,50 BTC'],
    [{ amount: '12345.12345678', currency: 'ETH' }, 'pt', '12.345,12345678 ETH'],
  ] as const)('%j in %s -> %s', (money, locale, expected) => {
    expect(plain(formatAmount(money, locale))).toBe(expected)
  })
})

describe('formatHeaderBalance (SPEC §3: main + bonus + betting bonus, rounded to 2 decimals)', () => {
  it('sums exactly, then rounds once', () => {
    const balances = {
      balance_main: { amount: '100.004', currency: 'EUR' },
      balance_bonus: { amount: '0.003', currency: 'EUR' },
      balance_betting_bonus: { amount: '0.003', currency: 'EUR' },
    }
    // Rounded part by part this would be 100.00; the exact sum 100.010 is 100.01.
    expect(plain(formatHeaderBalance(balances, 'en'))).toBe('€100.01')
    expect(plain(formatHeaderBalance(balances, 'de'))).toBe('100,01 €')
  })

  it('shows 2 decimals for crypto and none for JPY', () => {
    expect(
      plain(formatHeaderBalance({ balance_main: { amount: '0.12345678', currency: 'BTC' }, balance_bonus: { amount: '0.001', currency: 'BTC' } }, 'en')),
    ).toBe('0.12 BTC')
    expect(plain(formatHeaderBalance({ balance_main: { amount: '1000', currency: 'JPY' }, balance_bonus: { amount: '250', currency: 'JPY' } }, 'pt'))).toBe(
      'JP¥ 1.250',
    )
  })

  it('missing parts count as zero; a visitor has no balance', () => {
    expect(plain(formatHeaderBalance({ balance_main: { amount: '5', currency: 'USD' }, balance_bonus: null }, 'es'))).toBe('5,00 US$')
    expect(formatHeaderBalance({ balance_main: null }, 'en')).toBeNull()
  })

  it('refuses to add balances of another currency', () => {
    expect(() =>
      formatHeaderBalance({ balance_main: { amount: '5', currency: 'USD' }, balance_bonus: { amount: '1', currency: 'EUR' } }, 'en'),
    ).toThrow(RangeError)
  })
})

describe('formatSignedAmount: history rows', () => {
  it.each([
    [{ amount: '50', currency: 'USD' }, 'en', '+$50.00'],
    [{ amount: '-20.5', currency: 'EUR' }, 'de', '\u221220,50 €'],
    [{ amount: '-0.0001', currency: 'BTC' }, 'en', '\u22120.0001 BTC'],
    [{ amount: '0', currency: 'USD' }, 'en', '$0.00'],
  ] as const)('%j in %s -> %s', (money, locale, expected) => {
    expect(plain(formatSignedAmount(money, locale))).toBe(expected)
  })
})

describe('formatShortAmount and ranges: presets and method bounds', () => {
  it.each([
    ['50', 'USD', 'en', '$50'],
    ['5000.00', 'EUR', 'de', '5.000 €'],
    ['1000', 'BRL', 'pt', 'R$ 1.000'],
    ['12.5', 'EUR', 'es', '12,50 €'],
    ['0.001', 'BTC', 'en', '0.001 BTC'],
    ['2', 'BTC', 'en', '2 BTC'],
    ['1000', 'JPY', 'en', '¥1,000'],
  ] as const)('%s %s in %s -> %s', (amount, currency, locale, expected) => {
    expect(plain(formatShortAmount(amount, currency, locale))).toBe(expected)
  })

  it('a range with and without an upper bound', () => {
    expect(formatAmountRange('10', '5000', 'USD', 'en')).toEqual({ min: '$10', max: '$5,000' })
    expect(formatAmountRange('10', null, 'USD', 'en')).toEqual({ min: '$10', max: null })
  })

  it('input decimals follow the currency', () => {
    expect([amountInputDecimals('JPY'), amountInputDecimals('EUR'), amountInputDecimals('BTC')]).toEqual([0, 2, 8])
  })
})

describe('formatRate: currency rates keep every digit', () => {
  it('prints the rate with the locale separators and the code, never rounded to minor units', () => {
    expect(formatRate('0.92', 'EUR', 'en')).toBe('0.92 EUR')
    expect(formatRate('0.0000155', 'BTC', 'en')).toBe('0.0000155 BTC')
    expect(formatRate('151', 'JPY', 'en')).toBe('151 JPY')
    expect(formatRate('17.1', 'MXN', 'de')).toBe('17,1 MXN')
    expect(formatRate('1234.5678', 'XYZ', 'en')).toBe('1,234.5678 XYZ')
  })
})
