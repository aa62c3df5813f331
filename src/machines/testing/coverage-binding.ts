/**
 * The function the e2e fixture (e2e/flows-coverage.ts) exposes to every page with Playwright's
 * exposeBinding. Its presence is the flag: a page that has it records the flows it runs
 * (src/renderer/page-inspection.ts) and reports each newly covered state, transition and event to it.
 * Nothing else defines it, so a normal visit never loads the recorder.
 */
export const E2E_COVERAGE_BINDING = '__flowsCoverageRecord'
