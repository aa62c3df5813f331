// The page's own location, for flows whose default actions leave the page: a full load, so the
// server renders the next page with the new session (the router is for moves within a session).

/** Where the page is now. */
export function currentLocation(): { pathname: string; search: string; origin: string } {
  const { pathname, search, origin } = window.location
  return { pathname, search, origin }
}

/** A full page load of `url`. */
export function assignLocation(url: string): void {
  window.location.assign(url)
}

export interface NavigateOptions {
  /** The target is another site: required for one, and it leaves with a full page load (SPEC §2.2). */
  external?: boolean
  replace?: boolean
}
export type Navigate = (to: string, options?: NavigateOptions) => void

/** SPEC §2.2: navigating to an external address without the explicit external option is an error. */
export class ExternalNavigationError extends Error {
  constructor(readonly target: string) {
    super(`Navigating to an external address (${target}) needs the external option`)
    this.name = 'ExternalNavigationError'
  }
}

/**
 * The navigate helper: a path or an address on this site moves the router (no page load); another
 * site only with `{ external: true }`, by a full page load, and only over http(s).
 */
export function createNavigate({
  routerNavigate,
  origin,
  assign = assignLocation,
}: {
  routerNavigate: (to: string, options: { replace?: boolean }) => void
  origin: string
  assign?: (url: string) => void
}): Navigate {
  return (to, options = {}) => {
    let url: URL
    try {
      url = new URL(to, origin)
    } catch {
      throw new ExternalNavigationError(to)
    }
    if (url.origin === origin && !to.startsWith('//') && !to.includes('\\')) {
      routerNavigate(`${url.pathname}${url.search}${url.hash}`, { replace: options.replace })
      return
    }
    if (!options.external || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new ExternalNavigationError(to)
    assign(url.toString())
  }
}
