// `flows coverage`: merges what the machine tests and the e2e journeys recorded (machine tests:
// worker-*.json, src/machines/testing/coverage.ts; journeys: e2e-*.json, recorded in the browser) and
// compares their union with every registered machine's static chart. The gate is 100 % of states and
// 100 % of transition definitions, and no state that no sample event reaches (docs/flows.md#coverage-what-the-tests-and-the-journeys-drove).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describeChart } from '../../src/machines/testing/chart'
import { mergeCoverage, parseCoverageFile, type CoverageFile } from '../../src/machines/testing/coverage'
import type { MachineEntry } from '../../src/machines/flow-entry'
import { table } from './table'

export type CoverageSource = 'tests' | 'e2e'

/** Files the e2e journeys write start with this; every other file is the machine tests'. */
export const E2E_FILE_PREFIX = 'e2e-'

export const sourceOf = (fileName: string): CoverageSource => (fileName.startsWith(E2E_FILE_PREFIX) ? 'e2e' : 'tests')

export interface RecordedCoverage {
  readonly files: readonly string[]
  /** Files that could not be read, with the reason; they are skipped. */
  readonly skipped: readonly string[]
  /** Everything merged: what the gate reads. */
  readonly data: CoverageFile
  /** Each source on its own. */
  readonly sources: { readonly [S in CoverageSource]: { readonly files: readonly string[]; readonly data: CoverageFile } }
}

export function readCoverageDir(dir: string): RecordedCoverage {
  const parsed: Record<CoverageSource, { files: string[]; data: CoverageFile[] }> = {
    tests: { files: [], data: [] },
    e2e: { files: [], data: [] },
  }
  const files: string[] = []
  const skipped: string[] = []
  const names = existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.json')).sort() : []
  for (const name of names) {
    const file = join(dir, name)
    try {
      const data = parseCoverageFile(readFileSync(file, 'utf8'))
      parsed[sourceOf(name)].files.push(file)
      parsed[sourceOf(name)].data.push(data)
      files.push(file)
    } catch (error) {
      skipped.push(`${file}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return {
    files,
    skipped,
    data: mergeCoverage([...parsed.tests.data, ...parsed.e2e.data]),
    sources: {
      tests: { files: parsed.tests.files, data: mergeCoverage(parsed.tests.data) },
      e2e: { files: parsed.e2e.files, data: mergeCoverage(parsed.e2e.data) },
    },
  }
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
  /** The same tallies per source, when sources were given. */
  readonly bySource?: { readonly [S in CoverageSource]: { readonly states: Tally; readonly transitions: Tally } }
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
  sources?: RecordedCoverage['sources'],
): MachineCoverageReport[] {
  return registry.map((entry) => {
    const chart = describeChart(entry.machine)
    const stateIds = chart.states.map((s) => s.id)
    const keys = chart.transitions.map((t) => t.key)
    const tallies = (file: CoverageFile) => {
      const recorded = file.machines[chart.id]
      return {
        states: tally(stateIds, new Set(recorded?.states ?? [])),
        transitions: tally(keys, new Set(recorded?.transitions ?? [])),
      }
    }
    const recorded = data.machines[chart.id]
    const known = new Set([...stateIds, ...keys])
    return {
      entry,
      ...tallies(data),
      unreachable: unreachableOf(entry),
      stale: [...(recorded?.states ?? []), ...(recorded?.transitions ?? [])].filter((x) => !known.has(x)),
      ...(sources ? { bySource: { tests: tallies(sources.tests.data), e2e: tallies(sources.e2e.data) } } : {}),
    }
  })
}

/** A machine passes the gate when every state and every transition definition was recorded and every state is reachable. */
export const passes = (r: MachineCoverageReport) =>
  r.states.missing.length === 0 && r.transitions.missing.length === 0 && r.unreachable.length === 0

function percent({ covered, total }: Tally): string {
  const p = total === 0 ? 100 : Math.floor((covered.length / total) * 100)
  return `${covered.length}/${total} ${String(p).padStart(3)}%`
}

export function formatCoverage(reports: readonly MachineCoverageReport[], recorded: RecordedCoverage, cwd: string): string {
  const dirs = [...new Set(recorded.files.map((f) => relative(cwd, join(f, '..')) || '.'))]
  const testFiles = recorded.sources.tests.files.length
  const e2eFiles = recorded.sources.e2e.files.length
  const withE2e = e2eFiles > 0
  const lines = [
    withE2e
      ? `Flow coverage: ${recorded.files.length} file(s) from ${dirs.join(', ')}: ${testFiles} by the model-based machine tests, ${e2eFiles} by the e2e journeys`
      : `Flow coverage: ${recorded.files.length} file(s) from ${dirs.join(', ') || '(none)'}, recorded by the model-based machine tests`,
    '',
    withE2e
      ? table(
          ['machine', 'id', 'states', 'transitions', 'tests: states', 'tests: trans.', 'e2e: states', 'e2e: trans.', 'result'],
          reports.map((r) => [
            r.entry.name,
            r.entry.machine.id,
            percent(r.states),
            percent(r.transitions),
            ...(r.bySource
              ? [percent(r.bySource.tests.states), percent(r.bySource.tests.transitions), percent(r.bySource.e2e.states), percent(r.bySource.e2e.transitions)]
              : ['', '', '', '']),
            passes(r) ? 'ok' : 'FAIL',
          ]),
        )
      : table(
          ['machine', 'id', 'states', 'transitions', 'result'],
          reports.map((r) => [r.entry.name, r.entry.machine.id, percent(r.states), percent(r.transitions), passes(r) ? 'ok' : 'FAIL']),
        ),
  ]
  if (withE2e) {
    lines.push('', 'states and transitions: tests and e2e journeys together (the gate); then each source alone')
  }
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
  const untaken = reports.filter((r) => r.transitions.missing.length > 0).map((r) => r.entry.name)
  const unreachable = reports.filter((r) => r.unreachable.length > 0).map((r) => r.entry.name)
  const missingTransitions = reports.reduce((n, r) => n + r.transitions.missing.length, 0)
  const allTransitions = reports.reduce((n, r) => n + r.transitions.total, 0)
  lines.push('')
  if (reports.every(passes)) {
    lines.push(`PASS: every registered machine has 100 % state and transition coverage (${reports.length} machines)`)
  }
  if (uncovered.length > 0) lines.push(`FAIL: below 100 % state coverage: ${uncovered.join(', ')}`)
  if (untaken.length > 0) {
    lines.push(
      `FAIL: below 100 % transition coverage (${missingTransitions} of ${allTransitions} transitions not taken): ${untaken.join(', ')}`,
    )
  }
  if (unreachable.length > 0) lines.push(`FAIL: states no sample event reaches: ${unreachable.join(', ')}`)
  return `${lines.join('\n')}\n`
}
