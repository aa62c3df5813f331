import { msg } from '@lingui/core/macro'
import { renderToString } from 'react-dom/server'
import { createI18n, loadMessages } from '../../services/i18n/i18n'
import { SITE_NAME, THEME_COLORS } from '../../shared/brand'
import { LOCALE_COOKIE, parseCookies, THEME_COOKIE } from '../../shared/cookies'
import { isCrawler } from '../../shared/crawler'
import { DEFAULT_FAVICONS, faviconLinks } from '../../shared/favicons'
import { studioTitle } from '../../shared/games/catalogue'
import type { SsrRequestContext } from '../../shared/ssr-context'
import { GameClientPage } from '../../ui/games/client/GameClientPage'
import { GAME_STATE_ID, gameLocale, gameMode, gameTheme, serializeGameState, type GameState } from './game-state'

const NOT_FOUND = msg`Game not found`

const escapeHtml = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export type GamePageResult =
  | { readonly kind: 'html'; readonly status: 200 | 404; readonly html: string }
  /** SPEC §2.5: a crawler's error gets its status and no page. */
  | { readonly kind: 'crawler-error'; readonly status: 404; readonly path: string }

/**
 * The game client's page, from its address: its own small document (no site header, router or
 * root actor) in the player's locale (`?locale=`, else the `locale` cookie) and theme (the `theme`
 * cookie). The shell's flow starts in the browser, so the server draws its first screen, the table
 * loading; an unknown title is a 404 page in the player's language.
 */
export async function renderGamePage({
  urlOriginal,
  sysname,
  headers,
  ssr,
  nonce = '',
}: {
  urlOriginal: string
  sysname: string
  headers: Record<string, string | undefined>
  ssr: Pick<SsrRequestContext, 'appEnv' | 'localePreloads'>
  nonce?: string
}): Promise<GamePageResult> {
  const url = new URL(urlOriginal, 'http://game.local')
  const cookies = parseCookies(headers.cookie)
  const locale = gameLocale(url.searchParams.get('locale'), cookies[LOCALE_COOKIE])
  const theme = gameTheme(cookies[THEME_COOKIE])
  const title = studioTitle(sysname) ?? null
  if (!title && isCrawler(headers['user-agent'])) return { kind: 'crawler-error', status: 404, path: url.pathname + url.search }

  const i18n = createI18n(locale, await loadMessages(locale))
  const state: GameState = { title, locale, mode: gameMode(url.searchParams.get('mode')), inSite: url.searchParams.get('in') === 'site', appEnv: ssr.appEnv }
  const appHtml = renderToString(<GameClientPage i18n={i18n} title={title} mode={state.mode} inSite={state.inSite} />)
  const name = title ? (title.text[locale] ?? title.text.en).title : i18n._(NOT_FOUND)
  const head = [
    ...(ssr.localePreloads?.(locale) ?? []).map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}" />`),
    ...faviconLinks(DEFAULT_FAVICONS).map((l) => `<link rel="${l.rel}" href="${escapeHtml(l.href)}"${l.type ? ` type="${l.type}"` : ''}${l.sizes ? ` sizes="${l.sizes}"` : ''} />`),
    `<meta name="theme-color" content="${theme === 'light' ? THEME_COLORS.light.theme : THEME_COLORS.dark.theme}" />`,
    // A page for frames of our own site: never an entry in a search engine.
    '<meta name="robots" content="noindex, nofollow" />',
  ].join('\n    ')
  const html = `<!doctype html>
<html lang="${locale}" data-theme="${theme}" dir="ltr">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="color-scheme" content="dark light" />
    <title>${escapeHtml(name)} · ${SITE_NAME}</title>
    ${head}
  </head>
  <body>
    <div id="root">${appHtml}</div>
    <script type="application/json" id="${GAME_STATE_ID}" nonce="${escapeHtml(nonce)}">${serializeGameState(state)}</script>
  </body>
</html>`
  return { kind: 'html', status: title ? 200 : 404, html }
}
