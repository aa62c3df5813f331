import { isRouteErrorResponse, useHref, useLocation, useRouteError } from 'react-router'
import { pageTypeForError } from '../../shared/errors'
import { LayoutFrame } from '../../ui/layout/LayoutRoute'
import { SystemPageView } from './SystemPageView'
import { SYSTEM_PAGES, type SystemPageType } from './system-pages'

/**
 * The system page for what the router caught. An answer with a status (a loader's 404, 403, a ban,
 * maintenance) picks its page as SPEC §2.5 says; anything thrown (a view or loader that failed) is
 * an error, never "not found": the player is told something went wrong and may try again.
 */
export function errorPageType(error: unknown): SystemPageType {
  return isRouteErrorResponse(error) ? pageTypeForError({ status: error.status, type: stringField(error.data, 'type'), code: stringField(error.data, 'code') }) : 'error'
}

/** The app error page of SPEC §2.5: the error decides the page type, and the type decides the layout. */
export function RouteErrorPage() {
  const error = useRouteError()
  const location = useLocation()
  // The path as the player typed it, locale prefix included.
  const fullPath = useHref(location.pathname)
  const type = errorPageType(error)
  return (
    <LayoutFrame layout={SYSTEM_PAGES[type].layout}>
      {/* A full reload: whatever failed (a loader, the page's code) runs again from the start. */}
      <SystemPageView type={type} path={fullPath} onRetry={type === 'error' || type === 'unavailable' ? () => window.location.reload() : undefined} />
    </LayoutFrame>
  )
}

/** A string field of the error's payload (its type, its code), if it has one. */
function stringField(payload: unknown, key: 'type' | 'code'): string | undefined {
  if (typeof payload !== 'object' || payload === null || !(key in payload)) return undefined
  const value = (payload as Record<string, unknown>)[key]
  return typeof value === 'string' ? value : undefined
}
