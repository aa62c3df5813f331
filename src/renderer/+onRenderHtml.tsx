import '../ui/index.css'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { PageContextServer } from 'vike/types'
import { createApiClient } from '../services/api/client'
import { API_VERSION } from '../services/api/version'
import { getInfo } from '../services/api/contract/account'
import { createI18n, loadMessages } from '../services/i18n/i18n'
import { LOCALE_COOKIE, parseCookies, THEME_COOKIE } from '../shared/cookies'
import { isApiError, pageTypeForError } from '../shared/errors'
import { SITE_NAME } from '../shared/brand'
import { DEFAULT_LOCALE, isLocale, localizePath, splitLocale } from '../shared/locales'
import { createRoutes } from '../routes/routes'
import { SYSTEM_PAGES } from '../routes/system/system-pages'
import { isRouteHandle } from '../ui/layout/route-handle'
import { AppProviders } from '../ui/app/AppProviders'
import { startServerAppActor } from '../ui/app/app-actor'
import { loadContentPageWith } from '../ui/app/content'
import { headTags } from './head'
import { serializeState, STATE_SCRIPT_ID, type DehydratedState } from './dehydrated'
import type { SsrOutcome, SsrRequestContext } from '../shared/ssr-context'

const MAX_URL_LENGTH = 2048

export async function onRenderHtml(pageContext: PageContextServer) {
  const ssr = (pageContext as unknown as { ssr?: SsrRequestContext }).ssr
  if (!ssr || pageContext.is404 || pageContext.errorWhileRendering) return bareError(500)
  if (pageContext.urlOriginal.length > MAX_URL_LENGTH) return bareError(414)

  const url = new URL(pageContext.urlOriginal, ssr.publicUrl)
  const headers = pageContext.headersOriginal as Record<string, string | undefined> | undefined
  const cookies = parseCookies(headers?.cookie)
  const split = splitLocale(url.pathname)

  // /en/... is the default locale spelled out: one canonical address per page.
  if (split.redundantPrefix) return redirectTo(split.path + url.search)
  // A remembered locale choice sends bare addresses to the chosen language.
  const remembered = cookies[LOCALE_COOKIE]
  if (!split.basename && isLocale(remembered) && remembered !== DEFAULT_LOCALE) {
    return redirectTo(localizePath(split.path, remembered) + url.search)
  }

  const { locale, basename } = split
  const api = createApiClient({ locale, version: API_VERSION, fetch: ssr.apiFetch, headers: cookieHeader(headers?.cookie) })
  const messages = await loadMessages(locale)
  const i18n = createI18n(locale, messages)

  // The session decides guards; a banned player or a closed site decides the whole page (SPEC §8).
  let fatal: { type: string; status: number } | undefined
  let account = null
  try {
    account = await api.call(getInfo)
  } catch (error) {
    if (!isApiError(error)) throw error
    const pageType = pageTypeForError({ type: error.type, status: error.status })
    fatal = { type: error.type, status: SYSTEM_PAGES[pageType].status }
  }

  const actor = startServerAppActor({ account, locale, theme: cookies[THEME_COOKIE] })
  const routes = createRoutes({
    session: { isLoggedIn: () => actor.isLoggedIn() },
    loadContentPage: loadContentPageWith(api),
    fatal,
  })
  const handler = createStaticHandler(routes, { basename: basename || undefined })
  const request = new Request(url, { headers: { 'accept-language': headers?.['accept-language'] ?? '' } })
  const context = await handler.query(request)
  if (context instanceof Response) {
    const location = context.headers.get('location') ?? '/'
    return redirectTo(location, context.status === 301 ? 301 : 302)
  }

  const router = createStaticRouter(handler.dataRoutes, context)
  const nonce = pageContext.cspNonce ?? undefined
  const appHtml = renderToString(
    <AppProviders i18n={i18n} actor={actor.ref}>
      <StaticRouterProvider router={router} context={context} nonce={nonce} />
    </AppProviders>,
  )

  const handle = [...context.matches].reverse().map((m) => m.route.handle).find(isRouteHandle)
  const statusCode = context.statusCode
  const title = statusCode === 404 ? i18n._({ ...SYSTEM_PAGES.notFound.header, values: { path: url.pathname } }) : handle ? i18n._(handle.title) : ''
  const siteName = SITE_NAME
  const state: DehydratedState = {
    locale,
    basename,
    messages,
    app: actor.persist(),
    publicUrl: ssr.publicUrl,
    appEnv: ssr.appEnv,
  }
  actor.stop()

  const head = headTags({ publicUrl: ssr.publicUrl, path: split.path, locale, noindex: Boolean(handle?.noindex) || statusCode >= 400 })
  const theme = actor.theme
  const outcome: SsrOutcome = { kind: 'html', status: statusCode }
  const documentHtml = escapeInject`<!doctype html>
<html lang="${locale}" data-theme="${theme}" dir="ltr">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="color-scheme" content="dark light" />
    <title>${title ? `${title} · ${siteName}` : siteName}</title>
    ${dangerouslySkipEscape(head)}
  </head>
  <body>
    <div id="root">${dangerouslySkipEscape(appHtml)}</div>
    <script type="application/json" id="${STATE_SCRIPT_ID}" nonce="${nonce ?? ''}">${dangerouslySkipEscape(serializeState(state))}</script>
  </body>
</html>`
  return { documentHtml, pageContext: { ssrOutcome: outcome } }
}

function cookieHeader(cookie: string | undefined): Record<string, string> {
  return cookie ? { cookie } : {}
}

function redirectTo(location: string, status: 301 | 302 = 302) {
  const outcome: SsrOutcome = { kind: 'redirect', status, location }
  return { documentHtml: escapeInject``, pageContext: { ssrOutcome: outcome } }
}

/** Last resort when the app itself cannot render: a plain page, never a stack trace or a blank screen. */
function bareError(status: number) {
  const outcome: SsrOutcome = { kind: 'html', status }
  const documentHtml = escapeInject`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Something went wrong</title></head><body style="font-family:system-ui;background:#0f1218;color:#eef1f6;display:grid;place-items:center;min-height:100vh;margin:0"><main style="text-align:center;padding:16px"><h1>Something went wrong</h1><p>Please reload the page in a moment.</p><p><a href="/" style="color:#7cc4ff">Go to the home page</a></p></main></body></html>`
  return { documentHtml, pageContext: { ssrOutcome: outcome } }
}
