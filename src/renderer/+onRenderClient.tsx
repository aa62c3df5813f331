import '../ui/index.css'
import { startTransition, useEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { pageAnalytics } from '../services/analytics/analytics'
import { createApiClient } from '../services/api/client'
import { API_VERSION } from '../services/api/version'
import { createI18n, loadMessages, setCatalogLocale } from '../services/i18n/i18n'
import type { RouteDeps } from '../routes/routes'
import { AppProviders } from '../ui/app/AppProviders'
import { checkPathWith, loadContentPageWith } from '../ui/app/content'
import { loadGameWith, loadHallWith } from '../ui/app/games'
import { loadBoardWith, loadSportsEventWith } from '../ui/app/sportsbook'
import { loadHomeWith } from '../ui/app/home-games'
import { createNavigate } from '../services/navigation'
import { STATE_SCRIPT_ID, type DehydratedState } from './dehydrated'
import { pageInspection } from './page-inspection'
import { yieldToMain } from './yield'

export async function onRenderClient() {
  // The route table with the layout, and the root machine with its long-lived children, are
  // chunks of their own (preloaded by the page, server/build-manifest.ts STARTUP_MODULES): each
  // module graph is evaluated in one task, and the whole bundle at once was a phone's longest.
  const routesModule = import('../routes/routes')
  const appActorModule = import('../ui/app/app-actor')
  // The bundle's evaluation was one task; the start-up below is others.
  await yieldToMain()
  const script = document.getElementById(STATE_SCRIPT_ID)
  if (!script?.textContent) return
  const state = JSON.parse(script.textContent) as DehydratedState
  // The catalog is a hashed chunk of its own, cached by the browser and preloaded by the page,
  // rather than 30 KB of JSON repeated in every page's HTML; it downloads with the page's chunk.
  // In the built client it is the core catalog, and each lazy chunk brings its own messages in
  // this locale before it runs (src/services/i18n/i18n.ts), the page's own before hydration.
  setCatalogLocale(state.locale)
  const messages = loadMessages(state.locale)
  const api = createApiClient({ locale: state.locale, version: API_VERSION })
  // Loaders run only after hydration, by which time the deps below are set.
  let deps: RouteDeps | undefined
  const { createRoutes } = await routesModule
  const routes = createRoutes(() => deps!)
  // The page's own chunk downloads while the inspector (if asked for) loads. Both finish before the
  // root actor starts: an actor running while we wait could change what the first render shows
  // (a hint, the balance) and it would no longer match the server's HTML.
  const pageModules = loadLazyMatches(routes, state.basename)
  setTimeout(() => warmDateFormatting(state.locale), 0)
  const inspect = await pageInspection(state.appEnv)
  await pageModules
  const { startBrowserAppActor } = await appActorModule
  const i18n = createI18n(state.locale, await messages)
  await yieldToMain()
  // Every third-party script goes through the page's loader, which holds them until consent.
  const analytics = pageAnalytics()
  const actor = startBrowserAppActor({ snapshot: state.app, api, analytics, basename: state.basename, inspect, i18n })
  // Loaders may run as soon as the router exists, so deps come first; navigate finds the router when called.
  let router: ReturnType<typeof createBrowserRouter> | undefined
  const navigate = createNavigate({ routerNavigate: (to, options) => void router?.navigate(to, options), origin: window.location.origin })
  deps = {
    session: { isLoggedIn: () => actor.isLoggedIn() },
    loadContentPage: loadContentPageWith(api),
    loadHall: loadHallWith(api),
    loadGame: loadGameWith(api),
    loadBoard: loadBoardWith(api),
    loadSportsEvent: loadSportsEventWith(api),
    loadHome: loadHomeWith(api),
    checkPath: checkPathWith(api),
    navigate,
    appEnv: state.appEnv,
    fatal: state.fatal,
  }
  // The router picks up the loader data that StaticRouterProvider wrote during SSR.
  router = createBrowserRouter(routes, { basename: state.basename || undefined })
  // Hydration is a transition, which React renders in slices a tap can come between. Nothing may
  // change what a view draws meanwhile, or React would throw the server's HTML away: the root
  // actor's long-lived children wake only once hydration has committed (HydrationDone), and a
  // view's own flow starts in an effect, after the commit too.
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <AppProviders i18n={i18n} actor={actor.ref} services={{ api, analytics, inspect }}>
        <HydrationDone onDone={actor.hydrated} />
        <RouterProvider router={router} />
      </AppProviders>,
    )
  })
}

/**
 * The page's first Intl.DateTimeFormat loads the time-zone and date-pattern data: about 15 ms on a
 * desktop and four times that on a phone, which made the hydration slice that first drew a start
 * time a long task. Made in a task of its own while the page's chunks download, the views' own
 * formatters then cost a fraction of a millisecond.
 */
function warmDateFormatting(locale: string) {
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(0)
}

/**
 * Its effect is the first of the page's: hydration has committed, and the views' effects follow it.
 * `onDone` runs in the next task: the views' flows start in those effects, and waking the
 * long-lived actors in the same task made the longest task of the start-up.
 */
function HydrationDone({ onDone }: { onDone: () => void }) {
  useEffect(() => {
    void yieldToMain().then(onDone)
  }, [onDone])
  return null
}

/**
 * Every page's component is a lazy chunk (src/routes/routes.tsx): the matched ones must be loaded
 * before hydration, or the router would render nothing where the server rendered the page.
 */
async function loadLazyMatches(routes: RouteObject[], basename: string) {
  const matches = matchRoutes(routes, location, basename || undefined) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      Object.assign(route, { ...(await route.lazy()), lazy: undefined })
    }),
  )
}
