import '../ui/index.css'
import { hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { createAnalytics } from '../services/analytics/analytics'
import { createApiClient } from '../services/api/client'
import { API_VERSION } from '../services/api/version'
import { createI18n, loadMessages } from '../services/i18n/i18n'
import { createRoutes } from '../routes/routes'
import { AppProviders } from '../ui/app/AppProviders'
import { startBrowserAppActor } from '../ui/app/app-actor'
import { loadContentPageWith } from '../ui/app/content'
import { STATE_SCRIPT_ID, type DehydratedState } from './dehydrated'
import { pageInspection } from './page-inspection'

export async function onRenderClient() {
  const script = document.getElementById(STATE_SCRIPT_ID)
  if (!script?.textContent) return
  const state = JSON.parse(script.textContent) as DehydratedState
  // The catalog is a hashed chunk of its own, cached by the browser and preloaded by the page,
  // rather than 30 KB of JSON repeated in every page's HTML.
  const i18n = createI18n(state.locale, await loadMessages(state.locale))
  const api = createApiClient({ locale: state.locale, version: API_VERSION })
  const inspect = await pageInspection(state.appEnv)
  const analytics = createAnalytics()
  const actor = startBrowserAppActor({ snapshot: state.app, api, analytics, basename: state.basename, inspect })
  const deps = { session: { isLoggedIn: () => actor.isLoggedIn() }, loadContentPage: loadContentPageWith(api), appEnv: state.appEnv, fatal: state.fatal }
  const routes = createRoutes(() => deps)
  await loadLazyMatches(routes, state.basename)
  // The router picks up the loader data that StaticRouterProvider wrote during SSR.
  const router = createBrowserRouter(routes, { basename: state.basename || undefined })
  hydrateRoot(
    document.getElementById('root')!,
    <AppProviders i18n={i18n} actor={actor.ref} services={{ api, analytics, inspect }}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
}

/**
 * A lazy route (its code a chunk of its own, like /_flows) matched by the first page must be loaded
 * before hydration: the router would otherwise render nothing where the server rendered the page.
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
