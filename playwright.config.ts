import { defineConfig, devices } from '@playwright/test'
import { EXPECT_TIMEOUT, HYDRATION_TIMEOUT, TEST_TIMEOUT } from './e2e/budgets'

const PORT = Number(process.env.E2E_PORT ?? 3100)
// Three browsers beside the server on the 2-core machine: journeys wait on timers, the server and
// the network often enough that a third fills what two leave idle (measured on 31 journeys: 189 s
// with two, 15 % of the CPU idle; 158 s with three, 6 % idle). Budgets are conditions, not times.
const WORKERS = Number(process.env.E2E_WORKERS ?? 3)

/**
 * What runs at phone width: the layout and smoke journeys. Whole files whose every test is about
 * the page's frame (home and routing, header and menus, the embeddable forms),
 * and single tests elsewhere tagged `@phone` where the phone lays a page out differently. The flows
 * themselves run once, on desktop. A test that checks what a phone shows must be in this list.
 * Playwright greps the title path, project and file name first ("phone chrome.spec.ts header ..."),
 * with the tags of the test and its describes.
 */
/** Journeys too long for every run (each studio title, one round in each mode): `npm run test:e2e:titles`. */
const OPT_IN = process.env.E2E_ALL_TITLES === '1' ? undefined : /@all-titles/

const PHONE = [/@phone/, / foundation\.spec\.ts /, / chrome\.spec\.ts /, / forms\.spec\.ts /]

// Debian's chromium headless shell (scripts/ensure-chromium.sh): Playwright's browser download cannot
// work here. The shell is the same chromium without a window system, the build Playwright itself runs
// headless journeys in; the full browser cost a third more CPU per journey.
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: WORKERS,
  // One retry: a journey that passes only on its retry is reported as "flaky" in the summary and
  // is a bug to fix, but one timing hiccup on a loaded CI machine does not sink the run.
  retries: 1,
  reporter: [['list']],
  // Budgets are a safety net, not a speed check (bench/ measures speed): on a machine another
  // process keeps busy a page can take ten seconds to hydrate, and a journey must still pass.
  // All of them are in e2e/budgets.ts, scaled by E2E_TIME_FACTOR.
  timeout: TEST_TIMEOUT,
  expect: { timeout: EXPECT_TIMEOUT },
  use: {
    // A page wait (goto, waitForURL) fails within a page's budget, not at the end of the journey's:
    // a stuck load costs one minute of one worker, and its retry starts sooner.
    navigationTimeout: HYDRATION_TIMEOUT,
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording a trace costs a quarter of the browsers' CPU: only the retry of a failed journey records one.
    trace: 'on-first-retry',
    // A new context is a first visit: the worker would precache the whole build (about 100 files)
    // in every journey, a third of a browser's work for nothing the journey checks. The worker's
    // own journeys (e2e/service-worker.spec.ts) allow it.
    serviceWorkers: 'block',
    // Journeys check what happens, not how it moves: without transitions and animations the
    // browsers paint about 7 % less. A journey about motion itself sets `test.use({ reducedMotion: 'no-preference' })`.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'phone', grep: PHONE, grepInvert: /@all-titles/, use: { ...devices['Pixel 7'], viewport: { width: 360, height: 780 }, defaultBrowserType: 'chromium' } },
    { name: 'desktop', grepInvert: OPT_IN, use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${PORT}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { E2E_PORT: String(PORT) },
  },
})
