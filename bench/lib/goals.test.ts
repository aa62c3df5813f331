import { describe, expect, it } from 'vitest'
import { evaluate, LIGHTHOUSE_GOALS, statusText } from './goals'
import { throughputRows, type TargetResult } from '../throughput'

describe('evaluate', () => {
  it('is met when every goal holds, at the limit for ≥ and below it for <', () => {
    expect(evaluate(LIGHTHOUSE_GOALS, { score: 0.95, lcp: 1799, tbt: 0, cls: 0.019 })).toEqual({ kind: 'met' })
  })
  it('lists each goal missed, and counts a figure not measured as missed', () => {
    const status = evaluate(LIGHTHOUSE_GOALS, { score: 0.96, lcp: 1800, tbt: null, cls: 0.01 })
    expect(status).toEqual({ kind: 'missed', missed: ['LCP < 1.8 s', 'TBT < 150 ms'] })
    expect(statusText(status)).toBe('MISSED: LCP < 1.8 s, TBT < 150 ms')
  })
  it('has nothing to say without goals', () => {
    expect(statusText(evaluate([], { x: 1 }))).toBe('—')
  })
})

describe('throughputRows', () => {
  const bare = { reqPerSec: 10_000, p50: 1, p99: 4, errors: 0, requests: 100_000 }
  it('shows each target as a share of bare and judges it by its goals', () => {
    const results: TargetResult[] = [
      { id: 'visitor-home', label: 'visitor GET /', reqPerSec: 2000, p50: 8, p99: 40, errors: 0, requests: 20_000, ratio: 0.2 },
      { id: 'generalinfo', label: 'GET /api/metadata/getgeneralinfo', reqPerSec: 3000, p50: 5, p99: 9, errors: 0, requests: 30_000, ratio: 0.3 },
    ]
    const rows = throughputRows('Throughput PGlite', bare, results)
    expect(rows[0]![1]).toBe('bare Fastify {ok:true}')
    expect(rows[1]![2]).toMatch(/^20\.0 % of bare · 2000 req\/s/)
    expect(rows[1]![4]).toBe('met')
    expect(rows[2]![4]).toBe('MISSED: ≥ 40 % of bare')
  })
  it('never passes a latency goal when no response came back', () => {
    const rows = throughputRows('Throughput PostgreSQL', bare, [
      { id: 'visitor-home', label: 'visitor GET /', reqPerSec: 0, p50: null, p99: null, errors: 0, requests: 0, ratio: 0 },
    ])
    expect(rows[1]![2]).toContain('no response within the run')
    expect(rows[1]![4]).toBe('MISSED: ≥ 15 % of bare, p99 < 50 ms')
  })
  it('reports a target that could not be measured instead of a figure', () => {
    const rows = throughputRows('Throughput PGlite', bare, [{ id: 'player-home', label: 'player GET /', ratio: null, error: 'no player session (login failed)' }])
    expect(rows[1]![2]).toBe('not measured')
    expect(rows[1]![4]).toBe('FAILED: no player session (login failed)')
  })
})
