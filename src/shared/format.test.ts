import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatMoney, formatNumber, formatTime, moneyFractionDigits } from './format'

const UTC = { timeZone: 'UTC' }
const morning = new Date(Date.UTC(2024, 0, 5, 9, 7))
const locales = ['en', 'es', 'pt', 'de'] as const

// Intl uses narrow no-break spaces in some locales; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ')

describe('formatDate', () => {
  it.each(locales)('is dd.mm.yyyy in %s', (locale) => {
    expect(formatDate(morning, locale, UTC)).toBe('05.01.2024')
  })

  it('accepts an ISO string and epoch milliseconds', () => {
    expect(formatDate('2023-12-31T23:59:00Z', 'en', UTC)).toBe('31.12.2023')
    expect(formatDate(0, 'de', UTC)).toBe('01.01.1970')
  })

  it('reads the calendar day in the given zone', () => {
    const lateUtc = new Date(Date.UTC(2024, 0, 5, 23, 30))
    expect(formatDate(lateUtc, 'en', { timeZone: 'Asia/Tokyo' })).toBe('06.01.2024')
    expect(formatDate(lateUtc, 'en', { timeZone: 'America/Mexico_City' })).toBe('05.01.2024')
  })

  it('rejects an invalid date', () => {
    expect(() => formatDate('not a date', 'en')).toThrow(RangeError)
  })
})

describe('formatTime', () => {
  it.each(locales)('is h:mm, 24-hour, in %s', (locale) => {
    expect(formatTime(morning, locale, UTC)).toBe('9:07')
    expect(formatTime(new Date(Date.UTC(2024, 0, 5, 21, 30)), locale, UTC)).toBe('21:30')
    expect(formatTime(new Date(Date.UTC(2024, 0, 5, 0, 5)), locale, UTC)).toBe('0:05')
  })
})

describe('formatDateTime', () => {
  it('joins with "a las" in Spanish', () => {
    expect(formatDateTime(morning, 'es', UTC)).toBe('05.01.2024 a las 9:07')
    expect(formatDateTime(morning, 'es-MX', UTC)).toBe('05.01.2024 a las 9:07')
  })

  it('says "a la" at one o\'clock only', () => {
    expect(formatDateTime(new Date(Date.UTC(2024, 0, 5, 1, 15)), 'es', UTC)).toBe('05.01.2024 a la 1:15')
    expect(formatDateTime(new Date(Date.UTC(2024, 0, 5, 13, 15)), 'es', UTC)).toBe('05.01.2024 a las 13:15')
  })

  it.each(['en', 'pt', 'de'])('joins with a space in %s', (locale) => {
    expect(formatDateTime(morning, locale, UTC)).toBe('05.01.2024 9:07')
  })
})

describe('formatNumber', () => {
  it.each([
    [1234567, 'en', '1,234,567'],
    [1234567, 'de', '1.234.567'],
    [1234.5, 'en', '1,234.50'],
    [1234.5, 'pt', '1.234,50'],
    [1234, 'es', '1.234'],
    [0.1 + 0.2, 'en', '0.30'],
    [-1234.5, 'de', '-1.234,50'],
    [12n, 'en', '12'],
    ['1234.5', 'de', '1.234,50'],
    ['12.00', 'en', '12'],
    ['0.125', 'en', '0.13'],
    ['123456789012345678901.5', 'en', '123,456,789,012,345,678,901.50'],
  ] as const)('%s in %s -> %s', (value, locale, expected) => {
    expect(formatNumber(value, locale)).toBe(expected)
  })

  it('rejects non-finite numbers and non-decimal strings', () => {
    expect(() => formatNumber(Number.POSITIVE_INFINITY, 'en')).toThrow(RangeError)
    expect(() => formatNumber('1,5', 'en')).toThrow(RangeError)
  })
})

describe('formatMoney', () => {
  it.each([
    ['12.5', 'USD', 'en', '$12.50'],
    ['1234.5', 'EUR', 'de', '1.234,50 €'],
    ['1234.5', 'EUR', 'es', '1.234,50 €'],
    ['1234.5', 'BRL', 'pt', 'R$ 1.234,50'],
    ['1250', 'JPY', 'en', '¥1,250'],
    ['-0.5', 'USD', 'en', '-$0.50'],
    ['-0.5', 'EUR', 'de', '-0,50 €'],
    ['0.005', 'USD', 'en', '$0.01'],
    ['0.00012300', 'BTC', 'en', '0.000123 BTC'],
    ['1', 'BTC', 'en', '1.00 BTC'],
    ['1234.5', 'BTC', 'de', '1.234,50 BTC'],
    ['0.000000005', 'BTC', 'en', '0.00000001 BTC'],
    ['2.5', 'USDT', 'pt', '2,50 USDT'],
    ['1234.5', 'USDT', 'es', '1.234,50 USDT'],
    ['90071992547409.93', 'USD', 'en', '$90,071,992,547,409.93'],
  ] as const)('%s %s in %s -> %s', (amount, currency, locale, expected) => {
    expect(plain(formatMoney(amount, currency, locale))).toBe(expected)
  })

  it('uses Intl digits for an ISO currency outside our table', () => {
    expect(moneyFractionDigits('KWD')).toEqual({ min: 3, max: 3 })
    expect(plain(formatMoney('1.5', 'KWD', 'en'))).toBe('KWD 1.500')
  })

  it('throws on an amount that is not a plain decimal', () => {
    expect(() => formatMoney('12,50', 'USD', 'en')).toThrow(RangeError)
  })
})
