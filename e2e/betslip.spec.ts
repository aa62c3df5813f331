// The betslip end to end (docs/sportsbook.md#the-betslip): the demo player (who holds a balance)
// puts two selections of different events on the slip from /betting, places a single and then a
// two-leg accumulator, sees each receipt, and sees the balance go down by the stakes.
import type { Page } from '@playwright/test'
import { expect, gotoHydrated, test } from './fixtures'
import { boardRow, placeAcceptingMoves, untouchedEvents } from './sportsbook'

const DEMO = { login: 'demo@example.com', password: 'demo1234' }

/** The header's balance as a number of major units. */
async function balance(page: Page): Promise<number> {
  const text = (await page.getByTestId('header-balance').textContent()) ?? ''
  return Number(text.replace(/[^\d.,]/g, '').replace(/,/g, ''))
}

test('a player places a single and a two-leg accumulator from the board and pays the stakes', async ({ page, baseURL }) => {
  const login = await page.request.post('/api/auth/login', { form: DEMO, headers: { origin: baseURL! } })
  expect(login.status(), await login.text()).toBe(200)
  // Two events far enough ahead that no journey's move of the simulator's clock starts them
  // meanwhile (e2e/sportsbook.ts), each found on the board by its home side's name.
  const [first, second] = await untouchedEvents(page.request)
  expect(second, 'two events far enough ahead').toBeDefined()
  await gotoHydrated(page, `/betting?query=${encodeURIComponent(first!.home.name)}`)
  const slip = page.getByTestId('betslip-column').getByTestId('betslip')
  await expect(slip).toHaveAttribute('data-state', /betslip\.(editing|reviewing)/)
  // A slip saved on the account from before starts empty here.
  if ((await slip.getByTestId('betslip-row').count()) > 0) await slip.getByRole('button', { name: 'Remove all' }).click()
  await expect(slip.getByTestId('betslip-count')).toHaveText('0')
  const before = await balance(page)

  // Two upcoming events' first open prices: a toggle each, pressed once on the slip.
  for (const [i, event] of [first!, second!].entries()) {
    if (i > 0) await page.getByTestId('sb-search').fill(event.home.name)
    const row = await boardRow(page, 'sb-upcoming-list', event.id)
    const cell = row.locator('button[data-testid="sb-price"]:not([disabled])').first()
    await cell.click()
    await expect(cell).toHaveAttribute('aria-pressed', 'true')
  }
  await expect(slip.getByTestId('betslip-row')).toHaveCount(2)

  // A single on the first selection.
  await slip.getByTestId('betslip-row').first().getByTestId('betslip-stake').fill('1')
  await expect(slip.getByTestId('betslip-total-stake')).toContainText('1.00')
  let receipt = await placeAcceptingMoves(slip)
  await expect(receipt.getByTestId('betslip-receipt-bet')).toHaveCount(1)
  await expect(receipt.getByTestId('betslip-receipt-bet')).toHaveAttribute('data-kind', 'single')
  await slip.getByTestId('betslip-reuse').click()

  // Both selections as an accumulator.
  await slip.getByTestId('betslip-mode-accumulator').click()
  await slip.getByTestId('betslip-stake').fill('2')
  await expect(slip.getByTestId('betslip-potential')).not.toHaveText(/^\D*0\.00/)
  receipt = await placeAcceptingMoves(slip)
  await expect(receipt.getByTestId('betslip-receipt-bet')).toHaveAttribute('data-kind', 'accumulator')
  await slip.getByTestId('betslip-done').click()
  await expect(slip.getByTestId('betslip-count')).toHaveText('0')

  // 1.00 and 2.00 left the balance (the header hears of it over the socket or its next read).
  await expect.poll(() => balance(page), { timeout: 15_000 }).toBeCloseTo(before - 3, 2)
})

test("a visitor taps a price on the home page's live strip and the slip opens from its bar, at any width", async ({ page }) => {
  await gotoHydrated(page, '/')
  const rail = page.getByTestId('live-rail')
  await expect(rail).toHaveAttribute('data-state', 'board.lists')
  const bar = page.getByTestId('betslip-bar')
  await expect(bar).toHaveCount(0)
  // A live price that is open now; a market may be suspended around a dangerous moment.
  const cell = rail.locator('button[data-testid="sb-price"]:not([disabled])').first()
  await expect(async () => {
    await cell.click({ timeout: 5_000 })
    await expect(cell).toHaveAttribute('aria-pressed', 'true', { timeout: 2_000 })
  }).toPass({ timeout: 60_000 })
  await expect(bar).toBeVisible()
  await expect(bar).toContainText('Betslip (1)')
  for (const width of [1440, 360]) {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 780 })
    await expect(bar).toBeInViewport()
    await bar.click()
    const dialog = page.getByRole('dialog', { name: 'Betslip' })
    await expect(dialog.getByTestId('betslip-row')).toHaveCount(1)
    await page.screenshot({ path: test.info().outputPath(`home-slip-${width}.png`) })
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  }
  // Off the slip again from the sheet: the bar goes with the last selection, the price unpressed.
  await bar.click()
  const dialog = page.getByRole('dialog', { name: 'Betslip' })
  await dialog.getByRole('button', { name: 'Remove all' }).click()
  await page.keyboard.press('Escape')
  await expect(bar).toBeHidden()
  await expect(rail.locator('button[data-testid="sb-price"][aria-pressed="true"]')).toHaveCount(0)
})
