// The sportsbook's event page for the page benchmarks: its id changes with every run's fixtures.
import type { LighthousePage } from '../lighthouse'

/**
 * An event page of the board as a visitor opens it: the first upcoming event the site lists. A
 * fresh site lists none until its feed has priced the fixtures, so this waits up to `waitMs` for one.
 */
export async function eventPage(base: string, waitMs = 60_000): Promise<LighthousePage | null> {
  const until = Date.now() + waitMs
  for (;;) {
    const res = await fetch(`${base}/api/sportsbook/events?status=upcoming&count=1`).catch(() => null)
    const body = res?.ok ? ((await res.json()) as { data?: { events?: Array<{ id: string }> } }) : null
    const id = body?.data?.events?.[0]?.id
    if (id) return { label: '/betting/event/{id}', path: `/betting/event/${id}` }
    if (Date.now() > until) return null
    await new Promise((r) => setTimeout(r, 1000))
  }
}
