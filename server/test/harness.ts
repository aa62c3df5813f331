import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, inject } from 'vitest'
import { buildApp, type BuildAppOptions } from '../app'
import type { Config } from '../config'
import { openDatabase, type Database } from '../db/database'
import { assertLedgerInvariant } from '../domain/wallet/invariant'
import { makeTestConfig } from './config'
import { clonePostgresTemplate, databaseUrl, dropPostgresClone, TEMPLATE_SCHEMA, TEST_DATABASE_URL } from './postgres-template'
import { copyTemplate } from './template'

/**
 * Test databases, each a private copy of a migrated and seeded template: on PGlite a copy of the
 * template data dir (server/test/template.ts), on the PostgreSQL server a database cloned from the
 * template database (server/test/postgres-template.ts), both thrown away after the file.
 */

export { assertPostgresReachable, TEST_DATABASE_URL } from './postgres-template'

/**
 * Where test data dirs go: tmpfs when the machine has one. A PGlite dir is about a thousand files,
 * and copying and deleting them on disk took seconds per test file; on tmpfs it takes a tenth.
 */
export const TEST_TMPDIR = process.env.TEST_TMPDIR ?? (existsSync('/dev/shm') ? '/dev/shm' : tmpdir())

export type BackendName = 'pglite' | 'postgres'
/**
 * Both backends: for a file with tests that race several connections, check the books under
 * concurrency, or take a path that differs on the server (LISTEN/NOTIFY). ARCHITECTURE §6.
 */
export const BACKENDS: readonly BackendName[] = ['pglite', 'postgres']
/**
 * API and domain tests with nothing to race run on PGlite alone: it is PostgreSQL's own engine
 * with one connection, so running them on the server as well only ran the same SQL twice.
 */
export const PGLITE_ONLY: readonly BackendName[] = ['pglite']

export interface TestDatabase extends Database {
  config: Config
  /** The app's clock: set `clock.now` to freeze or move time, null for the real time. */
  clock: { now: Date | null }
}

/** A time to the whole second (what the API's ISO dates carry), now by default. */
export const wholeSecond = (at: Date = new Date()): Date => new Date(Math.floor(at.getTime() / 1000) * 1000)

/**
 * Runs `body` with the app's clock at `at` (the body may move `database.clock.now` on), then gives
 * the app the real time back, whether the body passed or failed.
 */
export async function withClock<T>(database: Pick<TestDatabase, 'clock'>, at: Date, body: (at: Date) => Promise<T>): Promise<T> {
  database.clock.now = at
  try {
    return await body(at)
  } finally {
    database.clock.now = null
  }
}

/**
 * Opens a seeded database on `backend`. The config's clock reads `clock.now` when set, else the
 * real time, so a test can freeze or move time without rebuilding the app.
 *
 * `close()` first asserts the ledger invariant (server/domain/wallet/invariant.ts): every server
 * test file that opens a database fails if it left a balance that is not the sum of its ledger
 * entries, or below zero, whatever the file was testing. The database is closed either way.
 */
export async function openTestDatabase(backend: BackendName, overrides: Partial<Config> = {}): Promise<TestDatabase> {
  const clock: { now: Date | null } = { now: null }
  const now = () => clock.now ?? new Date()
  if (backend === 'pglite') {
    const dataDir = mkdtempSync(join(TEST_TMPDIR, 'casino-test-'))
    copyTemplate(inject('pgliteTemplate'), dataDir)
    const config = makeTestConfig({ dataDir, ...overrides, test: { now } })
    const database = await openDatabase(config)
    return {
      ...database,
      config,
      clock,
      async close() {
        try {
          await assertLedgerInvariant(database.db)
        } finally {
          await database.close()
          rmSync(dataDir, { recursive: true, force: true })
        }
      },
    }
  }

  const name = await clonePostgresTemplate(inject('testRun'))
  const config = makeTestConfig({ databaseUrl: databaseUrl(name), databaseSchema: TEMPLATE_SCHEMA, ...overrides, test: { now } })
  let database: Database
  try {
    database = await openDatabase(config)
  } catch (err) {
    await dropPostgresClone(name)
    throw err
  }
  return {
    ...database,
    config,
    clock,
    async close() {
      try {
        await assertLedgerInvariant(database.db)
      } finally {
        await database.close()
        await dropPostgresClone(name)
      }
    },
  }
}

/** Drops a test schema on the PostgreSQL server, with everything in it. */
export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL })
  await client.connect()
  try {
    await client.query(`drop schema if exists "${schema}" cascade`)
  } finally {
    await client.end()
  }
}

/** The app on a test database; extra routes can be added before the first `inject`. */
export function buildTestApp(database: TestDatabase, options: Partial<BuildAppOptions> = {}): Promise<FastifyInstance> {
  return buildApp({
    config: database.config,
    db: database.db,
    clientDir: join(tmpdir(), 'casino-test-no-client-build'),
    validateResponses: true,
    ...options,
  })
}

/** The `name=value` pair of a Set-Cookie header, for sending back as Cookie. */
export function cookiePair(setCookie: string | string[] | undefined, name: string): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []
  const found = all.find((c) => c.startsWith(`${name}=`))
  return found?.split(';')[0]
}

/** What an API test file may add to its fixture; every hook runs once, in beforeAll. */
export interface TestAppOptions {
  config?: Partial<Config>
  app?: Partial<BuildAppOptions>
  /** Writes what the app must find when it is built (settings, rows), on the fresh database. */
  beforeBuild?: (database: TestDatabase) => void | Promise<void>
  /** Adds what must be there before the app is ready, such as routes of the test's own. */
  beforeReady?: (app: FastifyInstance, database: TestDatabase) => void | Promise<void>
}

/**
 * The usual fixture of an API test file: a seeded database on `backend` and the app on it, made
 * before the file's tests and closed after them (closing asserts the ledger invariant). Read
 * `t.app` and `t.database` inside tests and hooks, not at the top level: they exist from beforeAll.
 * A file's own beforeAll hooks declared after this call run after it, with both in place.
 */
export function useTestApp(backend: BackendName, options: TestAppOptions = {}): {
  readonly database: TestDatabase
  readonly app: FastifyInstance
} {
  const made: { database?: TestDatabase; app?: FastifyInstance } = {}
  beforeAll(async () => {
    made.database = await openTestDatabase(backend, options.config)
    await options.beforeBuild?.(made.database)
    made.app = await buildTestApp(made.database, options.app)
    await options.beforeReady?.(made.app, made.database)
    await made.app.ready()
  })
  afterAll(async () => {
    await made.app?.close()
    await made.database?.close()
  })
  const need = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`useTestApp: ${name} is made in beforeAll; read it inside a test or hook`)
    return value
  }
  return {
    get database() {
      return need(made.database, 'database')
    },
    get app() {
      return need(made.app, 'app')
    },
  }
}
