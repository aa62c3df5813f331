// `npm run bench`: the site's speed in one command. Lighthouse mobile on five pages, throughput of
// six targets as ratios to a bare Fastify route on PGlite and on PostgreSQL, and the wallet on
// PostgreSQL; one table on stdout, JSON and markdown in bench/results/. Every part is bounded in
// time and a part that fails is reported in the table, not fatal. It asserts nothing: performance
// is measured, not tested (ARCHITECTURE §6); the goals of the issue "Speed" stand next to each figure.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { lighthouseRows, measurePages, type LighthousePage, type LighthouseResult } from './lighthouse'
import { goalText, statusText, WALLET_GOALS, evaluate } from './lib/goals'
import { buildStaleReason, commit, machine } from './lib/machine'
import { startBare, startSite, logInDemoPlayer, type Running } from './lib/server'
import { eventPage } from './lib/event-page'
import { markdownTable, TABLE_HEADERS, textTable, type Row } from './lib/table'
import { load, measureSite, throughputRows, type LoadFigures, type LoadSettings, type TargetResult } from './throughput'
import { measureWallet, walletDatabaseUrl, walletText, type WalletFigures } from './wallet'

const env = process.env
const PORT = Number(env.BENCH_PORT ?? 3200)
const settings: LoadSettings = {
  seconds: Number(env.BENCH_SECONDS ?? 10),
  connections: Number(env.BENCH_CONNECTIONS ?? 20),
  warmupSeconds: Number(env.BENCH_WARMUP_SECONDS ?? 2),
}
const LIGHTHOUSE = env.BENCH_LIGHTHOUSE !== '0'
const RUNS = Math.max(1, Number(env.BENCH_RUNS ?? 1))
const LIGHTHOUSE_TIMEOUT_MS = Number(env.BENCH_LIGHTHOUSE_TIMEOUT ?? 120) * 1000
const WALLET_SECONDS = Number(env.BENCH_WALLET_SECONDS ?? 5)
const PG_URL = walletDatabaseUrl()
const RESULTS = 'bench/results'

const PAGES: LighthousePage[] = [
  { label: '/', path: '/' },
  { label: '/gamehall', path: '/gamehall' },
  { label: '/betting', path: '/betting' },
  // A seeded slot's page as a visitor sees it: the bar and the demo table in its frame.
  { label: `/game/${env.BENCH_GAME_SLUG ?? 'aurora-lanterns'}`, path: `/game/${env.BENCH_GAME_SLUG ?? 'aurora-lanterns'}` },
  { label: 'player /cashier/deposit', path: '/cashier/deposit', player: true },
]

const log = (line: string) => console.error(`bench: ${line}`)
const message = (err: unknown) => (err instanceof Error ? err.message : String(err))

interface ThroughputSet {
  database: 'PGlite' | 'PostgreSQL'
  error?: string
  bare: LoadFigures | null
  targets: TargetResult[]
}

async function throughputOn(site: Running, database: ThroughputSet['database'], cookie: string | null): Promise<ThroughputSet> {
  const bare = await startBare(PORT + 1)
  let bareFigures: LoadFigures
  try {
    log(`${database}: bare Fastify for ${settings.seconds} s`)
    bareFigures = await load(bare.base, '/', settings)
  } finally {
    await bare.stop()
  }
  log(`${database}: site targets, ${settings.seconds} s each`)
  return { database, bare: bareFigures, targets: await measureSite(site.base, bareFigures, cookie, settings) }
}

async function tryLogin(base: string): Promise<string | null> {
  try {
    return await logInDemoPlayer(base)
  } catch (err) {
    log(`player login failed: ${message(err)}`)
    return null
  }
}

