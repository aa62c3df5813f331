import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'

/** Serious and critical axe violations on the current page (ARCHITECTURE §6: there must be none). */
export async function seriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }))
}

export const test = base.extend<{ errors: string[] }>({
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
