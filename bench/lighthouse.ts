// Lighthouse mobile (its defaults: Moto G Power screen, 4x CPU slowdown, simulated 150 ms RTT and
// 1.6 Mbps) on the built site, with Debian's chromium. Each run is bounded; a page that fails is
// reported and the others go on. With several runs each figure is the median of the runs.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { countAssetBytes, kib, type ByteSizes } from './lib/bytes'
import { evaluate, goalText, LIGHTHOUSE_GOALS, statusText } from './lib/goals'
import { medianRun, type LighthouseRun } from './lib/lighthouse-figures'
import type { Row } from './lib/table'

export interface LighthousePage {
  label: string
  path: string
  player?: boolean
}

export interface LighthouseResult {
  label: string
  path: string
  runs: number
  failures: string[]
  /** Medians over the runs that succeeded; null when none did. */
  median: LighthouseRun | null
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
// Without the background-networking flags chromium floods the closed network with refused connections (STACK.md).
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout
  return Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms / 1000} s`)), ms)))]).finally(() => clearTimeout(timer))
}

async function fetchBody(url: string, cookie: string | null): Promise<Uint8Array> {
  // No accept-encoding: the raw bytes are wanted, and the sizes are computed here from them.
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) }, signal: AbortSignal.timeout(30_000) })
  return new Uint8Array(await res.arrayBuffer())
}

async function runOnce(url: string, origin: string, cookie: string | null, timeoutMs: number): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' })
  try {
    const run = lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    })
    // A run that hangs is abandoned: killing chromium below makes lighthouse give up too.
    run.catch(() => {})
    const result = await withTimeout(run, timeoutMs, 'lighthouse run')
    const lhr = result?.lhr
    if (!lhr) throw new Error('lighthouse returned no result')
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? null
    const items = ((lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? []).filter((i) => i.url.startsWith(origin))
    const assets = []
    for (const item of items) {
      if (item.resourceType !== 'Script' && item.resourceType !== 'Stylesheet') continue
      assets.push({ url: item.url, resourceType: item.resourceType, body: await fetchBody(item.url, cookie) })
    }
    return {
      score: lhr.categories.performance?.score ?? null,
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      bytes: countAssetBytes(assets),
      finalPath: new URL(lhr.finalDisplayedUrl).pathname,
    }
  } finally {
    chrome.kill()
  }
}

export async function measurePages(
  base: string,
  pages: readonly LighthousePage[],
  cookie: string | null,
  options: { runs: number; timeoutMs: number; log: (line: string) => void },
): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = []
  for (const page of pages) {
    const runs: LighthouseRun[] = []
    const failures: string[] = []
    if (page.player && !cookie) failures.push('no player session (login failed)')
    else
      for (let i = 0; i < options.runs; i++) {
        const started = Date.now()
        try {
          runs.push(await runOnce(base + page.path, base, page.player ? cookie : null, options.timeoutMs))
          options.log(`lighthouse ${page.label} run ${i + 1}/${options.runs}: ${((Date.now() - started) / 1000).toFixed(0)} s`)
        } catch (err) {
          failures.push((err as Error).message)
          options.log(`lighthouse ${page.label} run ${i + 1}/${options.runs} failed: ${(err as Error).message}`)
        }
      }
    results.push({ label: page.label, path: page.path, runs: runs.length, failures, median: medianRun(runs) })
  }
  return results
}

const ms = (v: number | null) => (v === null ? 'n/a' : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(0)} ms`)
const bytesText = (b: ByteSizes) => `${kib(b.raw)} raw / ${kib(b.gzip)} gz / ${kib(b.brotli)} br (${b.files} files)`

export function lighthouseRows(results: readonly LighthouseResult[], runs: number): Row[] {
  const part = `Lighthouse mobile${runs > 1 ? ` (median of ${runs})` : ''}`
  const rows: Row[] = []
  for (const r of results) {
    const m = r.median
    if (!m) {
      rows.push([part, r.label, 'not measured', goalText(LIGHTHOUSE_GOALS), statusText({ kind: 'failed', reason: r.failures[0] ?? 'no run' })])
      continue
    }
    const failed = r.failures.length ? ` · ${r.failures.length} run(s) failed` : ''
    const moved = m.finalPath && m.finalPath !== r.path ? ` · ended at ${m.finalPath}` : ''
    const figures = `score ${m.score?.toFixed(2) ?? 'n/a'} · FCP ${ms(m.fcp)} · LCP ${ms(m.lcp)} · TBT ${ms(m.tbt)} · CLS ${m.cls?.toFixed(3) ?? 'n/a'}${failed}${moved}`
    rows.push([part, r.label, figures, goalText(LIGHTHOUSE_GOALS), statusText(evaluate(LIGHTHOUSE_GOALS, { ...m }))])
    rows.push([part, `${r.label}: bytes`, `JS ${bytesText(m.bytes.js)} · CSS ${bytesText(m.bytes.css)}`, '—', '—'])
  }
  return rows
}
