import type { Page } from '@playwright/test'
import { BUILD_CHECK_INTERVAL_MS } from '../src/shared/constants'
import { registerLoggedInPlayer } from './accounts'
import { openDepositForm } from './sandbox-pay'
import { expect, expectReload, gotoHydrated, test, HYDRATION_TIMEOUT } from './fixtures'

// SPEC §4 'Service worker' and 'Build manifest'. The worker is the built one (dist/client/sw.js);
// a new deploy is played by the e2e server's build-id cookie (E2E_TEST_OVERRIDES), not a second build.

/** Waits until /sw.js is active for the page's scope: its precache is complete by then. */
async function workerActive(page: Page) {
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state ?? null), { timeout: HYDRATION_TIMEOUT }).toBe('activated')
}

test.describe('service worker', () => {
  // Every other journey blocks the worker (playwright.config.ts); these are about it.
  test.use({ serviceWorkers: 'allow' })
  test('serves the offline page in the page locale with the network cut, and never a page from its cache', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'theme', value: 'light', url: baseURL! }])
    await gotoHydrated(page, '/es/')
    await workerActive(page)
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope)).toBe(`${baseURL}/`)

    await context.setOffline(true)
    await page.goto('/es/promotions')
    const offline = page.getByTestId('offline-page')
    await expect(offline).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    // A page already visited is not served from the cache either: pages are the network's only.
    await page.goto('/es/')
    await expect(offline).toBeVisible()
    // In the player's theme (the offline page's script reads the theme cookie).
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')

    // Back online, the offline page loads the real one by itself (its 'online' listener, the same as
    // "Try again"): clicking the button would race that reload.
    await expect(offline.locator('button')).toBeVisible()
    await context.setOffline(false)
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: HYDRATION_TIMEOUT })
    await expect(offline).toHaveCount(0)
  })

  test('sw.js and the build manifest are revalidated on every use', async ({ request }) => {
    const sw = await request.get('/sw.js')
    expect(sw.status()).toBe(200)
    expect(sw.headers()['cache-control']).toBe('no-cache')
    expect(sw.headers()['content-type']).toContain('javascript')
    const manifest = await request.get('/build-manifest.json')
    expect(manifest.headers()['cache-control']).toBe('no-store')
    const { buildId } = (await manifest.json()) as { buildId: string }
    expect(buildId).toMatch(/^[0-9a-f]{16}$/)
    expect(await sw.text()).toContain(buildId)
    const page = await request.get('/')
    expect(page.headers()['content-security-policy']).toContain("worker-src 'self'")
  })

  test('a new deploy offers a reload as a toast, and a half-filled registration form survives it', async ({ page, context, baseURL }) => {
    await page.clock.install()
    await gotoHydrated(page, '/?show_popup_reg=1')
    const form = page.getByRole('dialog').getByTestId('registration-form')
    const field = (name: string) => form.locator(`[name="${name}"]`)
    await expect(field('password')).toBeVisible()
    const email = `draft-${Date.now().toString(36)}@example.com`
    await field('email').fill(email)
    await field('password').fill('Zq7-unusual-Pw')

    // The deploy: from now on the manifest reports another build to this browser context.
    await context.addCookies([{ name: 'test_build_id', value: 'next-build', url: baseURL! }])
    const offer = page.getByTestId('reload-new-build')
    await expect(offer).toHaveCount(0)
    await page.clock.fastForward(BUILD_CHECK_INTERVAL_MS)
    await expect(offer).toBeVisible()
    // Nothing is lost until the player says so: the form is still there, as typed.
    await expect(field('email')).toHaveValue(email)

    await expectReload(page, () => offer.click())
    await expect(field('password')).toBeVisible()
    await expect(field('email')).toHaveValue(email)
    // The password is never kept.
    await expect(field('password')).toHaveValue('')
  })

  test('a half-filled deposit survives the reload for a new build: the method and the amount, never a card', async ({ page, context, baseURL }) => {
    await registerLoggedInPlayer(page.request, baseURL!, 'sw-deposit')
    await page.clock.install()
    const form = await openDepositForm(page, /wallet/i)
    const chosen = page.getByTestId('deposit-method')
    const method = (await chosen.count()) > 0 ? await chosen.getAttribute('data-sysname') : null
    await page.getByTestId('deposit-amount').fill('75')

    await context.addCookies([{ name: 'test_build_id', value: 'next-build', url: baseURL! }])
    const offer = page.getByTestId('reload-new-build')
    await page.clock.fastForward(BUILD_CHECK_INTERVAL_MS)
    await expectReload(page, () => offer.click())
    await expect(form).toBeVisible()
    if (method) await expect(chosen).toHaveAttribute('data-sysname', method)
    await expect(page.getByTestId('deposit-amount')).toHaveValue('75')
    // Taken once: a later visit opens the form as new.
    await gotoHydrated(page, '/cashier/deposit')
    await expect(form.or(page.getByTestId('cashier-method').first())).toBeVisible()
    if (await form.isVisible()) await expect(page.getByTestId('deposit-amount')).not.toHaveValue('75')
  })
})
