import { createHmac } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { sql, type Kysely } from 'kysely'
import { DEFAULT_LOCALE, isLocale } from '../../../src/shared/locales'
import { PUSH_TOPICS, type PushTopic } from '../../../src/services/api/contract/push'
import type { Config } from '../../config'
import type { DB } from '../../db/schema'
import { paymentPush, type PushNotice } from './texts'
import { sendPush, vapidKeysFrom, type PushTarget, type VapidKeys } from './web-push'

/**
 * Push notices to a player's browsers (docs/push.md): the subscriptions they gave us, the kinds of
 * notice they want by push, and the sender, which records each notice (push_outbox) and delivers
 * it after the caller has answered, never inside a transaction. A browser whose push service says
 * it is gone is forgotten.
 */

export { PUSH_TOPICS, type PushTopic }

export type { PushNotice }

export class PushSubscriptionRefused extends Error {
  override name = 'PushSubscriptionRefused'
  constructor(readonly field: 'endpoint' | 'p256dh' | 'auth') {
    super(field === 'endpoint' ? 'This push service is not one we send to.' : 'This is not a push subscription key.')
  }
}

/** The application server's keys: VAPID_PRIVATE_KEY, or one derived from SESSION_SECRET. Null without either. */
export function vapidKeys(config: Pick<Config, 'push' | 'sessionSecret' | 'supportEmail'>): VapidKeys | null {
  let scalar: Buffer
  if (config.push.vapidPrivateKey) scalar = Buffer.from(config.push.vapidPrivateKey, 'base64url')
  else if (config.sessionSecret) {
    // A derived scalar at or above the curve's order is vanishingly rare; the next label then.
    for (let i = 0; ; i++) {
      scalar = createHmac('sha256', config.sessionSecret).update(`vapid:${i}`).digest()
      if (scalar.readUInt32BE(0) < 0xffffffff) break
    }
  } else return null
  return vapidKeysFrom(scalar, `mailto:${config.supportEmail}`)
}

/** Whether an endpoint names a push service we send to: https (http only to this machine outside production), an allowed host. */
export function endpointAllowed(endpoint: string, hosts: readonly string[], production: boolean): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (endpoint.length > 2048 || url.username || url.password) return false
  const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost'
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local && !production)) return false
  const host = url.port ? `${url.hostname}:${url.port}` : url.hostname
  return hosts.some((allowed) => (allowed.startsWith('*.') ? url.hostname.endsWith(allowed.slice(1)) : allowed === host || allowed === url.hostname))
}

export interface PushSettings {
  topics: PushTopic[]
  /** How many browsers of the player's may be pushed to. */
  devices: number
}

export async function pushSettings(db: Kysely<DB>, playerId: bigint): Promise<PushSettings> {
  const account = await db.selectFrom('accounts').select('push_topics').where('id', '=', playerId).executeTakeFirstOrThrow()
  const { n } = await db.selectFrom('push_subscriptions').select((eb) => eb.fn.countAll<string>().as('n')).where('player_id', '=', playerId).executeTakeFirstOrThrow()
  return { topics: account.push_topics.filter((t): t is PushTopic => (PUSH_TOPICS as readonly string[]).includes(t)), devices: Number(n) }
}

/** Keeps a browser's subscription for this player (the same endpoint moves to them from any other). */
export async function savePushSubscription(db: Kysely<DB>, config: Pick<Config, 'push' | 'appEnv'>, playerId: bigint, target: PushTarget, now: Date): Promise<void> {
  if (!endpointAllowed(target.endpoint, config.push.endpointHosts, config.appEnv === 'production')) throw new PushSubscriptionRefused('endpoint')
  const key = Buffer.from(target.p256dh, 'base64url')
  if (!/^[A-Za-z0-9_-]{87}$/.test(target.p256dh) || key.length !== 65 || key[0] !== 4) throw new PushSubscriptionRefused('p256dh')
  if (!/^[A-Za-z0-9_-]{22}$/.test(target.auth)) throw new PushSubscriptionRefused('auth')
  const values = { player_id: playerId, endpoint: target.endpoint, p256dh: target.p256dh, auth: target.auth, created_at: now }
  await db
    .insertInto('push_subscriptions')
    .values(values)
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ player_id: playerId, p256dh: target.p256dh, auth: target.auth, created_at: now }))
    .execute()
}

