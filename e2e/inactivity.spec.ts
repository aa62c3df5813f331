import type { BrowserContext, Page } from '@playwright/test'
import { registerLoggedInPlayer } from './accounts'
import { expect, gotoHydrated, test } from './fixtures'
import { EXPECT_TIMEOUT, LONG_TEST_TIMEOUT } from './budgets'

// SPEC §4 'Automatic logout by inactivity' with a 10 s limit for this browser context only: the
// e2e server honours the cookie (E2E_TEST_OVERRIDES, refused in production). Warning at 8 s, a
// 2 s countdown, logout at 10 s.
const LIMIT_SEC = 10
/** The limit itself, plus the slack of any wait: a busy browser's timers fire late. */
const WITHIN_LIMIT = LIMIT_SEC * 1000 + EXPECT_TIMEOUT

async function shortLimit(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: 'test_time_to_force_logout', value: String(LIMIT_SEC), url: baseURL }])
}

const loggedIn = (page: Page) => expect(page.getByRole('button', { name: 'Account menu' }).first()).toBeVisible()
const loggedOut = (page: Page) => expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible()
const uid = async (page: Page) => ((await (await page.request.get('/api/account/getInfo')).json()) as { data: { uid: number } }).data.uid

/** Key presses (SPEC §4 activity) every 2 s for `ms`. */
async function keepActive(page: Page, ms: number) {
  for (let t = 0; t < ms; t += 2000) {
    await page.keyboard.press('Shift')
    await page.waitForTimeout(2000)
  }
}

test.describe('automatic logout by inactivity', () => {
  test.describe.configure({ timeout: LONG_TEST_TIMEOUT })

  test('the warning counts down, activity keeps the session, no activity logs out to the home page', async ({ page, context, baseURL }) => {
    await shortLimit(context, baseURL!)
    await registerLoggedInPlayer(page.request, baseURL!, 'idle')
    await gotoHydrated(page, '/promotions')
    await loggedIn(page)

    // Active for longer than the limit: no warning, and the server agrees the session lives.
    await keepActive(page, (LIMIT_SEC + 3) * 1000)
    await expect(page.getByTestId('inactivity-warning')).toHaveCount(0)
    expect(await uid(page)).toBeGreaterThan(0)

    // Idle: the warning opens at 80 % with the seconds left, and 'Stay logged in' keeps the session.
    const warning = page.getByRole('dialog', { name: 'Are you still there?' })
    await expect(warning).toBeVisible({ timeout: WITHIN_LIMIT })
    const countdown = warning.getByTestId('inactivity-countdown')
    const first = Number(await countdown.getAttribute('data-seconds'))
    expect(first).toBeGreaterThanOrEqual(1)
    expect(first).toBeLessThanOrEqual(3)
    await warning.getByRole('button', { name: 'Stay logged in' }).click()
    await expect(warning).toHaveCount(0)
    await loggedIn(page)

    // Idle again, to the end: logged out, on the home page, and the server session is gone too.
    await expect(warning).toBeVisible({ timeout: WITHIN_LIMIT })
    await expect.poll(() => countdown.getAttribute('data-seconds').catch(() => '0'), { timeout: EXPECT_TIMEOUT }).not.toBe(String(first + 1))
    await expect(page).toHaveURL(/\/$/, { timeout: WITHIN_LIMIT })
    await loggedOut(page)
    expect(await uid(page)).toBe(0)
  })

  test('activity in one tab keeps the other alive; both log out together', async ({ page, context, baseURL }, testInfo) => {
    // The tabs' shared clock does not depend on the screen: one project plays it (the first journey
    // shows the warning on the phone too), which saves 40 s of the CI run.
    test.skip(testInfo.project.name === 'phone', 'the tabs share one clock whatever the screen; played on desktop')
    await shortLimit(context, baseURL!)
    await registerLoggedInPlayer(page.request, baseURL!, 'idle-tabs')
    await gotoHydrated(page, '/promotions')
    const other = await context.newPage()
    await gotoHydrated(other, '/tournaments')
    await loggedIn(page)
    await loggedIn(other)

    // Only the second tab is used, for longer than the limit: the first shows no warning.
    await keepActive(other, (LIMIT_SEC + 3) * 1000)
    await expect(page.getByTestId('inactivity-warning')).toHaveCount(0)
    await loggedIn(page)

    // Nobody moves: both warn, both end on the home page logged out.
    await expect(page.getByTestId('inactivity-warning')).toBeVisible({ timeout: WITHIN_LIMIT })
    await expect(page).toHaveURL(/\/$/, { timeout: WITHIN_LIMIT })
    await expect(other).toHaveURL(/\/$/, { timeout: WITHIN_LIMIT })
    await loggedOut(page)
    await loggedOut(other)
    await other.close()
  })
})
