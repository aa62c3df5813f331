import pg from 'pg'
import { openDatabase, redactUrl } from '../db/database'
import { migrateToLatest } from '../db/migrate'
import { seedIfEmpty } from '../seed/seed'
import { makeTestConfig } from './config'
import { templateKey } from './template'

/**
 * The PostgreSQL side of the test databases: one database migrated and seeded once per tree (keyed
 * like the PGlite template), cloned with `CREATE DATABASE ... TEMPLATE` for every test file. A
 * clone takes about a tenth of a second; migrating and seeding a fresh schema took close to one.
 * The data lives in schema `app`, so the tests still run the server with DATABASE_SCHEMA set.
 */

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/** The schema inside each test database. */
export const TEMPLATE_SCHEMA = 'app'

const TEMPLATE_PREFIX = 'casino_tpl_'
const CLONE_PREFIX = 'casino_t_'
/** Clones left by a run that was killed, and templates of older trees, go after this long. */
const STALE_MS = 6 * 3_600_000

/** The connection string of another database on the same server. */
export function databaseUrl(name: string, base = TEST_DATABASE_URL): string {
  const url = new URL(base)
  url.pathname = `/${name}`
  return url.toString()
}

/** A test that needs PostgreSQL fails with this, never skips: a skipped suite proves nothing. */
export async function assertPostgresReachable(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
  try {
    await client.connect()
    await client.query('select 1')
  } catch (err) {
    throw new Error(
      `PostgreSQL not reachable at ${redactUrl(url)}: start it or set TEST_DATABASE_URL (${(err as Error).message})`,
    )
  } finally {
    await client.end().catch(() => {})
  }
}

async function withAdmin<T>(body: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5000 })
  try {
    await client.connect()
  } catch (err) {
    throw new Error(
      `PostgreSQL not reachable at ${redactUrl(TEST_DATABASE_URL)}: start it or set TEST_DATABASE_URL (${(err as Error).message})`,
    )
  }
  try {
    return await body(client)
  } finally {
    await client.end().catch(() => {})
  }
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`

/** Creation time, kept as the database's comment: pg_database has no column for it. */
const stamp = (client: pg.Client, name: string) => client.query(`comment on database ${ident(name)} is '${new Date().toISOString()}'`)

/** Drops a database, closing any connection a crashed test left on it. */
async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  await client.query(`alter database ${ident(name)} is_template false`).catch(() => {})
  await client.query(`drop database if exists ${ident(name)} with (force)`)
}

let ensured: Promise<string> | undefined

/**
 * The template database of this tree, built on first use. Workers of one run, and runs of other
 * trees on the same server, wait for each other on an advisory lock, so it is built once.
 */
export function ensurePostgresTemplate(): Promise<string> {
  ensured ??= buildTemplate().catch((err: unknown) => {
    ensured = undefined
    throw err
  })
  return ensured
}

async function buildTemplate(): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${templateKey()}`
  return withAdmin(async (admin) => {
    // One lock for all template work on this server: building, and pruning what is stale.
    await admin.query(`select pg_advisory_lock(hashtext('casino test templates'))`)
    try {
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name])
      if (!rowCount) {
        const building = `${name}_building`
        await dropDatabase(admin, building)
        await admin.query(`create database ${ident(building)}`)
        try {
          const config = makeTestConfig({ databaseUrl: databaseUrl(building), databaseSchema: TEMPLATE_SCHEMA })
          const database = await openDatabase(config)
          try {
            await migrateToLatest(database.db)
            await seedIfEmpty(database.db, config)
          } finally {
            await database.close()
          }
          await admin.query(`alter database ${ident(building)} rename to ${ident(name)}`)
        } catch (err) {
          await dropDatabase(admin, building).catch(() => {})
          throw err
        }
        await admin.query(`alter database ${ident(name)} is_template true`)
      }
      // Last used now: a template in use is never stale.
      await stamp(admin, name)
      await pruneStale(admin, name)
    } finally {
      await admin.query(`select pg_advisory_unlock(hashtext('casino test templates'))`)
    }
    return name
  })
}

/** Templates unused for STALE_MS (other trees') and clones of killed runs: about 15 MB each. */
async function pruneStale(admin: pg.Client, keep: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string; made: string | null }>(
    `select datname, shobj_description(oid, 'pg_database') as made from pg_database`,
  )
  const now = Date.now()
  for (const { datname, made } of rows) {
    if (datname === keep || !(datname.startsWith(TEMPLATE_PREFIX) || datname.startsWith(CLONE_PREFIX))) continue
    const at = made ? Date.parse(made) : NaN
    if (Number.isNaN(at) || now - at > STALE_MS) await dropDatabase(admin, datname).catch(() => {})
  }
}

/** A new database cloned from the template for one test file of run `run`; returns its name. */
export async function clonePostgresTemplate(run: string): Promise<string> {
  const name = `${CLONE_PREFIX}${run}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const clone = async () => {
    const template = await ensurePostgresTemplate()
    await withAdmin(async (admin) => {
      // Shared with other clones, exclusive with pruning: a clone is never seen before its stamp,
      // when pruning would take it for one a killed run left behind.
      await admin.query(`select pg_advisory_lock_shared(hashtext('casino test templates'))`)
      try {
        await admin.query(`create database ${ident(name)} template ${ident(template)}`)
        await stamp(admin, name)
      } finally {
        await admin.query(`select pg_advisory_unlock_shared(hashtext('casino test templates'))`)
      }
    })
  }
  try {
    await clone()
  } catch (err) {
    // Another tree's run pruned this template after a long idle spell: build it again, once.
    if ((err as { code?: string }).code !== '3D000') throw err
    ensured = undefined
    await clone()
  }
  return name
}

/**
 * Drops a clone once its file closed it. A connection the file ended may linger on the server for
 * a moment; one still there after a few seconds is left to dropRunClones at the end of the run,
 * rather than killed under a client that would report the kill as an error.
 */
export async function dropPostgresClone(name: string): Promise<void> {
  if (!name.startsWith(CLONE_PREFIX)) throw new Error(`not a test clone: ${name}`)
  await withAdmin(async (admin) => {
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        await admin.query(`drop database if exists ${ident(name)}`)
        return
      } catch (err) {
        if ((err as { code?: string }).code !== '55006') throw err
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    }
  })
}

/** A name for one test run, part of the name of every clone it makes. */
export const newRunId = (): string => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/** The run's clones still there when it ends (their files failed, or a connection lingered). */
export async function dropRunClones(run: string): Promise<void> {
  await withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database')
    for (const { datname } of rows) if (datname.startsWith(`${CLONE_PREFIX}${run}_`)) await dropDatabase(admin, datname)
  }).catch(() => {
    // No PostgreSQL, no clones: the files that needed it have failed with the reason already.
  })
}
