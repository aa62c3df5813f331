import { Migrator, type Kysely } from 'kysely'
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
  const migrator = new Migrator({
    db,
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
