// The session-time limit (responsible gaming): a session ends once it has lasted this long, whatever
// the player is doing. Shared: the server keeps and enforces the choice, the page offers the list.
// As with deposit limits, a stricter limit applies at once and a looser one (or none) only after a
// cooling-off day, so a moment's impulse cannot undo it.

export const SESSION_LIMIT_MINUTES = [30, 60, 120, 240, 480] as const
export type SessionLimitMinutes = (typeof SESSION_LIMIT_MINUTES)[number]

/** How long a raise or a removal waits: the deposit limits' cooling-off. */
export const SESSION_LIMIT_COOLING_OFF_MS = 24 * 60 * 60 * 1000

export function isSessionLimitMinutes(value: unknown): value is SessionLimitMinutes {
  return typeof value === 'number' && (SESSION_LIMIT_MINUTES as readonly number[]).includes(value)
}

/** A session that began at `startedAt` is over its limit at `now`. */
export function isOverSessionLimit(startedAt: Date, minutes: number | null, now: Date): boolean {
  return minutes !== null && now.getTime() - startedAt.getTime() >= minutes * 60_000
}

/**
 * The response header of an API call whose session the server has just ended for the player's
 * standing, naming why, so the page can tell the player rather than only log them out.
 */
export const SESSION_ENDED_HEADER = 'x-session-ended'
/** The window event the browser's API client raises on that header (detail: the reason). */
export const SESSION_ENDED_EVENT = 'royal-ace:session-ended'
export const SESSION_END_REASONS = ['time_limit', 'self_excluded'] as const
export type SessionEndReason = (typeof SESSION_END_REASONS)[number]

export function isSessionEndReason(value: unknown): value is SessionEndReason {
  return typeof value === 'string' && (SESSION_END_REASONS as readonly string[]).includes(value)
}
