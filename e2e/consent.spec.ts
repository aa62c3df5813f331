// The cookie banner and what waits for it (src/machines/app/consent): no third-party request
// before consent, the tag manager after analytics consent, the fingerprint and the visit (/hit)
// with its session, the choice kept a year and changeable from the footer, by keyboard.
import type { Page, Request } from '@playwright/test'
import { expect, gotoHydrated, seriousA11yViolations, test } from './fixtures'

const GTM_ID = 'GTM-E2E1234'
const GTM_HOST = 'https://www.googletagmanager.com'
const FINGERPRINT_HOST = 'https://fp.e2e-fingerprint.example'
const YEAR_SEC = 365 * 24 * 60 * 60

// Nothing here reaches the network: the external hosts are routed to small stand-ins.
const GTM_JS = 'window.__gtmLoaded = (window.__gtmLoaded || 0) + 1'
const SEON_JS = `window.seon = { config(o) { this.o = o; setTimeout(() => o.onSuccess(), 0) }, getBase64Session(cb) { cb('e2e-seon-session') } }`

test.use({ consent: null })

test.beforeEach(async ({ context, baseURL }) => {
  // The operator's tools for this context (E2E_TEST_OVERRIDES; server/http/analytics-tools.ts).
  const tools = { analytic: { gtm: GTM_ID }, is_seon_enabled: true, fingerprint_host: FINGERPRINT_HOST }
  await context.addCookies([{ name: 'test_analytics', value: encodeURIComponent(JSON.stringify(tools)), url: baseURL! }])
})

/** Every request to the tag manager's and the fingerprint's hosts, answered by stand-ins. */
async function routeThirdParties(page: Page) {
  const seen: string[] = []
  await page.route(`${GTM_HOST}/**`, (route) => {
    seen.push(route.request().url())
    return route.fulfill({ contentType: 'application/javascript', body: GTM_JS })
  })
  await page.route(`${FINGERPRINT_HOST}/**`, (route) => {
    seen.push(route.request().url())
    return route.fulfill({ contentType: 'application/javascript', body: SEON_JS })
  })
  return seen
}

test('no tag manager, fingerprint or visit before consent; accepting analytics loads them', async ({ page, context }) => {
  const thirdParty = await routeThirdParties(page)
  const hits: Request[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/hit') hits.push(request)
  })
  const response = await gotoHydrated(page, '/?clickid=td_e2e42')
  // The CSP allows exactly the configured hosts, scripts still with the nonce.
  const csp = response!.headers()['content-security-policy']!
  expect(csp).toMatch(new RegExp(`script-src 'self' 'nonce-[^']+' ${GTM_HOST} ${FINGERPRINT_HOST};`))
  const banner = page.getByTestId('consent-banner')
  await expect(banner).toHaveAttribute('data-state', 'consent.asking')
  // Past the visit's 3 s: still nothing went out.
  await page.waitForTimeout(3_500)
  expect(thirdParty).toEqual([])
  expect(hits).toEqual([])
  expect(await page.evaluate(() => (window as unknown as { __gtmLoaded?: number }).__gtmLoaded)).toBeUndefined()

  // Analytics only: the tag manager and the fingerprint load, then the visit with the session.
  await banner.getByTestId('consent-analytics').check()
  const gtmRequest = page.waitForRequest((request) => request.url().startsWith(`${GTM_HOST}/gtm.js`))
  const hitRequest = page.waitForRequest((request) => new URL(request.url()).pathname === '/hit')
  await banner.getByRole('button', { name: 'Save my choices' }).click()
  await expect(banner).toBeHidden()
  expect((await gtmRequest).url()).toBe(`${GTM_HOST}/gtm.js?id=${GTM_ID}`)
  await expect.poll(() => page.evaluate(() => (window as unknown as { __gtmLoaded?: number }).__gtmLoaded)).toBe(1)
  // The tag manager's script carries the page's nonce (or the CSP would have blocked it).
  expect(await page.locator('script[data-script-id="gtm"]').evaluate((s: HTMLScriptElement) => s.nonce.length > 0)).toBe(true)
  const hit = new URL((await hitRequest).url())
  expect(hit.searchParams.get('search')).toBe('?clickid=td_e2e42')
  expect(hit.searchParams.get('seon_session')).toBe('e2e-seon-session')
  expect(thirdParty.some((url) => url.startsWith(FINGERPRINT_HOST))).toBe(true)

  // Kept a year, and the marketing category stayed off.
  const cookie = (await context.cookies()).find((c) => c.name === 'consent')!
  expect(cookie.value).toBe('necessary.analytics')
  const yearsAway = (cookie.expires - Date.now() / 1000) / YEAR_SEC
  expect(yearsAway).toBeGreaterThan(0.99)
  expect(yearsAway).toBeLessThan(1.01)
})

test('the choice persists across pages and is changeable from the footer, by keyboard', async ({ page, context }) => {
  const thirdParty = await routeThirdParties(page)
  await gotoHydrated(page, '/')
  const banner = page.getByTestId('consent-banner')
  await expect(banner).toBeVisible()
  expect(await seriousA11yViolations(page)).toEqual([])

  // Keyboard only: Tab reaches 'Only necessary', Enter chooses it.
  const necessary = banner.getByRole('button', { name: 'Only necessary' })
  await necessary.focus()
  await page.keyboard.press('Enter')
  await expect(banner).toBeHidden()
  expect((await context.cookies()).find((c) => c.name === 'consent')?.value).toBe('necessary')

  // The server knows the choice: no banner in the next page's HTML (no flash).
  const html = await (await page.request.get('/promotions')).text()
  expect(html).not.toContain('data-testid="consent-banner"')
  await gotoHydrated(page, '/promotions')
  await expect(banner).toBeHidden()
  await page.waitForTimeout(3_500)
  expect(thirdParty).toEqual([])

  // The footer reopens it, focus moves in, Escape leaves it as it was.
  const settings = page.getByTestId('cookie-settings')
  await settings.focus()
  await page.keyboard.press('Enter')
  await expect(banner).toHaveAttribute('data-state', 'consent.reviewing')
  await expect(banner.getByRole('heading', { name: 'Cookies on this site' })).toBeFocused()
  await expect(banner.getByTestId('consent-analytics')).not.toBeChecked()
  expect(await seriousA11yViolations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(banner).toBeHidden()

  // Reopened again: accept all with the keyboard; the tag manager loads at once.
  await settings.focus()
  await page.keyboard.press('Enter')
  await page.keyboard.press('Tab')
  await expect(banner.getByTestId('consent-analytics')).toBeFocused()
  await page.keyboard.press('Space')
  await expect(banner.getByTestId('consent-analytics')).toBeChecked()
  const gtmRequest = page.waitForRequest((request) => request.url().startsWith(`${GTM_HOST}/gtm.js`))
  await banner.getByRole('button', { name: 'Accept all' }).focus()
  await page.keyboard.press('Enter')
  await gtmRequest
  expect((await context.cookies()).find((c) => c.name === 'consent')?.value).toBe('necessary.analytics.marketing')
})
