// A migration test's database: a schema of its own on the PostgreSQL server, migrated up to the
// migration before the one under test, dropped afterwards. Each test file gets a fresh schema, so
// migration tests run beside every other server test.
import { Migrator, type Kysely } from 'kysely'
import { afterAll, beforeAll } from 'vitest'
import { openDatabase, type Database } from '../db/database'
import { migrations } from '../db/migrations/index'
import { assertPostgresReachable, dropSchema, TEST_DATABASE_URL } from './harness'

export interface MigrationSchema {
  /** The schema's database, untyped: the generated schema types follow the latest migration only. */
  readonly db: () => Kysely<any>
  /** Migrates up or down to the named migration; throws what the migrator reports. */
  readonly migrateTo: (name: string) => Promise<void>
}

/** Registers the schema's set-up (migrated to `before`) and tear-down for this test file. */
export function useMigrationSchema(label: string, before: string): MigrationSchema {
  const schema = `test_${label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  let database: Database | undefined
  const db = (): Kysely<any> => {
    if (!database) throw new Error(`useMigrationSchema(${label}): the schema is not open yet`)
    return database.db as unknown as Kysely<any>
  }
  const migrateTo = async (name: string) => {
    const migrator = new Migrator({ db: db(), migrationTableSchema: schema, provider: { getMigrations: async () => migrations } })
    // Kysely's migrator looks for its table across every schema; another file dropping its own
    // schema in that moment fails the look-up (3F000 naming that schema), not our migration: again.
    for (let attempt = 1; ; attempt++) {
      const { error } = await migrator.migrateTo(name)
      if (!error) return
      if (attempt >= 3 || !isOtherSchemaGone(error, schema)) throw error
    }
  }

  beforeAll(async () => {
    await assertPostgresReachable(TEST_DATABASE_URL)
    database = await openDatabase({ dataDir: '', databaseUrl: TEST_DATABASE_URL, databaseSchema: schema })
    await migrateTo(before)
  })
  afterAll(async () => {
    await database?.close()
    await dropSchema(schema)
  })
  return { db, migrateTo }
}

function isOtherSchemaGone(error: unknown, ours: string): boolean {
  const e = error as { code?: unknown; message?: unknown }
  return e.code === '3F000' && typeof e.message === 'string' && e.message.includes('"test_') && !e.message.includes(ours)
}
