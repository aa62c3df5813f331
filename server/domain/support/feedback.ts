import type { Kysely } from 'kysely'
import { feedbackErrors, type FeedbackTopic } from '../../../src/shared/support-feedback'
import type { Locale } from '../../../src/shared/locales'
import { SITE_NAME } from '../../../src/shared/brand'
import type { Config } from '../../config'
import type { DB } from '../../db/schema'
import { FieldErrors } from '../auth/errors'
import { consumeOrThrow } from '../auth/throttle'
import type { Mailer } from '../mail/outbox'
import { ipSubject, type LimitCheck } from '../ratelimit/limits'

/**
 * The support page's feedback (SPEC §7 Support sendFeedback): checked by the form's own rules,
 * kept in support_feedback, and mailed as plain text to SUPPORT_EMAIL with the address to answer.
 * Nothing is mailed to the address a visitor typed: the form must not send mail to strangers.
 */

const HOUR_MS = 3_600_000

/** Five messages an hour from one address, and from one player (times the test multiplier). */
export function feedbackLimits(ip: string, playerId: bigint | null, multiplier = 1): LimitCheck[] {
  const policy = { kind: 'window' as const, limit: Math.max(1, Math.round(5 * multiplier)), windowMs: HOUR_MS }
  return [{ key: `feedback:ip:${ipSubject(ip)}`, policy }, ...(playerId === null ? [] : [{ key: `feedback:player:${playerId}`, policy }])]
}

export interface FeedbackInput {
  playerId: bigint | null
  email: string
  topic: FeedbackTopic
  message: string
  locale: Locale
  ip: string
}

/** The stored message's reference, as the page shows it: FB- and its id. */
export const feedbackReference = (id: bigint): string => `FB-${id}`

export async function sendFeedback(deps: { db: Kysely<DB>; config: Config; now: Date; mailer: Mailer; multiplier: number }, input: FeedbackInput): Promise<string> {
  const { db, config, now, mailer } = deps
  const player = input.playerId === null ? null : await db.selectFrom('accounts').select(['login', 'email']).where('id', '=', input.playerId).executeTakeFirst()
  const fields = { email: input.email.trim(), topic: input.topic, message: input.message.trim() }
  const errors = feedbackErrors(fields, player === null)
  if (Object.keys(errors).length > 0) {
    throw new FieldErrors(Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, [error!.rule]])))
  }
  // Only a message that would be kept counts against the limit.
  await consumeOrThrow(db, feedbackLimits(input.ip, input.playerId, deps.multiplier), now)
  const replyTo = player?.email ?? (player ? '' : fields.email)
  const { id } = await db
    .insertInto('support_feedback')
    .values({ player_id: input.playerId, email: replyTo, topic: fields.topic, message: fields.message, locale: input.locale, ip: input.ip, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  const reference = feedbackReference(id)
  const from = player ? `player ${player.login} (id ${input.playerId})` : 'a visitor'
  await mailer.send(
    db,
    {
      to: config.supportEmail,
      subject: `${SITE_NAME} feedback ${reference}: ${fields.topic}`,
      text: [`From ${from}`, `Answer at: ${replyTo || '(no address on the account)'}`, `Locale: ${input.locale}`, '', fields.message].join('\n'),
    },
    now,
  )
  return reference
}

export interface FeedbackPage {
  items: { reference: string; topic: string; message: string; email: string; login: string | null; locale: string; created_at: string }[]
  next_before: number | null
}

/** The messages for the operator, newest first, `limit` at a time from before id `before`. */
export async function listFeedback(db: Kysely<DB>, query: { limit?: number; before?: number; topic?: string }): Promise<FeedbackPage> {
  const limit = Math.min(100, Math.max(1, query.limit ?? 50))
  let select = db
    .selectFrom('support_feedback')
    .leftJoin('accounts', 'accounts.id', 'support_feedback.player_id')
    .select(['support_feedback.id', 'support_feedback.topic', 'support_feedback.message', 'support_feedback.email', 'support_feedback.locale', 'support_feedback.created_at', 'accounts.login'])
    .orderBy('support_feedback.id', 'desc')
    // One more than asked says whether a next page exists.
    .limit(limit + 1)
  if (query.before !== undefined) select = select.where('support_feedback.id', '<', BigInt(query.before))
  if (query.topic !== undefined) select = select.where('support_feedback.topic', '=', query.topic)
  const rows = await select.execute()
  const page = rows.slice(0, limit)
  const last = page[page.length - 1]
  return {
    items: page.map((r) => ({
      reference: feedbackReference(r.id),
      topic: r.topic,
      message: r.message,
      email: r.email,
      login: r.login ?? null,
      locale: r.locale,
      created_at: r.created_at.toISOString(),
    })),
    next_before: rows.length > limit && last ? Number(last.id) : null,
  }
}
