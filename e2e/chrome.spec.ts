// The site's chrome as a player meets it (DESIGN 'Layout'): the header's balance with its
// breakdown, Deposit and the account menu; the phone's Menu sheet; toasts that leave on their own
// and never cover the bottom bar; and pages that hydrate without an error.
import type { Page } from '@playwright/test'
import { DEMO_MESSENGER_BOT_TOKEN } from '../server/config'
import { buildSignedInitData } from '../server/domain/messenger/init-data'
import { registerLoggedInPlayer } from './accounts'
import { expect, expectLoadedAt, gotoHydrated, seriousA11yViolations, test } from './fixtures'

// Seeded demo player (server/seed/data.ts): main, bonus and betting-bonus balances.
const DEMO = { login: 'demo@example.com', password: 'demo1234' }

async function logInDemo(page: Page, baseURL: string) {
  const res = await page.request.post('/api/auth/login', { form: DEMO, headers: { origin: baseURL } })
  expect(res.status(), await res.text()).toBe(200)
}

type Money = { amount: string; currency: string } | null
/** The account's balances as the API reports them, in the words the header must show (en). */
async function expectedBreakdown(page: Page) {
  const info = (await (await page.request.get('/api/account/getInfo')).json()) as {
    data: { balance_main: Money; balance_bonus: Money; balance_betting_bonus: Money }
  }
  const { balance_main: main, balance_bonus: bonus, balance_betting_bonus: betting } = info.data
  const format = (m: Money) => new Intl.NumberFormat('en', { style: 'currency', currency: main!.currency }).format(Number(m?.amount ?? 0))
  const total = [main, bonus, betting].reduce((sum, m) => sum + Number(m?.amount ?? 0), 0)
  return { main: format(main), bonus: format(bonus), betting: format(betting), total: format({ amount: String(total), currency: main!.currency }) }
}

const accountMenuButton = (page: Page) => page.getByRole('button', { name: 'Account menu' })

test.describe('header for a player', () => {
  test('shows the balance, Deposit and the account menu; the balance opens its breakdown, keyboard and all', async ({ page, baseURL }) => {
    await logInDemo(page, baseURL!)
    await gotoHydrated(page, '/gamehall')
    const expected = await expectedBreakdown(page)
    const balance = page.getByTestId('header-balance')
    await expect(balance).toContainText(expected.total)
    await expect(page.getByRole('banner').getByRole('link', { name: 'Deposit' })).toBeVisible()
    await expect(accountMenuButton(page)).toBeVisible()

    // A tap opens the breakdown: main, bonus and betting bonus, formatted with their currency.
    await expect(balance).toHaveAttribute('aria-expanded', 'false')
    await balance.click()
    const breakdown = page.getByRole('dialog', { name: 'Your balance' })
    await expect(breakdown).toBeVisible()
    await expect(balance).toHaveAttribute('aria-expanded', 'true')
    await expect(breakdown.getByTestId('balance-main')).toHaveText(expected.main)
    await expect(breakdown.getByTestId('balance-bonus')).toHaveText(expected.bonus)
    await expect(breakdown.getByTestId('balance-betting-bonus')).toHaveText(expected.betting)
    await expect(breakdown.getByTestId('balance-total')).toHaveText(expected.total)
    expect(await seriousA11yViolations(page)).toEqual([])
    // A click elsewhere closes it: in the page's left margin, since the hall's cards are links.
    const viewport = page.viewportSize()!
    await page.mouse.click(4, viewport.height - 120)
    await expect(breakdown).toBeHidden()
    await expect(page).toHaveURL(/\/gamehall$/)

    // By keyboard: Enter opens it with focus inside, Escape closes it and gives focus back.
    await balance.focus()
    await page.keyboard.press('Enter')
    await expect(breakdown).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(breakdown).toBeHidden()
    await expect(balance).toBeFocused()
  })

  test('the account menu lists the player’s pages, closes on Escape, and takes the player there', async ({ page, baseURL }) => {
    await logInDemo(page, baseURL!)
    await gotoHydrated(page, '/')
    const button = accountMenuButton(page)
    await button.click()
    const menu = page.getByRole('navigation', { name: 'Account' })
    await expect(menu).toBeVisible()
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    for (const name of ['Profile', 'Deposit', 'Withdraw', 'Transaction history', 'Responsible gaming', 'Security']) {
      await expect(menu.getByRole('link', { name })).toBeVisible()
    }
    await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible()
    // Focus went in, to the first page of the list.
    await expect(menu.getByRole('link', { name: 'Profile' })).toBeFocused()
    expect(await seriousA11yViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(button).toBeFocused()

    // Opening the balance swaps one popover for the other: never both.
    await button.click()
    await page.getByTestId('header-balance').click()
    await expect(menu).toBeHidden()
    await expect(page.getByRole('dialog', { name: 'Your balance' })).toBeVisible()

    await button.click()
    await menu.getByRole('link', { name: 'Responsible gaming' }).click()
    await expect(page).toHaveURL(/\/profile\/responsible-game$/)
    await expect(menu).toBeHidden()
    // Any navigation closes it, the browser's Back too.
    await button.click()
    await expect(menu).toBeVisible()
    await page.goBack()
    await expect(page).not.toHaveURL(/\/profile\/responsible-game$/)
    await expect(menu).toBeHidden()
  })

  test('Log out in the account menu ends the session and lands on the home page', async ({ page, baseURL }) => {
    await registerLoggedInPlayer(page.request, baseURL!, 'menu-logout')
    await gotoHydrated(page, '/gamehall')
    await accountMenuButton(page).click()
    await expectLoadedAt(
      page,
      (url) => url.pathname === '/',
      () => page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Log out' }).click(),
    )
    await expect(accountMenuButton(page)).toHaveCount(0)
    const info = await page.request.get('/api/account/getInfo')
    expect(((await info.json()) as { data: { uid: number } }).data.uid).toBe(0)
  })
})

test.describe('the phone menu sheet', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the bottom bar is a phone layout')
  })

  test('a visitor’s Menu opens a sheet that traps focus and closes on Escape, the backdrop and navigation', async ({ page }) => {
    await gotoHydrated(page, '/')
    const trigger = page.getByTestId('bottom-bar').getByRole('button', { name: 'Menu' })
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await trigger.click()
    const sheet = page.getByRole('dialog', { name: 'Menu' })
    await expect(sheet).toBeVisible()
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await expect(sheet.getByRole('link', { name: 'Log in' })).toBeVisible()
    await expect(sheet.getByRole('link', { name: 'Sign up' })).toBeVisible()
    await expect(sheet.getByLabel('Language')).toBeVisible()
    await expect(sheet.getByRole('button', { name: 'Switch to light theme' })).toBeVisible()
    await expect(sheet.getByRole('link', { name: 'Casino' })).toBeVisible()
    expect(await seriousA11yViolations(page)).toEqual([])

    // Focus stays inside: a full round of Tab ends where it began, never on the page behind.
    const stops = await sheet.locator('a[href], button, select').count()
    for (let i = 0; i < stops + 1; i++) {
      await page.keyboard.press('Tab')
      expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(sheet).toBeHidden()
    await expect(trigger).toBeFocused()

    // The backdrop closes it.
    await trigger.click()
    await expect(sheet).toBeVisible()
    await page.getByTestId('modal-overlay').click({ position: { x: 10, y: 300 } })
    await expect(sheet).toBeHidden()

    // A link in it goes there and closes it.
    await trigger.click()
    await sheet.getByRole('link', { name: 'Promotions' }).click()
    await expect(page).toHaveURL(/\/promotions$/)
    await expect(sheet).toBeHidden()

    // Log in gives way to the auth popup.
    await trigger.click()
    await sheet.getByRole('link', { name: 'Log in' }).click()
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible()
    await expect(sheet).toBeHidden()
  })

  test('a player’s Menu holds the account menu, and Log out works from it', async ({ page, baseURL }) => {
    await registerLoggedInPlayer(page.request, baseURL!, 'sheet-logout')
    await gotoHydrated(page, '/')
    await page.getByTestId('bottom-bar').getByRole('button', { name: 'Menu' }).click()
    const sheet = page.getByRole('dialog', { name: 'Menu' })
    for (const name of ['Profile', 'Deposit', 'Withdraw', 'Transaction history', 'Responsible gaming', 'Security']) {
      await expect(sheet.getByRole('link', { name })).toBeVisible()
    }
    expect(await seriousA11yViolations(page)).toEqual([])
    await expectLoadedAt(page, (url) => url.pathname === '/', () => sheet.getByRole('button', { name: 'Log out' }).click())
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0)
  })
})

