// Self-exclusion periods (SPEC §9: 1, 7, 30 days, 3, 6, 9 months, 1 to 5 years, Permanent) and the
// end date each gives. Shared: the operator API takes a period, the responsible-gaming page offers
// the same list.

export const SELF_EXCLUSION_PERIODS = ['1d', '7d', '30d', '3m', '6m', '9m', '1y', '2y', '3y', '4y', '5y', 'permanent'] as const
export type SelfExclusionPeriod = (typeof SELF_EXCLUSION_PERIODS)[number]

export function isSelfExclusionPeriod(value: unknown): value is SelfExclusionPeriod {
  return typeof value === 'string' && (SELF_EXCLUSION_PERIODS as readonly string[]).includes(value)
}

/**
 * When a self-exclusion that starts at `from` ends; null for a permanent one. Months and years are
 * calendar ones in UTC, clamped to the month's last day (31 Jan + 1 month is 28 or 29 Feb).
 */
export function selfExclusionEnd(period: SelfExclusionPeriod, from: Date): Date | null {
  if (period === 'permanent') return null
  const amount = Number(period.slice(0, -1))
  const unit = period.slice(-1)
  if (unit === 'd') return new Date(from.getTime() + amount * 86_400_000)
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
