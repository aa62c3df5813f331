// `npm run bench:instances`: what a second instance adds on this machine. The built site on
// PostgreSQL (a schema of its own, dropped afterwards), one instance and then two sharing it and
// one Redis, under the same mixed workload: requests/s and p99 of each. It asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { pingRedis } from '../server/redis/ping'
import { buildStaleReason, commit, machine } from './lib/machine'
import { logInDemoPlayer, startSite, type Running } from './lib/server'
import { textTable } from './lib/table'
import { BROWSER_HEADERS } from './throughput'
import { walletDatabaseUrl } from './wallet'

const env = process.env
const PORT = Number(env.BENCH_PORT ?? 3300)
const SECONDS = Number(env.BENCH_SECONDS ?? 10)
const WARMUP = Number(env.BENCH_WARMUP_SECONDS ?? 2)
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 20)
const RUNS = Math.max(1, Number(env.BENCH_RUNS ?? 1))
const PG_URL = walletDatabaseUrl()
const REDIS_URL = env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
const log = (line: string) => console.error(`bench: ${line}`)

/**
 * A visit's worth of requests, each connection sending them in turn: pages a visitor and a player
 * load, and the API calls the header makes.
 */
function mix(cookie: string) {
  const player = { ...BROWSER_HEADERS, cookie }
  return [
    { path: '/', headers: BROWSER_HEADERS },
    { path: '/gamehall', headers: BROWSER_HEADERS },
    { path: '/api/metadata/getgeneralinfo', headers: BROWSER_HEADERS },
    { path: '/api/account/getInfo', headers: player },
    { path: '/api/account/getBalance', headers: player },
    { path: '/', headers: player },
  ]
}

interface Figures {
  reqPerSec: number
  p99: number
  errors: number
}

function cannon(base: string, connections: number, seconds: number, cookie: string) {
  return autocannon({ url: base, connections, duration: seconds, timeout: 30, requests: mix(cookie) })
}

/** The workload spread evenly over the bases (what a round-robin balancer does), after a warm-up. */
async function measure(bases: readonly string[], cookie: string): Promise<Figures> {
  const per = Math.max(1, Math.floor(CONNECTIONS / bases.length))
  if (WARMUP > 0) await Promise.all(bases.map((b) => cannon(b, per, WARMUP, cookie)))
  const results = await Promise.all(bases.map((b) => cannon(b, per, SECONDS, cookie)))
  return {
    reqPerSec: results.reduce((sum, r) => sum + r.requests.total / r.duration, 0),
    // The slower side's p99: a player behind the balancer may land on either.
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function main(): Promise<void> {
  const stale = buildStaleReason()
  if (stale) throw new Error(`${stale}: run \`npm run build\` first`)
  const redisDown = await pingRedis(REDIS_URL)
  if (redisDown) throw new Error(`Redis at ${REDIS_URL}: ${redisDown} (set BENCH_REDIS_URL)`)
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 })
  await admin.connect().catch((err: Error) => {
    throw new Error(`PostgreSQL at ${PG_URL}: ${err.message} (set BENCH_DATABASE_URL)`)
  })
  await admin.end()

  const host = machine()
  const schema = `bench_instances_${process.pid}`
  const dataDirs = [mkdtempSync(join(tmpdir(), 'casino-bench-a-')), mkdtempSync(join(tmpdir(), 'casino-bench-b-'))]
  const shared = {
    SESSION_SECRET: `bench-instances-${process.pid}-`.padEnd(48, 'x'),
    REDIS_URL,
    REDIS_PREFIX: `bench:${process.pid}:`,
  }
  const sites: Running[] = []
  try {
    log(`starting instance A on PostgreSQL (schema ${schema})`)
    sites.push(await startSite({ port: PORT, dataDir: dataDirs[0]!, databaseUrl: PG_URL, schema, env: shared }))
    const cookie = await logInDemoPlayer(sites[0]!.base)
    const one: Figures[] = []
    const two: Figures[] = []
    for (let run = 1; run <= RUNS; run++) {
      log(`run ${run}/${RUNS}: one instance, ${CONNECTIONS} connections, ${SECONDS} s`)
      one.push(await measure([sites[0]!.base], cookie))
    }
    log('starting instance B on the same schema and Redis')
    sites.push(await startSite({ port: PORT + 1, dataDir: dataDirs[1]!, databaseUrl: PG_URL, schema, env: shared }))
    for (let run = 1; run <= RUNS; run++) {
      log(`run ${run}/${RUNS}: two instances, ${CONNECTIONS / 2} connections each, ${SECONDS} s`)
      two.push(await measure(sites.map((s) => s.base), cookie))
    }
    const row = (label: string, figures: Figures[]) => {
      const rps = median(figures.map((f) => f.reqPerSec))
      return [label, `${rps.toFixed(0)} req/s`, `${median(figures.map((f) => f.p99))} ms`, String(figures.reduce((s, f) => s + f.errors, 0))]
    }
    const gain = median(two.map((f) => f.reqPerSec)) / median(one.map((f) => f.reqPerSec))
    console.log(
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${host.cores} cores (${host.cpu}), Node ${host.node}, commit ${commit()}; ` +
        `load average ${host.loadAverage.map((l) => l.toFixed(2)).join(' / ')} at start; median of ${RUNS} run(s); mixed workload ` +
        `(visitor / and /gamehall, getgeneralinfo, player getInfo, getBalance and /), ${CONNECTIONS} connections in all.`,
    )
    console.log()
    console.log(textTable(['instances', 'throughput', 'p99', 'errors'], [row('one', one), row('two (same PostgreSQL and Redis)', two)]))
    console.log()
    console.log(`two instances: ${(gain * 100).toFixed(0)} % of one instance's throughput on this machine`)
  } finally {
    await Promise.all(sites.map((s) => s.stop()))
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
    const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 })
    await client
      .connect()
      .then(() => client.query(`drop schema if exists "${schema}" cascade`))
      .catch((err: Error) => log(`could not drop schema ${schema}: ${err.message}`))
      .finally(() => client.end().catch(() => {}))
  }
}

main().catch((err: unknown) => {
  console.error(`bench: ${err instanceof Error ? err.message : String(err)}`)
  process.exit(1)
})
