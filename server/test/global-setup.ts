import type { TestProject } from 'vitest/node'
import { dropRunClones, newRunId } from './postgres-template'
import { ensureTemplate } from './template'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated and seeded PGlite data dir that server tests copy (server/test/template.ts). */
    pgliteTemplate: string
    /** This run's name, in the names of the PostgreSQL databases it clones (postgres-template.ts). */
    testRun: string
  }
}

// Prepares the PGlite template data dir once per run (reused across runs while its inputs are
// unchanged). The PostgreSQL template is built by the first file that needs it, so a run without
// PostgreSQL still runs every PGlite file; the run's leftover clones are dropped at its end.
export default async function setup(project: TestProject) {
  const run = newRunId()
  project.provide('testRun', run)
  project.provide('pgliteTemplate', await ensureTemplate())
  return () => dropRunClones(run)
}
