import type { InspectionEvent, Observer } from 'xstate'
import { E2E_COVERAGE_BINDING } from '../machines/testing/coverage-binding'
import type { CoverageItem } from '../machines/testing/coverage-core'

/** The query that attaches the Stately inspector (ARCHITECTURE §3); /_flows links to pages with it. */
export const INSPECT_PARAM = 'inspect'

/**
 * What watches this page's actors, decided before the root actor starts because inspection
 * attaches when actors are created: the Stately inspector with `?inspect=1`, the e2e coverage
 * recorder when the Playwright fixture exposed its binding. Never in production; each piece is its
 * own chunk, loaded only when asked for, so a normal visit pays for neither.
 */
export async function pageInspection(appEnv: string): Promise<Observer<InspectionEvent> | undefined> {
  if (appEnv === 'production') return undefined
  const observers: Observer<InspectionEvent>[] = []
  if (new URLSearchParams(location.search).get(INSPECT_PARAM) === '1') {
    observers.push((await import('./inspector')).startInspector())
  }
  const record = (window as unknown as Record<string, unknown>)[E2E_COVERAGE_BINDING]
  if (typeof record === 'function') {
    const report = record as (items: CoverageItem[]) => unknown
    observers.push((await import('./flows-coverage')).startCoverageRecorder(report))
  }
  if (observers.length === 0) return undefined
  if (observers.length === 1) return observers[0]
  return { next: (event) => observers.forEach((o) => o.next?.(event)) }
}
