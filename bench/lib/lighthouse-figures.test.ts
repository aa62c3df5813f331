import { describe, expect, it } from 'vitest'
import { medianRun, type LighthouseRun } from './lighthouse-figures'

const bytes = (raw: number) => ({ raw, gzip: raw / 4, brotli: raw / 5, files: 3 })
const run = (score: number, lcp: number, tbt: number | null, jsRaw: number): LighthouseRun => ({
  score,
  fcp: lcp - 100,
  lcp,
  tbt,
  cls: 0.01,
  bytes: { js: bytes(jsRaw), css: bytes(100) },
  finalPath: '/',
})

describe('medianRun', () => {
  it('takes the median of each figure on its own', () => {
    const m = medianRun([run(0.9, 3000, 100, 1000), run(0.5, 1000, 900, 2000), run(0.7, 2000, 300, 1500)])!
    expect(m.score).toBe(0.7)
    expect(m.lcp).toBe(2000)
    expect(m.tbt).toBe(300)
    expect(m.bytes.js).toEqual(bytes(1500))
  })
  it('ignores a figure a run could not measure', () => {
    expect(medianRun([run(0.9, 3000, null, 1000), run(0.5, 1000, 200, 1000)])!.tbt).toBe(200)
  })
  it('is null when no run succeeded', () => {
    expect(medianRun([])).toBeNull()
  })
})
