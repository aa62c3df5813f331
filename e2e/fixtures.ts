import AxeBuilder from '@axe-core/playwright'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test as base, expect, type Browser, type BrowserContext, type BrowserContextOptions, type ConsoleMessage, type Page } from '@playwright/test'
import { HYDRATION_TIMEOUT } from './budgets'
import { e2eCoverageSink, recordFlowCoverage, type E2eCoverageSink } from './flows-coverage'

/** Serious and critical axe violations on the current page (ARCHITECTURE §6: there must be none). */
export async function seriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }))
}

/** The browser's own line for an HTTP error answer: a journey may expect those (a wrong password is a 401). */
const REFUSED_ANSWER = /^Failed to load resource: the server responded with a status of (4\d\d|503)\b/
/** The browser's own line for a request made while a journey has cut the network (context.setOffline). */
const CUT_NETWORK = /^Failed to load resource: net::ERR_INTERNET_DISCONNECTED$/
/** React's production errors for a page the browser rendered differently from the server (418, 419, 422, 423, 425). */
const HYDRATION = /hydrat|Minified React error #(418|419|422|423|425)\b|did not match/i

/**
 * Watches every page of the context, the first and any opened later, for what no journey may ever
 * produce on our site: an uncaught exception (React reports a hydration failure as one), a console
 * error of our code, a hydration warning. Messages of pages on other origins (a test's host page)
 * are theirs, not ours.
 */
function watchPageHealth(context: BrowserContext, origin: string, problems: string[]) {
  const ours = (url: string) => {
    try {
      return new URL(url).origin === origin
    } catch {
      return false
    }
  }
  const watch = (page: Page) => {
    page.on('pageerror', (e) => {
      if (ours(page.url())) problems.push(`pageerror on ${page.url()}: ${e.message}`)
    })
    page.on('console', (m: ConsoleMessage) => {
      const where = m.location().url || page.url()
      if (!ours(where) && !ours(page.url())) return
      const text = m.text()
      if (m.type() === 'error' && !REFUSED_ANSWER.test(text) && !CUT_NETWORK.test(text)) problems.push(`console error on ${page.url()}: ${text}`)
      else if (m.type() === 'warning' && HYDRATION.test(text)) problems.push(`hydration warning on ${page.url()}: ${text}`)
    })
  }
  context.pages().forEach(watch)
  context.on('page', watch)
}

/** Every popup id of the demo content, in every locale (content/<locale>/popups.json). */
export const DEMO_POPUP_IDS: readonly string[] = (() => {
  const root = join(process.cwd(), 'content')
  const ids = new Set<string>()
  for (const locale of readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    try {
      const { items } = JSON.parse(readFileSync(join(root, locale.name, 'popups.json'), 'utf8')) as { items: { id: string }[] }
      for (const item of items) ids.add(item.id)
    } catch {
      // A locale without popups: nothing to mark.
    }
  }
  return [...ids]
})()

export const test = base.extend<{ errors: string[]; flowCoverage: void; pageHealth: void; consent: string | null; consentCookie: void; seenPopups: readonly string[]; seenPopupsStorage: void }, { flowCoverageSink: E2eCoverageSink | undefined }>({
  // The cookie banner's choice, made before the journey starts: journeys about something else
  // see no banner over the page. e2e/consent.spec.ts sets it to null to meet the banner.
  consent: ['necessary', { option: true }],
  consentCookie: [
    async ({ context, baseURL, consent }, use) => {
      if (consent) await context.addCookies([{ name: 'consent', value: consent, url: baseURL! }])
      await use()
    },
    { auto: true },
  ],
  // The operator's popups, marked as already shown: journeys about something else see none over
  // the page (a visitor's opens 20 s in, a player's 2 s after login). e2e/popups.spec.ts clears it.
  seenPopups: [DEMO_POPUP_IDS, { option: true }],
  seenPopupsStorage: [
    async ({ context, seenPopups }, use) => {
      if (seenPopups.length > 0) {
        await context.addInitScript((ids) => {
          try {
            if (window.localStorage.getItem('seen_popups') === null) window.localStorage.setItem('seen_popups', JSON.stringify(ids))
          } catch {
            // Storage off in this page (a sandboxed frame): it has no popups either.
          }
        }, seenPopups)
      }
      await use()
    },
    { auto: true },
  ],
  // Every page of every journey: no uncaught exception, no console error of ours, no hydration warning.
  pageHealth: [
    async ({ context, baseURL }, use) => {
      const problems: string[] = []
      watchPageHealth(context, new URL(baseURL!).origin, problems)
      await use()
      expect(problems, 'no errors and no hydration warnings on any page of the site').toEqual([])
    },
    { auto: true },
  ],
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

export { HYDRATION_TIMEOUT } from './budgets'

/** Opens a page and waits until React has taken it over, so clicks reach their handlers. */

/**
 * A second device for a journey (another browser signed in as the same player): like the journey's
 * own, its pages show no cookie banner and none of the operator's popups.
 */
export async function newDeviceContext(browser: Browser, baseURL: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce', serviceWorkers: 'block', ...options })
  await context.addCookies([{ name: 'consent', value: 'necessary', url: baseURL }])
  await context.addInitScript((ids) => {
    try {
      if (window.localStorage.getItem('seen_popups') === null) window.localStorage.setItem('seen_popups', JSON.stringify(ids))
    } catch {
      // Storage off in this page: it has no popups either.
    }
  }, DEMO_POPUP_IDS)
  return context
}

export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url)
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: HYDRATION_TIMEOUT })
  return response
}

export { expect }

/**
 * For an action that leaves for another page with a full load (a logout lands on the home page):
 * waits until a new, hydrated document shows `url`, as the player sees it. Not a wait on the
 * browser's `load` event, which one slow subresource can hold back for the journey's whole budget.
 */
export async function expectLoadedAt(page: Page, url: RegExp | ((url: URL) => boolean), action: () => Promise<unknown>) {
  await expectReload(page, action)
  await expect(page).toHaveURL(url)
}

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
      { timeout: HYDRATION_TIMEOUT },
    )
    .toBe(true)
}
