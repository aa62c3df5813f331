import { defineConfig } from 'vitest/config'
import { linguiMacros } from './scripts/vite-lingui-macros.ts'
import { lingui } from '@lingui/vite-plugin'
import { fileURLToPath } from 'node:url'
import { availableParallelism } from 'node:os'

// Four projects, so a developer runs one layer: `npm run test:unit`, `test:machines`, `test:views`,
// `test:server` (or `npx vitest run --project <name>`); `npm test` runs them all in one pool.
export default defineConfig({
  plugins: [linguiMacros(), lingui()],
  resolve: { alias: { 'styled-system': fileURLToPath(new URL('./styled-system', import.meta.url)) } },
  test: {
    environment: 'node',
    pool: 'forks',
    // Every core: vitest's default leaves one free, which on this 2-core machine ran the files one
    // at a time while the PostgreSQL files mostly wait on the database.
    maxWorkers: availableParallelism(),
    // A worker keeps its modules from one test file to the next: a fresh module graph per file
    // cost twice the CPU (xstate's graph code and the server app re-imported and never warmed up).
    // Nothing is shared that a file could change behind another's back: no file mocks a module,
    // fake timers are restored after each test, views clean up what they render, and a server
    // file's app and database are its own (server/test/harness.ts).
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Flow coverage recorded by machine tests (and views that run machines) is flushed after every file.
    setupFiles: ['./src/machines/testing/vitest-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.{ts,tsx}', 'src/services/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
        },
      },
      { extends: true, test: { name: 'machines', include: ['src/machines/**/*.test.{ts,tsx}'] } },
      {
        extends: true,
        // Views opt in with `// @vitest-environment happy-dom` at the top of their test file; the
        // server-rendering ones stay on node.
        test: {
          name: 'views',
          include: ['src/ui/**/*.test.{ts,tsx}', 'src/renderer/**/*.test.{ts,tsx}', 'src/routes/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          // The PGlite template data dir, and this run's name for its PostgreSQL clones.
          globalSetup: ['./server/test/global-setup.ts'],
        },
      },
    ],
  },
})
