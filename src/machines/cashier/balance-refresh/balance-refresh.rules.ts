// Pure rules of the balance refresh (SPEC §4 'Balance refresh', §3 settingsForUpdBalance, §9).
import { BALANCE_REFRESH_DEFAULTS, type BalanceRefreshSettings } from '../../../shared/constants'

function positive(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback
}

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback
}

/**
 * The effective settings: the config over the SPEC §9 defaults. A missing, zero, negative or
 * non-numeric duration takes its default, since 0 would poll in a busy loop.
 */
export function resolveBalanceRefreshSettings(config: Partial<BalanceRefreshSettings> | null | undefined): BalanceRefreshSettings {
  const c = config ?? {}
  const d = BALANCE_REFRESH_DEFAULTS
  return {
    isEnabledInterval: flag(c.isEnabledInterval, d.isEnabledInterval),
    countSecondsForInterval: positive(c.countSecondsForInterval, d.countSecondsForInterval),
    isEnabledTurnOffRequests: flag(c.isEnabledTurnOffRequests, d.isEnabledTurnOffRequests),
    countMinutesAfterWhichRequestsTurnedOff: positive(c.countMinutesAfterWhichRequestsTurnedOff, d.countMinutesAfterWhichRequestsTurnedOff),
    isEnabledRequestsAfterClick: flag(c.isEnabledRequestsAfterClick, d.isEnabledRequestsAfterClick),
    countSecondsForDelayBetweenClick: positive(c.countSecondsForDelayBetweenClick, d.countSecondsForDelayBetweenClick),
  }
}

/** SPEC §4: skipped when the path contains /game/ (with or without a locale prefix). */
export function isGamePath(path: string): boolean {
  return path.includes('/game/')
}

/** The refresh runs for a logged-in player off the game pages. */
export function shouldRefresh(loggedIn: boolean, path: string): boolean {
  return loggedIn && !isGamePath(path)
}

export const pollIntervalMs = (s: BalanceRefreshSettings): number => s.countSecondsForInterval * 1000
export const clickDelayMs = (s: BalanceRefreshSettings): number => s.countSecondsForDelayBetweenClick * 1000
export const turnOffMs = (s: BalanceRefreshSettings): number => s.countMinutesAfterWhichRequestsTurnedOff * 60_000
