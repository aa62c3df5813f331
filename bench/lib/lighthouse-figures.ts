import type { AssetKind, ByteSizes } from './bytes'
import { median } from './stats'

/** The figures of one Lighthouse run of one page. */
export interface LighthouseRun {
  score: number | null
  fcp: number | null
  lcp: number | null
  tbt: number | null
  cls: number | null
  bytes: Record<AssetKind, ByteSizes>
  /** Where the page ended up: a guard's redirect (a player page measured as a visitor) shows here. */
  finalPath?: string
}

const medianBytes = (xs: ByteSizes[]): ByteSizes => ({
  raw: median(xs.map((x) => x.raw)) ?? 0,
  gzip: median(xs.map((x) => x.gzip)) ?? 0,
  brotli: median(xs.map((x) => x.brotli)) ?? 0,
  files: median(xs.map((x) => x.files)) ?? 0,
})

/** Each figure is the median over the runs on its own (the runs need not agree on which run is median). */
export function medianRun(runs: readonly LighthouseRun[]): LighthouseRun | null {
  if (runs.length === 0) return null
  const m = (key: 'score' | 'fcp' | 'lcp' | 'tbt' | 'cls') => median(runs.map((r) => r[key]))
  return {
    score: m('score'),
    fcp: m('fcp'),
    lcp: m('lcp'),
    tbt: m('tbt'),
    cls: m('cls'),
    bytes: { js: medianBytes(runs.map((r) => r.bytes.js)), css: medianBytes(runs.map((r) => r.bytes.css)) },
    finalPath: runs[0]!.finalPath,
  }
}

