// The built site on a fresh embedded database, as a newcomer gets it, for the Playwright journeys.
import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const dataDir = mkdtempSync(join(tmpdir(), 'casino-e2e-'))
const port = process.env.E2E_PORT ?? '3100'
// A copy of the content that e2e/content.spec.ts edits; the same for every other journey.
const contentDir = join(tmpdir(), `casino-e2e-content-${port}`)
rmSync(contentDir, { recursive: true, force: true })
cpSync('content', contentDir, { recursive: true })
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, APP_ENV: 'demo', PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}`, DATABASE_URL: '',
    // Content as in production: an edit shows after the operator's reload call.
    CONTENT_DIR: contentDir, CONTENT_WATCH: 'off',
    // Every journey comes from 127.0.0.1: raise the login throttles (refused in production).
    AUTH_THROTTLE_MULTIPLIER: '50',
    // e2e/forms.spec.ts: a partner origin (pages served by the test itself) that may frame /forms.
    // localhost, not a made-up host: Chromium refuses to frame a loopback page from a public one.
    FRAME_ALLOWLIST: `http://localhost:${port}`,
    // A journey may shorten its own context's inactivity limit with a cookie (refused in production).
    E2E_TEST_OVERRIDES: '1',
    // Known to e2e/live-balance.spec.ts, which signs wallet credits with the provider secret derived from it.
    SESSION_SECRET: process.env.E2E_SESSION_SECRET ?? 'e2e-session-secret-0123456789abcdef-0123456789abcdef',
    // The operator calls (ban, self-exclude) that e2e/account-status.spec.ts makes; demo only.
    OPERATOR_TOKEN: process.env.OPERATOR_TOKEN ?? 'e2e-operator-token-0123456789abcdef' },
})
const stop = () => {
  server.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(contentDir, { recursive: true, force: true })
  process.exit(code ?? 0)
})
