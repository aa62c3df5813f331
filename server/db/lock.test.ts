import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { makeTestConfig } from '../test/config'
import { TEST_TMPDIR } from '../test/harness'
import { copyTemplate } from '../test/template'
import { lockFile, openDatabase } from './database'
import { acquireLock, DataDirLockedError } from './lock'

/** The pid of a process that has exited: a lock naming it is stale. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'])
  return Number(child.stdout.toString())
}

describe('data dir lock', () => {
  const dirs: string[] = []
  const tempDir = () => {
    const dir = mkdtempSync(join(TEST_TMPDIR, 'casino-lock-'))
    dirs.push(dir)
    return dir
  }
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('refuses a second open of a PGlite data dir, frees it on close, and takes over a stale lock', async () => {
    const dataDir = tempDir()
    copyTemplate(inject('pgliteTemplate'), dataDir)
    const config = makeTestConfig({ dataDir })
    const file = lockFile(dataDir)

    const first = await openDatabase(config)
    try {
      expect(readFileSync(file, 'utf8').trim()).toBe(String(process.pid))
      const second = openDatabase(config)
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError)
      await expect(second).rejects.toThrow(/in use by process \d+/)
    } finally {
      await first.close()
    }
    expect(existsSync(file)).toBe(false)

    // As a process killed with -9 would leave it.
    writeFileSync(file, `${deadPid()}\n`)
    const third = await openDatabase(config)
    try {
      expect(readFileSync(file, 'utf8').trim()).toBe(String(process.pid))
      const row = await third.db.selectFrom('currencies').select('code').where('code', '=', 'JPY').executeTakeFirst()
      expect(row?.code).toBe('JPY')
    } finally {
      await third.close()
    }
  })

  it('refuses a lock held by another live process', () => {
    const file = join(tempDir(), 'server.lock')
    // The parent of this worker is alive for as long as the test runs.
    writeFileSync(file, `${process.ppid}\n`)
    expect(() => acquireLock(file)).toThrow(DataDirLockedError)
    expect(readFileSync(file, 'utf8').trim()).toBe(String(process.ppid))
  })

  it('takes over a stale lock left by a dead process', () => {
    const file = join(tempDir(), 'server.lock')
    writeFileSync(file, `${deadPid()}\n`)
    const lock = acquireLock(file)
    expect(readFileSync(file, 'utf8').trim()).toBe(String(process.pid))
    lock.release()
    expect(existsSync(file)).toBe(false)
  })

  it('takes over a lock naming our own pid that this process did not take (a restarted container)', () => {
    const file = join(tempDir(), 'server.lock')
    writeFileSync(file, `${process.pid}\n`)
    const lock = acquireLock(file)
    expect(() => acquireLock(file)).toThrow(DataDirLockedError)
    lock.release()
  })

  it('takes over an unreadable lock file', () => {
    const file = join(tempDir(), 'server.lock')
    writeFileSync(file, 'garbage')
    acquireLock(file).release()
  })
})
