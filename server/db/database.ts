import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { createPgConfig } from '@electric-sql/pglite/node-postgres'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import type { Config } from '../config'
import { acquireLock, type DirLock } from './lock'
import type { DB } from './schema'

/**
 * The database: Kysely over PostgreSQL, either a real server (DATABASE_URL) or PGlite embedded in
 * DATA_DIR. Both go through node-postgres and Kysely's PostgresDialect; PGlite sits behind a
 * one-connection pool, which queues transactions one after another (kysely-pglite interleaves
 * them: see STACK.md). PGlite runs one statement at a time, so never await another database
 * call while holding a transaction open from outside it.
 */

export interface Database {
  db: Kysely<DB>
  kind: 'pglite' | 'postgres'
  /** The embedded database itself, for what node-postgres cannot reach (its LISTEN: server/realtime/notifier.ts). */
  pglite?: PGlite
  close(): Promise<void>
}

const INT8 = 20
const INT8_ARRAY = 1016

/** int8 (bigserial ids, money, count(*)) as BigInt: pg would give strings, and numbers lose precision. */
const bigintTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8) return (v: string) => BigInt(v)
    if (oid === INT8_ARRAY) {
      const getParser = pg.types.getTypeParser as (oid: number, format: 'text') => (v: string) => unknown
      const parseArray = getParser(INT8_ARRAY, 'text') as (v: string) => (string | null)[]
      return (v: string) => parseArray(v).map((x) => (x === null ? null : BigInt(x)))
    }
    return pg.types.getTypeParser(oid, format as 'text')
  },
} as pg.CustomTypesConfig

/** Where the embedded database keeps its files, and its lock file, under DATA_DIR. */
export function pgliteDir(dataDir: string): string {
  return join(dataDir, 'pglite')
}
export function lockFile(dataDir: string): string {
  return join(dataDir, 'server.lock')
}

/**
 * `onPoolError` hears a pooled PostgreSQL connection that failed while idle (the server restarted
 * or cut it): the pool drops it and the next request opens a new one.
 */
export async function openDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema'>,
  onPoolError: (err: Error) => void = () => {},
): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, config.databaseSchema, onPoolError) : openPglite(config.dataDir)
}

async function openPglite(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true })
  const lock: DirLock = acquireLock(lockFile(dataDir))
  let pglite: PGlite | undefined
  try {
    // pg_trgm: the catalogue's typo-tolerant search (docs/decisions/009-game-search-trigrams.md).
    pglite = new PGlite(pgliteDir(dataDir), { extensions: { pg_trgm } })
    await pglite.waitReady
    const pool = new pg.Pool(
      Object.assign(createPgConfig(pglite), {
        max: 1,
        // The one connection lives as long as the process: reconnecting buys nothing in-process.
        idleTimeoutMillis: 0,
        types: bigintTypes,
      }) as pg.PoolConfig,
    )
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
    const owned = pglite
    return {
      db,
      kind: 'pglite',
      pglite: owned,
      async close() {
        try {
          await db.destroy()
          await owned.close()
        } finally {
          lock.release()
        }
      },
    }
  } catch (err) {
    await pglite?.close().catch(() => {})
    lock.release()
    throw err
  }
}

async function openPostgres(url: string, schema: string | null, onPoolError: (err: Error) => void): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    types: bigintTypes,
    max: 10,
    // A connection attempt to a database that is down fails within this, not at the OS's timeout.
    connectionTimeoutMillis: 5_000,
    // public too: extensions (pg_trgm) live there, once per database, whatever schema the app uses.
    ...(schema ? { options: `-c search_path=${schema},public` } : {}),
  })
  // Without a listener a connection's error (a restart of PostgreSQL) would end the process: the
  // pool hears its idle ones; one checked out (a transaction between statements) has none of its
  // own, and its failure reaches the request through the statement it fails.
  pool.on('error', onPoolError)
  pool.on('connect', (client) => client.on('error', () => {}))
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
  try {
    if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db)
    else await sql`select 1`.execute(db)
  } catch (err) {
    await db.destroy().catch(() => {})
    const where = redactUrl(url)
    throw new Error(`Cannot connect to PostgreSQL at ${where}: ${(err as Error).message}`, { cause: err })
  }
  return { db, kind: 'postgres', close: () => db.destroy() }
}

/** A connection string fit for logs and error messages: no password. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return '(unparseable DATABASE_URL)'
  }
}
