import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { TEST_TMPDIR } from './harness'
import { freePort } from './free-port'

/**
 * A PostgreSQL cluster of the test's own, on a free port, for tests that crash and restart it: the
 * machine's shared server must stay up for the rest of the suite. Needs Debian's PostgreSQL
 * binaries (initdb, pg_ctl); run as root, the cluster belongs to the postgres user.
 */
export interface OwnPostgres {
  url: string
  /** Stops it as a crash would (`pg_ctl -m immediate`): no checkpoint, connections cut. */
  crash(): void
  /** Starts it unless it runs already. */
  start(): void
  /** Stops it and removes its files. */
  destroy(): void
}

function binDir(): string {
  const fromConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' })
  const candidates = [
    fromConfig.status === 0 ? fromConfig.stdout.trim() : '',
    ...(existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)).map((v) => `/usr/lib/postgresql/${v}/bin`) : []),
  ]
  const found = candidates.find((dir) => dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')))
  if (!found) throw new Error("PostgreSQL's initdb and pg_ctl were not found (pg_config --bindir, /usr/lib/postgresql/*/bin): install Debian's postgresql to run this test")
  return found
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = binDir()
  const port = await freePort()
  const dir = mkdtempSync(join(TEST_TMPDIR, 'casino-own-pg-'))
  const data = join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  let uid = 0
  let gid = 0
  if (asRoot) {
    uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
  }
  // initdb refuses to run as root: as root, the postgres user runs the cluster.
  const spawnTool = (file: string, args: string[]) =>
    asRoot ? spawnSync('runuser', ['-u', 'postgres', '--', join(bin, file), ...args], { encoding: 'utf8' }) : spawnSync(join(bin, file), args, { encoding: 'utf8' })
  const run = (file: string, args: string[]) => {
    const result = spawnTool(file, args)
    if (result.status !== 0) throw new Error(`${file} ${args.join(' ')} failed: ${result.stderr || result.stdout || result.error?.message}`)
  }
  run('initdb', ['-D', data, '--auth=trust', '--username=postgres', '--no-sync', '--encoding=UTF8', '--locale=C'])
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`
  const running = () => spawnTool('pg_ctl', ['-D', data, 'status']).status === 0
  // Does nothing when it runs already, so a test can start it in a finally whatever happened before.
  const start = () => {
    if (!running()) run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start'])
  }
  const crash = () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
  start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    crash,
    start,
    destroy() {
      try {
        crash()
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
