import { describe, expect, it } from 'vitest'
import { exclusionKind, isSelfExcludedAt, isSelfExclusionPeriod, SELF_EXCLUSION_PERIODS, selfExclusionEnd, TIME_OUT_PERIODS } from './self-exclusion'

describe('self-exclusion periods (SPEC §9)', () => {
  it('lists the twelve periods of the SPEC', () => {
    expect(SELF_EXCLUSION_PERIODS).toHaveLength(12)
    expect(isSelfExclusionPeriod('3m')).toBe(true)
    expect(isSelfExclusionPeriod('2d')).toBe(false)
    expect(isSelfExclusionPeriod(7)).toBe(false)
  })

  it.each([
    ['1d', '2030-01-31T10:00:00.000Z', '2030-02-01T10:00:00.000Z'],
    ['7d', '2030-01-31T10:00:00.000Z', '2030-02-07T10:00:00.000Z'],
    ['30d', '2030-01-31T10:00:00.000Z', '2030-03-02T10:00:00.000Z'],
    ['3m', '2030-01-15T10:00:00.000Z', '2030-04-15T10:00:00.000Z'],
    ['6m', '2030-08-31T10:00:00.000Z', '2031-02-28T10:00:00.000Z'],
    ['9m', '2030-05-31T00:00:00.000Z', '2031-02-28T00:00:00.000Z'],
    ['1y', '2028-02-29T12:00:00.000Z', '2029-02-28T12:00:00.000Z'],
    ['5y', '2030-06-01T00:00:00.000Z', '2035-06-01T00:00:00.000Z'],
  ] as const)('%s from %s ends %s', (period, from, end) => {
    expect(selfExclusionEnd(period, new Date(from))?.toISOString()).toBe(end)
  })

  it.each([
    ['24h', '2030-03-30T10:00:00.000Z', '2030-03-31T10:00:00.000Z'],
    ['48h', '2030-01-31T10:00:00.000Z', '2030-02-02T10:00:00.000Z'],
    ['1w', '2030-01-31T10:00:00.000Z', '2030-02-07T10:00:00.000Z'],
    ['6w', '2030-01-01T00:00:00.000Z', '2030-02-12T00:00:00.000Z'],
  ] as const)('the time-out %s from %s ends %s', (period, from, end) => {
    expect(selfExclusionEnd(period, new Date(from))?.toISOString()).toBe(end)
  })

  it('names each period\'s kind: a time-out is 24 hours to 6 weeks', () => {
    expect(TIME_OUT_PERIODS.map(exclusionKind)).toEqual(TIME_OUT_PERIODS.map(() => 'timeout'))
    expect(SELF_EXCLUSION_PERIODS.map(exclusionKind)).toEqual(SELF_EXCLUSION_PERIODS.map(() => 'self_exclusion'))
    const longest = Math.max(...TIME_OUT_PERIODS.map((p) => selfExclusionEnd(p, new Date(0))!.getTime()))
    expect(longest).toBe(42 * 86_400_000)
  })

  it('has no end when permanent', () => {
    expect(selfExclusionEnd('permanent', new Date())).toBeNull()
  })

  it('applies from the start until the end, and forever without one', () => {
    const since = new Date('2030-01-01T00:00:00Z')
    const until = new Date('2030-01-08T00:00:00Z')
    expect(isSelfExcludedAt(null, null, since)).toBe(false)
    expect(isSelfExcludedAt(since, until, new Date('2030-01-07T23:59:59Z'))).toBe(true)
    expect(isSelfExcludedAt(since, until, until)).toBe(false)
    expect(isSelfExcludedAt(since, null, new Date('2099-01-01T00:00:00Z'))).toBe(true)
  })
})
