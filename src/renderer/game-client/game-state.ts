// What the game client page's server render hands to the browser (a JSON script with the CSP
// nonce), and how the page's locale and theme are chosen.
import { isTheme, DEFAULT_THEME, type Theme } from '../../shared/constants'
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/locales'
import type { PlayMode } from '../../services/api/contract/games'
import type { StudioTitle } from '../../shared/games/catalogue'

export const GAME_STATE_ID = '__GAME_STATE__'

export interface GameState {
  /** The title as the catalogue states it (plain data), so the browser need not load the whole catalogue; null for a 404. */
  readonly title: StudioTitle | null
  readonly locale: Locale
  readonly mode: PlayMode
  /** Framed by the site's own game page (`?in=site`): its bar names the game and switches the money. */
  readonly inSite: boolean
  readonly appEnv: string
}

/** `?locale=` first (the framing page says which), then the site's `locale` cookie, else English. */
export function gameLocale(query: string | null, cookie: string | undefined): Locale {
  if (isLocale(query)) return query
  if (isLocale(cookie)) return cookie
  return DEFAULT_LOCALE
}

export function gameTheme(cookie: string | undefined): Theme {
  return isTheme(cookie) ? cookie : DEFAULT_THEME
}

/** A player's purse to open with: `?mode=fun` for play money, real money otherwise. */
export function gameMode(query: string | null): PlayMode {
  return query === 'fun' ? 'fun' : 'real'
}

/** JSON inside a <script> must not be able to close it. */
export function serializeGameState(state: GameState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}
