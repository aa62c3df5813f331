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
