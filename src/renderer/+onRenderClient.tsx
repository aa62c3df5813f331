import '../ui/index.css'
import { hydrateRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { createAnalytics } from '../services/analytics/analytics'
import { createApiClient } from '../services/api/client'
import { API_VERSION } from '../services/api/version'
import { createI18n } from '../services/i18n/i18n'
import { createRoutes } from '../routes/routes'
import { AppProviders } from '../ui/app/AppProviders'
import { startBrowserAppActor } from '../ui/app/app-actor'
import { loadContentPageWith } from '../ui/app/content'
import { STATE_SCRIPT_ID, type DehydratedState } from './dehydrated'

export async function onRenderClient() {
  const script = document.getElementById(STATE_SCRIPT_ID)
  if (!script?.textContent) return
  const state = JSON.parse(script.textContent) as DehydratedState
  const i18n = createI18n(state.locale, state.messages)
  const api = createApiClient({ locale: state.locale, version: API_VERSION })
  const actor = startBrowserAppActor({ snapshot: state.app, api, basename: state.basename, inspect: await inspector(state) })
  const deps = { session: { isLoggedIn: () => actor.isLoggedIn() }, loadContentPage: loadContentPageWith(api) }
  const routes = createRoutes(() => deps)
  // The router picks up the loader data that StaticRouterProvider wrote during SSR.
  const router = createBrowserRouter(routes, { basename: state.basename || undefined })
  hydrateRoot(
    document.getElementById('root')!,
    <AppProviders i18n={i18n} actor={actor.ref} services={{ api, analytics: createAnalytics() }}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
}

/**
 * The Stately inspector attaches when actors are created, so it is decided before the root actor
 * starts: `?inspect=1` outside production (ARCHITECTURE §3). Loaded only then, as its own chunk.
 */
async function inspector(state: DehydratedState) {
  if (state.appEnv === 'production') return undefined
  if (new URLSearchParams(location.search).get('inspect') !== '1') return undefined
  const { createBrowserInspector } = await import('@statelyai/inspect')
  return createBrowserInspector({ autoStart: true }).inspect
}
