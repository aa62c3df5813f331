// Self-exclusion periods (SPEC §9: 1, 7, 30 days, 3, 6, 9 months, 1 to 5 years, Permanent), the
// time-out's (24 hours to 6 weeks) and the end date each gives. Shared: the operator API takes a
// period, the responsible-gaming page offers the same lists.

export const SELF_EXCLUSION_PERIODS = ['1d', '7d', '30d', '3m', '6m', '9m', '1y', '2y', '3y', '4y', '5y', 'permanent'] as const
export type SelfExclusionPeriod = (typeof SELF_EXCLUSION_PERIODS)[number]

export function isSelfExclusionPeriod(value: unknown): value is SelfExclusionPeriod {
  return typeof value === 'string' && (SELF_EXCLUSION_PERIODS as readonly string[]).includes(value)
}

/** A time-out: a short break from play, from 24 hours to 6 weeks, blocking like a self-exclusion. */
export const TIME_OUT_PERIODS = ['24h', '48h', '1w', '2w', '4w', '6w'] as const
export type TimeOutPeriod = (typeof TIME_OUT_PERIODS)[number]

/** Either kind of block a player sets on themself. */
export type ExclusionPeriod = SelfExclusionPeriod | TimeOutPeriod
export const EXCLUSION_PERIODS: readonly ExclusionPeriod[] = [...SELF_EXCLUSION_PERIODS, ...TIME_OUT_PERIODS]
export type ExclusionKind = 'self_exclusion' | 'timeout'

export function isExclusionPeriod(value: unknown): value is ExclusionPeriod {
  return isSelfExclusionPeriod(value) || isTimeOutPeriod(value)
}

export function isTimeOutPeriod(value: unknown): value is TimeOutPeriod {
  return typeof value === 'string' && (TIME_OUT_PERIODS as readonly string[]).includes(value)
}

/** What a period sets: its words at login and on the page differ, the block is the same. */
export function exclusionKind(period: ExclusionPeriod): ExclusionKind {
  return isTimeOutPeriod(period) ? 'timeout' : 'self_exclusion'
}

/**
 * When a self-exclusion or time-out that starts at `from` ends; null for a permanent one. Months and years are
 * calendar ones in UTC, clamped to the month's last day (31 Jan + 1 month is 28 or 29 Feb).
 */
export function selfExclusionEnd(period: ExclusionPeriod, from: Date): Date | null {
  if (period === 'permanent') return null
  const amount = Number(period.slice(0, -1))
  const unit = period.slice(-1)
  if (unit === 'h') return new Date(from.getTime() + amount * 3_600_000)
  if (unit === 'd') return new Date(from.getTime() + amount * 86_400_000)
  if (unit === 'w') return new Date(from.getTime() + amount * 7 * 86_400_000)
  const months = unit === 'm' ? amount : amount * 12
  const end = new Date(from.getTime())
  const day = end.getUTCDate()
  end.setUTCDate(1)
  end.setUTCMonth(end.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate()
  end.setUTCDate(Math.min(day, lastDay))
  return end
}

/** Whether a self-exclusion recorded as (since, until) applies at `now`. */
export function isSelfExcludedAt(since: Date | null, until: Date | null, now: Date): boolean {
  if (since === null) return false
  return until === null || until.getTime() > now.getTime()
}
