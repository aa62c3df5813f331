import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { useMigrationSchema } from '../../test/migration-schema'

// 013 moves the one-limit rows of 009 to one row per (player, period), keeping what each player
// asked for (on PostgreSQL, in a schema of its own, migrated up to 012 first).

describe('migration 013: deposit limits per period', () => {
  const { db, migrateTo } = useMigrationSchema('m013', '012_payment_outcomes_offers')

  it('carries every limit over with its pending change, and goes back', async () => {
    await db().insertInto('currencies').values({ code: 'USD', exponent: 2 }).execute()
    const player = async (login: string) =>
      (await db().insertInto('accounts').values({ login, email: login, password_hash: 'x', locale: 'en', currency: 'USD' }).returning('id').executeTakeFirstOrThrow()).id as bigint
    const [plain, raise, removal, otherPeriod, none] = [await player('a@x'), await player('b@x'), await player('c@x'), await player('d@x'), await player('e@x')]
    const at = new Date('2030-01-02T10:00:00Z')
    const row = (player_id: bigint, v: { period_days: number | null; amount: number | null; scheduled_period_days?: number | null; scheduled_amount?: number | null; scheduled_at?: Date | null }) => ({
      player_id,
      currency: 'USD',
      scheduled_period_days: null,
      scheduled_amount: null,
      scheduled_at: null,
      ...v,
    })
    await db()
      .insertInto('deposit_limits')
      .values([
        row(plain, { period_days: 1, amount: 10_000 }),
        row(raise, { period_days: 7, amount: 10_000, scheduled_period_days: 7, scheduled_amount: 50_000, scheduled_at: at }),
        row(removal, { period_days: 14, amount: 10_000, scheduled_at: at }),
        row(otherPeriod, { period_days: 1, amount: 10_000, scheduled_period_days: 7, scheduled_amount: 50_000, scheduled_at: at }),
        row(none, { period_days: null, amount: null }),
      ])
      .execute()

    await migrateTo('013_deposit_limits_per_period')
    const rows = await db().selectFrom('deposit_limits').select(['player_id', 'period_days', 'amount', 'scheduled_amount', 'scheduled_at']).orderBy('player_id').orderBy('period_days').execute()
    expect(rows).toEqual([
      { player_id: plain, period_days: 1, amount: 10_000n, scheduled_amount: null, scheduled_at: null },
      { player_id: raise, period_days: 7, amount: 10_000n, scheduled_amount: 50_000n, scheduled_at: at },
      { player_id: removal, period_days: 14, amount: 10_000n, scheduled_amount: null, scheduled_at: at },
      // A pending change to another period: the old limit leaves at that time, the new one holds at once.
      { player_id: otherPeriod, period_days: 1, amount: 10_000n, scheduled_amount: null, scheduled_at: at },
      { player_id: otherPeriod, period_days: 7, amount: 50_000n, scheduled_amount: null, scheduled_at: null },
    ])
    // Two limits of one player now fit; a pending raise below the amount does not.
    await db().insertInto('deposit_limits').values({ player_id: plain, period_days: 30, currency: 'USD', amount: 90_000 }).execute()
    await expect(sql`insert into deposit_limits (player_id, period_days, currency, amount, scheduled_amount, scheduled_at) values (${none}, 1, 'USD', 100, 50, now())`.execute(db())).rejects.toThrow()

    await migrateTo('012_payment_outcomes_offers')
    const back = await db().selectFrom('deposit_limits').select(['player_id', 'period_days', 'amount', 'scheduled_period_days', 'scheduled_amount']).orderBy('player_id').execute()
    expect(back).toEqual([
      { player_id: plain, period_days: 1, amount: 10_000n, scheduled_period_days: null, scheduled_amount: null },
      { player_id: raise, period_days: 7, amount: 10_000n, scheduled_period_days: 7, scheduled_amount: 50_000n },
      { player_id: removal, period_days: 14, amount: 10_000n, scheduled_period_days: null, scheduled_amount: null },
      { player_id: otherPeriod, period_days: 1, amount: 10_000n, scheduled_period_days: null, scheduled_amount: null },
    ])
  })
})
