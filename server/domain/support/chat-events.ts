import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { consumeOrThrow } from '../auth/throttle'
import type { LimitCheck } from '../ratelimit/limits'

/**
 * What a vendor chat widget reports about a player's conversation (SPEC §7 'Chat', FreshChat's
 * storeChatEvent): kept in chat_events with the player's id, as the contract checked it (a name,
 * a flat object of at most 20 short fields). Nothing reads it on the site; it is there for support
 * and analytics to join a vendor's conversation to the player.
 */

/** The vendors whose widgets report events (src/services/chat/vendors.ts). */
export type ChatEventVendor = 'freshchat'

/** Sixty events a minute from one player (times the test multiplier): a widget reports a handful per conversation. */
export function chatEventLimit(playerId: bigint, multiplier = 1): LimitCheck {
  return { key: `chat-events:player:${playerId}`, policy: { kind: 'window', limit: Math.max(1, Math.round(60 * multiplier)), windowMs: 60_000 } }
}

export interface ChatEventInput {
  playerId: bigint
  vendor: ChatEventVendor
  name: string
  data: Readonly<Record<string, string | number | boolean>>
  now: Date
  multiplier?: number
}

/** Keeps one event, or throws ThrottledError past the limit; answers the stored row's id. */
export async function storeChatEvent(db: Kysely<DB>, input: ChatEventInput): Promise<bigint> {
  await consumeOrThrow(db, [chatEventLimit(input.playerId, input.multiplier)], input.now)
  const { id } = await db
    .insertInto('chat_events')
    .values({ player_id: input.playerId, vendor: input.vendor, name: input.name, data: JSON.stringify(input.data), created_at: input.now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}
