// The sportsbook for journeys: the operator's test levers on the simulator (its clock, one price),
// the events a journey bets on, and placing what the betslip holds.
//
// The simulator's clock is one for the whole run: e2e/sportsbook-journeys.spec.ts plays matches to
// their end, hours on, while other journeys run beside it. A journey whose events must stay as they
// are (upcoming, open, at the price it saw) bets on events far beyond any such move
// (untouchedEvents); only the journey that moves the clock by hours bets on events starting soon.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'

export const OPERATOR = `Bearer ${process.env.OPERATOR_TOKEN ?? 'e2e-operator-token-0123456789abcdef'}`

/** Moves the simulator's clock on by `seconds`: goals, points, prices and results follow. Answers the clock's offset from real time, in ms. */
export async function advanceSportsbook(request: APIRequestContext, seconds: number): Promise<number> {
  const response = await request.post('/api/operator/advanceSportsbookClock', { form: { seconds: String(seconds) }, headers: { authorization: OPERATOR } })
  expect(response.status(), await response.text()).toBe(200)
  return ((await response.json()) as { data: { offset_seconds: number } }).data.offset_seconds * 1000
}

/** Sets one outcome's price (decimal odds, "2.10"); the sockets hear of it as of a feed's board. */
export async function setSportsPrice(request: APIRequestContext, outcomeId: string, odds: string): Promise<void> {
  const response = await request.post('/api/operator/setSportsPrice', { form: { outcome: outcomeId, odds }, headers: { authorization: OPERATOR } })
  expect(response.status(), await response.text()).toBe(200)
}

export interface SbOutcome {
  id: string
  key: string
  price: number | null
}

export interface SbEventRow {
  id: string
  sport: string
  starts_at: string
  suspended: boolean
  home: { name: string }
  away: { name: string }
  main: { kind: string; status: string; outcomes: SbOutcome[] } | null
}

/** Upcoming events open for betting on their main market, soonest first (the first 200, about two days). */
export async function upcomingEvents(request: APIRequestContext, sport?: string): Promise<SbEventRow[]> {
  const events: SbEventRow[] = []
  for (const offset of [0, 100]) {
    const response = await request.get(`/api/sportsbook/events?status=upcoming&count=100&offset=${offset}${sport ? `&sport=${sport}` : ''}`)
    expect(response.status()).toBe(200)
    events.push(...((await response.json()) as { data: { events: SbEventRow[] } }).data.events)
  }
  return events.filter((e) => !e.suspended && e.main?.status === 'open' && e.main.outcomes.every((o) => o.price !== null))
}

/**
 * How far past the soonest upcoming kick-off an event must start for no move of the clock in a run
 * to reach it: the settlement journey moves it about six hours at most, e2e/betting.spec.ts ten
 * minutes at a time.
 */
export const UNTOUCHED_AFTER_MS = 12 * 3_600_000

/** Upcoming events no clock move of the run reaches, soonest first; `after` further out for a journey that moves their prices. */
export async function untouchedEvents(request: APIRequestContext, options: { sport?: string; after?: number } = {}): Promise<SbEventRow[]> {
  let far: SbEventRow[] = []
  // A site just started is still pricing its fixtures: the far ones come within a minute.
  await expect(async () => {
    const events = await upcomingEvents(request, options.sport)
    expect(events.length, 'upcoming events on the board').toBeGreaterThan(0)
    const from = Date.parse(events[0]!.starts_at) + (options.after ?? UNTOUCHED_AFTER_MS)
    far = events.filter((e) => Date.parse(e.starts_at) >= from)
    expect(far.length, 'upcoming events far enough ahead').toBeGreaterThan(0)
  }).toPass({ timeout: 90_000, intervals: [1_000, 2_000, 5_000] })
  return far
}

/**
 * Presses Place until the receipt shows. Prices may move between a tap and the press (a drift
 * before the start): the slip then asks, and the player accepts the new prices and presses again.
 * Any other refusal fails the journey with its code.
 */
export async function placeAcceptingMoves(slip: Locator): Promise<Locator> {
  const receipt = slip.getByTestId('betslip-receipt')
  const accept = slip.getByTestId('betslip-accept')
  const refusal = slip.getByTestId('betslip-refusal')
  const place = slip.getByTestId('betslip-place')
  for (let round = 0; round < 3; round++) {
    await expect(slip.locator('[data-testid="betslip-place"]:enabled').or(accept).first()).toBeVisible()
    if (await accept.isVisible()) {
      await accept.click()
      continue
    }
    // Forced: a price that moves in this very moment disables the button, and the click then does
    // nothing but let the slip show what it asks (a click that waited for the button would wait forever).
    await place.click({ force: true })
    // Moved prices show the accept step together with the server's refusal that named them.
    await expect(receipt.or(accept).or(refusal).first()).toBeVisible()
    if (await receipt.isVisible()) return receipt
    if (await accept.isVisible()) continue
    expect(await refusal.getAttribute('data-code'), (await refusal.textContent()) ?? '').toBe('none')
  }
  await expect(receipt).toBeVisible()
  return receipt
}

/** Cents of a money text as the site shows it ("$1,234.50"). */
export const cents = (text: string | null): number => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100)

/**
 * A row of a board list, found as a player finds it: the board draws the rows a screen at a time,
 * so "Show more" is pressed until the list holds it.
 */
export async function boardRow(page: Page, list: 'sb-upcoming-list' | 'sb-live-list', eventId: string): Promise<Locator> {
  const box = page.getByTestId(list)
  const row = box.locator(`[data-testid="sb-event-row"][data-event="${eventId}"]`)
  await expect(async () => {
    if ((await row.count()) === 0) {
      const more = box.getByTestId('sb-show-more')
      if ((await more.count()) > 0) await more.click({ timeout: 5_000 })
    }
    await expect(row).toHaveCount(1, { timeout: 1_000 })
  }).toPass({ timeout: 60_000 })
  return row
}
