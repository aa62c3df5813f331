// The sportsbook board and event page as a visitor sees them (/betting, /betting/event/{id}): live
// events of several sports server-rendered, the football filter and a typo'd team search in the
// address, an event's grouped markets folding away, and a live change arriving on the socket after
// the simulator's clock moves on (the e2e server allows the operator's test-only call).
import type { Page } from '@playwright/test'
import { registerLoggedInPlayer } from './accounts'
import { expect, gotoHydrated, test } from './fixtures'
import { advanceSportsbook, boardRow, OPERATOR, placeAcceptingMoves, untouchedEvents } from './sportsbook'

/** A typo a player makes: one letter in the middle of the longest word dropped. */
function typo(name: string): string {
  const word = name.split(' ').sort((a, b) => b.length - a.length)[0]!
  const i = Math.floor(word.length / 2)
  return word.slice(0, i) + word.slice(i + 1)
}

/** What a live change could move on the event page: the score, the prices, the state. */
const liveSignature = (page: Page) =>
  page.evaluate(() => {
    const score = document.querySelector('[data-testid="sb-score"]')?.textContent ?? ''
    const prices = Array.from(document.querySelectorAll('[data-testid="sb-price"]'), (p) => `${p.getAttribute('data-price')}${p.getAttribute('data-locked')}`).join(',')
    return `${document.querySelector('[data-testid="sb-event"]')?.getAttribute('data-state')}|${score}|${prices}`
  })

