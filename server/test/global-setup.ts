import type { TestProject } from 'vitest/node'
import { ensureTemplate } from './template'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated and seeded PGlite data dir that server tests copy (server/test/template.ts). */
    pgliteTemplate: string
  }
}

// Prepares the PGlite template data dir once per run (reused across runs while its inputs are unchanged).
export default async function setup(project: TestProject) {
  project.provide('pgliteTemplate', await ensureTemplate())
}
