// `npm run bench`: SSR throughput and latency of / on the built server, and what a first visit downloads.
// Loopback only, bounded in time; prints figures, asserts nothing (ARCHITECTURE: performance is measured, not tested).
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'

const PORT = Number(process.env.BENCH_PORT ?? 3200)
const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const base = `http://127.0.0.1:${PORT}`

async function waitFor(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`server did not answer at ${url} within ${timeoutMs} ms`)
}

async function firstVisitBytes() {
  const html = await (await fetch(`${base}/`)).text()
  const assets = new Set<string>()
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)) assets.add(m[1]!)
  let js = 0
  let css = 0
  let jsRaw = 0
  let cssRaw = 0
  for (const path of assets) {
    const body = Buffer.from(await (await fetch(base + path)).arrayBuffer())
    const gz = gzipSync(body, { level: 9 }).length
    if (path.endsWith('.css')) {
      css += gz
      cssRaw += body.length
    } else {
      js += gz
      jsRaw += body.length
    }
  }
  return { files: assets.size, js, css, jsRaw, cssRaw, html: gzipSync(Buffer.from(html)).length }
}

const dataDir = mkdtempSync(join(tmpdir(), 'casino-bench-'))
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: base, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
})
try {
  await waitFor(`${base}/healthz`, 120_000)
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`
  const bytes = await firstVisitBytes()
  // autocannon's summary has no p95, so every response time is kept and the percentile taken here.
  const times: number[] = []
  const instance = autocannon({ url: `${base}/`, connections: CONNECTIONS, duration: DURATION })
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => times.push(ms))
  const result = await instance
  times.sort((a, b) => a - b)
  const pct = (p: number) => (times.length ? times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(1) : 'n/a')
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }
  console.log(`bench ${pkg.version} on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${CONNECTIONS} connections, ${DURATION} s`)
  console.log(`SSR GET /          ${result.requests.average.toFixed(0)} req/s   p50 ${pct(50)} ms   p95 ${pct(95)} ms   p99 ${pct(99)} ms   errors ${result.errors + result.non2xx}`)
  console.log(`first visit to /   JS ${kb(bytes.js)} gzip (${kb(bytes.jsRaw)} raw)   CSS ${kb(bytes.css)} gzip (${kb(bytes.cssRaw)} raw)   HTML ${kb(bytes.html)} gzip   ${bytes.files} asset files`)
} finally {
  server.kill('SIGTERM')
  await new Promise((r) => server.once('exit', r))
  rmSync(dataDir, { recursive: true, force: true })
}
