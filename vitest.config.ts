import { defineConfig } from 'vitest/config'
import { linguiMacros } from './scripts/vite-lingui-macros.ts'
import { lingui } from '@lingui/vite-plugin'
import { fileURLToPath } from 'node:url'

export default defineConfig({
  plugins: [linguiMacros(), lingui()],
  resolve: { alias: { 'styled-system': fileURLToPath(new URL('./styled-system', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Views opt in with `// @vitest-environment happy-dom` at the top of their test file.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    globalSetup: ['./server/test/global-setup.ts'],
    // Flow coverage recorded by machine tests is flushed after every file.
    setupFiles: ['./src/machines/testing/vitest-setup.ts'],
  },
})
