import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'
import { e2eCoverageSink, recordFlowCoverage, type E2eCoverageSink } from './flows-coverage'

/** Serious and critical axe violations on the current page (ARCHITECTURE §6: there must be none). */
export async function seriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }))
}

export const test = base.extend<{ errors: string[]; flowCoverage: void }, { flowCoverageSink: E2eCoverageSink | undefined }>({
  // The states and transitions every journey drives, for `npm run flows -- coverage` (docs/flows.md).
  flowCoverageSink: [
    async ({}, use, workerInfo) => {
      const sink = e2eCoverageSink(workerInfo.project.name, workerInfo.workerIndex)
      await use(sink)
      sink?.flush()
    },
    { scope: 'worker' },
  ],
  flowCoverage: [
    async ({ context, flowCoverageSink }, use) => {
      if (flowCoverageSink) await recordFlowCoverage(context, flowCoverageSink)
      await use()
      flowCoverageSink?.flush()
    },
    { auto: true },
  ],
  // Every journey fails on a console error or an uncaught exception: a page that "works" while throwing is broken.
  errors: async ({ page }, use) => {
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
    page.on('console', (m) => {
      if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of (404|403|503)/.test(m.text())) errors.push(`console: ${m.text()}`)
    })
    await use(errors)
    expect(errors, 'no errors in the browser').toEqual([])
  },
})

/** Opens a page and waits until React has taken it over, so clicks reach their handlers. */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url)
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  return response
}

export { expect }

/**
 * For an action that reloads the page (a login lands on the player's locale page with a full
 * load): marks the current document, runs the action, and waits until a new, hydrated document
 * replaced it. Nothing the journey does next can race the reload.
 */
export async function expectReload(page: Page, action: () => Promise<unknown>) {
  await page.evaluate(() => {
    ;(window as unknown as { __e2eOldDocument?: boolean }).__e2eOldDocument = true
  })
  await action()
  await expect
    .poll(
      () =>
        page
          .evaluate(() => !(window as unknown as { __e2eOldDocument?: boolean }).__e2eOldDocument && document.documentElement.dataset.hydrated === 'true')
          .catch(() => false),
      { timeout: 15_000 },
    )
    .toBe(true)
}
