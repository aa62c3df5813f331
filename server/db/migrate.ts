import { Migrator, sql, type Kysely } from 'kysely'
import type { DB } from './schema'
import { migrations } from './migrations/index'

export class MigrationError extends Error {
  override name = 'MigrationError'
}

/**
 * Brings the schema to the latest migration; run at every start. On PostgreSQL Kysely takes an
 * advisory lock, so several instances starting together migrate once.
 */
export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in any schema unless told which one; with several
  // schemas on one server (a test schema per file) it would find another's and skip its own.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db)
  const migrator = new Migrator({
    db,
    migrationTableSchema: rows[0]?.schema ?? 'public',
    provider: { getMigrations: async () => migrations },
  })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    const which = failed ? ` in ${failed.migrationName}` : ''
    throw new MigrationError(`Database migration failed${which}: ${(error as Error)?.message ?? 'unknown error'}`, {
      cause: error,
    })
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
