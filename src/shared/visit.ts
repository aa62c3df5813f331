// The visit record of SPEC §7 'GET /hit' (from, search, seon_session; td_ track ids converted),
// pure so the browser builds the query and the server reads it with one set of rules.

/** The prefix of a traffic-source track id: `?click=td_abc` is the source's id `abc`. */
export const TRACK_ID_PREFIX = 'td_'
export const HIT_PATH = '/hit'
export const VISIT_FIELD_MAX = { from: 2048, search: 2048, seon_session: 8192 } as const
/** Track ids kept per visit, and the length of each (prefix stripped). */
export const TRACK_IDS_MAX = 10
export const TRACK_ID_MAX_LENGTH = 128

export interface HitQuery {
  /** The referrer; '' when none. */
  readonly from: string
  /** The landing page's query string with its '?', or ''. */
  readonly search: string
  /** The device fingerprint's session; null when the fingerprint is off, refused or failed. */
  readonly seon_session: string | null
}

/** The query of GET /hit. */
export function hitQueryString(hit: HitQuery): string {
  const query = new URLSearchParams({ from: hit.from, search: hit.search })
  if (hit.seon_session) query.set('seon_session', hit.seon_session)
  return query.toString()
}

/**
 * SPEC §7: "track ids beginning td_ are converted". A traffic source tags its links with a value
 * `td_<id>` in any query parameter (`?clickid=td_8f3a`); the visit keeps `<id>` under the
 * parameter's name, so a report groups visits by source without parsing URLs. Values without the
 * prefix are not track ids; empty, over-long or non-printable ids are dropped.
 */
export function convertTrackIds(search: string): Record<string, string> {
  const out: Record<string, string> = {}
  let params: URLSearchParams
  try {
    params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search)
  } catch {
    return out
  }
  for (const [name, value] of params) {
    if (Object.keys(out).length >= TRACK_IDS_MAX) break
    if (!value.startsWith(TRACK_ID_PREFIX) || name in out) continue
    const id = value.slice(TRACK_ID_PREFIX.length)
    if (id.length === 0 || id.length > TRACK_ID_MAX_LENGTH || !/^[\w.~-]+$/.test(id)) continue
    if (name.length === 0 || name.length > 64 || !/^[\w.~-]+$/.test(name)) continue
    out[name] = id
  }
  return out
}
