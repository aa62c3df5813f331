import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  addDecimals,
  AmountError,
  MAX_MINOR,
  minorToMajor,
  parseAmount,
  CURRENCY_EXPONENTS,
  currencyExponent,
  isDecimalString,
  isPositiveMoney,
  roundDecimal,
  sumBalances,
  toMajor,
  toMinor,
  type Currency,
} from './money'

describe('currency exponents', () => {
  it('uses ISO 4217 minor units for fiat and our chosen precision for crypto', () => {
    expect(CURRENCY_EXPONENTS).toEqual({ USD: 2, EUR: 2, GBP: 2, BRL: 2, MXN: 2, JPY: 0, BTC: 8, ETH: 8, USDT: 6 })
  })

  it('rejects an unknown currency', () => {
    expect(() => currencyExponent('XYZ')).toThrow(RangeError)
    expect(() => currencyExponent('toString')).toThrow(RangeError)
  })
})

describe('toMinor', () => {
  it.each([
    ['12.50', 'USD', 1250n],
    ['12.5', 'USD', 1250n],
    ['12', 'USD', 1200n],
    ['0.01', 'EUR', 1n],
    ['-3.1', 'GBP', -310n],
    ['1250', 'JPY', 1250n],
    ['0.00000001', 'BTC', 1n],
    ['21000000', 'BTC', 2_100_000_000_000_000n],
    ['1.5', 'USDT', 1_500_000n],
    ['-0.00', 'USD', 0n],
    ['92233720368547758.07', 'USD', 9_223_372_036_854_775_807n],
  ] as const)('%s %s -> %s', (amount, currency, minor) => {
    expect(toMinor(amount, currency)).toBe(minor)
  })

  it.each(['', ' 1', '1 ', '1,000.00', '1e3', '+1', '.5', '5.', '1.2.3', 'abc', '0x10', 'NaN', 'Infinity', '--1'])(
    'rejects %j',
    (amount) => {
      expect(() => toMinor(amount, 'USD')).toThrow(RangeError)
    },
  )

  it('rejects more decimals than the currency has, even zeros', () => {
    expect(() => toMinor('12.345', 'USD')).toThrow(/2 decimals/)
    expect(() => toMinor('12.500', 'USD')).toThrow(RangeError)
    expect(() => toMinor('1.5', 'JPY')).toThrow(RangeError)
    expect(() => toMinor('0.000000001', 'BTC')).toThrow(RangeError)
  })

  it('rejects non-strings and unknown currencies', () => {
    expect(() => toMinor(12.5 as unknown as string, 'USD')).toThrow(RangeError)
    expect(() => toMinor('1', 'XXX')).toThrow(RangeError)
  })
})

describe('toMajor', () => {
  it.each([
    [1250n, 'USD', '12.50'],
    [5n, 'USD', '0.05'],
    [-5n, 'USD', '-0.05'],
    [0n, 'EUR', '0.00'],
    [1250n, 'JPY', '1250'],
    [-1250n, 'JPY', '-1250'],
    [123n, 'BTC', '0.00000123'],
    [1_500_000n, 'USDT', '1.500000'],
  ] as const)('%s %s -> %s', (minor, currency, major) => {
    expect(toMajor(minor, currency)).toBe(major)
  })

  it('refuses a number, which could already have lost precision', () => {
    expect(() => toMajor(1250 as unknown as bigint, 'USD')).toThrow(TypeError)
  })

  it('round-trips with toMinor for every currency', () => {
    const currencies = Object.keys(CURRENCY_EXPONENTS) as Currency[]
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.constantFrom(...currencies), (minor, cur) => {
        expect(toMinor(toMajor(minor, cur), cur)).toBe(minor)
      }),
    )
  })
})

describe('decimal helpers', () => {
  it('calls an amount positive only above zero', () => {
    expect(isPositiveMoney({ amount: '0.01' })).toBe(true)
    expect(isPositiveMoney({ amount: '0.00' })).toBe(false)
    expect(isPositiveMoney({ amount: '-5.00' })).toBe(false)
    expect(isPositiveMoney({ amount: 'NaN' })).toBe(false)
    expect(isPositiveMoney(null)).toBe(false)
    expect(isPositiveMoney(undefined)).toBe(false)
  })

  it('recognises plain decimals only', () => {
    expect(isDecimalString('0.10')).toBe(true)
    expect(isDecimalString('1e2')).toBe(false)
    expect(isDecimalString(1)).toBe(false)
  })

  it.each([
    ['1.005', 2, '1.01'],
    ['1.004', 2, '1.00'],
    ['-1.005', 2, '-1.01'],
    ['-0.004', 2, '0.00'],
    ['2.5', 0, '3'],
    ['0.125', 2, '0.13'],
    ['7', 2, '7.00'],
    ['0.99999999', 2, '1.00'],
  ] as const)('rounds %s to %d decimals half away from zero: %s', (value, scale, expected) => {
    expect(roundDecimal(value, scale)).toBe(expected)
  })

  it('adds exactly where floats would not', () => {
    expect(addDecimals(['0.1', '0.2'])).toBe('0.3')
    expect(addDecimals(['10.00', '-0.005', '0.00000001'])).toBe('9.99500001')
    expect(addDecimals([])).toBe('0')
  })
})

