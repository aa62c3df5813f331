import type { Kysely } from 'kysely'

/** The device's time zone when the session began (its API calls carry it): the security page's "place". */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('time_zone', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('time_zone').execute()
}