/** PGlite on a fresh data dir: Lighthouse first (a quiet server), then throughput. */
async function onPglite(): Promise<{ lighthouse: LighthouseResult[] | null; throughput: ThroughputSet; lighthouseError?: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'casino-bench-'))
  let site: Running | null = null
  try {
    log('starting the built site on a fresh PGlite data dir')
    site = await startSite({ port: PORT, dataDir })
    const cookie = await tryLogin(site.base)
    let lighthouse: LighthouseResult[] | null = null
    let lighthouseError: string | undefined
    if (LIGHTHOUSE) {
      try {
        const event = await eventPage(site.base)
        if (!event) log('no upcoming event listed: the event page is left out')
        lighthouse = await measurePages(site.base, event ? [...PAGES, event] : PAGES, cookie, { runs: RUNS, timeoutMs: LIGHTHOUSE_TIMEOUT_MS, log })
      } catch (err) {
        lighthouseError = message(err)
      }
    }
    return { lighthouse, lighthouseError, throughput: await throughputOn(site, 'PGlite', cookie) }
  } catch (err) {
    return { lighthouse: null, lighthouseError: message(err), throughput: { database: 'PGlite', error: message(err), bare: null, targets: [] } }
  } finally {
    await site?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function reachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
  try {
    await client.connect()
    return null
  } catch (err) {
    return message(err) || 'connection refused'
  } finally {
    await client.end().catch(() => {})
  }
}

/** The same targets with DATABASE_URL, in a schema of its own that is dropped afterwards. */
async function onPostgres(unreachable: string | null): Promise<ThroughputSet> {
  if (unreachable) return { database: 'PostgreSQL', error: `PostgreSQL unreachable: ${unreachable}`, bare: null, targets: [] }
  const schema = `bench_site_${process.pid}`
  const dataDir = mkdtempSync(join(tmpdir(), 'casino-bench-pg-'))
  let site: Running | null = null
  try {
    log(`starting the built site on PostgreSQL (schema ${schema})`)
    site = await startSite({ port: PORT + 2, dataDir, databaseUrl: PG_URL, schema })
    return await throughputOn(site, 'PostgreSQL', await tryLogin(site.base))
  } catch (err) {
    return { database: 'PostgreSQL', error: message(err), bare: null, targets: [] }
  } finally {
    await site?.stop()
    rmSync(dataDir, { recursive: true, force: true })
    const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 })
    await client
      .connect()
      .then(() => client.query(`drop schema if exists "${schema}" cascade`))
      .catch((err) => log(`could not drop schema ${schema}: ${message(err)}`))
      .finally(() => client.end().catch(() => {}))
  }
}

async function onWallet(unreachable: string | null): Promise<{ hot: WalletFigures; spread: WalletFigures; limited: WalletFigures } | { error: string }> {
  if (unreachable) return { error: `PostgreSQL unreachable: ${unreachable}` }
  try {
    return await measureWallet({ databaseUrl: PG_URL, seconds: WALLET_SECONDS, workers: 16, accounts: 100, log })
  } catch (err) {
    return { error: message(err) }
  }
}

function setRows(set: ThroughputSet): Row[] {
  const part = `Throughput ${set.database} (${settings.connections} conn, ${settings.seconds} s)`
  if (set.error) return [[part, 'all targets', 'not measured', '—', statusText({ kind: 'failed', reason: set.error })]]
  return throughputRows(part, set.bare, set.targets)
}

function walletRows(wallet: Awaited<ReturnType<typeof onWallet>>): Row[] {
  const part = `Wallet PostgreSQL (16 workers, ${WALLET_SECONDS} s)`
  if ('error' in wallet) return [[part, 'one hot account, 100 accounts', 'not measured', '—', statusText({ kind: 'failed', reason: wallet.error })]]
  return [
    [part, 'one hot account', walletText(wallet.hot), goalText(WALLET_GOALS.hot), statusText(evaluate(WALLET_GOALS.hot, { ...wallet.hot }))],
    [part, '100 accounts', walletText(wallet.spread), goalText(WALLET_GOALS.spread), statusText(evaluate(WALLET_GOALS.spread, { ...wallet.spread }))],
    [part, '100 accounts, loss limits', walletText(wallet.limited), goalText(WALLET_GOALS.spread), statusText(evaluate(WALLET_GOALS.spread, { ...wallet.limited }))],
  ]
}