test.describe('toasts', () => {
  // A messenger launch whose signature does not hold: the site answers with an error toast (SPEC §4).
  const tamperedLaunch = () => {
    const signed = new URLSearchParams(
      buildSignedInitData(
        { query_id: 'AAHchrome', user: JSON.stringify({ id: 7_000_000_105, first_name: 'Mini' }), auth_date: String(Math.floor(Date.now() / 1000)) },
        DEMO_MESSENGER_BOT_TOKEN,
      ),
    )
    signed.set('user', signed.get('user')!.replace('"first_name":"Mini"', '"first_name":"Admin"'))
    return `/#${new URLSearchParams({ tgWebAppData: signed.toString(), tgWebAppVersion: '8.0', tgWebAppPlatform: 'android' })}`
  }

  test('a toast sits clear of the header and the bottom bar, waits while read, and then leaves on its own', async ({ page }, testInfo) => {
    test.slow()
    await gotoHydrated(page, tamperedLaunch())
    const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('alert')
    await expect(toast).toBeVisible()
    const box = (await toast.boundingBox())!
    const header = (await page.getByRole('banner').boundingBox())!
    const viewport = page.viewportSize()!
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height)
    if (testInfo.project.name === 'phone') {
      // Above the bottom bar, never over it.
      const bar = (await page.getByTestId('bottom-bar').boundingBox())!
      expect(box.y + box.height).toBeLessThanOrEqual(bar.y)
    } else {
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height)
    }
    // Read: the pointer rests on it well past its 5 s, and it stays; it is dismissible all along.
    await toast.hover()
    await page.waitForTimeout(6_500)
    await expect(toast).toBeVisible()
    await expect(toast.getByRole('button', { name: 'Dismiss' })).toBeVisible()
    // Left alone, it goes by itself.
    await page.mouse.move(1, 1)
    await expect(toast).toBeHidden()
  })
})

test.describe('pages hydrate as the server rendered them', () => {
  test('/forms/sign_up: the registration form, no error and no hydration warning', async ({ page }) => {
    // The fixtures fail any page of any journey that logs an error or a hydration warning; this
    // page once did on the first visit after a start (a lazy form rendered by the server as a fallback).
    await gotoHydrated(page, '/forms/sign_up')
    await expect(page.getByTestId('forms-sign-up')).toBeVisible()
    await expect(page.getByTestId('registration-form')).toBeVisible()
  })
})
