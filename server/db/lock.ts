import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'

/**
 * A pid file that keeps two processes off one embedded data dir: PGlite has no lock of its own,
 * and a second process would open and write the same files without any error (see STACK.md).
 * A lock left by a process that no longer runs (kill -9, a crash) is taken over.
 */

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `The data directory is in use by process ${pid} (lock file ${lockFile}). ` +
        'Stop that process, or set DATA_DIR to another directory. If no such process runs, delete the lock file.',
    )
    this.name = 'DataDirLockedError'
  }
}

export interface DirLock {
  readonly file: string
  release(): void
}

/** Lock files this process holds, so a second open in the same process is refused. */
const heldHere = new Set<string>()

/**
 * Whether the pid in a lock file belongs to a running process other than a dead earlier one.
 * Our own pid is alive only if this process took the lock: in a container every start is pid 1,
 * so a lock naming our pid that we did not take was left by the previous start.
 */
function isAlive(pid: number, file: string): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  if (pid === process.pid) return heldHere.has(file)
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Creates `file` holding our pid, atomically: the pid is written to a private file first and then
 * hard-linked into place (link fails if the name exists), so no one ever reads a half-written lock.
 */
function tryCreate(file: string): boolean {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
  writeFileSync(tmp, `${process.pid}\n`, { mode: 0o644 })
  try {
    linkSync(tmp, file)
    return true
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw err
  } finally {
    unlinkSync(tmp)
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10)
    return Number.isNaN(pid) ? null : pid
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
}

export function acquireLock(file: string): DirLock {
  const guard = `${file}.takeover`
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(file)) return makeLock(file)
    const pid = readPid(file)
    if (pid !== null && isAlive(pid, file)) throw new DataDirLockedError(file, pid)
    // Stale (dead pid) or unreadable. Two processes may find it stale at once, so the takeover
    // itself is guarded: only the one that creates the guard file removes the stale lock, and only
    // if it still names the dead pid (never a lock another process has just written).
    if (!tryCreate(guard)) {
      const guardPid = readPid(guard)
      if (guardPid !== null && isAlive(guardPid, guard)) throw new DataDirLockedError(file, guardPid)
      removeIfExists(guard)
      continue
    }
    try {
      if (readPid(file) === pid) removeIfExists(file)
      if (tryCreate(file)) return makeLock(file)
    } finally {
      removeIfExists(guard)
    }
  }
  throw new DataDirLockedError(file, readPid(file) ?? -1)
}

function removeIfExists(file: string): void {
  try {
    unlinkSync(file)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
}

function makeLock(file: string): DirLock {
  heldHere.add(file)
  let held = true
  return {
    file,
    release() {
      if (!held) return
      held = false
      heldHere.delete(file)
      // Only remove the file if it is still ours.
      if (readPid(file) === process.pid) removeIfExists(file)
    },
  }
}
