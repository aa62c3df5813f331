import { describe, expect, it } from 'vitest'
import { useMigrationSchema } from '../../test/migration-schema'

// 035 makes a nickname one player's in any case: rows that already share one keep the first
// holder's, the later ones get their id appended, and the database refuses a new duplicate.

describe('migration 035: one nickname per player', () => {
  const { db, migrateTo } = useMigrationSchema('m035', '033_session_limit')

  it('keeps the first holder’s nickname, renames the later ones, and refuses a new duplicate', async () => {
    await db().insertInto('currencies').values({ code: 'USD', exponent: 2 }).onConflict((oc) => oc.doNothing()).execute()
    const player = async (login: string, fakename: string | null) =>
      (await db().insertInto('accounts').values({ login, email: login, password_hash: 'x', locale: 'en', currency: 'USD', fakename }).returning('id').executeTakeFirstOrThrow()).id as bigint
    const first = await player('a@x', 'LuckyAce')
    const second = await player('b@x', 'luckyace')
    const other = await player('c@x', 'QueenBee')
    await player('d@x', null)
    await player('e@x', null)

    await migrateTo('035_unique_fakename')
    const names = Object.fromEntries((await db().selectFrom('accounts').select(['id', 'fakename']).execute()).map((r) => [String(r.id), r.fakename]))
    expect(names[String(first)]).toBe('LuckyAce')
    expect(names[String(second)]).toBe(`luckyace-${second}`)
    expect(names[String(other)]).toBe('QueenBee')
    await expect(player('f@x', 'QUEENBEE')).rejects.toMatchObject({ code: '23505' })
    await expect(migrateTo('033_session_limit')).resolves.toBeUndefined()
  })
})