describe('sumBalances', () => {
  const usd = (amount: string) => ({ amount, currency: 'USD' })

  it('adds main, bonus and betting bonus and rounds to 2 decimals', () => {
    expect(
      sumBalances({ balance_main: usd('10.10'), balance_bonus: usd('0.20'), balance_betting_bonus: usd('5') }),
    ).toEqual({ amount: '15.30', currency: 'USD' })
  })

  it('ignores the fun balance and missing parts', () => {
    expect(sumBalances({ balance_main: usd('1'), balance_bonus: null })).toEqual({ amount: '1.00', currency: 'USD' })
  })

  it('rounds once, after adding', () => {
    const btc = (amount: string) => ({ amount, currency: 'BTC' })
    // Each part alone rounds to 0.00; together they are 0.0075 -> 0.01.
    expect(
      sumBalances({ balance_main: btc('0.0025'), balance_bonus: btc('0.0025'), balance_betting_bonus: btc('0.0025') }),
    ).toEqual({ amount: '0.01', currency: 'BTC' })
  })

  it('shows no decimals for a currency without minor units', () => {
    const jpy = (amount: string) => ({ amount, currency: 'JPY' })
    expect(sumBalances({ balance_main: jpy('1000'), balance_bonus: jpy('250') })).toEqual({ amount: '1250', currency: 'JPY' })
  })

  it('is null for a visitor', () => {
    expect(sumBalances({ balance_main: null })).toBeNull()
  })

  it('refuses to add different currencies', () => {
    expect(() => sumBalances({ balance_main: usd('1'), balance_bonus: { amount: '1', currency: 'EUR' } })).toThrow(
      /EUR/,
    )
  })
})

describe('parseAmount', () => {
  const code = (fn: () => unknown) => {
    try {
      fn()
    } catch (err) {
      expect(err).toBeInstanceOf(AmountError)
      return (err as AmountError).code
    }
    throw new Error('expected an AmountError')
  }

  it('reads plain decimals in major units into minor units of the currency', () => {
    expect(parseAmount('12.50', 'USD')).toBe(1250n)
    expect(parseAmount('12.5', 'EUR')).toBe(1250n)
    expect(parseAmount('1250', 'JPY')).toBe(1250n)
    expect(parseAmount('0.00000001', 'BTC')).toBe(1n)
    expect(parseAmount('3', 'XYZ', { exponent: 3 })).toBe(3000n)
  })

  it.each([
    ['1.000,50', 'locale_formatted'],
    ['1,000.50', 'locale_formatted'],
    ['12,50', 'locale_formatted'],
    ['1 000', 'locale_formatted'],
    ['1\u00a0000,00', 'locale_formatted'],
    ["1'000.00", 'locale_formatted'],
    ['1.000.000', 'locale_formatted'],
    ['abc', 'not_a_number'],
    ['1e3', 'not_a_number'],
    ['0x10', 'not_a_number'],
    ['.5', 'not_a_number'],
    ['NaN', 'not_a_number'],
    ['', 'required'],
    ['12.345', 'too_many_decimals'],
    ['12.500', 'too_many_decimals'],
    ['-1', 'negative'],
    ['0', 'zero'],
    ['0.00', 'zero'],
    ['92233720368547758.08', 'too_large'],
    ['99999999999999999999999', 'too_large'],
  ] as const)('refuses %j as %s', (value, expected) => {
    expect(code(() => parseAmount(value, 'USD'))).toBe(expected)
  })

  it('refuses non-strings, missing values and unknown currencies with their own codes', () => {
    expect(code(() => parseAmount(12.5, 'USD'))).toBe('not_a_number')
    expect(code(() => parseAmount(undefined, 'USD'))).toBe('required')
    expect(code(() => parseAmount(null, 'USD'))).toBe('required')
    expect(code(() => parseAmount('1', 'XYZ'))).toBe('unknown_currency')
    expect(code(() => parseAmount('1.5', 'JPY'))).toBe('too_many_decimals')
  })

  it('takes zero, negatives and a lower ceiling when asked', () => {
    expect(parseAmount('0', 'USD', { allowZero: true })).toBe(0n)
    expect(parseAmount('-2.5', 'USD', { allowNegative: true })).toBe(-250n)
    expect(parseAmount('92233720368547758.07', 'USD')).toBe(MAX_MINOR)
    expect(code(() => parseAmount('10.01', 'USD', { max: 1000n }))).toBe('too_large')
  })

  it('says what is wrong in its message, with the value', () => {
    expect(() => parseAmount('1.000,50', 'EUR')).toThrow(/dot for decimals.*"1\.000,50" EUR/)
  })

  it('round-trips with minorToMajor at any exponent', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: MAX_MINOR }), fc.integer({ min: 0, max: 18 }), (minor, exponent) => {
        expect(parseAmount(minorToMajor(minor, exponent), 'ANY', { exponent })).toBe(minor)
      }),
    )
  })
})
