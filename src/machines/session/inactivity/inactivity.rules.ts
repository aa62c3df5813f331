// Pure rules of the automatic logout (SPEC §4 'Automatic logout by inactivity', §9).
import { INACTIVITY_WARNING_RATIO } from '../../../shared/constants'

/** The setting in ms, or null when it is off (null, 0, negative, not a number). */
export function timeoutMsOf(timeoutSec: number | null | undefined): number | null {
  return typeof timeoutSec === 'number' && Number.isFinite(timeoutSec) && timeoutSec > 0 ? Math.round(timeoutSec * 1000) : null
}

/** SPEC §4: only when the setting is set and the player is logged in. */
export const watches = (timeoutMs: number | null, loggedIn: boolean): boolean => loggedIn && timeoutMs !== null

/** The warning opens at 80 % of the limit (SPEC §9). */
export const warningAfterMs = (timeoutMs: number): number => Math.round(timeoutMs * INACTIVITY_WARNING_RATIO)

/** The countdown: the last 20 % in whole seconds, at least one. */
export const countdownSeconds = (timeoutMs: number): number =>
  Math.max(1, Math.round((timeoutMs - warningAfterMs(timeoutMs)) / 1000))

/**
 * How often an active player's keep-alive may reach the server: a tenth of the limit, at most a
 * minute. The last activity is always followed by one (trailing), so the server's idle clock never
 * starts before the browser's.
 */
export const keepAliveEveryMs = (timeoutMs: number): number => Math.min(60_000, Math.max(1000, Math.round(timeoutMs / 10)))
