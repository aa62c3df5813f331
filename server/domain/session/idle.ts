/**
 * One inactivity limit for the browser and the server (SPEC §4 'Automatic logout by inactivity',
 * §3 General info time_to_force_logout). The settings row `time_to_force_logout` (seconds; the
 * operator edits it) is what the browser counts down from and, here, what the server's idle
 * session expiry is: a session with no request for that long is over. Without the row, or with it
 * null ("never log out for inactivity"), the server falls back to SESSION_IDLE_MINUTES, since a
 * server session must end some time. The browser keeps the server's clock in step while the player
 * is active with the session/touch call (a click makes no request by itself).
 */

/** The settings key, as in general info. */
export const FORCE_LOGOUT_SETTING = 'time_to_force_logout'

/**
 * Cookie an e2e run sets to shorten the limit for its own browser context only (seconds). Read
 * only when E2E_TEST_OVERRIDES is on, which production refuses (server/config.ts).
 */
export const TEST_FORCE_LOGOUT_COOKIE = 'test_time_to_force_logout'

/** A setting value in seconds, or null when it is missing, null or not a positive number. */
export function forceLogoutSeconds(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null
}

/** The server's idle timeout: the setting when it is set, else the configured fallback. */
export function idleTimeoutMs(setting: unknown, fallbackMs: number): number {
  const seconds = forceLogoutSeconds(setting)
  return seconds === null ? fallbackMs : Math.round(seconds * 1000)
}

/** A test cookie's value in whole seconds (5 s to an hour), or null. */
export function testCookieSeconds(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,4}$/.test(raw)) return null
  const n = Number(raw)
  return n >= 5 && n <= 3600 ? n : null
}