/** Replaces what stands between the README's bench markers, so the Performance section holds the latest figures. */
function updateReadme(markdown: string): void {
  const readme = readFileSync('README.md', 'utf8')
  const start = '<!-- bench:results:start -->'
  const end = '<!-- bench:results:end -->'
  const from = readme.indexOf(start)
  const to = readme.indexOf(end)
  if (from < 0 || to < from) return log('README.md has no bench markers: not updated')
  writeFileSync('README.md', `${readme.slice(0, from + start.length)}\n${markdown}\n${readme.slice(to)}`)
  log('README.md Performance section updated')
}

const stale = buildStaleReason()
if (stale) {
  if (env.BENCH_BUILD === '0') {
    console.error(`bench: ${stale}, and BENCH_BUILD=0: run \`npm run build\` first`)
    process.exit(1)
  }
  log(`${stale}: npm run build`)
  const built = spawnSync('npm', ['run', 'build'], { stdio: ['ignore', 2, 2] })
  if (built.status !== 0) process.exit(built.status ?? 1)
}

const started = new Date()
const host = machine()
const sha = commit()
log(`load average at start ${host.loadAverage.map((l) => l.toFixed(2)).join(' / ')} on ${host.cores} cores`)

const pglite = await onPglite()
const unreachable = await reachable(PG_URL)
const postgres = await onPostgres(unreachable)
const wallet = await onWallet(unreachable)

const rows: Row[] = [
  ...(LIGHTHOUSE
    ? pglite.lighthouse
      ? lighthouseRows(pglite.lighthouse, RUNS)
      : [['Lighthouse mobile', 'all pages', 'not measured', '—', statusText({ kind: 'failed', reason: pglite.lighthouseError ?? 'unknown' })] as Row]
    : [['Lighthouse mobile', 'all pages', 'skipped (BENCH_LIGHTHOUSE=0)', '—', '—'] as Row]),
  ...setRows(pglite.throughput),
  ...setRows(postgres),
  ...walletRows(wallet),
]

const finished = new Date()
const endLoad = machine().loadAverage
const load3 = (l: readonly number[]) => l.map((x) => x.toFixed(2)).join(' / ')
const heading =
  `Measured ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${host.cores} cores (${host.cpu}), Node ${host.node}, commit ${sha}; ` +
  `load average (1/5/15 min) ${load3(host.loadAverage)} at start, ${load3(endLoad)} at the end.`
const markdown = `${heading}\n\n${markdownTable(TABLE_HEADERS, rows)}`

console.log(heading)
console.log()
console.log(textTable(TABLE_HEADERS, rows))

mkdirSync(RESULTS, { recursive: true })
const json = {
  date: started.toISOString(),
  durationSeconds: Math.round((finished.getTime() - started.getTime()) / 1000),
  commit: sha,
  machine: { ...host, loadAverageAtEnd: endLoad },
  settings: { ...settings, lighthouse: LIGHTHOUSE, runs: RUNS, lighthouseTimeoutSeconds: LIGHTHOUSE_TIMEOUT_MS / 1000, walletSeconds: WALLET_SECONDS },
  lighthouse: pglite.lighthouse ?? { error: pglite.lighthouseError ?? (LIGHTHOUSE ? 'unknown' : 'skipped') },
  throughput: [pglite.throughput, postgres],
  wallet,
  table: { headers: TABLE_HEADERS, rows },
}
writeFileSync(join(RESULTS, 'latest.json'), `${JSON.stringify(json, null, 2)}\n`)
writeFileSync(join(RESULTS, 'latest.md'), `${markdown}\n`)
log(`wrote ${RESULTS}/latest.json and ${RESULTS}/latest.md`)
if (env.BENCH_README === '1') updateReadme(markdown)
