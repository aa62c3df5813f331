// Free-spin packs (docs/games.md#free-spins): rounds of one slot at a fixed stake that the operator
// pays for. Granting is idempotent by key; a spin is taken from its pack in the transaction that
// writes its round (rounds.ts), so the count and the rounds always agree, whatever crashes when.
// The stake never touches the wallet; the round's win is paid into the bonus balance.
import type { Kysely, Selectable, Transaction } from 'kysely'
import { sql } from 'kysely'
import type { FreeSpinPack, FreeSpinStatus } from '../../../src/services/api/contract/free-spins'
import type { FreeSpinsOnTable } from '../../../src/services/api/contract/games'
import { betLimits, studioTitle, type StudioTitle } from '../../../src/shared/games/catalogue'
import { LOCALES, type Locale } from '../../../src/shared/locales'
import { toMajor, toMinor } from '../../../src/shared/money'
import type { DB, FreeSpinPacksTable } from '../../db/schema'
import { runTransaction } from '../../db/transaction'
import { playerIdByLogin } from '../account/status'
import { GameError } from './errors'

type PackRow = Selectable<FreeSpinPacksTable>
type Db = Kysely<DB> | Transaction<DB>

/** The engine kinds a pack may be played on: slots, whose rounds are one spin each. */
export const FREE_SPIN_KINDS: readonly string[] = ['line_slot', 'cluster_slot']

export type FreeSpinsRefusal = 'free_spins_game' | 'free_spins_key_conflict'

/** A grant the operator must change: a game that takes no free spins, or a key used for another pack. */
export class FreeSpinsGrantError extends Error {
  override name = 'FreeSpinsGrantError'
  constructor(
    readonly code: FreeSpinsRefusal,
    message: string,
    readonly field: string,
  ) {
    super(message)
  }
}

export interface GrantInput {
  login: string
  game: string
  count: number
  /** Major units; the title's minimum bet in the player's currency when null. */
  stake: string | null
  key: string
  expiresAt: Date | null
  descriptions: Partial<Record<Locale, string>>
  now: Date
}

function slotTitle(game: string): StudioTitle | null {
  const title = studioTitle(game)
  return title && FREE_SPIN_KINDS.includes(title.kind) ? title : null
}

/** Gives a player a pack; the same key again answers the same pack. */
export async function grantFreeSpins(db: Kysely<DB>, input: GrantInput): Promise<FreeSpinPack> {
  const playerId = await playerIdByLogin(db, input.login)
  const title = slotTitle(input.game)
  if (!title) throw new FreeSpinsGrantError('free_spins_game', `${JSON.stringify(input.game)} is not a slot of the studio`, 'game')
  const account = await db.selectFrom('accounts').select(['currency', 'locale']).where('id', '=', playerId).executeTakeFirstOrThrow()
  const limits = betLimits(title, account.currency)
  if (!limits) throw new FreeSpinsGrantError('free_spins_game', `${title.sysname} takes no ${account.currency}`, 'game')
  let stake: bigint
  try {
    stake = input.stake === null ? BigInt(limits.min) : toMinor(input.stake, account.currency)
  } catch {
    throw new FreeSpinsGrantError('free_spins_game', `The stake has more decimals than ${account.currency} allows`, 'stake')
  }
  if (stake < BigInt(limits.min) || stake > BigInt(limits.max)) {
    throw new FreeSpinsGrantError('free_spins_game', `The stake must be between ${toMajor(BigInt(limits.min), account.currency)} and ${toMajor(BigInt(limits.max), account.currency)}`, 'stake')
  }
  const descriptions: Record<string, string> = {}
  for (const locale of LOCALES) {
    const text = input.descriptions[locale]?.trim()
    if (text) descriptions[locale] = text
  }
  const wanted = { player_id: playerId, game: title.sysname, currency: account.currency, stake, total_count: input.count }
  const row = await runTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto('free_spin_packs')
      .values({
        ...wanted,
        remaining_count: input.count,
        descriptions: JSON.stringify(descriptions),
        grant_key: input.key,
        expires_at: input.expiresAt,
        created_at: input.now,
        updated_at: input.now,
      })
      .onConflict((oc) => oc.column('grant_key').doNothing())
      .returningAll()
      .executeTakeFirst()
    return inserted ?? (await trx.selectFrom('free_spin_packs').selectAll().where('grant_key', '=', input.key).executeTakeFirstOrThrow())
  })
  const same = row.player_id === wanted.player_id && row.game === wanted.game && row.stake === wanted.stake && row.total_count === wanted.total_count
  if (!same) throw new FreeSpinsGrantError('free_spins_key_conflict', 'This key was used for another pack', 'key')
  return (await packViews(db, [row], account.locale, input.now))[0]!
}

/** What a pack is now: an active pack whose time is past reads as expired. */
export function statusOf(row: Pick<PackRow, 'status' | 'expires_at'>, now: Date): FreeSpinStatus {
  return row.status === 'active' && row.expires_at !== null && row.expires_at <= now ? 'expired' : row.status
}

