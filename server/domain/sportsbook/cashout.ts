// Cash-out: an open bet bought back at what it is worth now (cashOutValue over the current prices,
// less the book's margin), whole or in part. The offer the player saw is honoured while the value
// now is within a tolerance below it; further down it is re-offered. One transaction locks the
// bet, reads the prices (FOR SHARE of its outcomes), pays through the wallet and shrinks or closes
// the bet; the cash-out key makes a double submit one payment.
import type { Kysely, Transaction } from 'kysely'
import { toMajor } from '../../../src/shared/money'
import { betLines, betPotential, cashOutValue, type BetKind, type CashOutLeg, type LegResult } from '../../../src/shared/sportsbook/bets'
import type { DB } from '../../db/schema'
import { runTransaction } from '../../db/transaction'
import { credit, type WalletOptions } from '../wallet/seamless'
import { readBet, type BetView } from './bets-read'
import { SportsbookError } from './errors'
import { paidInto, SPORTSBOOK_PROVIDER } from './placement'

/** What the book keeps of a bet's value when it buys it back (basis points). */
export const CASHOUT_MARGIN_BP = 500
/** How far below the offer seen the value may have moved and the offer still stand (basis points). */
export const CASHOUT_TOLERANCE_BP = 200

type Db = Kysely<DB> | Transaction<DB>

interface Valued {
  bet: { id: bigint; player_id: bigint; status: string; kind: string; system: string | null; lines: number; stake_per_line: bigint; currency: string; funding: string }
  lines: number[][]
  legs: CashOutLeg[]
  /** Minor units; null when the bet cannot be cashed out now. */
  value: bigint | null
}

async function valueOf(db: Db, playerId: bigint, betId: bigint, lock: boolean): Promise<Valued> {
  let q = db.selectFrom('sb_bets').select(['id', 'player_id', 'status', 'kind', 'system', 'lines', 'stake_per_line', 'currency', 'funding']).where('id', '=', betId).where('player_id', '=', playerId)
  if (lock) q = q.forUpdate()
  const bet = await q.executeTakeFirst()
  if (!bet) throw new SportsbookError('sportsbook_bet_not_found', `No bet ${betId}`, 'bet')
  let legsQuery = db
    .selectFrom('sb_bet_legs as l')
    .innerJoin('sb_outcomes as o', 'o.id', 'l.outcome_id')
    .innerJoin('sb_markets as m', 'm.id', 'o.market_id')
    .innerJoin('sb_events as e', 'e.id', 'l.event_id')
    .select(['l.position', 'l.price', 'o.price as now', 'o.result', 'o.dead_heat_ties', 'm.status as market_status', 'e.suspended', 'e.status as event_status'])
    .where('l.bet_id', '=', betId)
    .orderBy('l.position')
  if (lock) legsQuery = legsQuery.forShare('o')
  const rows = await legsQuery.execute()
  const legs: CashOutLeg[] = rows.map((r) => {
    const result: LegResult = r.result === null ? { kind: 'open' } : r.result === 'dead_heat' ? { kind: 'dead_heat', ties: r.dead_heat_ties ?? 2 } : { kind: r.result as 'won' | 'lost' | 'void' | 'half_won' | 'half_lost' }
    const open = r.market_status === 'open' && !r.suspended && (r.event_status === 'scheduled' || r.event_status === 'live')
    return { price: r.price, now: open ? r.now : null, result }
  })
  const lines = betLines(bet.kind as BetKind, legs.length, bet.system ?? undefined) ?? []
  // A free bet's stake was the book's: nothing to sell back.
  const value = bet.status === 'open' && bet.funding !== 'free_bet' ? cashOutValue(bet.stake_per_line, lines, legs, CASHOUT_MARGIN_BP) : null
  return { bet, lines, legs, value: value !== null && value > 0n ? value : null }
}

export interface CashOutOffer {
  bet_id: string
  /** Major units; null when the bet cannot be cashed out now (settling, a leg suspended, lost). */
  amount: string | null
  currency: string
}

export async function cashOutOffer(db: Kysely<DB>, playerId: bigint, betId: bigint): Promise<CashOutOffer> {
  const { bet, value } = await valueOf(db, playerId, betId, false)
  return { bet_id: String(bet.id), amount: value === null ? null : toMajor(value, bet.currency), currency: bet.currency }
}

export interface CashOutInput {
  playerId: bigint
  betId: bigint
  key: string
  /** The offer the player saw, minor units. */
  seen: bigint
  /** What they take of it (all of it by default), minor units. */
  amount?: bigint
  locale: string
  now: Date
}

export async function cashOut(db: Kysely<DB>, input: CashOutInput, wallet: () => WalletOptions): Promise<BetView> {
  return runTransaction(db, async (trx) => {
    const { bet, lines, legs, value } = await valueOf(trx, input.playerId, input.betId, true)
    const done = await trx.selectFrom('sb_cashouts').select('id').where('bet_id', '=', bet.id).where('cashout_key', '=', input.key).executeTakeFirst()
    if (done) return readBet(trx, input.playerId, bet.id, input.locale)
    if (value === null) throw new SportsbookError('sportsbook_cashout_unavailable', 'This bet cannot be cashed out now', 'bet')
    const take = input.amount ?? input.seen
    if (input.seen <= 0n || take <= 0n || take > input.seen) throw new SportsbookError('sportsbook_cashout_amount', 'The cash-out amount is more than the offer', 'amount')
    if (value * 10_000n < input.seen * BigInt(10_000 - CASHOUT_TOLERANCE_BP)) {
      throw new SportsbookError('sportsbook_cashout_changed', 'The cash-out offer changed', 'seen', { amount: toMajor(value, bet.currency), currency: bet.currency })
    }
    // The share of the stake bought back, rounded up (the book's side of the rounding).
    const stakeTaken = take === input.seen ? bet.stake_per_line : (bet.stake_per_line * take + input.seen - 1n) / input.seen
    const full = stakeTaken >= bet.stake_per_line
    await credit(
      trx,
      { provider: SPORTSBOOK_PROVIDER, transactionId: `bet:${bet.id}:cashout:${input.key}`, playerId: bet.player_id, currency: bet.currency, amount: toMajor(take, bet.currency), mode: 'real', kind: 'win', balance: paidInto(bet.funding) },
      wallet(),
    )
    await trx
      .insertInto('sb_cashouts')
      .values({ bet_id: bet.id, cashout_key: input.key, amount: take, stake_per_line: full ? bet.stake_per_line : stakeTaken, created_at: input.now })
      .execute()
    if (full) {
      await trx.updateTable('sb_bets').set({ status: 'cashed_out', payout: take, settled_at: input.now }).where('id', '=', bet.id).execute()
    } else {
      const left = bet.stake_per_line - stakeTaken
      await trx
        .updateTable('sb_bets')
        .set({ stake_per_line: left, stake: left * BigInt(bet.lines), potential: betPotential(left, lines, legs) })
        .where('id', '=', bet.id)
        .execute()
    }
    return readBet(trx, input.playerId, bet.id, input.locale)
  })
}
