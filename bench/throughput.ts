// Throughput on loopback with autocannon: each target of the site as a ratio to a bare Fastify
// route measured in the same run, so a busy or slow machine shifts both sides alike.
import autocannon from 'autocannon'
import { evaluate, goalText, statusText, type Goal } from './lib/goals'
import { ratio } from './lib/stats'
import type { Row } from './lib/table'

export interface LoadSettings {
  seconds: number
  connections: number
  warmupSeconds: number
}

export interface LoadFigures {
  reqPerSec: number
  /** Null when no response came back within the measured seconds. */
  p50: number | null
  p99: number | null
  errors: number
  requests: number
}

export interface TargetResult extends Partial<LoadFigures> {
  id: string
  label: string
  /** Requests per second over the bare route's, 0..1. */
  ratio: number | null
  error?: string
}

export interface Target {
  id: string
  label: string
  path: string
  player?: boolean
  /** A fresh query string per request, so a cache keyed on the URL never answers it. */
  uniqueQuery?: boolean
  goals: Goal[]
}

const pct = (limit: number) => `${(limit * 100).toFixed(0)} %`
const ratioGoal = (limit: number): Goal => ({ figure: 'ratio', op: '>=', limit, label: `≥ ${pct(limit)} of bare` })

export const TARGETS: readonly Target[] = [
  { id: 'visitor-home', label: 'visitor GET /', path: '/', goals: [ratioGoal(0.15), { figure: 'p99', op: '<', limit: 50, label: 'p99 < 50 ms' }] },
  { id: 'visitor-home-uncached', label: 'visitor GET /?<unique> (no cache hit)', path: '/', uniqueQuery: true, goals: [ratioGoal(0.04)] },
  { id: 'visitor-gamehall', label: 'visitor GET /gamehall', path: '/gamehall', goals: [] },
  { id: 'player-home', label: 'player GET /', path: '/', player: true, goals: [ratioGoal(0.04)] },
  { id: 'generalinfo', label: 'GET /api/metadata/getgeneralinfo', path: '/api/metadata/getgeneralinfo', goals: [ratioGoal(0.4)] },
  { id: 'player-getinfo', label: 'player GET /api/account/getInfo', path: '/api/account/getInfo', player: true, goals: [] },
]

/** `[<id>]` in the URL becomes a fresh id per request when idReplacement is on (autocannon's own feature). */
const UNIQUE_QUERY = '?bench=[<id>]'

/** What a browser sends: the site answers it the way it answers players, compressed. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'text/html,application/json;q=0.9,*/*;q=0.8' }

function cannon(url: string, seconds: number, connections: number, cookie: string | undefined, unique: boolean) {
  return autocannon({ url, connections, duration: seconds, timeout: 30, idReplacement: unique, headers: { ...BROWSER_HEADERS, ...(cookie ? { cookie } : {}) } })
}

/**
 * autocannon stops without waiting for the requests in flight, and the server still works through
 * them: on a slow target that is seconds of backlog charged to the next run. One request of our
 * own, queued behind them, comes back once they are done.
 */
async function drain(url: string, cookie: string | undefined): Promise<void> {
  await fetch(url.replace(UNIQUE_QUERY, '?bench=drain'), { headers: cookie ? { cookie } : {}, signal: AbortSignal.timeout(120_000) })
    .then((res) => res.arrayBuffer())
    .catch(() => {})
}

/**
 * Requests per second over the measured seconds, after a warm-up that is not counted (the first
 * requests of a target pay for its JIT and caches, which a running site paid long ago).
 */
export async function load(base: string, path: string, settings: LoadSettings, options: { cookie?: string; uniqueQuery?: boolean } = {}): Promise<LoadFigures> {
  const url = base + path + (options.uniqueQuery ? UNIQUE_QUERY : '')
  if (settings.warmupSeconds > 0) {
    await cannon(url, settings.warmupSeconds, settings.connections, options.cookie, !!options.uniqueQuery)
    await drain(url, options.cookie)
  }
  const r = await cannon(url, settings.seconds, settings.connections, options.cookie, !!options.uniqueQuery)
  await drain(url, options.cookie)
  // With no response at all autocannon reports latencies of 0, which would pass a latency goal.
  const answered = r.requests.total > 0
  return { reqPerSec: r.requests.total / r.duration, p50: answered ? r.latency.p50 : null, p99: answered ? r.latency.p99 : null, errors: r.errors + r.non2xx, requests: r.requests.total }
}

/** Every target against one running site; a target that throws is reported and the others go on. */
export async function measureSite(base: string, bare: LoadFigures, cookie: string | null, settings: LoadSettings): Promise<TargetResult[]> {
  const results: TargetResult[] = []
  for (const target of TARGETS) {
    if (target.player && !cookie) {
      results.push({ id: target.id, label: target.label, ratio: null, error: 'no player session (login failed)' })
      continue
    }
    try {
      const figures = await load(base, target.path, settings, { cookie: target.player ? cookie! : undefined, uniqueQuery: target.uniqueQuery })
      results.push({ id: target.id, label: target.label, ...figures, ratio: ratio(figures.reqPerSec, bare.reqPerSec) })
    } catch (err) {
      results.push({ id: target.id, label: target.label, ratio: null, error: (err as Error).message })
    }
  }
  return results
}

/** autocannon keeps latencies in whole milliseconds. */
const latency = (ms: number | null | undefined) => (ms === null || ms === undefined ? 'n/a' : ms === 0 ? '<1 ms' : `${ms} ms`)

export function loadText(f: Partial<LoadFigures>): string {
  if (f.reqPerSec === undefined) return 'not measured'
  if (f.requests === 0) return `0 req/s: no response within the run · ${f.errors} errors`
  return `${f.reqPerSec.toFixed(0)} req/s · p50 ${latency(f.p50)} · p99 ${latency(f.p99)} · ${f.errors} errors`
}

export function throughputRows(part: string, bare: LoadFigures | null, results: readonly TargetResult[]): Row[] {
  const rows: Row[] = [[part, 'bare Fastify {ok:true}', bare ? loadText(bare) : 'not measured', 'reference', '—']]
  for (const r of results) {
    const target = TARGETS.find((t) => t.id === r.id)!
    if (r.error) {
      rows.push([part, r.label, 'not measured', goalText(target.goals), statusText({ kind: 'failed', reason: r.error })])
      continue
    }
    const figures = `${r.ratio === null ? 'n/a' : `${(r.ratio * 100).toFixed(1)} %`} of bare · ${loadText(r)}`
    rows.push([part, r.label, figures, goalText(target.goals), statusText(evaluate(target.goals, { ratio: r.ratio, p99: r.p99 }))])
  }
  return rows
}
