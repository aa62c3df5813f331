// Flow coverage of the machine tests: which states and transitions of each machine the tests
// actually drove (the collecting itself is coverage-core.ts, shared with the browser recorder of
// the e2e journeys).
//
// One JSON file per test worker process under coverage/flows/ (or FLOWS_COVERAGE_DIR); each write
// merges with what the file already holds, because a worker runs several test files and each
// evaluates this module afresh. `npm run flows -- coverage` merges the files and compares them with
// the static charts (chart.ts uses the same transition keys). FLOWS_COVERAGE=off turns it off.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AnyActorRef } from 'xstate'
import { CoverageCollector, mergeCoverage, parseCoverageFile, type CoverageFile } from './coverage-core'

export {
  COVERAGE_FORMAT_VERSION,
  CoverageCollector,
  findActor,
  mergeCoverage,
  parseCoverageFile,
  type CoverageFile,
  type CoverageItem,
  type MachineCoverage,
} from './coverage-core'

export interface CoverageRecorderOptions {
  /** Where the worker's file goes; defaults to FLOWS_COVERAGE_DIR or <cwd>/coverage/flows. */
  readonly dir?: string
  /** The file name; defaults to one per process. */
  readonly fileName?: string
}

/** A collector that writes its file (one per test worker). */
export class CoverageRecorder extends CoverageCollector {
  readonly dir: string
  readonly fileName: string

  constructor(options: CoverageRecorderOptions = {}) {
    super()
    this.dir = options.dir ?? coverageDir()
    // pid plus the process's start time: unique per worker, and never a pid reused from an old run.
    this.fileName = options.fileName ?? `worker-${process.pid}-${Math.round(performance.timeOrigin)}.json`
  }

  get file(): string {
    return join(this.dir, this.fileName)
  }

  /** Writes the worker's file, merged with what it already holds. Cheap when nothing changed. */
  flush(): void {
    if (!this.dirty) return
    writeCoverageFile(this.file, this.toJSON())
    this.dirty = false
  }
}

/** Where coverage files go: FLOWS_COVERAGE_DIR, else <cwd>/coverage/flows. */
export function coverageDir(): string {
  return process.env.FLOWS_COVERAGE_DIR ?? join(process.cwd(), 'coverage', 'flows')
}

/** Merges `data` into the coverage file `file` (creating it), as the test workers do. */
export function writeCoverageFile(file: string, data: CoverageFile): void {
  let existing: CoverageFile | undefined
  try {
    existing = parseCoverageFile(readFileSync(file, 'utf8'))
  } catch {
    existing = undefined
  }
  mkdirSync(join(file, '..'), { recursive: true })
  writeFileSync(file, `${JSON.stringify(existing ? mergeCoverage([existing, data]) : data, null, 2)}\n`)
}

let shared: CoverageRecorder | undefined

/** Off when FLOWS_COVERAGE is 'off', '0' or 'false'. */
export function coverageEnabled(): boolean {
  const flag = process.env.FLOWS_COVERAGE?.toLowerCase()
  return flag !== 'off' && flag !== '0' && flag !== 'false'
}

/** The recorder of this test worker; it writes its file when the process exits, too. */
export function workerRecorder(): CoverageRecorder {
  if (!shared) {
    const recorder = new CoverageRecorder()
    shared = recorder
    process.once('exit', () => recorder.flush())
  }
  return shared
}

/**
 * Records an actor a test drives, for `npm run flows -- coverage`. The model harness calls it for
 * every system under test; a rule test may call it for an actor of its own (say, one driven by
 * fake timers) to count what it exercises.
 */
export function recordCoverage(actor: AnyActorRef | undefined): void {
  if (!actor || !coverageEnabled()) return
  workerRecorder().attach(actor)
}

/** Writes this worker's coverage file now. */
export function flushCoverage(): void {
  if (shared && coverageEnabled()) shared.flush()
}
