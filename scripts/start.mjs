// `npm start`: serve the production build, building it first when there is none.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

if (!existsSync('dist/server/entry.mjs') || !existsSync('dist/client')) {
  console.log('No production build yet: building it once (npm run build)...')
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
  if (built.status !== 0) process.exit(built.status ?? 1)
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', ...process.argv.slice(2)], { stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
