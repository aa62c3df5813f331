// `npm run flows -- <command>`: the registered machines (src/machines/registry.ts) for QA and
// product. Commands are functions of (argv, registry, io) returning an exit code, so tests run them
// in-process; the bottom of the file runs them when this file is the program.
//
// Exit codes: 0 done; 1 coverage below the gate (or nothing recorded); 2 bad input.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { MachineEntry } from '../../src/machines/flow-entry'
import { machineRegistry } from '../../src/machines/registry'
import { describeChart } from '../../src/machines/testing/chart'
import { compareCoverage, formatCoverage, passes, readCoverageDir, sourceOf } from './coverage-report'
import { EXPORT_FORMATS, exportChart, type ExportFormat } from '../../src/machines/testing/export-format'
import { DEFAULT_SIMPLE_PATH_CAP, initialSnapshot, shortestPaths, simplePaths, unreachableStates } from '../../src/machines/testing/graph'
import { PATH_FORMATS, formatPaths, printPath, summaryLine, type PathFormat, type PathReport } from './paths-format'
import { table } from './table'

export const USAGE = `Usage: npm run flows -- <command>

  list                                     every registered machine: name, area, SPEC §, states, events
  paths <machine> [--shortest|--simple]    test paths (state sequence, events with payloads)
        [--format text|json|gherkin|csv]   default text; --shortest is the default
        [--limit N]                        simple paths shown at most (default ${DEFAULT_SIMPLE_PATH_CAP})
  export <machine> [--format json|mermaid|scxml] [--out file]
                                           the chart for documentation and Stately's editor
  coverage [--dir coverage/flows] [--run]  states and transitions the machine tests and the e2e
                                           journeys visited; --run clears the machine tests'
                                           files and runs them first

Exit codes: 0 ok, 1 coverage below 100 % of states, 2 bad input.
`

export interface CliIo {
  readonly stdout: (text: string) => void
  readonly stderr: (text: string) => void
  readonly cwd: string
}

export interface CliContext {
  readonly registry?: readonly MachineEntry[]
  readonly io?: Partial<CliIo>
}

export class UsageError extends Error {}

interface Parsed {
  readonly positional: string[]
  readonly flags: Map<string, string | true>
}

