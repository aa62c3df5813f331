// The sportsbook from a new player's first deposit to their bets' settlement, and a price that moves
// between the tap and the bet under each odds-change policy (docs/sportsbook.md#the-betslip). Both
// move the simulator through the operator's test calls: its clock (hours on, so the matches are
// played and settled) and one outcome's price. Other journeys bet on events beyond these moves
// (e2e/sportsbook.ts).
import type { Locator, Page } from '@playwright/test'
import { registerLoggedInPlayer } from './accounts'
import { budget } from './budgets'
import { expect, gotoHydrated, test } from './fixtures'
import { depositThroughApi, depositWithNewCard, payOnSandbox } from './sandbox-pay'
import { advanceSportsbook, boardRow, cents, placeAcceptingMoves, setSportsPrice, untouchedEvents, upcomingEvents, type SbEventRow } from './sportsbook'

const MINUTE = 60_000
/** The sports whose matches end at a fixed time (no overtime, no deciding set), in minutes from the kick-off, breaks included. */
const FIXED_LENGTH: Record<string, number> = { football: 105, handball: 70 }

const money = (c: number) => `$${(c / 100).toFixed(2)}`

async function headerBalance(page: Page): Promise<number> {
  return cents(await page.getByTestId('header-balance').textContent())
}

/** A receipt's one bet: its id and what it would return. */
async function receiptBet(receipt: Locator, kind: 'single' | 'accumulator') {
  const bet = receipt.getByTestId('betslip-receipt-bet')
  await expect(bet).toHaveCount(1)
  await expect(bet).toHaveAttribute('data-kind', kind)
  const id = /#(\d+)/.exec((await bet.textContent()) ?? '')?.[1]
  expect(id, 'the bet number on the receipt').toBeDefined()
  const potential = cents(await bet.locator('dd').nth(1).textContent())
  return { id: id!, potential }
}