/** The player's packs, newest first, with one of `statuses` (all when empty). */
export async function listFreeSpins(db: Kysely<DB>, playerId: bigint, options: { statuses: readonly FreeSpinStatus[]; count: number; locale: string; now: Date }): Promise<FreeSpinPack[]> {
  let query = db.selectFrom('free_spin_packs').selectAll().where('player_id', '=', playerId)
  const wanted = new Set(options.statuses)
  if (wanted.size > 0) {
    query = query.where((eb) => {
      const ors = []
      const live = eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', options.now)])
      if (wanted.has('active')) ors.push(eb.and([eb('status', '=', 'active'), live]))
      if (wanted.has('expired')) ors.push(eb('status', '=', 'expired'), eb.and([eb('status', '=', 'active'), eb('expires_at', '<=', options.now)]))
      if (wanted.has('used')) ors.push(eb('status', '=', 'used'))
      if (wanted.has('cancelled')) ors.push(eb('status', '=', 'cancelled'))
      return eb.or(ors)
    })
  }
  const rows = await query.orderBy('id', 'desc').limit(options.count).execute()
  return packViews(db, rows, options.locale, options.now)
}

async function packViews(db: Db, rows: PackRow[], locale: string, now: Date): Promise<FreeSpinPack[]> {
  if (rows.length === 0) return []
  const games = [...new Set(rows.map((r) => r.game))]
  const texts = await db.selectFrom('game_texts').select(['sysname', 'locale', 'title']).where('sysname', 'in', games).where('locale', 'in', [locale, 'en']).execute()
  const nameOf = (game: string) =>
    texts.find((t) => t.sysname === game && t.locale === locale)?.title ?? texts.find((t) => t.sysname === game)?.title ?? studioTitle(game)?.text.en.title ?? game
  return rows.map((row) => ({
    id: String(row.id),
    game: { sysname: row.game, name: nameOf(row.game) },
    status: statusOf(row, now),
    remaining_count: row.remaining_count,
    total_count: row.total_count,
    stake: toMajor(row.stake, row.currency),
    currency: row.currency,
    description: row.descriptions[locale] ?? row.descriptions.en ?? '',
    expires_at: row.expires_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  }))
}

/** The pack the table plays first for this game: the oldest active one in the purse's currency. */
export async function packOnTable(db: Kysely<DB>, playerId: bigint, game: string, currency: string, now: Date): Promise<FreeSpinsOnTable | null> {
  const row = await db
    .selectFrom('free_spin_packs')
    .selectAll()
    .where('player_id', '=', playerId)
    .where('game', '=', game)
    .where('currency', '=', currency)
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  return row ? { pack: String(row.id), stake: toMajor(row.stake, row.currency), remaining: row.remaining_count, total: row.total_count, expiresAt: row.expires_at?.toISOString() ?? null } : null
}

/** A pack's stake before its round is drawn (the bet is parsed against it); the spin is taken later, under lock. */
export async function packStake(db: Kysely<DB>, playerId: bigint, packId: bigint): Promise<bigint> {
  const row = await db.selectFrom('free_spin_packs').select(['stake']).where('id', '=', packId).where('player_id', '=', playerId).executeTakeFirst()
  if (!row) throw unavailable()
  return row.stake
}

/**
 * Takes one spin from the pack inside the round's transaction: the pack's row only is locked, and
 * a pack used up, expired, cancelled, of another game or currency refuses.
 */
export async function takeFreeSpin(trx: Transaction<DB>, input: { playerId: bigint; packId: bigint; game: string; currency: string; now: Date }): Promise<{ stake: bigint; remaining: number }> {
  const row = await sql<PackRow>`select * from free_spin_packs p where p.id = ${input.packId} and p.player_id = ${input.playerId} for update of p`
    .execute(trx)
    .then((r) => r.rows[0])
  if (!row || statusOf(row, input.now) !== 'active' || row.remaining_count < 1 || row.game !== input.game || row.currency !== input.currency) throw unavailable()
  const remaining = row.remaining_count - 1
  await trx
    .updateTable('free_spin_packs')
    .set({ remaining_count: remaining, status: remaining === 0 ? 'used' : 'active', updated_at: input.now })
    .where('id', '=', row.id)
    .execute()
  return { stake: BigInt(row.stake), remaining }
}

/** How many spins a pack has left (a replayed round's answer). */
export async function remainingOf(db: Db, packId: bigint): Promise<number | null> {
  const row = await db.selectFrom('free_spin_packs').select('remaining_count').where('id', '=', packId).executeTakeFirst()
  return row?.remaining_count ?? null
}

function unavailable(): GameError {
  return new GameError('free_spins_unavailable', 'These free spins cannot be played: the pack is used up, expired or for another game')
}

/** The demo players' packs (server/seed): one on a line slot and one on a cluster slot, by fixed keys. */
export async function seedFreeSpins(db: Kysely<DB>, players: readonly { login: string }[], now: Date): Promise<void> {
  const packs = [
    { game: 'aurora-lanterns', count: 10, descriptions: { en: 'Welcome gift: 10 free spins on Aurora Lanterns', es: 'Regalo de bienvenida: 10 giros gratis en Aurora Lanterns', pt: 'Presente de boas-vindas: 10 rodadas grátis em Aurora Lanterns', de: 'Willkommensgeschenk: 10 Freispiele für Aurora Lanterns' } },
    { game: 'pearl-cascade', count: 5, descriptions: { en: 'Weekend treat: 5 free spins on Pearl Cascade', es: 'Regalo de fin de semana: 5 giros gratis en Pearl Cascade', pt: 'Mimo de fim de semana: 5 rodadas grátis em Pearl Cascade', de: 'Wochenendgeschenk: 5 Freispiele für Pearl Cascade' } },
  ]
  for (const player of players) {
    for (const pack of packs) {
      await grantFreeSpins(db, { login: player.login, game: pack.game, count: pack.count, stake: null, key: `seed:free-spins:${player.login}:${pack.game}`, expiresAt: null, descriptions: pack.descriptions, now })
    }
  }
}
