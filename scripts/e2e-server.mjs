// The built site on a fresh embedded database, as a newcomer gets it, for the Playwright journeys.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const dataDir = mkdtempSync(join(tmpdir(), 'casino-e2e-'))
const port = process.env.E2E_PORT ?? '3100'
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, APP_ENV: 'demo', PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}`, DATABASE_URL: '',
    // Every journey comes from 127.0.0.1: raise the login throttles (refused in production).
    AUTH_THROTTLE_MULTIPLIER: '50' },
})
const stop = () => {
  server.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(code ?? 0)
})