/** Forgets a browser of this player's; another player's endpoint is left alone. */
export async function removePushSubscription(db: Kysely<DB>, playerId: bigint, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('player_id', '=', playerId).where('endpoint', '=', endpoint).execute()
}

export async function setPushTopics(db: Kysely<DB>, playerId: bigint, topics: readonly PushTopic[]): Promise<void> {
  const chosen = PUSH_TOPICS.filter((t) => topics.includes(t))
  await db.updateTable('accounts').set({ push_topics: chosen }).where('id', '=', playerId).execute()
}

export interface PushSender {
  /** Records the notice and, when the player wants this kind by push, starts its delivery. Returns the browsers it goes to. */
  notify(db: Kysely<DB>, playerId: bigint, topic: PushTopic, notice: PushNotice, now: Date): Promise<number>
  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  idle(): Promise<void>
}

export function createPushSender(config: Pick<Config, 'push' | 'sessionSecret' | 'supportEmail'>, log: FastifyBaseLogger, fetchImpl: typeof fetch = fetch): PushSender {
  const keys = vapidKeys(config)
  const inFlight = new Set<Promise<unknown>>()
  return {
    async notify(db, playerId, topic, notice, now) {
      if (!keys) return 0
      const account = await db.selectFrom('accounts').select('push_topics').where('id', '=', playerId).executeTakeFirst()
      if (!account?.push_topics.includes(topic)) return 0
      const targets = await db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('player_id', '=', playerId).execute()
      if (!targets.length) return 0
      const { id } = await db
        .insertInto('push_outbox')
        .values({ player_id: playerId, topic, title: notice.title, body: notice.body, url: notice.url, devices: targets.length, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
      const delivery = (async () => {
        let delivered = 0
        for (const target of targets) {
          const outcome = await sendPush(target, { ...notice, topic, tag: `${topic}:${id}` }, keys, now, fetchImpl)
          if (outcome === 'delivered') {
            delivered++
            await db.updateTable('push_subscriptions').set({ last_sent_at: now }).where('id', '=', target.id).execute()
          } else if (outcome === 'gone') {
            await db.deleteFrom('push_subscriptions').where('id', '=', target.id).where('endpoint', '=', target.endpoint).execute()
          }
        }
        await db.updateTable('push_outbox').set({ delivered }).where('id', '=', id).execute()
      })()
        .catch((err: unknown) => log.error({ err, pushId: String(id) }, 'push delivery failed'))
        .finally(() => inFlight.delete(delivery))
      inFlight.add(delivery)
      return targets.length
    },
    async idle() {
      while (inFlight.size) await Promise.allSettled([...inFlight])
    },
  }
}

/**
 * Tells players of payments that went through since the last run (deposits credited, withdrawals
 * paid out), whichever path settled them: the sandbox page, a provider's webhook, staff. Each is
 * claimed before its notice is sent (push_noticed_at), so two runs never tell it twice; a crash
 * between the two loses that one notice, never money. Answers how many were claimed.
 */
export async function noticePayments(db: Kysely<DB>, sender: PushSender, now: Date, batch = 100): Promise<number> {
  const claimed = await sql<{ player_id: string; type: 'deposit' | 'withdrawal'; locale: string }>`
    with due as (
      select t.id from payment_transactions t
      where t.push_noticed_at is null and t.status = 'success'
      order by t.completed_at limit ${batch}
      for update of t skip locked
    ), done as (
      update payment_transactions p set push_noticed_at = ${now} from due where p.id = due.id
      returning p.player_id, p.type
    )
    select done.player_id::text as player_id, done.type, a.locale from done join accounts a on a.id = done.player_id`.execute(db)
  for (const row of claimed.rows) {
    const locale = isLocale(row.locale) ? row.locale : DEFAULT_LOCALE
    await sender.notify(db, BigInt(row.player_id), 'payments', paymentPush(locale, row.type), now)
  }
  return claimed.rows.length
}
