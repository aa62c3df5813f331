// `flows coverage`: merges what the machine tests recorded (src/machines/testing/coverage.ts) and
// compares it with every registered machine's static chart: all its states, all its transitions.
// The gate is state coverage: a registered machine with a state no test visited fails the run,
// and so does a state no sample event reaches (its paths would be missing from the QA plan).
// Transition coverage is reported with the missing ones listed, without failing.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describeChart } from '../../src/machines/testing/chart'
import { mergeCoverage, parseCoverageFile, type CoverageFile } from '../../src/machines/testing/coverage'
import type { MachineEntry } from '../../src/machines/registry'
import { table } from './table'

export interface RecordedCoverage {
  readonly files: readonly string[]
  /** Files that could not be read, with the reason; they are skipped. */
  readonly skipped: readonly string[]
  readonly data: CoverageFile
}

export function readCoverageDir(dir: string): RecordedCoverage {
  if (!existsSync(dir)) return { files: [], skipped: [], data: mergeCoverage([]) }
  const files: string[] = []
  const skipped: string[] = []
  const parsed: CoverageFile[] = []
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    const file = join(dir, name)
    try {
      parsed.push(parseCoverageFile(readFileSync(file, 'utf8')))
      files.push(file)
    } catch (error) {
      skipped.push(`${file}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return { files, skipped, data: mergeCoverage(parsed) }
}

export interface Tally {
  readonly covered: readonly string[]
  readonly missing: readonly string[]
  readonly total: number
}

export interface MachineCoverageReport {
  readonly entry: MachineEntry
  readonly states: Tally
  readonly transitions: Tally
  readonly unreachable: readonly string[]
  /** Recorded keys the chart no longer has (a chart changed since the files were written). */
  readonly stale: readonly string[]
}

function tally(all: readonly string[], recorded: ReadonlySet<string>): Tally {
  return {
    covered: all.filter((x) => recorded.has(x)),
    missing: all.filter((x) => !recorded.has(x)),
    total: all.length,
  }
}

export function compareCoverage(
  registry: readonly MachineEntry[],
  data: CoverageFile,
  unreachableOf: (entry: MachineEntry) => readonly string[],
): MachineCoverageReport[] {
  return registry.map((entry) => {
    const chart = describeChart(entry.machine)
    const recorded = data.machines[chart.id]
    const states = new Set(recorded?.states ?? [])
    const transitions = new Set(recorded?.transitions ?? [])
    const stateIds = chart.states.map((s) => s.id)
    const keys = chart.transitions.map((t) => t.key)
    const known = new Set([...stateIds, ...keys])
    return {
      entry,
      states: tally(stateIds, states),
      transitions: tally(keys, transitions),
      unreachable: unreachableOf(entry),
      stale: [...states, ...transitions].filter((x) => !known.has(x)),
    }
  })
}

export const passes = (r: MachineCoverageReport) => r.states.missing.length === 0 && r.unreachable.length === 0

function percent({ covered, total }: Tally): string {
  const p = total === 0 ? 100 : Math.floor((covered.length / total) * 100)
  return `${covered.length}/${total} ${String(p).padStart(3)}%`
}

export function formatCoverage(reports: readonly MachineCoverageReport[], recorded: RecordedCoverage, cwd: string): string {
  const dirs = [...new Set(recorded.files.map((f) => relative(cwd, join(f, '..')) || '.'))]
  const lines = [
    `Flow coverage: ${recorded.files.length} file(s) from ${dirs.join(', ') || '(none)'}, recorded by the model-based machine tests`,
    '',
    table(
      ['machine', 'id', 'states', 'transitions', 'result'],
      reports.map((r) => [
        r.entry.name,
        r.entry.machine.id,
        percent(r.states),
        percent(r.transitions),
        passes(r) ? 'ok' : 'FAIL',
      ]),
    ),
  ]
  for (const r of reports) {
    const section = (title: string, items: readonly string[]) => {
      if (items.length > 0) lines.push('', `${r.entry.name}: ${title}`, ...items.map((x) => `  - ${x}`))
    }
    section('unreachable states (no sample event sequence reaches them)', r.unreachable)
    section('states no test visited', r.states.missing)
    section('transitions no test took', r.transitions.missing)
    section('recorded but not in the chart any more (stale files? delete coverage/flows and rerun)', r.stale)
  }
  for (const s of recorded.skipped) lines.push('', `skipped ${s}`)
  const uncovered = reports.filter((r) => r.states.missing.length > 0).map((r) => r.entry.name)
  const unreachable = reports.filter((r) => r.unreachable.length > 0).map((r) => r.entry.name)
  lines.push('')
  if (uncovered.length === 0 && unreachable.length === 0) {
    lines.push(`PASS: every registered machine has 100 % state coverage (${reports.length} machines)`)
  }
  if (uncovered.length > 0) lines.push(`FAIL: below 100 % state coverage: ${uncovered.join(', ')}`)
  if (unreachable.length > 0) lines.push(`FAIL: states no sample event reaches: ${unreachable.join(', ')}`)
  return `${lines.join('\n')}\n`
}
