// `flows paths` output: the same paths as text for a terminal, JSON for tools, Gherkin for a QA
// plan and CSV for a spreadsheet. Every event is shown with its payload and every state by its
// value; secrets are redacted before anything is formatted.
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { stateLabel } from '../../src/machines/testing/chart'
import type { MachineEntry } from '../../src/machines/flow-entry'
import type { GraphPath } from '../../src/machines/testing/graph'
import { redact } from '../../src/machines/testing/redact'

export const PATH_FORMATS = ['text', 'json', 'gherkin', 'csv'] as const
export type PathFormat = (typeof PATH_FORMATS)[number]
export type PathMode = 'shortest' | 'simple'

export interface PrintedStep {
  readonly event: string
  /** The event without its type; undefined when it has no other field. */
  readonly payload: Record<string, unknown> | undefined
  readonly state: string
  readonly value: unknown
  readonly context: unknown
}

export interface PrintedPath {
  readonly target: string
  readonly start: string
  readonly startValue: unknown
  readonly steps: readonly PrintedStep[]
}

export interface PathReport {
  readonly entry: MachineEntry
  readonly mode: PathMode
  readonly paths: readonly PrintedPath[]
  /** Paths the graph has; more than `paths.length` when capped. */
  readonly total: number
  /** `total` is a lower bound: there were too many simple paths to count. */
  readonly totalIsLowerBound?: boolean
  /** The cap on simple paths; undefined for shortest paths. */
  readonly cap: number | undefined
  readonly unreachable: readonly string[]
}

function payloadOf(event: EventObject, fields: readonly string[] | undefined): Record<string, unknown> | undefined {
  const { type: _, ...rest } = event as EventObject & Record<string, unknown>
  return Object.keys(rest).length === 0 ? undefined : redact(rest, fields)
}

export function printPath(path: GraphPath, entry: MachineEntry): PrintedPath {
  const [first, ...rest] = path.steps
  const start: AnyMachineSnapshot = first ? first.state : path.state
  return {
    target: stateLabel(path.state.value),
    start: stateLabel(start.value),
    startValue: start.value,
    steps: rest.map((step) => ({
      event: step.event.type,
      payload: payloadOf(step.event, entry.redact),
      state: stateLabel(step.state.value),
      value: step.state.value,
      context: redact(step.state.context, entry.redact),
    })),
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** The line that says what the paths are and, for simple paths, the cap. */
export function summaryLine(report: PathReport): string {
  const { entry, mode, paths, total, cap } = report
  if (mode === 'shortest') {
    return `${entry.name}: ${plural(paths.length, 'shortest path')}, one per reachable state`
  }
  const of = report.totalIsLowerBound ? `more than ${total}` : String(total)
  return paths.length < total
    ? `${entry.name}: showing ${paths.length} of ${of} simple paths, shortest first (capped at ${cap}; change with --limit N)`
    : `${entry.name}: ${plural(total, 'simple path')} (all of them; cap ${cap}, change with --limit N)`
}

function keyedBy(entry: MachineEntry): string {
  return entry.serializeState ? "graph states keyed by the registry entry's serializer" : 'graph states are state values'
}

const json = (value: unknown) => JSON.stringify(value)

function eventText(step: PrintedStep): string {
  return step.payload === undefined ? step.event : `${step.event} ${json(step.payload)}`
}

export function formatText(report: PathReport): string {
  const { entry } = report
  const lines = [
    summaryLine(report),
    `  machine ${entry.machine.id} · SPEC ${entry.spec} · ${keyedBy(entry)}`,
  ]
  report.paths.forEach((path, i) => {
    lines.push('', `Path ${i + 1}: ${path.target} (${plural(path.steps.length, 'step')})`, `  start  ${path.start}`)
    path.steps.forEach((step, n) => lines.push(`  ${`${n + 1}.`.padEnd(5)}  ${eventText(step)}  ->  ${step.state}`))
  })
  return `${lines.join('\n')}\n`
}

export function formatJson(report: PathReport): string {
  const { entry } = report
  return `${JSON.stringify(
    {
      machine: entry.name,
      id: entry.machine.id,
      area: entry.area,
      spec: entry.spec,
      description: entry.description,
      mode: report.mode,
      states: entry.serializeState ? 'registry serializer' : 'state value',
      summary: summaryLine(report),
      ...(report.cap === undefined ? {} : { cap: report.cap }),
      total: report.total,
      totalIsLowerBound: report.totalIsLowerBound ?? false,
      shown: report.paths.length,
      truncated: report.paths.length < report.total,
      unreachable: report.unreachable,
      paths: report.paths,
    },
    null,
    2,
  )}\n`
}

const quoted = (text: string) => `"${text.replace(/"/g, '\\"')}"`

export function formatGherkin(report: PathReport): string {
  const { entry } = report
  const flow = `the ${entry.name} flow`
  const lines = [
    `# Generated by \`npm run flows -- paths ${entry.name} --${report.mode} --format gherkin\`; regenerate, do not edit.`,
    `# ${summaryLine(report)}`,
    ...(report.unreachable.length > 0 ? [`# WARNING: unreachable states: ${report.unreachable.join(', ')}`] : []),
    `Feature: ${entry.name}`,
    `  ${entry.description}`,
    `  Implements SPEC ${entry.spec} (machine ${entry.machine.id}).`,
  ]
  report.paths.forEach((path, i) => {
    lines.push('', `  Scenario: ${i + 1}. reach ${quoted(path.target)}${report.mode === 'simple' ? ` by ${plural(path.steps.length, 'step')}` : ''}`)
    lines.push(`    Given ${flow} is in ${quoted(path.start)}`)
    if (path.steps.length === 0) lines.push(`    Then ${flow} is in ${quoted(path.target)}`)
    for (const step of path.steps) {
      const payload = step.payload === undefined ? '' : ` with ${json(step.payload)}`
      lines.push(`    When ${quoted(step.event)} happens${payload}`)
      lines.push(`    Then ${flow} is in ${quoted(step.state)}`)
    }
  })
  return `${lines.join('\n')}\n`
}

function csvCell(value: string | number): string {
  const text = String(value)
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const CSV_HEADER = ['path', 'target', 'step', 'from', 'event', 'payload', 'to'] as const

export function formatCsv(report: PathReport): string {
  const rows: (string | number)[][] = [[...CSV_HEADER]]
  report.paths.forEach((path, i) => {
    if (path.steps.length === 0) rows.push([i + 1, path.target, 0, '', '', '', path.start])
    let from = path.start
    path.steps.forEach((step, n) => {
      rows.push([i + 1, path.target, n + 1, from, step.event, step.payload === undefined ? '' : json(step.payload), step.state])
      from = step.state
    })
  })
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\n')}\n`
}

export function formatPaths(report: PathReport, format: PathFormat): string {
  switch (format) {
    case 'text':
      return formatText(report)
    case 'json':
      return formatJson(report)
    case 'gherkin':
      return formatGherkin(report)
    case 'csv':
      return formatCsv(report)
  }
}
