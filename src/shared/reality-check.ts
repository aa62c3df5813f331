// The reality check's intervals (responsible gaming): every so many minutes of a session the player
// is shown how long they have played and what they have won or lost. Shared: the server keeps the
// player's choice, the page offers the same list.

export const REALITY_CHECK_MINUTES = [15, 30, 45, 60, 90, 120] as const
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number]

export function isRealityCheckMinutes(value: unknown): value is RealityCheckMinutes {
  return typeof value === 'number' && (REALITY_CHECK_MINUTES as readonly number[]).includes(value)
}

/**
 * Milliseconds until the next check of a session played for `playedMs`, checks falling at every
 * whole interval from its start (a reload does not move them). At a boundary it is a whole interval.
 */
export function nextCheckInMs(playedMs: number, intervalMs: number): number {
  if (!(intervalMs > 0)) throw new RangeError('A reality check interval is positive')
  const into = Math.max(0, playedMs) % intervalMs
  return intervalMs - into
}
