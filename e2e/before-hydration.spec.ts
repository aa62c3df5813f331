import type { Page } from '@playwright/test'
import { expect, gotoHydrated, test, HYDRATION_TIMEOUT } from './fixtures'

// The header's locale and theme switches and Log in / Sign up are links and forms the server
// handles (src/shared/preferences.ts, SPEC §2.1 /forms/*): they work without JavaScript, a tap
// before hydration is never lost, and once hydrated they act in the page instead.

/** The language link the player can see: the header's code on wide screens, the footer's name on phones. */
const localeLink = (page: Page, code: string, name: string) =>
  page.getByTestId('locale-switcher').filter({ visible: true }).first().getByRole('link', { name: new RegExp(`^(${code}|${name})$`) })

const html = (page: Page) => page.locator('html')

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the locale switch lands on the same page in that language, keeps the query and is remembered', async ({ page }) => {
    await page.goto('/promotions?x=1')
    await expect(html(page)).toHaveAttribute('lang', 'en')
    await localeLink(page, 'DE', 'Deutsch').click()
    await expect(page).toHaveURL(/\/de\/promotions\?x=1$/)
    await expect(html(page)).toHaveAttribute('lang', 'de')
    await page.goto('/gamehall')
    await expect(page).toHaveURL(/\/de\/gamehall$/)
    await localeLink(page, 'EN', 'English').click()
    await expect(page).toHaveURL(/\/gamehall$/)
    await expect(html(page)).toHaveAttribute('lang', 'en')
    await page.goto('/promotions')
    await expect(page).toHaveURL(/\/promotions$/)
  })

  test('the theme switch changes the theme, comes back to the page and is remembered', async ({ page }) => {
    await page.goto('/gamehall?x=1')
    await expect(html(page)).toHaveAttribute('data-theme', 'dark')
    await page.getByTestId('theme-toggle').click()
    await expect(html(page)).toHaveAttribute('data-theme', 'light')
    await expect(page).toHaveURL(/\/gamehall\?x=1$/)
    await page.goto('/')
    await expect(html(page)).toHaveAttribute('data-theme', 'light')
    await page.getByTestId('theme-toggle').click()
    await expect(html(page)).toHaveAttribute('data-theme', 'dark')
  })

  test('Log in and Sign up open the stand-alone forms', async ({ page }) => {
    await page.goto('/es/gamehall')
    await page.getByRole('link', { name: 'Iniciar sesión' }).first().click()
    await expect(page).toHaveURL(/\/es\/forms\/sign_in\?backUrl=%2Fes%2Fgamehall$/)
    await expect(page.getByTestId('forms-sign-in').locator('input').first()).toBeVisible()
    await page.goto('/gamehall')
    await page.getByRole('link', { name: 'Sign up' }).first().click()
    await expect(page).toHaveURL(/\/forms\/sign_up$/)
    await expect(page.getByTestId('forms-sign-up').getByRole('heading', { name: 'Sign up' })).toBeVisible()
  })

  test('a login form sent before its script runs never puts the password in the address', async ({ page }) => {
    await page.goto('/forms/sign_in')
    const form = page.getByTestId('login-form')
    await form.getByLabel('E-mail or phone').fill('demo@example.com')
    await form.getByLabel('Password').fill('Secret-Pw-123')
    const sent = page.waitForRequest((request) => request.isNavigationRequest())
    await form.getByRole('button', { name: 'Log in' }).click()
    const request = await sent
    expect(request.method()).toBe('POST')
    expect(request.url()).not.toContain('Secret-Pw-123')
  })
})

test.describe('a tap before hydration', () => {
  /** Holds the page's scripts back until `release`, so the page stays as the server rendered it. */
  async function holdScripts(page: Page) {
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/.*\.js(\?.*)?$/, async (route) => {
      await released
      await route.continue().catch(() => {})
    })
    return release
  }

  /** Opens a page without waiting for its (held) scripts, and checks React has not taken it over. */
  async function openUnhydrated(page: Page, url: string) {
    await page.goto(url, { waitUntil: 'commit' })
    await expect(page.locator('[data-site-header]')).toBeVisible()
    await expect(html(page)).not.toHaveAttribute('data-hydrated', 'true')
  }

  test('switching the theme is not lost', async ({ page }) => {
    const release = await holdScripts(page)
    try {
      await openUnhydrated(page, '/gamehall')
      await page.getByTestId('theme-toggle').click()
      await expect(html(page)).toHaveAttribute('data-theme', 'light')
      await expect(page).toHaveURL(/\/gamehall$/)
    } finally {
      release()
    }
    await expect(html(page)).toHaveAttribute('data-hydrated', 'true', { timeout: HYDRATION_TIMEOUT })
    await expect(html(page)).toHaveAttribute('data-theme', 'light')
  })

  test('switching the locale is not lost', async ({ page }) => {
    const release = await holdScripts(page)
    try {
      await openUnhydrated(page, '/promotions')
      await localeLink(page, 'PT', 'Português').click()
      await expect(page).toHaveURL(/\/pt\/promotions$/)
      await expect(html(page)).toHaveAttribute('lang', 'pt')
    } finally {
      release()
    }
    await expect(html(page)).toHaveAttribute('data-hydrated', 'true', { timeout: HYDRATION_TIMEOUT })
  })

  test('Log in and Sign up are not lost', async ({ page }) => {
    const release = await holdScripts(page)
    try {
      await openUnhydrated(page, '/promotions')
      await page.getByRole('link', { name: 'Log in' }).first().click()
      await expect(page).toHaveURL(/\/forms\/sign_in\?backUrl=%2Fpromotions$/)
      await expect(page.getByTestId('forms-sign-in')).toBeVisible()
      await openUnhydrated(page, '/promotions')
      await page.getByRole('link', { name: 'Sign up' }).first().click()
      await expect(page).toHaveURL(/\/forms\/sign_up$/)
      await expect(page.getByTestId('forms-sign-up')).toBeVisible()
    } finally {
      release()
    }
    await expect(html(page)).toHaveAttribute('data-hydrated', 'true', { timeout: HYDRATION_TIMEOUT })
  })
})

test.describe('once hydrated', () => {
  test('the same controls act in the page: no request to the server switch, no reload', async ({ page }) => {
    const switches: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/preferences/') || request.isNavigationRequest()) switches.push(request.url())
    })
    await gotoHydrated(page, '/gamehall?x=1')
    switches.length = 0
    await page.evaluate(() => {
      ;(window as unknown as { __sameDocument?: boolean }).__sameDocument = true
    })
    await page.getByTestId('theme-toggle').click()
    await expect(html(page)).toHaveAttribute('data-theme', 'light')
    await page.getByRole('link', { name: 'Log in' }).first().click()
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible()
    // Escape is heard once the dialog has taken the focus (on a busy machine, after it is drawn).
    await expect(page.getByRole('dialog', { name: 'Log in' }).locator(':focus')).toHaveCount(1)
    await page.keyboard.press('Escape')
    await page.getByRole('link', { name: 'Sign up' }).first().click()
    await expect(page.getByRole('dialog', { name: 'Sign up' })).toBeVisible()
    await expect(page).toHaveURL(/\/gamehall\?x=1$/)
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
    expect(switches).toEqual([])
  })
})
