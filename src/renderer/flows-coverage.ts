// The e2e journeys' flow coverage, in the browser: a CoverageCollector (the machine tests' recorder
// without its files) fed by the page's inspection stream; every item it records for the first time
// goes to the Playwright fixture through the exposed binding, which writes the e2e coverage files.
// Loaded only when the page has that binding (page-inspection.ts): never on a normal visit.
import type { InspectionEvent, Observer } from 'xstate'
import { CoverageCollector, type CoverageItem } from '../machines/testing/coverage-core'

export function startCoverageRecorder(report: (items: CoverageItem[]) => unknown): Observer<InspectionEvent> {
  let pending: CoverageItem[] = []
  const collector = new CoverageCollector({ onRecord: (item) => void pending.push(item) })
  return {
    next: (event) => {
      collector.inspect(event)
      if (pending.length === 0) return
      const items = pending
      pending = []
      // Sent at once, not batched for later: an action may leave the page right after (a full load).
      void Promise.resolve(report(items)).catch(() => {})
    },
  }
}
