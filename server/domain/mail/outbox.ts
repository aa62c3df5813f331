import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { Config } from '../../config'
import type { DB } from '../../db/schema'
import { sendSmtp, type SmtpOptions } from './smtp'

/**
 * Outgoing mail. Every message is first written to `mail_outbox` (to, subject, text, created_at),
 * whatever else happens: that is the record of what the site sent, and what the development
 * mailbox (/dev/mailbox) shows. When SMTP_URL is set the message is then handed to that relay in
 * the background, after the caller has answered, so a slow relay neither delays the response nor
 * makes its timing depend on whether a mail was sent (restore must not reveal accounts). Without
 * SMTP_URL nothing leaves the machine, and the log says so.
 */

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  /** Extra headers (mailing-list mail: List-Unsubscribe); only the names smtp.ts allows. */
  headers?: Readonly<Record<string, string>>
}

export interface Mailer {
  /** Writes the mail to the outbox and, with SMTP configured, starts its delivery. Returns its id. */
  send(db: Kysely<DB>, mail: OutgoingMail, now: Date): Promise<bigint>
  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  idle(): Promise<void>
}

export async function writeToOutbox(db: Kysely<DB>, mail: OutgoingMail, now: Date): Promise<bigint> {
  const { id } = await db
    .insertInto('mail_outbox')
    .values({
      to_address: mail.to,
      subject: mail.subject,
      body_text: mail.text,
      headers: mail.headers && Object.keys(mail.headers).length ? JSON.stringify(mail.headers) : null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

/** Hands one outbox message to SMTP and records the outcome on its row. */
export async function deliverFromOutbox(
  db: Kysely<DB>,
  id: bigint,
  smtp: SmtpOptions & { from: string },
  now: () => Date,
): Promise<boolean> {
  const row = await db.selectFrom('mail_outbox').selectAll().where('id', '=', id).where('sent_at', 'is', null).executeTakeFirst()
  if (!row) return false
  try {
    await sendSmtp(smtp, { from: smtp.from, to: row.to_address, subject: row.subject, text: row.body_text, headers: row.headers ?? undefined })
    await db
      .updateTable('mail_outbox')
      .set((eb) => ({ sent_at: now(), attempts: eb('attempts', '+', 1), last_error: null }))
      .where('id', '=', id)
      .execute()
    return true
  } catch (err) {
    await db
      .updateTable('mail_outbox')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: String((err as Error).message).slice(0, 500) }))
      .where('id', '=', id)
      .execute()
    throw err
  }
}

export function createMailer(config: Config, log: FastifyBaseLogger, now: () => Date = () => new Date()): Mailer {
  const inFlight = new Set<Promise<unknown>>()
  let warned = false
  return {
    async send(db, mail, at) {
      const id = await writeToOutbox(db, mail, at)
      if (!config.smtpUrl) {
        if (!warned) {
          warned = true
          log.info('SMTP_URL is not set: mail is written to the outbox only, not delivered (see /dev/mailbox outside production)')
        }
        return id
      }
      const delivery = deliverFromOutbox(db, id, { url: config.smtpUrl, from: config.mailFrom }, now)
        .then(() => log.info({ mailId: String(id) }, 'mail delivered'))
        .catch((err: unknown) => log.error({ err, mailId: String(id) }, 'mail delivery failed; it stays in the outbox'))
        .finally(() => inFlight.delete(delivery))
      inFlight.add(delivery)
      return id
    },
    async idle() {
      while (inFlight.size) await Promise.allSettled([...inFlight])
    },
  }
}
