// Free bets (docs/sportsbook.md#betting-bonuses): granted by the operator (and to the demo players
// by the seed), activated onto the betslip, used by one bet whose odds reach the bonus's least
// price. The bet stakes the book's money: nothing leaves the wallet, and it returns its winnings
// without the stake; a bet voided whole gives the free bet back.
import type { Kysely, Transaction } from 'kysely'
import type { BettingBonus } from '../../../src/services/api/contract/betting-bonuses'
import { textIn } from '../../../src/shared/locales'
import { toMajor, toMinor } from '../../../src/shared/money'
import type { DB } from '../../db/schema'
import { runTransaction } from '../../db/transaction'
import { SportsbookError } from './errors'

type Db = Kysely<DB> | Transaction<DB>

interface Row {
  id: bigint
  kind: string
  status: string
  amount: bigint
  currency: string
  min_price: number
  descriptions: Record<string, string>
  expires_at: Date | null
  created_at: Date
}

const COLUMNS = ['id', 'kind', 'status', 'amount', 'currency', 'min_price', 'descriptions', 'expires_at', 'created_at'] as const

/** Past its expiry, an unused bonus reads as expired whatever its row says. */
function statusAt(row: Row, now: Date): BettingBonus['status'] {
  if ((row.status === 'available' || row.status === 'active') && row.expires_at && row.expires_at <= now) return 'expired'
  return row.status as BettingBonus['status']
}

function view(row: Row, locale: string, now: Date): BettingBonus {
  return {
    id: String(row.id),
    kind: 'free_bet',
    status: statusAt(row, now),
    amount: toMajor(row.amount, row.currency),
    currency: row.currency,
    min_price: row.min_price,
    description: textIn(row.descriptions, locale),
    expires_at: row.expires_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  }
}

export async function listBonuses(db: Db, playerId: bigint, bonusId: string | undefined, locale: string, now: Date): Promise<BettingBonus[]> {
  let q = db.selectFrom('sb_bonuses').select(COLUMNS).where('player_id', '=', playerId)
  if (bonusId) q = q.where('id', '=', BigInt(bonusId))
  const rows = await q.orderBy('id', 'desc').limit(100).execute()
  return rows.map((r) => view(r, locale, now))
}

async function own(trx: Transaction<DB>, playerId: bigint, bonusId: string): Promise<Row> {
  const row = await trx.selectFrom('sb_bonuses').select(COLUMNS).where('id', '=', BigInt(bonusId)).where('player_id', '=', playerId).forUpdate().executeTakeFirst()
  if (!row) throw new SportsbookError('sportsbook_bonus_not_found', `No betting bonus ${bonusId}`, 'bonus_id')
  return row
}

export async function activateBonus(db: Kysely<DB>, playerId: bigint, bonusId: string, locale: string, now: Date): Promise<BettingBonus> {
  return runTransaction(db, async (trx) => {
    const row = await own(trx, playerId, bonusId)
    const status = statusAt(row, now)
    if (status !== 'available' && status !== 'active') throw new SportsbookError('sportsbook_bonus_unavailable', `Betting bonus ${bonusId} is ${status}`, 'bonus_id', { status })
    // One on the betslip at a time.
    await trx.updateTable('sb_bonuses').set({ status: 'available' }).where('player_id', '=', playerId).where('status', '=', 'active').where('id', '!=', row.id).execute()
    await trx.updateTable('sb_bonuses').set({ status: 'active' }).where('id', '=', row.id).execute()
    return view({ ...row, status: 'active' }, locale, now)
  })
}

export async function removeBonus(db: Kysely<DB>, playerId: bigint, bonusId: string, locale: string, now: Date): Promise<BettingBonus> {
  return runTransaction(db, async (trx) => {
    const row = await own(trx, playerId, bonusId)
    const status = statusAt(row, now)
    if (status !== 'available' && status !== 'active') throw new SportsbookError('sportsbook_bonus_unavailable', `Betting bonus ${bonusId} is ${status}`, 'bonus_id', { status })
    await trx.updateTable('sb_bonuses').set({ status: 'removed' }).where('id', '=', row.id).execute()
    return view({ ...row, status: 'removed' }, locale, now)
  })
}