test('a new player deposits, backs a single and a three-leg accumulator, and is paid what the settled bets show', async ({ page, baseURL }) => {
  await registerLoggedInPlayer(page.request, baseURL!, 'sbsettle')
  await depositWithNewCard(page, '100')
  await payOnSandbox(page, '4242 4242 4242 4242')
  await page.waitForURL(/\/cashier\/paysuccess\/[A-Za-z0-9_-]+$/)
  await expect(page.getByTestId('header-balance')).toHaveText(/\$100\.00$/)

  // Three matches that kick off soon (but not before the bets are in) and end at a known time.
  const events = await upcomingEvents(page.request)
  const soonest = Date.parse(events[0]!.starts_at)
  const picked = events.filter((e) => e.sport in FIXED_LENGTH && Date.parse(e.starts_at) >= soonest + 20 * MINUTE).slice(0, 3)
  expect(picked, 'three football or handball matches to come').toHaveLength(3)

  // The favourite of each (its lowest price, so that a bet is often won): two tapped on the board,
  // the third on its event page.
  const favourite = (e: SbEventRow) => {
    const outcomes = e.main!.outcomes
    const at = outcomes.reduce((best, o, i) => (o.price! < outcomes[best]!.price! ? i : best), 0)
    return { at, id: outcomes[at]!.id }
  }
  await gotoHydrated(page, '/betting')
  const slip = page.getByTestId('betslip-column').getByTestId('betslip')
  await expect(slip).toHaveAttribute('data-state', 'betslip.editing')
  const rowOf = (e: SbEventRow) => boardRow(page, 'sb-upcoming-list', e.id)
  for (const e of picked.slice(0, 2)) {
    const cell = (await rowOf(e)).getByTestId('sb-price').nth(favourite(e).at)
    await cell.click()
    await expect(cell).toHaveAttribute('aria-pressed', 'true')
  }
  const third = picked[2]!
  await (await rowOf(third)).getByTestId('sb-event-link').click()
  await expect(page).toHaveURL(new RegExp(`/betting/event/${third.id}$`))
  const cell = page.locator(`[data-testid="sb-market"][data-market="${third.main!.kind}"]`).getByTestId('sb-price').nth(favourite(third).at)
  await cell.click()
  await expect(cell).toHaveAttribute('aria-pressed', 'true')
  const rows = slip.getByTestId('betslip-row')
  await expect(rows).toHaveCount(3)
  for (const [i, e] of picked.entries()) await expect(rows.nth(i)).toHaveAttribute('data-outcome', favourite(e).id)

  // A single of 5.00 on the first, then the three as an accumulator of 3.00.
  await rows.first().getByTestId('betslip-stake').fill('5')
  const single = await receiptBet(await placeAcceptingMoves(slip), 'single')
  await slip.getByTestId('betslip-reuse').click()
  await slip.getByTestId('betslip-mode-accumulator').click()
  await slip.getByTestId('betslip-stake').fill('3')
  const accumulator = await receiptBet(await placeAcceptingMoves(slip), 'accumulator')
  await slip.getByTestId('betslip-done').click()
  await expect(page.getByTestId('header-balance')).toHaveText(/\$92\.00$/)

  // The clock moves on until the last match is over; the book settles within seconds.
  const offset = await advanceSportsbook(page.request, 1)
  const over = Math.max(...picked.map((e) => Date.parse(e.starts_at) + FIXED_LENGTH[e.sport]! * MINUTE)) + 5 * MINUTE
  await advanceSportsbook(page.request, Math.ceil((over - (Date.now() + offset)) / 1000))

  // The player refreshes the settled bets until both are there.
  await gotoHydrated(page, '/bets/settled')
  const list = page.getByTestId('sports-bets')
  const card = (id: string) => list.locator(`[data-testid="sb-bet"][data-bet="${id}"]`)
  await expect(async () => {
    await expect(list).toHaveAttribute('data-state', /^(shown|empty)$/)
    if ((await card(single.id).count()) === 0 || (await card(accumulator.id).count()) === 0) {
      await gotoHydrated(page, '/bets/settled')
      throw new Error('not settled yet')
    }
  }).toPass({ timeout: budget(90_000) })

  // Each leg won or lost; a bet won only when all its legs did, and then it paid what the receipt said.
  let paid = 0
  for (const [bet, legs] of [
    [single, 1],
    [accumulator, 3],
  ] as const) {
    const shown = card(bet.id)
    const results = shown.getByTestId('sb-leg-result')
    await expect(results).toHaveCount(legs)
    const each = await results.evaluateAll((badges) => badges.map((b) => b.getAttribute('data-status')))
    for (const r of each) expect(['won', 'lost']).toContain(r)
    const won = each.every((r) => r === 'won')
    await expect(shown).toHaveAttribute('data-status', won ? 'won' : 'lost')
    await expect(shown.getByTestId('sb-bet-status')).toHaveAttribute('data-status', won ? 'won' : 'lost')
    await expect(shown.getByTestId('sb-bet-payout')).toHaveText(money(won ? bet.potential : 0))
    paid += won ? bet.potential : 0
  }
  // The single's leg is the accumulator's first: the same match, the same result.
  expect(await card(single.id).getByTestId('sb-leg-result').getAttribute('data-status')).toBe(await card(accumulator.id).getByTestId('sb-leg-result').first().getAttribute('data-status'))

  // The balance: the deposit less the stakes plus what the bets paid.
  await expect.poll(() => headerBalance(page)).toBe(10_000 - 800 + paid)
})

