import { describe, expect, it } from 'vitest'
import { useMigrationSchema } from '../../test/migration-schema'

// 036's tables hold their rules: known statuses only, one handling per webhook event, documents of
// image types only; and it goes back.

describe('migration 036: identity verification', () => {
  const { db, migrateTo } = useMigrationSchema('m036', '035_unique_fakename')

  it('holds its rules, and goes back', async () => {
    await migrateTo('036_identity_verification')

    await db().insertInto('currencies').values({ code: 'USD', exponent: 2 }).onConflict((oc) => oc.doNothing()).execute()
    const account = (await db().insertInto('accounts').values({ login: 'k@x', email: 'k@x', password_hash: 'x', locale: 'en', currency: 'USD' }).returning('id').executeTakeFirstOrThrow()).id as bigint
    const application = { account_id: account, provider: 'sandbox', applicant_id: 'sbapp_1', status: 'init' }
    await expect(db().insertInto('kyc_applications').values({ ...application, status: 'none' }).execute()).rejects.toMatchObject({ code: '23514' })
    await db().insertInto('kyc_applications').values(application).execute()
    expect(await db().selectFrom('kyc_applications').select(['reject_labels', 'comment']).executeTakeFirstOrThrow()).toEqual({ reject_labels: [], comment: null })
    await db().insertInto('kyc_webhook_events').values({ provider: 'sandbox', event_id: 'evt_1' }).execute()
    await expect(db().insertInto('kyc_webhook_events').values({ provider: 'sandbox', event_id: 'evt_1' }).execute()).rejects.toMatchObject({ code: '23505' })
    await db().insertInto('kyc_sandbox_applicants').values({ id: 'sbapp_1', external_user_id: String(account), level: 'basic-kyc-level' }).execute()
    await expect(
      db()
        .insertInto('kyc_sandbox_documents')
        .values({ id: 'sbdoc_1', applicant_id: 'sbapp_1', attempt: 1, doc_type: 'passport', content_type: 'text/html', byte_size: 1, sha256: 'x', content: Buffer.from('x') })
        .execute(),
    ).rejects.toMatchObject({ code: '23514' })
    await migrateTo('035_unique_fakename')
  })
})
