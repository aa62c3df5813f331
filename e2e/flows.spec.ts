import { mkdirSync } from 'node:fs'
import { machineRegistry } from '../src/machines/registry'
import { expect, gotoHydrated, seriousA11yViolations, test, HYDRATION_TIMEOUT } from './fixtures'
import { EXPECT_TIMEOUT } from './budgets'

// docs/flows.md shows this page; its screenshots are made here, only when asked:
//   UPDATE_DOCS_SCREENSHOTS=1 npx playwright test e2e/flows.spec.ts
const UPDATE_DOCS = process.env.UPDATE_DOCS_SCREENSHOTS === '1'
const DOCS_DIR = 'docs/flows'

/** The sticky header would sit on top of element screenshots. */
async function unstickHeader(page: import('@playwright/test').Page) {
  await page.addStyleTag({ content: 'header { position: static !important; }' })
}

test.describe('/_flows', () => {
  test('lists every registered machine with its diagram, states, events and guards', async ({ page, errors }, testInfo) => {
    // Every machine's diagram on one page: axe alone takes seconds on a DOM this size.
    test.slow()
    const response = await gotoHydrated(page, '/_flows')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // Read in one pass (the page is rendered by now): a round trip per check and machine cost more
    // than the checks themselves on a DOM this size.
    const wanted = machineRegistry.map((entry) => ({ name: entry.name, spec: entry.spec, id: entry.machine.id }))
    const found = await page.evaluate(
      (entries) =>
        entries.map(({ name, spec, id }) => {
          const section = document.querySelector(`[data-testid="flow-${name}"]`)
          const heading = section?.querySelector('h2')
          const diagram = section?.querySelector('[data-testid="flow-diagram"]')
          const shown = (el: Element | null | undefined) => !!el && (el as HTMLElement).getClientRects().length > 0
          return {
            name,
            heading: shown(heading) ? heading!.textContent?.trim() : null,
            spec: section?.textContent?.includes(spec) ?? false,
            diagram: shown(diagram),
            // one box per state of the chart, the root included
            states: !!diagram?.querySelector(`[data-state-id^="${id}"]`),
          }
        }),
      wanted,
    )
    expect(found).toEqual(wanted.map(({ name }) => ({ name, heading: name, spec: true, diagram: true, states: true })))
    const login = page.getByTestId('flow-login')
    await expect(login.getByTestId('flow-states')).toContainText('twofa')
    await expect(login.getByTestId('flow-events')).toContainText('otp.resend')
    await expect(login.getByTestId('flow-guards')).toContainText('resendAllowed')
    await expect(login.getByTestId('flow-diagram').locator('[data-state-id="login.twofa.step.verifying"]')).toBeAttached()
    expect(await seriousA11yViolations(page)).toEqual([])

    if (UPDATE_DOCS) {
      mkdirSync(DOCS_DIR, { recursive: true })
      const device = testInfo.project.name
      await page.screenshot({ path: `${DOCS_DIR}/flows-page-${device}.png` })
      if (device === 'desktop') {
        await unstickHeader(page)
        await login.screenshot({ path: `${DOCS_DIR}/flows-login-${device}.png` })
      }
    }
    expect(errors).toEqual([])
  })

  test('downloads a machine’s chart as the CLI exports it', async ({ page }) => {
    await gotoHydrated(page, '/_flows')
    const section = page.getByTestId('flow-login')
    const [download] = await Promise.all([page.waitForEvent('download'), section.getByTestId('download-mermaid').click()])
    expect(download.suggestedFilename()).toBe('login.mmd')
    const path = await download.path()
    const text = (await import('node:fs')).readFileSync(path, 'utf8')
    expect(text.startsWith('stateDiagram-v2')).toBe(true)
    expect(text).toContain('login_twofa_step_verifying')
  })

  test('reopens the site with the live inspector attached from the start, secrets redacted', async ({ page, context }) => {
    // A stand-in for https://stately.ai/inspect (no network here): it connects like the real one
    // and keeps every message the page sends it.
    await context.route('https://stately.ai/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>inspector</title><script>
          window.received = [];
          addEventListener('message', (e) => window.received.push(e.data));
          window.opener.postMessage({ type: '@statelyai.connected' }, '*');
        </script>`,
      }),
    )
    await gotoHydrated(page, '/_flows')
    // Test ids for this page's own strings: they reach the catalogs when the integrator extracts them.
    await page.getByTestId('inspector-page').selectOption('/?show_popup_auth=1')
    const link = page.getByTestId('open-inspector')
    await expect(link).toHaveAttribute('href', '/?show_popup_auth=1&inspect=1')
    const [inspector] = await Promise.all([context.waitForEvent('page'), link.click()])
    await expect(page).toHaveURL(/\/\?show_popup_auth=1&inspect=1$/)
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: HYDRATION_TIMEOUT })
    await inspector.waitForLoadState()
    expect(inspector.url()).toContain('https://stately.ai/inspect')

    const secret = 'not-a-real-password-123'
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('E-mail or phone').fill('demo@example.com')
    await dialog.getByLabel('Password').fill(secret)
    await dialog.getByRole('button', { name: 'Log in' }).click()
    await expect(dialog.getByTestId('login-alert')).toHaveAttribute('data-message-id', 'wrongEnter')

    // The inspector saw the root actor from its creation and the login flow's events... The page
    // posts its messages as they happen, so the typed e-mail (the login call's input, the context
    // after the answer) may land a moment after 'login.submit': wait for all of them together.
    const received = async () => JSON.stringify(await inspector.evaluate(() => (window as unknown as { received: unknown[] }).received))
    await expect(async () => {
      const seen = await received()
      expect(seen).toContain('login.submit')
      expect(seen).toContain('"name":"app"')
      expect(seen).toContain('demo@example.com')
      expect(seen).toContain('[redacted]')
    }).toPass({ timeout: EXPECT_TIMEOUT * 2 })
    // ...and never the password, in context, events or the login call's input.
    expect(await received()).not.toContain(secret)
  })

  test('shows the diagrams readably on a phone: the page does not scroll sideways, the diagram does', { tag: '@phone' }, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'phone layout')
    await gotoHydrated(page, '/_flows')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    const frame = page.getByTestId('flow-login').getByTestId('flow-diagram-frame')
    expect(await frame.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
  })
})