/** `--name value`, `--name=value` and bare `--name`; which flags take a value is per command. */
function parse(args: readonly string[], valued: readonly string[], bare: readonly string[]): Parsed {
  const positional: string[] = []
  const flags = new Map<string, string | true>()
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (!arg.startsWith('--')) {
      positional.push(arg)
      continue
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined]
    if (valued.includes(name)) {
      const value = inline ?? args[++i]
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`)
      flags.set(name, value)
    } else if (bare.includes(name) && inline === undefined) {
      flags.set(name, true)
    } else {
      const known = [...valued, ...bare].map((f) => `--${f}`).join(', ')
      throw new UsageError(`unknown option '${arg}'; this command takes ${known || 'no options'}`)
    }
  }
  return { positional, flags }
}

function machineArg(parsed: Parsed, registry: readonly MachineEntry[], command: string): MachineEntry {
  const [name, ...extra] = parsed.positional
  if (name === undefined) throw new UsageError(`${command} needs a machine name; known: ${names(registry)}`)
  if (extra.length > 0) throw new UsageError(`unexpected argument '${extra[0]}'`)
  const entry = registry.find((e) => e.name === name)
  if (!entry) throw new UsageError(`unknown machine '${name}'; known: ${names(registry)}`)
  return entry
}

const names = (registry: readonly MachineEntry[]) => registry.map((e) => e.name).join(', ')

function formatArg<F extends string>(parsed: Parsed, command: string, allowed: readonly F[], fallback: F): F {
  const value = parsed.flags.get('format')
  if (value === undefined) return fallback
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`unsupported format '${String(value)}' for ${command}; allowed: ${allowed.join(', ')}`)
  }
  return value as F
}

function warnUnreachable(entry: MachineEntry, unreachable: readonly string[], io: CliIo): void {
  if (unreachable.length === 0) return
  io.stderr(
    `warning: machine '${entry.name}' has unreachable states: ${unreachable.join(', ')}\n` +
      "  no sequence of its sample events reaches them: fix the chart, or add samples to its entry in the flow's <flow>.samples.ts\n",
  )
}

function list(registry: readonly MachineEntry[], io: CliIo): number {
  const rows = registry.map((entry) => [
    entry.name,
    entry.area,
    entry.spec,
    String(describeChart(entry.machine).states.length),
    String(entry.machine.events.length),
    entry.description,
  ])
  io.stdout(`${table(['name', 'area', 'SPEC §', 'states', 'events', 'description'], rows)}\n`)
  return 0
}

function paths(args: readonly string[], registry: readonly MachineEntry[], io: CliIo): number {
  const parsed = parse(args, ['format', 'limit'], ['shortest', 'simple'])
  const entry = machineArg(parsed, registry, 'paths')
  const format = formatArg<PathFormat>(parsed, 'paths', PATH_FORMATS, 'text')
  if (parsed.flags.has('shortest') && parsed.flags.has('simple')) throw new UsageError('choose --shortest or --simple, not both')
  const mode = parsed.flags.has('simple') ? 'simple' : 'shortest'
  const limitFlag = parsed.flags.get('limit')
  if (limitFlag !== undefined && mode !== 'simple') throw new UsageError('--limit caps simple paths; use it with --simple')
  const cap = limitFlag === undefined ? DEFAULT_SIMPLE_PATH_CAP : Number(limitFlag)
  if (!Number.isInteger(cap) || cap < 1) throw new UsageError(`--limit must be a whole number above 0, not '${String(limitFlag)}'`)

  const unreachable = unreachableStates(entry)
  warnUnreachable(entry, unreachable, io)
  let report: PathReport
  if (mode === 'shortest') {
    const found = shortestPaths(entry)
    report = { entry, mode, paths: found.map((p) => printPath(p, entry)), total: found.length, cap: undefined, unreachable }
  } else {
    const found = simplePaths(entry, cap)
    report = {
      entry,
      mode,
      paths: found.paths.map((p) => printPath(p, entry)),
      total: found.total,
      totalIsLowerBound: found.totalIsLowerBound,
      cap,
      unreachable,
    }
    // CSV has no comments; say the cap where the person running it will read it.
    if (format === 'csv') io.stderr(`${summaryLine(report)}\n`)
  }
  io.stdout(formatPaths(report, format))
  return 0
}

function exportCommand(args: readonly string[], registry: readonly MachineEntry[], io: CliIo): number {
  const parsed = parse(args, ['format', 'out'], [])
  const entry = machineArg(parsed, registry, 'export')
  const format = formatArg<ExportFormat>(parsed, 'export', EXPORT_FORMATS, 'json')
  const unreachable = unreachableStates(entry)
  warnUnreachable(entry, unreachable, io)
  const text = exportChart({ entry, initial: initialSnapshot(entry), unreachable }, format)
  const out = parsed.flags.get('out')
  if (typeof out !== 'string') {
    io.stdout(text)
    return 0
  }
  const file = resolve(io.cwd, out)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, text)
  const chart = describeChart(entry.machine)
  io.stdout(`wrote ${relative(io.cwd, file)} (${format}: ${chart.states.length} states, ${chart.transitions.length} transitions)\n`)
  return 0
}

function coverage(args: readonly string[], registry: readonly MachineEntry[], io: CliIo): number {
  const parsed = parse(args, ['dir'], ['run'])
  if (parsed.positional.length > 0) throw new UsageError(`unexpected argument '${parsed.positional[0]}'`)
  const dirFlag = parsed.flags.get('dir')
  const dir = resolve(io.cwd, typeof dirFlag === 'string' ? dirFlag : 'coverage/flows')
  if (parsed.flags.has('run')) {
    // The machine tests' files only: the e2e journeys' recordings stay (they take a build to redo).
    const kept = existsSync(dir) ? readdirSync(dir).filter((name) => sourceOf(name) === 'e2e') : []
    for (const name of existsSync(dir) ? readdirSync(dir) : []) {
      if (sourceOf(name) !== 'e2e') rmSync(resolve(dir, name), { recursive: true, force: true })
    }
    const note = kept.length > 0 ? ` (kept ${kept.length} e2e file(s))` : ''
    io.stderr(`flows: cleared the machine tests' files in ${relative(io.cwd, dir)}${note}; running npx vitest run src/machines\n`)
    const run = spawnSync('npx', ['vitest', 'run', 'src/machines'], {
      cwd: io.cwd,
      // The tests' output goes to stderr, so stdout holds the report alone.
      stdio: ['ignore', 2, 2],
      env: { ...process.env, FLOWS_COVERAGE_DIR: dir },
    })
    if (run.status !== 0) io.stderr(`flows: the machine tests failed (exit ${run.status}); coverage below is partial\n`)
  }
  const recorded = readCoverageDir(dir)
  if (recorded.files.length === 0) {
    io.stderr(
      `flows: no coverage recorded in ${relative(io.cwd, dir) || dir}; run the machine tests first ` +
        '(npx vitest run src/machines), or npm run flows -- coverage --run\n',
    )
    return 1
  }
  const reports = compareCoverage(registry, recorded.data, unreachableStates, recorded.sources)
  io.stdout(formatCoverage(reports, recorded, io.cwd))
  return reports.every(passes) ? 0 : 1
}

export async function runCli(argv: readonly string[], context: CliContext = {}): Promise<number> {
  const io: CliIo = {
    stdout: context.io?.stdout ?? ((text) => void process.stdout.write(text)),
    stderr: context.io?.stderr ?? ((text) => void process.stderr.write(text)),
    cwd: context.io?.cwd ?? process.cwd(),
  }
  const registry = context.registry ?? machineRegistry
  const [command, ...args] = argv
  try {
    switch (command) {
      case 'list':
        if (args.length > 0) throw new UsageError(`list takes no arguments, got '${args[0]}'`)
        return list(registry, io)
      case 'paths':
        return paths(args, registry, io)
      case 'export':
        return exportCommand(args, registry, io)
      case 'coverage':
        return coverage(args, registry, io)
      case 'help':
      case '--help':
      case '-h':
        io.stdout(USAGE)
        return 0
      case undefined:
        io.stderr(USAGE)
        return 2
      default:
        throw new UsageError(`unknown command '${command}'; commands: list, paths, export, coverage`)
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`flows: ${error.message}\n`)
      return 2
    }
    throw error
  }
}

const invoked = process.argv[1] ? resolve(process.argv[1]) : ''
if (invoked === fileURLToPath(import.meta.url)) {
  // `npm run flows -- paths x | head`: the reader left; stop quietly.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0)
    throw error
  })
  runCli(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code
    },
    (error: unknown) => {
      // The message says what to do; the stack only helps someone debugging the CLI itself.
      const detail = error instanceof Error ? (process.env.FLOWS_DEBUG ? (error.stack ?? error.message) : error.message) : String(error)
      process.stderr.write(`flows: ${detail}\n`)
      process.exitCode = 1
    },
  )
}
