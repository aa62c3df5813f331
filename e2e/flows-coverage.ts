// Flow coverage of the e2e journeys (docs/flows.md): every page a journey opens gets the binding
// E2E_COVERAGE_BINDING; the app, seeing it, records its actors' inspection events in the browser
// (src/renderer/flows-coverage.ts) and sends each newly covered state, transition and event here.
// Each test worker merges what its tests' pages sent into coverage/flows/e2e-<project>-w<n>-<pid>.json,
// the machine tests' format, which `npm run flows -- coverage` reads as the e2e source.
import { join } from 'node:path'
import type { BrowserContext } from '@playwright/test'
import { E2E_COVERAGE_BINDING } from '../src/machines/testing/coverage-binding'
import { coverageDir, coverageEnabled, mergeCoverage, writeCoverageFile, type CoverageFile, type CoverageItem } from '../src/machines/testing/coverage'

export class E2eCoverageSink {
  private readonly machines = new Map<string, { states: Set<string>; transitions: Set<string>; events: Set<string> }>()
  private dirty = false

  constructor(readonly file: string) {}

  add(items: readonly CoverageItem[]): void {
    for (const { machine, kind, value } of items) {
      if (typeof machine !== 'string' || typeof value !== 'string' || !['states', 'transitions', 'events'].includes(kind)) continue
      const entry = this.machines.get(machine) ?? { states: new Set(), transitions: new Set(), events: new Set() }
      if (!entry[kind].has(value)) {
        entry[kind].add(value)
        this.dirty = true
      }
      this.machines.set(machine, entry)
    }
  }

  toJSON(): CoverageFile {
    return mergeCoverage([
      {
        version: 1,
        machines: Object.fromEntries(
          [...this.machines].map(([id, c]) => [id, { states: [...c.states], transitions: [...c.transitions], events: [...c.events] }]),
        ),
      },
    ])
  }

  /** Merges into the worker's file; cheap when nothing new arrived. */
  flush(): void {
    if (!this.dirty) return
    writeCoverageFile(this.file, this.toJSON())
    this.dirty = false
  }
}

export function e2eCoverageSink(project: string, workerIndex: number): E2eCoverageSink | undefined {
  if (!coverageEnabled()) return undefined
  const safe = project.replace(/[^A-Za-z0-9_-]/g, '_')
  return new E2eCoverageSink(join(coverageDir(), `e2e-${safe}-w${workerIndex}-${process.pid}.json`))
}

/** Gives every page of the context the binding the app records into. */
export async function recordFlowCoverage(context: BrowserContext, sink: E2eCoverageSink): Promise<void> {
  await context.exposeBinding(E2E_COVERAGE_BINDING, (_source, items: CoverageItem[]) => sink.add(Array.isArray(items) ? items : []))
}
