import { LOCALES } from './locales'

/**
 * Route names may carry a locale suffix (`betting___es`, as localised route tables name their
 * copies); SPEC §2.6 compares names without it, so a rule written for `betting` holds in every locale.
 */
const SUFFIX = new RegExp(`___(?:${LOCALES.join('|')})$`)

export function baseRouteName(name: string): string {
  return name.replace(SUFFIX, '')
}

export function isSameRoute(a: string | null | undefined, b: string | null | undefined): boolean {
  return typeof a === 'string' && typeof b === 'string' && baseRouteName(a) === baseRouteName(b)
}

/** SPEC §2.6: the support chat badge is hidden on betting, the game index by system name and the game page. */
export const CHAT_BADGE_HIDDEN_ROUTES = ['betting', 'game.index.sysname', 'game.sysname'] as const

export function isChatBadgeVisible(routeName: string | null | undefined): boolean {
  return !CHAT_BADGE_HIDDEN_ROUTES.some((hidden) => isSameRoute(routeName, hidden))
}
