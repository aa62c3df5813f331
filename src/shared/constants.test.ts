import { describe, expect, it } from 'vitest'
import {
  BALANCE_REFRESH_DEFAULTS,
  BREAKPOINTS,
  breakpointForWidth,
  CODE_LENGTH,
  CONFIRM_HINT_MS,
  DEFAULT_THEME,
  DEPOSIT_LIMIT_PERIODS_DAYS,
  INPUT_MASK_TOKENS,
  isTheme,
  LOCALE_COOKIE_MAX_AGE_SEC,
  normalizeStatus,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PAYLOAD_CACHE_MS,
  REGISTRATION_HINT_MS,
  SCREENS,
  SELF_EXCLUSION_PERIODS,
  THEME_COOKIE_MAX_AGE_SEC,
  THEMES,
} from './constants'

describe('SPEC §9 constants', () => {
  it('keeps the validation limits', () => {
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, CODE_LENGTH]).toEqual([6, 20, 6])
  })

  it('turns the hint durations into milliseconds', () => {
    expect(REGISTRATION_HINT_MS).toBe(2 * 60 * 60 * 1000)
    expect(CONFIRM_HINT_MS).toBe(432_000_000)
    expect(PAYLOAD_CACHE_MS).toBe(3_600_000)
  })

  it('keeps theme and locale cookies for a year, in seconds', () => {
    expect(THEME_COOKIE_MAX_AGE_SEC).toBe(31_536_000)
    expect(LOCALE_COOKIE_MAX_AGE_SEC).toBe(31_536_000)
  })

  it('defaults to the dark theme and knows only dark and light', () => {
    expect(DEFAULT_THEME).toBe('dark')
    expect(THEMES).toEqual(['dark', 'light'])
    expect(isTheme('light')).toBe(true)
    expect(isTheme('blue')).toBe(false)
    expect(isTheme(undefined)).toBe(false)
  })

  it('refreshes the balance with interval and after-click off and turn-off on by default', () => {
    expect(BALANCE_REFRESH_DEFAULTS).toEqual({
      isEnabledInterval: false,
      countSecondsForInterval: 10,
      isEnabledTurnOffRequests: true,
      countMinutesAfterWhichRequestsTurnedOff: 5,
      isEnabledRequestsAfterClick: false,
      countSecondsForDelayBetweenClick: 1,
    })
    expect(Object.isFrozen(BALANCE_REFRESH_DEFAULTS)).toBe(true)
  })

  it('lists the responsible-gaming periods', () => {
    expect(DEPOSIT_LIMIT_PERIODS_DAYS).toEqual([1, 7, 14, 30])
    expect(SELF_EXCLUSION_PERIODS.map((p) => p.id)).toEqual([
      '1d', '7d', '30d', '3m', '6m', '9m', '1y', '2y', '3y', '4y', '5y', 'permanent',
    ])
  })

  it('applies the mask tokens to single characters', () => {
    expect(INPUT_MASK_TOKENS['#'].test('7')).toBe(true)
    expect(INPUT_MASK_TOKENS['#'].test('a')).toBe(false)
    expect(INPUT_MASK_TOKENS['@'].test('ñ')).toBe(true)
    expect(INPUT_MASK_TOKENS['@'].test('1')).toBe(false)
    expect(INPUT_MASK_TOKENS['*'].test('1')).toBe(true)
    expect(INPUT_MASK_TOKENS['*'].test('-')).toBe(false)
  })
})

describe('breakpoints', () => {
  it('covers every width without gaps or overlaps', () => {
    const ranges = Object.values(BREAKPOINTS)
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]!.min).toBe(ranges[i - 1]!.max! + 1)
  })

  it.each([
    [0, 'mobile'], [767, 'mobile'], [768, 'tablet'], [991, 'tablet'], [992, 'laptop'], [1279, 'laptop'],
    [1280, 'laptopLarge'], [1365, 'laptopLarge'], [1366, 'desktopSmall'], [1439.6, 'desktopSmall'],
    [1440, 'desktop'], [1695, 'desktop'], [1696, 'desktopMedium'], [1919, 'desktopMedium'],
    [1920, 'desktopLarge'], [5000, 'desktopLarge'],
  ] as const)('width %d is %s', (width, name) => {
    expect(breakpointForWidth(width)).toBe(name)
  })

  it('names the screens', () => {
    expect(SCREENS).toEqual({ xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 })
  })
})

describe('normalizeStatus', () => {
  it.each([
    [100, 100], [404, 404], [999, 999], [99, 200], [1000, 200], [0, 200], [-1, 200], [404.5, 200],
    [Number.NaN, 200], ['404', 200], [undefined, 200], [null, 200],
  ] as const)('%s -> %d', (input, expected) => {
    expect(normalizeStatus(input)).toBe(expected)
  })
})