test('a price that moves after the tap: taken as it is, taken only when higher, or asked about, by the player’s policy', async ({ page, baseURL }) => {
  await registerLoggedInPlayer(page.request, baseURL!, 'sbodds')
  await depositThroughApi(page.request, baseURL!, '20')
  // Far from every other journey's events, whose prices this one must not move.
  const [event] = await untouchedEvents(page.request, { sport: 'football', after: 24 * 3_600_000 })
  const outcome = event!.main!.outcomes.find((o) => o.key === 'home')!
  // Set before the page opens: the simulator leaves a price set by hand for five minutes.
  await setSportsPrice(page.request, outcome.id, '2.02')

  await gotoHydrated(page, `/betting/event/${event!.id}`)
  await expect(page.getByTestId('sb-event')).toHaveAttribute('data-state', 'event.event')
  const price = page.locator('[data-testid="sb-market"][data-market="match_result"]').getByTestId('sb-price').first()
  await expect(price).toHaveAttribute('data-price', '2020')
  // The page follows the event's changes once its socket is subscribed: a move shows on it (the
  // slip hears the same socket). Moved there and back, so that a second try is a move again.
  await expect(async () => {
    await setSportsPrice(page.request, outcome.id, '2.02')
    await setSportsPrice(page.request, outcome.id, '2.00')
    await expect(price).toHaveAttribute('data-price', '2000')
  }).toPass({ timeout: budget(60_000) })

  const slip = page.getByTestId('betslip-column').getByTestId('betslip')
  await expect(slip).toHaveAttribute('data-state', 'betslip.editing')
  await price.click()
  const row = slip.locator(`[data-testid="betslip-row"][data-outcome="${outcome.id}"]`)
  const shown = row.getByTestId('betslip-price')
  await expect(shown).toHaveText('2.00')
  const policy = slip.getByTestId('betslip-policy')
  const placeOne = async (odds: string) => {
    await slip.getByTestId('betslip-place').click()
    const bet = slip.getByTestId('betslip-receipt').getByTestId('betslip-receipt-bet')
    await expect(bet).toContainText(`$${odds}`)
    await slip.getByTestId('betslip-reuse').click()
    await expect(slip).toHaveAttribute('data-state', 'betslip.editing')
  }

  // Accept any change: a lower price is taken as it comes, nothing asked.
  await policy.selectOption('accept_any')
  await row.getByTestId('betslip-stake').fill('1')
  await setSportsPrice(page.request, outcome.id, '1.80')
  await expect(shown).toHaveText('1.80')
  await expect(shown).toHaveAttribute('data-moved', 'down')
  await expect(slip).toHaveAttribute('data-state', 'betslip.editing')
  await placeOne('1.80')

  // Accept higher prices: a lower one stops the slip until the player says yes; a higher one is taken.
  await policy.selectOption('accept_higher')
  await row.getByTestId('betslip-stake').fill('1')
  await setSportsPrice(page.request, outcome.id, '1.60')
  await expect(slip).toHaveAttribute('data-state', 'betslip.reviewing')
  await expect(slip.getByTestId('betslip-review')).toBeVisible()
  await expect(shown).toHaveText('1.60')
  await expect(slip.getByTestId('betslip-place')).toBeDisabled()
  await setSportsPrice(page.request, outcome.id, '1.90')
  await expect(shown).toHaveText('1.90')
  await expect(slip).toHaveAttribute('data-state', 'betslip.editing')
  await expect(slip.getByTestId('betslip-review')).toHaveCount(0)
  await placeOne('1.90')

  // Always ask: even a better price waits for the player's yes.
  await policy.selectOption('always_ask')
  await row.getByTestId('betslip-stake').fill('1')
  await setSportsPrice(page.request, outcome.id, '2.10')
  await expect(slip).toHaveAttribute('data-state', 'betslip.reviewing')
  await expect(shown).toHaveText('2.10')
  await expect(shown).toHaveAttribute('data-moved', 'up')
  await expect(slip.getByTestId('betslip-place')).toBeDisabled()
  await slip.getByTestId('betslip-accept').click()
  await expect(slip).toHaveAttribute('data-state', 'betslip.editing')
  await placeOne('2.10')

  // Three bets of 1.00, each at the price the player took.
  await expect(page.getByTestId('header-balance')).toHaveText(/\$17\.00$/)
  await gotoHydrated(page, '/bets/open')
  const bets = page.getByTestId('sports-bets').getByTestId('sb-bet')
  await expect(bets).toHaveCount(3)
  const prices = await bets.evaluateAll((cards) => cards.map((c) => c.querySelector('[aria-label^="Price"]')?.textContent?.replace(/[^\d.]/g, '')))
  expect(prices.sort()).toEqual(['1.80', '1.90', '2.10'])
})
