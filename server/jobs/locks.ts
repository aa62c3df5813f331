import { createHash } from 'node:crypto'
import pg from 'pg'

/**
 * Who may run a background job: a lock per job name. On PostgreSQL a session-level advisory lock on
 * one connection of the runner's own, so the lock lives exactly as long as that connection: a
 * process that dies (kill -9 included) closes it and PostgreSQL frees the lock for another instance.
 */
export interface JobLocks {
  /** Takes the lock of `job` if free; true while this runner holds it (asking again is harmless). */
  acquire(job: string): Promise<boolean>
  /** Whether the locks this runner holds are still its own (the connection still alive). */
  stillHeld(): Promise<boolean>
  release(job: string): Promise<void>
  /** Releases every lock and closes the connection. */
  close(): Promise<void>
}

/**
 * The 64-bit advisory lock key of a job in a schema: two test schemas (or two sites sharing one
 * database) never take each other's lock, and the name space keeps clear of other advisory locks.
 */
export function jobLockKey(schema: string, job: string): bigint {
  return createHash('sha256').update(`casino job\0${schema}\0${job}`).digest().readBigInt64BE(0)
}

/** PGlite is one process holding DATA_DIR's lock file: it is the only instance, so every lock is its own. */
export const inProcessLocks = (): JobLocks => ({
  acquire: async () => true,
  stillHeld: async () => true,
  release: async () => {},
  close: async () => {},
})

export interface PgJobLocksOptions {
  connectionString: string
  schema: string | null
  /** A connection that dropped: its locks are gone, and the runner is told through stillHeld. */
  onError?: (err: unknown) => void
}

/**
 * Advisory locks on one dedicated connection, opened on first use and again after it dropped (the
 * next acquire reconnects). It is never the app's pool: a pooled connection goes back to the pool
 * and its session, with the lock, would be lent to another query.
 */
export function pgJobLocks(options: PgJobLocksOptions): JobLocks {
  let client: pg.Client | null = null
  let connecting: Promise<pg.Client> | null = null
  let schema = 'public'
  const held = new Set<string>()

  const drop = (c: pg.Client) => {
    if (client !== c) return
    client = null
    held.clear()
  }

  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client)
    connecting ??= (async () => {
      const c = new pg.Client({
        connectionString: options.connectionString,
        connectionTimeoutMillis: 5_000,
        // A connection cut without a reset would hang a query for minutes: give up, reconnect.
        query_timeout: 5_000,
        ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
        application_name: 'casino job locks',
      })
      c.on('error', (err) => {
        options.onError?.(err)
        drop(c)
      })
      c.on('end', () => drop(c))
      try {
        await c.connect()
        schema = (await c.query<{ schema: string }>('select current_schema() as schema')).rows[0]?.schema ?? 'public'
      } catch (err) {
        await c.end().catch(() => {})
        throw err
      }
      client = c
      return c
    })().finally(() => {
      connecting = null
    })
    return connecting
  }

  return {
    async acquire(job) {
      if (held.has(job) && client) return true
      const c = await connect()
      let ok: boolean
      try {
        const { rows } = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [jobLockKey(schema, job).toString()])
        ok = rows[0]?.ok === true
      } catch (err) {
        drop(c)
        await c.end().catch(() => {})
        throw err
      }
      if (ok) held.add(job)
      return ok
    },
    async stillHeld() {
      const c = client
      if (!c) return false
      try {
        await c.query('select 1')
        return client === c
      } catch {
        drop(c)
        await c.end().catch(() => {})
        return false
      }
    },
    async release(job) {
      const c = client
      if (!held.delete(job) || !c) return
      await c.query('select pg_advisory_unlock($1::bigint)', [jobLockKey(schema, job).toString()]).catch(() => {})
    },
    async close() {
      await connecting?.catch(() => {})
      const c = client
      client = null
      held.clear()
      // Ending the session frees every lock it held.
      await c?.end().catch(() => {})
    },
  }
}
