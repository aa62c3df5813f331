// A player's provably fair seed pair (docs/games.md): read (made on first use), rotated (the old
// server seed revealed, a new one committed to), and the next round's nonce taken.
import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import { consumeOrThrow } from '../auth/throttle'
import { newClientSeed, newServerSeed, seedHash } from './fair'
import { GameError } from './errors'
import { ownerKey, ownerLabel, type Owner } from './owner'

/** Rotations a player may make in an hour: enough to check rounds often, not to fill a table. */
export const ROTATIONS_PER_HOUR = 60

type Db = Kysely<DB> | Transaction<DB>

/** What a player may see of the active pair: never its server seed. */
export interface ActiveSeeds {
  readonly serverSeedHash: string
  readonly clientSeed: string
  /** The nonce of the next round. */
  readonly nonce: number
}

/** A pair rotated out: now public, so every round played with it can be checked. */
export interface RevealedSeeds {
  readonly serverSeed: string
  readonly serverSeedHash: string
  readonly clientSeed: string
  /** Rounds played with the pair: nonces 0 to rounds - 1. */
  readonly rounds: number
}

export interface SeedsView {
  readonly active: ActiveSeeds
  /** The last pair rotated out, if any. */
  readonly previous: RevealedSeeds | null
}

/** The player's seeds; the first call makes the first pair. */
export async function readSeeds(db: Kysely<DB>, owner: Owner): Promise<SeedsView> {
  const active = await ensureActive(db, owner)
  return { active: activeView(active), previous: await lastRevealed(db, owner) }
}

/**
 * Reveals the active pair and commits to a new server seed, with the player's new client seed (or
 * the one they had). Locks only the player's own active row.
 */
export async function rotateSeeds(db: Kysely<DB>, owner: Owner, clientSeed: string | null, now: Date): Promise<SeedsView> {
  await consumeOrThrow(db, [{ key: `fair-rotate:${ownerLabel(owner)}`, policy: { kind: 'window', limit: ROTATIONS_PER_HOUR, windowMs: 3_600_000 } }], now)
  await ensureActive(db, owner)
  const [column, value] = ownerKey(owner)
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('fair_seeds')
      .selectAll()
      .where(column, '=', value as never)
      .where('revealed_at', 'is', null)
      .forUpdate()
      .executeTakeFirstOrThrow()
    // Revealing the seed of a round still in play would show its mines, its shoe or its next cards.
    const unfinished = await trx
      .selectFrom('game_rounds')
      .select('game')
      .where('seeds_id', '=', current.id)
      .where('status', 'in', ['pending', 'open', 'settling'])
      .executeTakeFirst()
    if (unfinished) throw new GameError('round_in_progress', 'Finish the round in progress before you change seeds', { game: unfinished.game })
    await trx.updateTable('fair_seeds').set({ revealed_at: now }).where('id', '=', current.id).execute()
    const serverSeed = newServerSeed()
    const next = await trx
      .insertInto('fair_seeds')
      .values({ player_id: owner.playerId, demo_id: owner.demoId, server_seed: serverSeed, server_seed_hash: seedHash(serverSeed), client_seed: clientSeed ?? current.client_seed, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow()
    return {
      active: activeView(next),
      previous: { serverSeed: current.server_seed, serverSeedHash: current.server_seed_hash, clientSeed: current.client_seed, rounds: current.next_nonce },
    }
  })
}

/** A round's seeds: the active pair and a nonce no other round of the player gets. Call it inside the round's transaction. */
export async function takeRoundSeeds(trx: Transaction<DB>, owner: Owner): Promise<{ seedsId: bigint; serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number }> {
  await ensureActive(trx, owner)
  const [column, value] = ownerKey(owner)
  const row = await trx
    .updateTable('fair_seeds')
    .set({ next_nonce: sql`next_nonce + 1` })
    .where(column, '=', value as never)
    .where('revealed_at', 'is', null)
    .returning(['id', 'server_seed', 'server_seed_hash', 'client_seed', 'next_nonce'])
    .executeTakeFirstOrThrow()
  return { seedsId: row.id, serverSeed: row.server_seed, serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: row.next_nonce - 1 }
}

async function ensureActive(db: Db, owner: Owner) {
  const [column, value] = ownerKey(owner)
  const found = await db.selectFrom('fair_seeds').selectAll().where(column, '=', value as never).where('revealed_at', 'is', null).executeTakeFirst()
  if (found) return found
  const serverSeed = newServerSeed()
  // Two first requests at once: the unique index lets one insert win, the other reads it.
  await db
    .insertInto('fair_seeds')
    .values({ player_id: owner.playerId, demo_id: owner.demoId, server_seed: serverSeed, server_seed_hash: seedHash(serverSeed), client_seed: newClientSeed() })
    .onConflict((oc) => (owner.playerId !== null ? oc.column('player_id').where('revealed_at', 'is', null) : oc.column('demo_id').where('revealed_at', 'is', null).where('demo_id', 'is not', null)).doNothing())
    .execute()
  return db.selectFrom('fair_seeds').selectAll().where(column, '=', value as never).where('revealed_at', 'is', null).executeTakeFirstOrThrow()
}

function activeView(row: { server_seed_hash: string; client_seed: string; next_nonce: number }): ActiveSeeds {
  return { serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: row.next_nonce }
}

async function lastRevealed(db: Kysely<DB>, owner: Owner): Promise<RevealedSeeds | null> {
  const [column, value] = ownerKey(owner)
  const row = await db
    .selectFrom('fair_seeds')
    .select(['server_seed', 'server_seed_hash', 'client_seed', 'next_nonce'])
    .where(column, '=', value as never)
    .where('revealed_at', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row ? { serverSeed: row.server_seed, serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, rounds: row.next_nonce } : null
}
