import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

/** The currency of a site with no setting for it (SPEC §3: the only currency constant is USD). */
export const DEFAULT_CURRENCY = 'USD'

/** All settings rows as one object, key -> JSON value. */
export async function readSettings(db: Kysely<DB>, keys?: readonly string[]): Promise<Record<string, unknown>> {
  let query = db.selectFrom('settings').select(['key', 'value'])
  if (keys) query = query.where('key', 'in', keys.length ? [...keys] : [''])
  const rows = await query.execute()
  return Object.fromEntries(rows.map((r) => [r.key, r.value]))
}

export async function writeSetting(db: Kysely<DB>, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value)
  await db
    .insertInto('settings')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: new Date() }))
    .execute()
}
