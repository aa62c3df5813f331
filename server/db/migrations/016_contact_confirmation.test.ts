import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { useMigrationSchema } from '../../test/migration-schema'

// 016 points the cashier's confirm-contact button at the confirmation page when an operator's
// settings row still holds the old /profile/settings, and leaves a link of the operator's own.

describe('migration 016: contact confirmation', () => {
  const { db, migrateTo } = useMigrationSchema('m016', '015_deposit_sessions_backfill')

  it('moves the old confirm-contact link to /confirmation, keeps any other, and goes back', async () => {
    const buttons = (link: string) => ({ confirm_contact: { show: true, link }, kyc: { show: true, link: '/profile/verification' } })
    await db().insertInto('settings').values({ key: 'cashier_withdraw_buttons', value: JSON.stringify(buttons('/profile/settings')) }).execute()
    const read = async () => (await db().selectFrom('settings').select('value').where('key', '=', 'cashier_withdraw_buttons').executeTakeFirstOrThrow()).value

    await migrateTo('016_contact_confirmation')
    expect(await read()).toEqual(buttons('/confirmation'))
    await sql`select 1 from contact_confirmations`.execute(db())
    await migrateTo('015_deposit_sessions_backfill')
    expect(await read()).toEqual(buttons('/profile/settings'))

    await db().updateTable('settings').set({ value: JSON.stringify(buttons('/help/confirm')) }).where('key', '=', 'cashier_withdraw_buttons').execute()
    await migrateTo('016_contact_confirmation')
    expect(await read()).toEqual(buttons('/help/confirm'))
  })
})
