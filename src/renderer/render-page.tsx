import { prerender } from 'react-dom/static'
import type { ReactNode } from 'react'
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandler } from 'react-router'
import { createAnalytics } from '../services/analytics/analytics'
import { createApiClient, type ApiClient } from '../services/api/client'
import type { CmsConfig } from '../services/api/contract/content'
import { getInfo } from '../services/api/contract/account'
import { getSeo, type ContentPage, type SeoSettings } from '../services/api/contract/content'
import { pageSeo } from '../services/seo/page-seo'
import { isCrawler } from '../shared/crawler'
import { API_VERSION } from '../services/api/version'
import { createI18n, loadMessages, translate } from '../services/i18n/i18n'
import { NO_ANALYTICS } from '../shared/analytics-settings'
import { parseConsent } from '../shared/consent'
import { CONSENT_COOKIE, LOCALE_COOKIE, parseCookies, THEME_COOKIE } from '../shared/cookies'
import { isApiError, OUTAGE_CODE, pageTypeForError } from '../shared/errors'
import { DEFAULT_LOCALE, isLocale, localizePath, splitLocale, type Locale } from '../shared/locales'
import { safeRedirectTarget } from '../shared/redirect'
import type { SsrRequestContext } from '../shared/ssr-context'
import { createRoutes, type RouteDeps } from '../routes/routes'
import { SYSTEM_PAGES } from '../routes/system/system-pages'
import { HOME_CRUMB } from '../routes/content/breadcrumbs'
import { AppProviders } from '../ui/app/AppProviders'
import { startServerAppActor } from '../ui/app/app-actor'
import { loadContentPageWith } from '../ui/app/content'
import { loadGameWith, loadHallWith } from '../ui/app/games'
import { loadBoardWith, loadSportsEventWith } from '../ui/app/sportsbook'
import { loadHomeWith, type HomeData } from '../ui/app/home-games'
import { publicDataCache } from './public-data-cache'
import { isRouteHandle } from '../ui/layout/route-handle'
import type { DehydratedState } from './dehydrated'
import { headTags } from './head'

export const MAX_URL_LENGTH = 2048

// The route table and its static handlers hold no request data (loaders get theirs through
// requestContext), so they are built once per basename instead of on every request.
const handlers = new Map<string, StaticHandler>()
function staticHandler(basename: string): StaticHandler {
  let handler = handlers.get(basename)
  if (!handler) {
    handler = createStaticHandler(createRoutes((context) => context as RouteDeps), { basename: basename || undefined })
    handlers.set(basename, handler)
  }
  return handler
}

/**
 * The home page's rails and studios, alike for every visitor of a locale: read once per 30 s per
 * process rather than per page (a missed read is not kept). Players' own rails load in the browser.
 */
const homeData = publicDataCache<HomeData>(30_000, (data) => data.rails.length > 0)

export type RenderResult =
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | { kind: 'error'; status: number }
  | { kind: 'crawler-error'; status: number; path: string }
  | { kind: 'html'; status: number; locale: Locale; theme: string; title: string; head: string; appHtml: string; state: DehydratedState }

/**
 * Every redirect a page request answers is built from its URL (the path after /en, the path under
 * a remembered locale, a guard's target): it goes through the one safe-target rule, so '/en//evil.example'
 * is never answered with 'Location: //evil.example'. What the rule refuses goes home.
 */
function redirectTo(status: 301 | 302, location: string): RenderResult {
  return { kind: 'redirect', status, location: safeRedirectTarget(location) ?? '/' }
}

/**
 * One page request, from URL to HTML: locale first, then the session, then react-router.
 * Everything here is per call (i18n instance, API client, root actor), so concurrent requests in
 * different locales and for different players cannot see each other (ARCHITECTURE §1).
 */
