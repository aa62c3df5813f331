/** SPEC §7: GET /hit records the visit: where it came from, the landing query, the fingerprint session. */
import { HIT_PATH, hitQueryString } from '../../shared/visit'

// Taken when the page starts, before the router changes the address: the visit is the landing.
const landing = typeof document === 'undefined' ? null : { from: document.referrer, search: location.search }

export async function recordVisit({ seonSession }: { seonSession: string | null }, fetchImpl: typeof fetch = fetch): Promise<void> {
  const query = hitQueryString({ from: landing?.from ?? '', search: landing?.search ?? '', seon_session: seonSession })
  const response = await fetchImpl(`${HIT_PATH}?${query}`, { credentials: 'same-origin', keepalive: true })
  if (!response.ok && response.status !== 204) throw new Error(`GET ${HIT_PATH} answered ${response.status}`)
}
