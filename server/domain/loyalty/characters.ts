import type { Kysely } from 'kysely'
import type { LoyaltyCharacter } from '../../../src/services/api/contract/loyalty'
import type { DB } from '../../db/schema'

/** Every loyalty character, in display order. */
export async function listCharacters(db: Kysely<DB>): Promise<LoyaltyCharacter[]> {
  return db.selectFrom('loyalty_characters').select(['id', 'name', 'image']).orderBy('sort').orderBy('id').execute()
}

/** Whether a character id names one that exists (registration refuses others). */
export async function characterExists(db: Kysely<DB>, id: number): Promise<boolean> {
  const row = await db.selectFrom('loyalty_characters').select('id').where('id', '=', id).executeTakeFirst()
  return row !== undefined
}