test('a visitor filters the board, finds a team despite a typo, opens its event and sees it move', async ({ page }) => {
  await gotoHydrated(page, '/betting')
  const board = page.getByTestId('sb-board')
  await expect(board).toHaveAttribute('data-state', 'board.lists')
  const liveRows = page.getByTestId('sb-live-list').getByTestId('sb-event-row')
  await expect(liveRows.first()).toBeVisible()
  const sports = new Set(await liveRows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-sport'))))
  expect(sports.size, 'live events of several sports').toBeGreaterThan(1)
  await expect(page.getByRole('heading', { level: 2, name: 'Live now' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Upcoming' })).toBeVisible()

  // Football in the sports column: the address says so, and only football is listed.
  await page.getByTestId('sb-sport-nav').locator('[data-sport="football"]').click()
  await expect(page).toHaveURL(/[?&]sport=football/)
  await expect(page.getByRole('heading', { level: 1, name: 'Football' })).toBeVisible()
  await expect.poll(async () => new Set(await page.getByTestId('sb-event-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-sport'))))).toEqual(new Set(['football']))

  // A live team's name with a letter missing still finds it. Another journey may move the
  // simulator's clock by hours meanwhile and end that match: then a team of a match live now.
  let team = ''
  await expect(async () => {
    // Each try starts from the whole football board, not the last try's search.
    if ((await page.getByTestId('sb-search').inputValue()) !== '') await page.getByTestId('sb-search').fill('')
    await expect(page.getByTestId('sb-live-list').getByTestId('sb-event-row').first()).toBeVisible({ timeout: 10_000 })
    // A name whose longest word keeps enough letters once one is dropped ("USA" would search "UA").
    const names = (await page.getByTestId('sb-live-list').locator('[data-team="home"]').allTextContents()).map((n) => n.trim())
    team = names.find((n) => Math.max(...n.split(/\s+/).map((w) => w.length)) >= 5) ?? names[0]!
    await page.getByTestId('sb-search').fill(typo(team))
    await expect(page).toHaveURL(/[?&]query=/)
    const found = page.getByTestId('sb-live-list').getByTestId('sb-event-row').filter({ hasText: team }).first()
    await expect(found).toBeVisible({ timeout: 10_000 })
    // The event page: markets grouped by kind, each folding away.
    await found.getByTestId('sb-event-link').click({ timeout: 10_000 })
    await expect(page).toHaveURL(/\/betting\/event\/\d+$/, { timeout: 10_000 })
  }).toPass({ timeout: 90_000 })
  const event = page.getByTestId('sb-event')
  await expect(event).toHaveAttribute('data-state', /event\.(event|ended)/)
  await expect(page.getByTestId('sb-home')).toHaveText(team)
  const markets = page.getByTestId('sb-market')
  if ((await event.getAttribute('data-state')) === 'event.event') {
    await expect(markets.first()).toBeVisible()
    expect(await markets.count()).toBeGreaterThan(2)
    await expect(page.getByRole('button', { name: 'Match result' })).toBeVisible()
    const toggle = markets.first().getByTestId('sb-market-toggle')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(markets.first().getByTestId('sb-market-body')).toBeHidden()
    await toggle.press('Enter')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  }

  // Ten minutes of play later, a change has come over the socket.
  // The feed polls on its own schedule: the clock moves again if a poll brought nothing for this event.
  const before = await liveSignature(page)
  await expect(async () => {
    await advanceSportsbook(page.request, 600)
    await expect.poll(() => liveSignature(page), { timeout: 15_000 }).not.toBe(before)
  }).toPass({ timeout: 60_000 })
})

test('a bad address is a sensible board, an unknown event the not-found page', async ({ page }) => {
  await gotoHydrated(page, '/betting?sport=curling&status=soon&league=%3Cscript%3E&query=%00')
  await expect(page.getByTestId('sb-board')).toHaveAttribute('data-state', /board\.(lists|empty)/)
  await expect(page.getByRole('heading', { level: 1, name: 'Sports betting' })).toBeVisible()
  const response = await page.goto('/betting/event/999999999')
  expect(response?.status()).toBe(404)
})

test('@phone the board and an event fit a phone', async ({ page }) => {
  await gotoHydrated(page, '/betting?status=live')
  const row = page.getByTestId('sb-live-list').getByTestId('sb-event-row').first()
  await expect(row).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no sideways scroll').toBe(true)
  await row.getByTestId('sb-event-link').click()
  await expect(page.getByTestId('sb-event-header')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no sideways scroll').toBe(true)
})

test('a player puts a free bet from the operator on the betslip, finds an event and places it with the free bet', async ({ page, baseURL, errors }) => {
  const { email } = await registerLoggedInPlayer(page.request, baseURL!, 'freebet')
  const granted = await page.request.post('/api/operator/grantFreeBet', {
    form: { login: email, amount: '5', min_odds: '1.5', key: `e2e-free-bet-${Date.now()}` },
    headers: { authorization: OPERATOR },
  })
  expect(granted.status(), await granted.text()).toBe(200)
  await gotoHydrated(page, '/profile/bonuses')
  const card = page.getByTestId('betting-bonus')
  await expect(card).toHaveAttribute('data-status', 'available')
  await expect(card).toContainText('1.50')
  await card.getByRole('button', { name: 'Put on betslip' }).click()
  const dialog = page.getByRole('dialog', { name: 'Your free bet is on the betslip' })
  await expect(dialog).toContainText('odds of 1.50 or more')
  await expect(card).toHaveAttribute('data-status', 'active')
  await dialog.getByRole('link', { name: 'Find a bet' }).click()
  await expect(page).toHaveURL(/\/betting$/)
  await expect(page.getByTestId('sb-board')).toBeVisible()
  await expect(dialog).toHaveCount(0)

  // The slip stakes with it: a price of 1.50 or more on an event no clock move of the run reaches,
  // found with the board's search; no stake to type, nothing from the (empty) balance.
  const event = (await untouchedEvents(page.request)).find((e) => e.main?.outcomes.some((o) => (o.price ?? 0) >= 1700))
  expect(event, 'an event far ahead with a price of 1.70 or more').toBeDefined()
  await page.getByTestId('sb-search').fill(event!.home.name)
  const slip = page.getByTestId('betslip-column').getByTestId('betslip')
  const row = await boardRow(page, 'sb-upcoming-list', event!.id)
  await row.locator('xpath=.//button[@data-testid="sb-price" and not(@disabled) and number(@data-price) >= 1600]').first().click()
  await expect(slip.getByTestId('betslip-row')).toHaveCount(1)
  await expect(slip.getByRole('radio', { name: /Free bet/ })).toBeChecked()
  await expect(slip.getByTestId('betslip-stake')).toHaveCount(0)
  await expect(slip.getByTestId('betslip-free-bet')).toContainText('5.00')
  const receipt = await placeAcceptingMoves(slip)
  await expect(receipt).toContainText('Free bet stake')
  await expect(receipt).toContainText('5.00')
  await slip.getByTestId('betslip-done').click()
  // Spent, the free bet is no longer offered.
  await expect(slip.getByTestId('betslip-funding')).toHaveCount(0)

  // Used: the bonuses page says so, and the bet is in the history as a free bet.
  await gotoHydrated(page, '/bets/open')
  await expect(page.getByTestId('sb-bet').first()).toContainText('Free bet')
  await gotoHydrated(page, '/profile/bonuses')
  await expect(page.getByTestId('betting-bonus')).toHaveAttribute('data-status', 'used')
  expect(errors).toEqual([])
})