export async function renderPageRequest({
  urlOriginal,
  headers,
  ssr,
  nonce,
}: {
  urlOriginal: string
  headers: Record<string, string | string[] | undefined>
  ssr: SsrRequestContext
  nonce?: string
}): Promise<RenderResult> {
  if (urlOriginal.length > MAX_URL_LENGTH) return { kind: 'error', status: 414 }
  // The request target is a path: '//host/x' is the path '//host/x' on this site, never another host.
  const url = new URL(`${new URL(ssr.publicUrl).origin}${urlOriginal.startsWith('/') ? '' : '/'}${urlOriginal}`)
  const cookieHeader = typeof headers.cookie === 'string' ? headers.cookie : undefined
  const cookies = parseCookies(cookieHeader)
  const split = splitLocale(url.pathname)

  // /en/... is the default locale spelled out: one canonical address per page.
  if (split.redundantPrefix) return redirectTo(301, split.path + url.search)
  // A remembered locale choice sends bare addresses to the chosen language.
  const remembered = cookies[LOCALE_COOKIE]
  if (!split.basename && isLocale(remembered) && remembered !== DEFAULT_LOCALE) {
    return redirectTo(302, localizePath(split.path, remembered) + url.search)
  }

  const { locale, basename } = split
  const api = createApiClient({ locale, version: API_VERSION, fetch: ssr.apiFetch, headers: cookieHeader ? { cookie: cookieHeader } : {} })
  const messages = await loadMessages(locale)
  const i18n = createI18n(locale, messages)

  // The session decides guards; a banned player or a closed site decides the whole page (SPEC §8).
  let fatal: { type: string; status: number; code?: string } | undefined
  let account = null
  // The head's SEO settings come with the session; without them the page still renders, unindexed rules aside.
  const seoSettings: Promise<SeoSettings | null> = api.call(getSeo).catch(() => null)
  try {
    account = await api.call(getInfo)
  } catch (error) {
    if (!isApiError(error)) throw error
    const pageType = pageTypeForError({ type: error.type, status: error.status, code: error.code })
    fatal = { type: error.type, status: SYSTEM_PAGES[pageType].status, ...(pageType === 'unavailable' ? { code: OUTAGE_CODE } : {}) }
  }

  const cmsConfig = await readCmsConfig(ssr, api, locale)
  // The consent cookie decides whether the banner is in the HTML (no flash for a visitor who chose).
  const actor = startServerAppActor({
    account,
    locale,
    theme: cookies[THEME_COOKIE],
    path: split.path + url.search,
    cmsConfig,
    buildId: ssr.buildId ?? null,
    consent: parseConsent(cookies[CONSENT_COOKIE]),
    analytics: ssr.analytics ?? NO_ANALYTICS,
  })
  try {
    const deps: RouteDeps = { session: { isLoggedIn: () => actor.isLoggedIn() }, loadContentPage: loadContentPageWith(api), loadHall: loadHallWith(api), loadGame: loadGameWith(api), loadBoard: loadBoardWith(api), loadSportsEvent: loadSportsEventWith(api), loadHome: () => homeData.get(locale, loadHomeWith(api)), fatal, appEnv: ssr.appEnv }
    const handler = staticHandler(basename)
    const context = await handler.query(new Request(url), { requestContext: deps })
    if (context instanceof Response) {
      return redirectTo(context.status === 301 ? 301 : 302, context.headers.get('location') ?? '/')
    }

    const status = context.statusCode
    const userAgent = typeof headers['user-agent'] === 'string' ? headers['user-agent'] : undefined
    if (status >= 400 && isCrawler(userAgent)) return { kind: 'crawler-error', status, path: url.pathname + url.search }

    const router = createStaticRouter(handler.dataRoutes, context)
    const appHtml = await renderToHtml(
      <AppProviders i18n={i18n} actor={actor.ref} services={{ api, analytics: createAnalytics(undefined) }}>
        <StaticRouterProvider router={router} context={context} nonce={nonce} />
      </AppProviders>,
    )
    const handle = [...context.matches].reverse().map((m) => m.route.handle).find(isRouteHandle)
    const contentPage = handle?.name === 'slug' && status === 200 ? ((context.loaderData.slug as ContentPage | null) ?? null) : null
    const pageTitle =
      status === 404 ? translate(i18n, SYSTEM_PAGES.notFound.header, { path: url.pathname }) : contentPage ? contentPage.title : handle ? i18n._(handle.title) : ''
    const seo = pageSeo({
      publicUrl: ssr.publicUrl,
      path: split.path,
      search: url.search,
      locale,
      routeName: handle?.name ?? null,
      title: pageTitle,
      status,
      noindex: Boolean(handle?.noindex),
      settings: await seoSettings,
      page: contentPage,
      homeName: i18n._(HOME_CRUMB),
    })
    return {
      kind: 'html',
      status,
      locale,
      theme: actor.theme,
      title: seo.title,
      head: headTags({
        seo,
        nonce,
        modulePreloads: [
          ...(ssr.localePreloads?.(locale) ?? []),
          ...(ssr.pagePreloads?.(
            context.matches.flatMap((m) => (isRouteHandle(m.route.handle) && m.route.handle.module ? [m.route.handle.module] : [])),
            locale,
          ) ?? []),
        ],
        // The operator's favicon set (content web-setting); the default set when the content is unavailable.
        ...(cmsConfig?.webSetting?.favicons ? { favicons: cmsConfig.webSetting.favicons } : {}),
        locale,
        theme: actor.theme,
      }),
      appHtml,
      state: { locale, basename, app: actor.persist(), publicUrl: ssr.publicUrl, appEnv: ssr.appEnv, ...(fatal ? { fatal } : {}) },
    }
  } finally {
    actor.stop()
  }
}

/**
 * The locale's content config for the root actor. A failure is the operator's to fix (the server
 * logged it when the content was loaded); the player still gets the page, with the views' defaults.
 */
async function readCmsConfig(ssr: SsrRequestContext, api: ApiClient, locale: Locale): Promise<CmsConfig | null> {
  try {
    // The server built it from checked sections (server/domain/content/source.ts).
    return ssr.cmsConfig ? ((await ssr.cmsConfig(locale)) as CmsConfig) : await api.content<CmsConfig>(`/nfx/cms-config/${locale}`)
  } catch (error) {
    console.error('content config unavailable; rendering without it', error)
    return null
  }
}

/**
 * The page's HTML once every Suspense boundary has resolved. renderToString cannot wait: a lazy
 * component not loaded yet (the first request after a start) renders its fallback marked for client
 * rendering, and the browser then throws that server HTML away with React error #419.
 */
async function renderToHtml(element: ReactNode): Promise<string> {
  const { prelude } = await prerender(element)
  return new Response(prelude).text()
}
