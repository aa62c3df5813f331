import { isRouteErrorResponse, useHref, useLocation, useRouteError } from 'react-router'
import { pageTypeForError } from '../../shared/errors'
import { LayoutFrame } from '../../ui/layout/LayoutRoute'
import { SystemPageView } from './SystemPageView'
import { SYSTEM_PAGES } from './system-pages'

/**
 * The app error page of SPEC §2.5: the error decides the page type (ban -> user blocked, 404, 403,
 * maintenance, anything else -> not found), and the type decides the layout.
 */
export function RouteErrorPage() {
  const error = useRouteError()
  const location = useLocation()
  // The path as the player typed it, locale prefix included.
  const fullPath = useHref(location.pathname)
  const type = isRouteErrorResponse(error)
    ? pageTypeForError({ status: error.status, type: errorTypeOf(error.data) })
    : pageTypeForError({ status: 500 })
  return (
    <LayoutFrame layout={SYSTEM_PAGES[type].layout}>
      <SystemPageView type={type} path={fullPath} />
    </LayoutFrame>
  )
}

function errorTypeOf(payload: unknown): string | undefined {
  if (typeof payload === 'object' && payload !== null && 'type' in payload && typeof payload.type === 'string') return payload.type
  return undefined
}
