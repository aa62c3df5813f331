// Which site popup a trigger shows, and where none may cover the page.
import { splitLocale } from '../../../shared/locales'
import type { PopupTrigger, SitePopup } from './site-popups.types'

/** The first popup for this trigger that this browser has not seen and whose audience is this visitor. */
export function popupFor(items: readonly SitePopup[], trigger: PopupTrigger, loggedIn: boolean, seen: readonly string[]): SitePopup | null {
  return items.find((item) => item.trigger === trigger && fitsAudience(item, loggedIn) && !seen.includes(item.id)) ?? null
}

export function fitsAudience(item: SitePopup, loggedIn: boolean): boolean {
  return item.audience === 'all' || (item.audience === 'player') === loggedIn
}

/**
 * Pages a popup waits to leave (SPEC §4 'Campaign popups' keeps them off the game page and the
 * deposit; a framed stand-alone form has no room for one either).
 */
export function isQuietPath(path: string): boolean {
  const { path: bare } = splitLocale(path.split(/[?#]/)[0] ?? '/')
  return /^\/game(\/|$)/.test(bare) || /^\/cashier\/deposit(\/|$)/.test(bare) || /^\/forms(\/|$)/.test(bare)
}

/** At most ten minutes, as the content's schema allows; a popup never waits on a broken value. */
export function delayMs(item: SitePopup | null): number {
  const seconds = item?.delaySeconds ?? 0
  return Number.isFinite(seconds) ? Math.min(Math.max(seconds, 0), 600) * 1000 : 0
}
