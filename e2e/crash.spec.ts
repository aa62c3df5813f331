// Crash (docs/games.md#crash): two visitors in their own browser contexts watch one shared round
// over the live socket, each bets from their own demo purse while bets are open, and both see the
// same round run and crash at the same point; a cash-out by hand lands before the crash or is
// refused after it. No fixed waits: each step waits for what the player sees.
import type { Browser, Page } from '@playwright/test'
import { expect, gotoHydrated, test } from './fixtures'

const GAME = 'rocket-crash'
// A round is 6 s of bets, its flight (seconds to a minute at worst) and 3 s after the crash.
const ROUND_TIMEOUT = 150_000

async function openTable(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL })
  await context.addCookies([{ name: 'consent', value: 'necessary', url: baseURL }])
  const page = await context.newPage()
  await gotoHydrated(page, `/platform/game/${GAME}/play`)
  await expect(page.getByTestId('game-balance')).toHaveText(/\d/)
  return page
}

test.describe('crash', () => {
  test('two players in one shared round: both bet while it takes bets, both see it crash at one point', async ({ browser, baseURL }) => {
    test.setTimeout(ROUND_TIMEOUT * 3)
    const [a, b] = await Promise.all([openTable(browser, baseURL!), openTable(browser, baseURL!)])
    // Wait for a round that takes bets, and bet in it from both tables.
    for (const page of [a, b]) await expect(page.getByTestId('crash-bet')).toBeEnabled({ timeout: ROUND_TIMEOUT })
    await a.getByLabel('Auto cash-out (×)').fill('1.5')
    await Promise.all([a.getByTestId('crash-bet').click(), b.getByTestId('crash-bet').click()])
    for (const page of [a, b]) await expect(page.getByTestId('crash-bet-status')).toContainText(/Your bet of .* (is in|cashes out at)/)
    // Both watch the same round fly and crash.
    for (const page of [a, b]) await expect(page.getByTestId('crash-table')).toHaveAttribute('data-phase', /running|ended/, { timeout: ROUND_TIMEOUT })
    // B cashes out by hand while it flies (a round may crash at 1.00× before the click lands).
    await b.getByTestId('crash-cash-out').click({ timeout: 5_000 }).catch(() => undefined)
    for (const page of [a, b]) await expect(page.getByTestId('crash-table')).toHaveAttribute('data-phase', 'ended', { timeout: ROUND_TIMEOUT })
    const [pointA, pointB] = await Promise.all([a.getByTestId('crash-multiplier').textContent(), b.getByTestId('crash-multiplier').textContent()])
    expect(pointA).toBe(pointB)
    // Each bet ended as the round did: A's automatic cash-out paid if the round reached 1.50×.
    const crashedAt = Number(pointA!.replace('×', ''))
    await expect(a.getByTestId('crash-bet-status')).toContainText(crashedAt >= 1.5 ? 'You cashed out at 1.50×' : 'was lost', { timeout: 30_000 })
    await expect(b.getByTestId('crash-bet-status')).toHaveText(/You cashed out at .*: |was lost|Too late/, { timeout: 30_000 })
    // The round joins both tables' history.
    for (const page of [a, b]) await expect(page.getByTestId('crash-history')).toContainText(pointA!)
    await Promise.all([a.context().close(), b.context().close()])
  })
})
