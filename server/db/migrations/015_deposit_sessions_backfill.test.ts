import { describe, expect, it } from 'vitest'
import { useMigrationSchema } from '../../test/migration-schema'
import { sessionExpired } from '../../domain/payments/sessions'

// 015 gives the deposits left waiting for the player before 014 the session they would have had
// (created_at + 60 minutes), so they expire; deposits the provider accepted, ended ones and those
// with a session already keep theirs (on PostgreSQL, in a schema of its own, migrated up to 014 first).

describe('migration 015: sessions for deposits waiting since before 014', () => {
  const { db, migrateTo } = useMigrationSchema('m015', '014_deposit_sessions')

  it('sets created_at + 60 minutes on pending deposits that waited for the player, and nothing else', async () => {
    await db().insertInto('currencies').values({ code: 'USD', exponent: 2 }).onConflict((oc) => oc.column('code').doNothing()).execute()
    const player = (await db().insertInto('accounts').values({ login: 'm15@x', email: 'm15@x', password_hash: 'x', locale: 'en', currency: 'USD' }).returning('id').executeTakeFirstOrThrow()).id as bigint
    const method = (
      await db()
        .insertInto('payment_methods')
        .values({ sysname: 'm15card', kind: 'card', provider: 'sandbox', name: 'Card', icon_light: 'x', icon_dark: 'x' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id as number
    const old = new Date('2030-01-01T09:00:00Z')
    const recent = new Date('2030-01-03T11:30:00Z')
    const existing = new Date('2030-01-03T12:15:00Z')
    let n = 0
    const insert = async (v: { type?: string; status?: string; answer: string | null; created_at: Date; session_expires_at?: Date | null }) => {
      const id = `ptx_m15_${n++}`
      await db()
        .insertInto('payment_transactions')
        .values({
          id,
          player_id: player,
          type: v.type ?? 'deposit',
          status: v.status ?? 'pending',
          method_id: method,
          provider: 'sandbox',
          currency: 'USD',
          amount: 1000,
          idempotency_key: id,
          request_hash: '0'.repeat(64),
          response: v.answer === null ? null : JSON.stringify({ status: v.answer, transaction_id: id }),
          created_at: v.created_at,
          updated_at: v.created_at,
          session_expires_at: v.session_expires_at ?? null,
        })
        .execute()
      return id
    }
    const redirect = await insert({ answer: 'redirect', created_at: old })
    const newwindow = await insert({ answer: 'newwindow', created_at: recent })
    const mobile = await insert({ answer: 'mobile', created_at: old })
    // The provider accepted it at once: it waits for the webhook and never expires.
    const accepted = await insert({ answer: 'pending', created_at: old })
    const started = await insert({ answer: 'redirect', created_at: recent, session_expires_at: existing })
    const paid = await insert({ status: 'success', answer: 'redirect', created_at: old })
    const cancelled = await insert({ status: 'cancelled', answer: 'redirect', created_at: old })
    const withdrawal = await insert({ type: 'withdrawal', answer: 'pending', created_at: old })

    await migrateTo('015_deposit_sessions_backfill')
    const sessions = Object.fromEntries(
      (await db().selectFrom('payment_transactions').select(['id', 'session_expires_at']).where('player_id', '=', player).execute()).map((r) => [r.id, r.session_expires_at]),
    )
    const hour = 60 * 60_000
    expect(sessions).toEqual({
      [redirect]: new Date(old.getTime() + hour),
      [newwindow]: new Date(recent.getTime() + hour),
      [mobile]: new Date(old.getTime() + hour),
      [accepted]: null,
      [started]: existing,
      [paid]: null,
      [cancelled]: null,
      [withdrawal]: null,
    })
    // The usual rule now applies: the old page has expired, the recent one runs to its end.
    const at = new Date(recent.getTime() + 30 * 60_000)
    const rule = (id: string) => sessionExpired({ type: 'deposit', status: 'pending', session_expires_at: sessions[id] }, at)
    expect([redirect, newwindow, mobile, accepted].map(rule)).toEqual([true, false, true, false])

    // Down changes nothing: the column is 014's.
    await migrateTo('014_deposit_sessions')
    expect((await db().selectFrom('payment_transactions').select('session_expires_at').where('id', '=', redirect).executeTakeFirstOrThrow()).session_expires_at).toEqual(new Date(old.getTime() + hour))
  })
})
