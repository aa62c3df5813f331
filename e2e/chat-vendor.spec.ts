// A vendor's chat widget on the site (SPEC §4 'Chat widget', §2.6, §3 'Support chat settings';
// docs/chat-vendors.md), against a local stand-in of its script: this machine has no internet. The
// context gets the vendor by a test cookie (E2E_TEST_OVERRIDES), so every other journey keeps the
// site's own chat. The stand-in records what the site tells it and draws a launcher as JivoSite's does.
import type { Page } from '@playwright/test'
import { PASSWORD, registerPlayer, submitLogin } from './accounts'
import { expect, gotoHydrated, test } from './fixtures'

const SCRIPT = '/e2e-stand-in/jivo-widget.js'
const STAND_IN = `(() => {
  const calls = (window.__jivoCalls = window.__jivoCalls || [])
  calls.push(['loaded'])
  const launcher = document.createElement('jdiv')
  launcher.setAttribute('data-testid', 'vendor-launcher')
  launcher.textContent = 'Chat with JivoSite'
  launcher.style.cssText = 'position:fixed;left:16px;bottom:16px;padding:8px;background:#fff;color:#000;z-index:10'
  document.body.appendChild(launcher)
  window.jivo_api = {
    setContactInfo: (info) => calls.push(['contact', info]),
    setCustomData: (fields) => calls.push(['custom', fields]),
    clearHistory: () => calls.push(['clearHistory']),
  }
  window.jivo_destroy = () => { calls.push(['destroy']); launcher.remove() }
  if (window.jivo_onLoadCallback) window.jivo_onLoadCallback()
})()`

const calls = (page: Page) => page.evaluate(() => (window as unknown as { __jivoCalls?: unknown[][] }).__jivoCalls ?? [])

test.beforeEach(async ({ context, baseURL }) => {
  const chat = { kind: 'jivoSite', consentCategory: 'necessary', lazyLoadMs: 1000, config: { scriptUrl: SCRIPT } }
  await context.addCookies([{ name: 'test_chat', value: encodeURIComponent(JSON.stringify(chat)), url: baseURL! }])
  await context.route(`**${SCRIPT}`, (route) => route.fulfill({ contentType: 'application/javascript', body: STAND_IN }))
})

test('a vendor chat loads after the page, knows the visitor, hides its launcher on betting pages, and knows the player after login', async ({ page, baseURL, errors }, testInfo) => {
  await gotoHydrated(page, '/')
  // Loaded after the first interaction (or idle time, or its fallback delay), never with the page.
  await page.mouse.move(200, 200)
  const launcher = page.getByTestId('vendor-launcher')
  await expect(launcher).toBeVisible()
  // SPEC §3: a visitor is uid 0, and this vendor's e-mail falls back to the text "none".
  await expect.poll(() => calls(page)).toEqual([['loaded'], ['contact', { email: 'none' }], ['custom', [{ title: 'uid', content: '0' }]]])
  // Our own launcher gives way to the vendor's: one chat button on the page, not two.
  await expect(page.getByTestId('chat-badge')).toHaveCount(0)

  // SPEC §2.6: no chat launcher on the betting pages; back on the home page it returns.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sports' }).click()
  await expect(page).toHaveURL(/\/betting$/)
  await expect(launcher).toBeHidden()
  await page.screenshot({ path: testInfo.outputPath('vendor-chat-betting.png') })
  await page.goBack()
  await expect(launcher).toBeVisible()

  // A player: the page reloads into the account, and the widget is told who they are.
  const login = await registerPlayer(page.request, baseURL!, `vendor-chat-${testInfo.project.name}`)
  await page.request.get('/api/auth/logout')
  await submitLogin(page, login, PASSWORD, { lands: true })
  await page.mouse.move(220, 220)
  await expect(launcher).toBeVisible()
  await expect.poll(async () => (await calls(page)).find((call) => call[0] === 'contact')).toEqual(['contact', { email: login }])
  const uid = await page.evaluate(() => fetch('/api/account/getInfo').then((r) => r.json()).then((b: { data: { uid: number } }) => b.data.uid))
  expect(uid).toBeGreaterThan(0)
  await expect.poll(async () => (await calls(page)).find((call) => call[0] === 'custom')).toEqual(['custom', [{ title: 'uid', content: String(uid) }]])

  // A betting page opened straight away: the widget starts with its launcher hidden.
  await gotoHydrated(page, '/betting')
  await page.mouse.move(240, 240)
  await expect.poll(async () => (await calls(page)).some((call) => call[0] === 'loaded')).toBe(true)
  await expect(launcher).toBeAttached()
  await expect(launcher).toBeHidden()
  expect(errors).toEqual([])
})