/**
 * Takes a free bet for a placement inside its transaction (the bonus's row locked): it must be the
 * player's, unused and unexpired, in their currency. Answers its stake and least price.
 */
export async function takeFreeBet(trx: Transaction<DB>, playerId: bigint, bonusId: string, currency: string, now: Date): Promise<{ id: bigint; amount: bigint; minPrice: number }> {
  const row = await own(trx, playerId, bonusId)
  const status = statusAt(row, now)
  if ((status !== 'available' && status !== 'active') || row.currency !== currency) throw new SportsbookError('sportsbook_bonus_unavailable', `Betting bonus ${bonusId} is ${status}`, 'free_bet', { status })
  await trx.updateTable('sb_bonuses').set({ status: 'used' }).where('id', '=', row.id).execute()
  return { id: row.id, amount: row.amount, minPrice: row.min_price }
}

/** A free bet whose bet was voided whole is the player's to use again. */
export async function giveBackFreeBet(trx: Transaction<DB>, bonusId: bigint): Promise<void> {
  await trx.updateTable('sb_bonuses').set({ status: 'available' }).where('id', '=', bonusId).where('status', '=', 'used').execute()
}

export interface FreeBetGrant {
  login: string
  /** Major units of the player's currency. */
  amount: string
  minPrice?: number
  expiresAt?: Date | null
  descriptions?: Record<string, string>
  key: string
}

export async function grantFreeBet(db: Kysely<DB>, grant: FreeBetGrant, locale: string, now: Date): Promise<BettingBonus> {
  return runTransaction(db, async (trx) => {
    const account = await trx.selectFrom('accounts').select(['id', 'currency']).where('login', '=', grant.login).executeTakeFirst()
    if (!account) throw new SportsbookError('sportsbook_bonus_player', `No player ${grant.login}`, 'login')
    let amount: bigint
    try {
      amount = toMinor(grant.amount, account.currency)
    } catch {
      throw new SportsbookError('sportsbook_bonus_amount', `The amount has more decimals than ${account.currency} allows`, 'amount')
    }
    if (amount <= 0n) throw new SportsbookError('sportsbook_bonus_amount', 'A free bet is worth more than zero', 'amount')
    const inserted = await trx
      .insertInto('sb_bonuses')
      .values({
        player_id: account.id,
        currency: account.currency,
        amount,
        min_price: grant.minPrice ?? 1010,
        descriptions: JSON.stringify(grant.descriptions ?? {}),
        grant_key: grant.key,
        expires_at: grant.expiresAt ?? null,
      })
      .onConflict((oc) => oc.column('grant_key').doNothing())
      .returning(COLUMNS)
      .executeTakeFirst()
    if (inserted) return view(inserted, locale, now)
    const earlier = await trx.selectFrom('sb_bonuses').select([...COLUMNS, 'player_id']).where('grant_key', '=', grant.key).executeTakeFirstOrThrow()
    if (earlier.player_id !== account.id || earlier.amount !== amount) throw new SportsbookError('sportsbook_bonus_key_conflict', 'Another free bet was granted under this key', 'key')
    return view(earlier, locale, now)
  })
}

/** Every demo player gets a free bet of 5.00 at odds of 1.50 or more (idempotent by key). */
export async function seedFreeBets(db: Kysely<DB>, logins: readonly string[], now: Date): Promise<void> {
  for (const login of logins) {
    await grantFreeBet(
      db,
      {
        login,
        amount: '5',
        minPrice: 1500,
        expiresAt: new Date(now.getTime() + 365 * 86_400_000),
        descriptions: { en: 'A free bet on us', es: 'Una apuesta gratis de regalo', pt: 'Uma aposta grátis por nossa conta', de: 'Eine Gratiswette von uns' },
        key: `seed:free-bet:${login}`,
      },
      'en',
      now,
    )
  }
}

