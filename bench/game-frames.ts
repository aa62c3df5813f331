// `node --import tsx bench/game-frames.ts [origin]`: how smoothly the game client draws a round on a
// mid-range phone. Chromium at 412 px with the CPU slowed four times (Lighthouse's mobile profile)
// opens one title of each drawn kind on a visitor's demo balance, plays BENCH_ROUNDS rounds at normal
// speed and records every animation frame while a round is on show, and the layout shifts of the
// whole visit. Prints per title the frame rate, the median and 95th-percentile frame time, the share
// of frames over 25 ms (a dropped frame at 60 Hz) and the cumulative layout shift. Needs a running
// built server (npm start, or scripts/e2e-server.mjs). Asserts nothing.
import { chromium, type Page } from 'playwright-core'
import { median, quantile } from './lib/stats'

const origin = process.argv[2] ?? `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4)
/** One title of each kind the client animates (crash draws its curve while a shared round flies). */
const TITLES = (process.env.BENCH_GAMES ?? 'harbour-lights,pearl-cascade,harbour-roulette,pearl-baccarat,snowfall-plinko,aurora-wheel,polar-star-keno,dice-classic').split(',')

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})

/** Frame times (ms between animation frames) while the page's round is on show. */
async function framesOfRound(page: Page): Promise<number[]> {
  // A string, not a function: tsx would wrap the function's inner names in a helper the page lacks.
  await page.evaluate(`(() => {
    window.__frames = []
    window.__recording = true
    let last = performance.now()
    const tick = (now) => {
      window.__frames.push(now - last)
      last = now
      if (window.__recording) requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })()`)
  await page.getByTestId('spin-button').click()
  await page.locator('[data-testid="game-client"][data-state="game.result"]').waitFor({ timeout: 120_000 })
  return page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean }
    w.__recording = false
    // The first interval runs from before the click: not a frame of the round.
    return w.__frames.slice(1)
  })
}

const rows: string[] = []
try {
  for (const game of TITLES) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
    await context.addCookies([{ name: 'consent', value: 'necessary', url: origin }])
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await page.addInitScript(`(() => {
      window.__cls = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value
      }).observe({ type: 'layout-shift', buffered: true })
    })()`)
    await page.goto(`${origin}/platform/game/${game}/play`)
    await page.locator('[data-testid="game-client"][data-state="game.idle"]').waitFor({ timeout: 120_000 })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    const frames: number[] = []
    for (let round = 0; round < ROUNDS; round++) frames.push(...(await framesOfRound(page)))
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls)
    const sorted = [...frames].sort((a, b) => a - b)
    const total = frames.reduce((s, f) => s + f, 0)
    const fps = total > 0 ? (frames.length * 1000) / total : 0
    const slow = frames.filter((f) => f > 25).length / Math.max(1, frames.length)
    rows.push(
      `${game.padEnd(20)} ${String(frames.length).padStart(6)} ${fps.toFixed(1).padStart(6)} ${(median(frames) ?? NaN).toFixed(1).padStart(8)} ${(quantile(sorted, 0.95) ?? NaN).toFixed(1).padStart(8)} ${(slow * 100).toFixed(1).padStart(8)} % ${cls.toFixed(3).padStart(6)}`,
    )
    await context.close()
  }
} finally {
  await browser.close()
}
console.log(`game client frames, 412 px, CPU / ${CPU_SLOWDOWN}, ${ROUNDS} rounds per title at normal speed (${origin})`)
console.log(`${'title'.padEnd(20)} ${'frames'.padStart(6)} ${'fps'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'>25 ms'.padStart(10)} ${'CLS'.padStart(6)}`)
for (const row of rows) console.log(row)
