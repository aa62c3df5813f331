// `node --import tsx bench/first-paint.ts [url]`: first contentful and largest contentful paint of a
// cold visit in chromium, under Lighthouse's mobile throttling (150 ms RTT, 1.6 Mbit/s down, CPU / 4),
// and the bytes that crossed the wire. Needs a running built server (npm start, or scripts/e2e-server.mjs).
// Prints the median of BENCH_RUNS visits; asserts nothing.
import { chromium } from 'playwright-core'
import { median as medianOf } from './lib/stats'

const url = process.argv[2] ?? `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}/`
const RUNS = Number(process.env.BENCH_RUNS ?? 5)

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})
const median = (xs: number[]) => medianOf(xs) ?? Number.NaN
const fcp: number[] = []
const lcp: number[] = []
const wire: number[] = []
const blocking: number[] = []
const hydrated: number[] = []
try {
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    let bytes = 0
    cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => (bytes += e.encodedDataLength))
    let renderBlocking = 0
    cdp.on('Network.requestWillBeSent', (e: { type?: string; initiator?: { type: string } }) => {
      if (e.type === 'Stylesheet' && e.initiator?.type === 'parser') renderBlocking += 1
    })
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        const entries = list.getEntries()
        ;(window as unknown as { __lcp: number }).__lcp = entries[entries.length - 1]!.startTime
      }).observe({ type: 'largest-contentful-paint', buffered: true })
    })
    const started = Date.now()
    await page.goto(url, { waitUntil: 'commit' })
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 120_000 })
    hydrated.push(Date.now() - started)
    await page.waitForLoadState('networkidle')
    const paint = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      lcp: (window as unknown as { __lcp?: number }).__lcp ?? NaN,
    }))
    fcp.push(paint.fcp)
    lcp.push(paint.lcp)
    wire.push(bytes)
    blocking.push(renderBlocking)
    await context.close()
  }
} finally {
  await browser.close()
}
console.log(`first paint of ${url}, mobile throttling, median of ${RUNS} cold visits`)
console.log(`FCP ${median(fcp).toFixed(0)} ms   LCP ${median(lcp).toFixed(0)} ms   hydrated after ${median(hydrated)} ms   on the wire ${(median(wire) / 1024).toFixed(1)} KiB   render-blocking stylesheets ${median(blocking)}`)
