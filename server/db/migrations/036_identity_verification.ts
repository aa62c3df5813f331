import { sql, type Kysely } from 'kysely'

/**
 * Identity verification (docs/verification.md). Our side: one application per account at the KYC
 * provider, as its webhooks last described it, and the webhook events already handled (the replay
 * guard). The sandbox provider's side: it plays an outside provider, so it keeps its own applicants
 * and their documents, in the database rather than under the web root.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('kyc_applications')
    .addColumn('account_id', 'bigint', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('applicant_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('init', 'pending', 'approved', 'resubmit', 'rejected')`))
    .addColumn('comment', 'text')
    .addColumn('reject_labels', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    // The provider's time of the last event applied: an older one arriving late changes nothing.
    .addColumn('last_event_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('kyc_applications_provider_applicant_key', ['provider', 'applicant_id'])
    .execute()

  await db.schema
    .createTable('kyc_webhook_events')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('kyc_webhook_events_pkey', ['provider', 'event_id'])
    .execute()

  await db.schema
    .createTable('kyc_sandbox_applicants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('external_user_id', 'text', (c) => c.notNull().unique())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('review_status', 'text', (c) => c.notNull().defaultTo('init').check(sql`review_status in ('init', 'pending', 'completed')`))
    .addColumn('review_answer', 'text', (c) => c.check(sql`review_answer in ('GREEN', 'RED')`))
    .addColumn('reject_type', 'text', (c) => c.check(sql`reject_type in ('RETRY', 'FINAL')`))
    .addColumn('comment', 'text')
    .addColumn('reject_labels', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    // Each request for documents again starts a new attempt; a submission needs documents of the current one.
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('kyc_sandbox_documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('applicant_id', 'text', (c) => c.notNull().references('kyc_sandbox_applicants.id').onDelete('cascade'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('doc_type', 'text', (c) => c.notNull().check(sql`doc_type in ('passport', 'id_card', 'driving_licence')`))
    .addColumn('content_type', 'text', (c) => c.notNull().check(sql`content_type in ('image/jpeg', 'image/png', 'image/webp')`))
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('kyc_sandbox_documents_applicant').on('kyc_sandbox_documents').columns(['applicant_id', 'created_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('kyc_sandbox_documents').execute()
  await db.schema.dropTable('kyc_sandbox_applicants').execute()
  await db.schema.dropTable('kyc_webhook_events').execute()
  await db.schema.dropTable('kyc_applications').execute()
}
