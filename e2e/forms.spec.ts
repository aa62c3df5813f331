import type { Page } from '@playwright/test'
import config from '../playwright.config'
import { DEMO_MESSENGER_BOT_TOKEN } from '../server/config'
import { buildSignedInitData } from '../server/domain/messenger/init-data'
import { expect, gotoHydrated, test } from './fixtures'

// SPEC §2.3: /forms/sign_in and /forms/sign_up live in frames of our own pages and of
// FRAME_ALLOWLIST origins (scripts/e2e-server.mjs allows http://partner.test), and tell the parent
// page what happened; SPEC §4: the messenger mini-app signs a logged-out visitor in.

const DEMO = { login: 'demo@example.com', password: 'demo1234' }
// Both are served by the test (page.route), never by the site. They are loopback hosts because
// Chromium will not let a public page frame a loopback one, whatever the CSP says; the partner is
// on the allowlist (scripts/e2e-server.mjs), the other differs from it only by its port.
const PORT = Number(process.env.E2E_PORT ?? 3100)
const PARTNER = `http://localhost:${PORT}`
const EVIL = `http://localhost:${PORT + 1}`

/** A page at `url` that frames `src` and records every message it hears. Served by the test, not the site. */
async function hostPage(page: Page, url: string, src: string) {
  await page.route(url, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Host</title></head><body style="margin:0;background:#ddd">
        <script>window.__messages = []; addEventListener('message', (e) => window.__messages.push({ origin: e.origin, data: e.data }))</script>
        <iframe title="embedded form" src="${src}" style="border:0;width:100%;height:760px"></iframe></body></html>`,
    }),
  )
  await page.goto(url)
}

// The test's pages are not real network responses, and Chromium's local-network checks refuse to
// let such a page frame a loopback one before CSP is even asked. Off for this file, so that what
// allows or refuses a frame below is our frame-ancestors policy and nothing else.
const launch = config.use?.launchOptions ?? {}
test.use({ launchOptions: { ...launch, args: [...(launch.args ?? []), '--disable-features=LocalNetworkAccessChecks'] } })

const messages = (page: Page) => page.evaluate(() => (window as unknown as { __messages: { origin: string; data: { type: string } }[] }).__messages)

test.describe('embeddable forms', () => {
  test('a page of our own origin frames /forms/sign_in, the player logs in, and the parent hears refresh_user', async ({ page, baseURL, errors }) => {
    const own = new URL(baseURL!).origin
    await hostPage(page, `${own}/__e2e/frame-host`, '/forms/sign_in')
    const frame = page.frameLocator('iframe')
    await expect(frame.getByTestId('forms-sign-in')).toHaveAttribute('data-framed', 'true')
    // checkIframe: a page of ours in a frame of ours says where it is.
    await expect.poll(() => messages(page)).toContainEqual({ origin: own, data: { type: 'checkIframe', path: '/forms/sign_in' } })
    await frame.getByLabel('E-mail or phone').fill(DEMO.login)
    await frame.getByLabel('Password').fill(DEMO.password)
    await frame.getByRole('button', { name: 'Log in' }).click()
    await expect(frame.getByTestId('forms-signed-in')).toBeVisible()
    await expect.poll(() => messages(page)).toContainEqual({ origin: own, data: { type: 'refresh_user' } })
    // The frame stayed where it was; the parent owns the page.
    await expect(page).toHaveURL(`${own}/__e2e/frame-host`)
    // The session is real: the same browser is logged in on the site.
    const info = await page.request.get('/api/account/getInfo')
    expect((await info.json()).data.uid).toBeGreaterThan(0)
    expect(errors).toEqual([])
  })

  test('an allowlisted partner frames /forms/sign_up and is asked to redirect to the registration popup', async ({ page, baseURL }) => {
    const own = new URL(baseURL!).origin
    await hostPage(page, `${PARTNER}/landing`, `${own}/forms/sign_up`)
    const frame = page.frameLocator('iframe')
    await expect(frame.getByTestId('forms-sign-up')).toHaveAttribute('data-framed', 'true')
    await frame.getByTestId('forms-sign-up-start').click()
    await expect.poll(async () => (await messages(page)).find((m) => m.data.type === 'redirect')).toBeTruthy()
    const all = await messages(page)
    // Only the messages meant for a partner: checkIframe is for our own origin only.
    expect(all.map((m) => m.data.type)).toEqual(['redirect'])
    const redirect = all[0] as { origin: string; data: { type: 'redirect'; url: string } }
    expect(redirect.origin).toBe(own)
    const target = new URL(redirect.data.url)
    expect(target.origin + target.pathname).toBe(`${own}/`)
    expect(target.searchParams.get('show_popup_reg')).toBe('1')
    expect(target.searchParams.get('backUrl')).toBe(`${PARTNER}/`)
    // Following it opens the registration popup on our site.
    await page.goto(redirect.data.url)
    await expect(page.getByRole('dialog', { name: 'Sign up' })).toBeVisible()
  })

  test('an origin not on the allowlist cannot frame the forms and hears nothing', async ({ page, baseURL, request }) => {
    const own = new URL(baseURL!).origin
    const res = await request.get('/forms/sign_in')
    expect(res.headers()['content-security-policy']).toContain(`frame-ancestors 'self' ${PARTNER};`)
    const other = await request.get('/gamehall')
    expect(other.headers()['content-security-policy']).toContain("frame-ancestors 'self';")
    const refusals: string[] = []
    page.on('console', (m) => {
      if (/frame-ancestors/.test(m.text())) refusals.push(m.text())
    })
    await hostPage(page, `${EVIL}/phish`, `${own}/forms/sign_in`)
    // The browser refuses to render it because of our CSP: no form inside, no message out.
    await expect.poll(() => refusals.length).toBeGreaterThan(0)
    await expect(page.frameLocator('iframe').getByTestId('forms-sign-in')).toHaveCount(0)
    expect(await messages(page)).toEqual([])
  })

  test('opened on its own, sign_up registers the player and goes on to the deposit page', async ({ page, errors }) => {
    await gotoHydrated(page, '/forms/sign_up')
    await expect(page.getByTestId('forms-sign-up')).toHaveAttribute('data-framed', 'false')
    // The partner button is for frames only: here the real form is the way in.
    await expect(page.getByTestId('forms-sign-up-start')).toHaveCount(0)
    const form = page.getByTestId('registration-form')
    await expect(form.locator('[name="password"]')).toBeVisible()
    await form.locator('[name="email"]').fill(`forms-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`)
    await form.locator('[name="password"]').fill('Zq7-unusual-Pw')
    await form.locator('[name="terms"]').check()
    await form.locator('button[type=submit]').click()
    await expect(page).toHaveURL(/\/cashier\/deposit\?register=success$/)
    expect(errors).toEqual([])
  })
})

test.describe('messenger mini-app', () => {
  const launchHash = (initData: string) => `#${new URLSearchParams({ tgWebAppData: initData, tgWebAppVersion: '8.0', tgWebAppPlatform: 'android' })}`
  const initData = (id: number) =>
    buildSignedInitData(
      {
        query_id: `AAH${id}`,
        user: JSON.stringify({ id, first_name: 'Mini', username: `mini${id}`, language_code: 'en' }),
        auth_date: String(Math.floor(Date.now() / 1000)),
      },
      DEMO_MESSENGER_BOT_TOKEN,
    )

  test('a logged-out visitor opened by the messenger ends logged in', async ({ page, errors }) => {
    const id = 6_000_000_000 + Math.floor(Math.random() * 1_000_000_000)
    await gotoHydrated(page, `/${launchHash(initData(id))}`)
    await expect(page.getByRole('button', { name: 'Account menu' }).first()).toBeVisible()
    const info = await page.request.get('/api/account/getInfo')
    expect((await info.json()).data.login).toBe(`tg_${id}`)
    expect(errors).toEqual([])
  })

  test('tampered init data shows the error toast and signs nobody in', async ({ page }) => {
    const signed = new URLSearchParams(initData(7_000_000_001))
    signed.set('user', signed.get('user')!.replace('"first_name":"Mini"', '"first_name":"Admin"'))
    await gotoHydrated(page, `/${launchHash(signed.toString())}`)
    // The toast's text is matched by the integrator's catalog; here its kind and that it is the only alert.
    await expect(page.locator('[role="alert"][data-type="error"]')).toHaveCount(1)
    const info = await page.request.get('/api/account/getInfo')
    expect((await info.json()).data.uid).toBe(0)
  })
})
