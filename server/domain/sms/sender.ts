import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { Config } from '../../config'
import type { DB } from '../../db/schema'

/**
 * Outgoing text messages (phone confirmation codes). Every message is written to the outbox
 * (`mail_outbox`, channel 'sms') as mail is: the record of what the site sent, and what the
 * development mailbox shows. SMS_PROVIDER picks who delivers it: `devoutbox` (demo's default,
 * refused in production) delivers nothing and leaves it for /dev/mailbox. A real gateway is an
 * adapter of this interface; without one, sending refuses (SmsUnavailableError), since a code that
 * reaches nobody would only make the player wait.
 */

export interface OutgoingSms {
  /** E.164 with its '+': the number's digits, dial code first. */
  to: string
  text: string
}

export interface SmsSender {
  /** Whether a provider delivers text messages (checked before a code is made for a phone). */
  available(): boolean
  /** Writes the message to the outbox and hands it to the gateway. Returns its outbox id. */
  send(db: Kysely<DB>, sms: OutgoingSms, now: Date): Promise<bigint>
}

export class SmsUnavailableError extends Error {
  override name = 'SmsUnavailableError'
  constructor() {
    super('No SMS provider is configured')
  }
}

export async function writeSmsToOutbox(db: Kysely<DB>, sms: OutgoingSms, now: Date): Promise<bigint> {
  const { id } = await db
    .insertInto('mail_outbox')
    .values({ to_address: sms.to, subject: 'SMS', body_text: sms.text, channel: 'sms', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

export function createSmsSender(config: Pick<Config, 'providers'>, log: FastifyBaseLogger): SmsSender {
  const provider = config.providers.sms
  let warned = false
  return {
    available: () => provider === 'devoutbox',
    async send(db, sms, now) {
      if (provider !== 'devoutbox') throw new SmsUnavailableError()
      if (!warned) {
        warned = true
        log.info('SMS_PROVIDER is devoutbox: text messages are written to the outbox only (see /dev/mailbox)')
      }
      return writeSmsToOutbox(db, sms, now)
    },
  }
}
