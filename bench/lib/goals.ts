// The goals of the issue "Speed", kept next to each figure so the table says met or missed.

export interface Goal {
  /** The figure's key in the measured values. */
  figure: string
  op: '>=' | '<'
  limit: number
  /** How the goal reads in the table, e.g. "LCP < 1.8 s". */
  label: string
}

export const LIGHTHOUSE_GOALS: readonly Goal[] = [
  { figure: 'score', op: '>=', limit: 0.95, label: 'score ≥ 0.95' },
  { figure: 'lcp', op: '<', limit: 1800, label: 'LCP < 1.8 s' },
  { figure: 'tbt', op: '<', limit: 150, label: 'TBT < 150 ms' },
  { figure: 'cls', op: '<', limit: 0.02, label: 'CLS < 0.02' },
]

export const WALLET_GOALS = {
  hot: [{ figure: 'opsPerSec', op: '>=', limit: 1000, label: '≥ 1000 ops/s' }],
  spread: [{ figure: 'opsPerSec', op: '>=', limit: 3000, label: '≥ 3000 ops/s' }],
} satisfies Record<string, readonly Goal[]>

export type Status = { kind: 'met' } | { kind: 'missed'; missed: string[] } | { kind: 'none' } | { kind: 'failed'; reason: string }

/**
 * Met when every goal holds; missed lists the goals that do not. A figure that was not measured
 * counts as missed (nothing shows it was reached); no goals at all is 'none'.
 */
export function evaluate(goals: readonly Goal[], values: Readonly<Record<string, unknown>>): Status {
  if (goals.length === 0) return { kind: 'none' }
  const missed = goals.filter((g) => {
    const v = values[g.figure]
    if (typeof v !== 'number' || !Number.isFinite(v)) return true
    return g.op === '>=' ? !(v >= g.limit) : !(v < g.limit)
  })
  return missed.length ? { kind: 'missed', missed: missed.map((g) => g.label) } : { kind: 'met' }
}

export function statusText(status: Status): string {
  switch (status.kind) {
    case 'met':
      return 'met'
    case 'missed':
      return `MISSED: ${status.missed.join(', ')}`
    case 'none':
      return '—'
    case 'failed':
      return `FAILED: ${status.reason}`
  }
}

export function goalText(goals: readonly Goal[]): string {
  return goals.length ? goals.map((g) => g.label).join(', ') : '—'
}
