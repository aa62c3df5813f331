// Runs before every test file (vitest.config.ts setupFiles): whatever a file's tests recorded for
// flow coverage is written when the file ends, so no test file has to remember to flush.
import { afterAll } from 'vitest'
import { flushCoverage } from './coverage'

afterAll(() => flushCoverage())
