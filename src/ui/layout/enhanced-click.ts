import { useHref, useLocation } from 'react-router'
import type { MouseEvent } from 'react'

/**
 * This page's address as the browser shows it (locale prefix and query, no hash), the same on the
 * server and in the browser: what a no-JavaScript switch sends to come back to.
 */
export function useCurrentHref(): string {
  const { pathname, search } = useLocation()
  return useHref({ pathname, search })
}

/**
 * A plain click the page handles itself once hydrated. A click with a modifier (a new tab, a new
 * window, a download) or another button is left to the browser, which follows the link.
 */
export function isPlainClick(event: MouseEvent<HTMLElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.defaultPrevented
}
