// Settlement: an ended event's outcomes get their results (settlement.ts on the feed's result),
// then every open bet whose legs are decided is paid through the seamless wallet in the same
// transaction that closes it. The bet's row lock and its open status make a second run (another
// instance, a retry after a crash) find nothing to pay; the payout's wallet key (the bet and its
// settlement number) would refuse a second credit even so.
import { sql, type Kysely, type Transaction } from 'kysely'
import { toMajor } from '../../../src/shared/money'
import { betLines, betReturn, freeBetPayout, type BetKind, type Leg, type LegResult } from '../../../src/shared/sportsbook/bets'
import { countOf, isMarketKind, isSport, type Summary } from '../../../src/shared/sportsbook/markets'
import type { DB } from '../../db/schema'
import { runTransaction } from '../../db/transaction'
import { ensureWallet, lockWallets, postEntry } from '../wallet/ledger'
import { credit, type WalletOptions } from '../wallet/seamless'
import { giveBackFreeBet } from './bonuses'
import { SportsbookError } from './errors'
import { paidInto, SPORTSBOOK_PROVIDER, type StakeBalance } from './placement'
import { settleOutcome } from './settlement'

type Db = Kysely<DB>

/** Settles the outcomes of every ended event (each in its own transaction). Answers how many. */
export async function settleEndedEvents(db: Db, limit = 50): Promise<number> {
  const ended = await db.selectFrom('sb_events').select('id').where('status', '=', 'ended').orderBy('id').limit(limit).execute()
  let done = 0
  for (const { id } of ended) if (await settleEvent(db, id)) done++
  return done
}

/**
 * One event's outcomes from its result. Locks the event's row only; an event that is no longer
 * 'ended' (settled by another instance meanwhile) is left alone.
 */
export async function settleEvent(db: Db, eventId: bigint): Promise<boolean> {
  return runTransaction(db, async (trx) => {
    const event = await trx.selectFrom('sb_events').select(['id', 'sport', 'result', 'status']).where('id', '=', eventId).forUpdate().executeTakeFirst()
    if (!event || event.status !== 'ended' || !isSport(event.sport)) return false
    const result = event.result as Summary | null
    if (!result) return false
    const sport = event.sport
    const rows = await trx
      .selectFrom('sb_outcomes as o')
      .innerJoin('sb_markets as m', 'm.id', 'o.market_id')
      .select(['o.id', 'o.key', 'm.id as market_id', 'm.kind', 'm.line'])
      .where('o.event_id', '=', eventId)
      .execute()
    const keysOf = new Map<bigint, Set<string>>()
    for (const r of rows) keysOf.set(r.market_id, (keysOf.get(r.market_id) ?? new Set()).add(r.key))
    const byResult = new Map<string, bigint[]>()
    for (const r of rows) {
      if (!isMarketKind(r.kind)) continue
      const on = countOf(sport, r.kind)
      const score = on ? result[on] : undefined
      // A market the result cannot decide (the feed sent no such count) is void: the stakes go back.
      const outcome = score ? settleOutcome({ kind: r.kind, line: r.line, outcome: r.key, listed: keysOf.get(r.market_id) }, score) : 'void'
      byResult.set(outcome, [...(byResult.get(outcome) ?? []), r.id])
    }
    for (const [value, ids] of byResult) {
      for (let i = 0; i < ids.length; i += 1000) await trx.updateTable('sb_outcomes').set({ result: value }).where('id', 'in', ids.slice(i, i + 1000)).execute()
    }
    await trx.updateTable('sb_markets').set({ status: 'settled' }).where('event_id', '=', eventId).execute()
    await trx.updateTable('sb_events').set({ status: 'settled', version: sql`version + 1`, updated_at: sql`now()` }).where('id', '=', eventId).execute()
    return true
  })
}

/**
 * A corrected result: the event settles again on it, and every bet on it that was settled is
 * settled again (see settleBet). A cashed-out bet stays as it was sold. Locks the event's row.
 */
export async function correctResult(db: Db, eventId: bigint, result: Summary): Promise<void> {
  await runTransaction(db, async (trx) => {
    const event = await trx.selectFrom('sb_events').select(['status']).where('id', '=', eventId).forUpdate().executeTakeFirst()
    if (!event || (event.status !== 'settled' && event.status !== 'ended')) throw new SportsbookError('sportsbook_event_not_found', `No finished event ${eventId}`, 'event')
    await trx.updateTable('sb_events').set({ status: 'ended', result: JSON.stringify(result), version: sql`version + 1`, updated_at: sql`now()` }).where('id', '=', eventId).execute()
    const bets = trx.selectFrom('sb_bet_legs').select('bet_id').where('event_id', '=', eventId)
    await trx.updateTable('sb_bets').set({ status: 'resettling' }).where('id', 'in', bets).where('status', 'in', ['won', 'lost', 'void']).execute()
    await trx
      .updateTable('sb_bet_legs')
      .set({ result: null, dead_heat_ties: null })
      .where('event_id', '=', eventId)
      .where('bet_id', 'in', trx.selectFrom('sb_bets').select('id').where('status', 'in', ['open', 'resettling']))
      .execute()
  })
  await settleEvent(db, eventId)
}

/** Open bets with a leg whose outcome has a result: the candidates a settlement run looks at. */
export async function settleOpenBets(db: Db, wallet: () => WalletOptions, limit = 200): Promise<number> {
  const candidates = await db
    .selectFrom('sb_bets as b')
    .select('b.id')
    .where('b.status', 'in', ['open', 'resettling'])
    .where((eb) => eb.exists(eb.selectFrom('sb_bet_legs as l').innerJoin('sb_outcomes as o', 'o.id', 'l.outcome_id').select(sql`1`.as('x')).whereRef('l.bet_id', '=', 'b.id').where('l.result', 'is', null).where('o.result', 'is not', null)))
    .orderBy('b.id')
    .limit(limit)
    .execute()
  let settled = 0
  for (const { id } of candidates) if (await settleBet(db, id, wallet)) settled++
  return settled
}

export type SettleHook = (step: 'before-credit' | 'after-credit') => Promise<void>

/**
 * One bet: its legs take their outcomes' results; once every line is decided it is paid and
 * closed, in this one transaction. Answers whether it closed now.
 */
export async function settleBet(db: Db, betId: bigint, wallet: () => WalletOptions, hook?: SettleHook): Promise<boolean> {
  return runTransaction(db, async (trx) => {
    const bet = await trx.selectFrom('sb_bets').selectAll().where('id', '=', betId).forUpdate().executeTakeFirst()
    if (!bet || (bet.status !== 'open' && bet.status !== 'resettling')) return false
    const legs = await trx
      .selectFrom('sb_bet_legs as l')
      .innerJoin('sb_outcomes as o', 'o.id', 'l.outcome_id')
      .select(['l.position', 'l.price', 'l.result as leg_result', 'o.result', 'o.dead_heat_ties'])
      .where('l.bet_id', '=', betId)
      .orderBy('l.position')
      .execute()
    for (const leg of legs) {
      if (leg.result !== null && leg.leg_result === null) {
        await trx.updateTable('sb_bet_legs').set({ result: leg.result, dead_heat_ties: leg.dead_heat_ties }).where('bet_id', '=', betId).where('position', '=', leg.position).execute()
      }
    }
    const lines = betLines(bet.kind as BetKind, legs.length, bet.system ?? undefined)
    if (!lines) throw new Error(`Bet ${betId} has ${legs.length} legs that do not make a ${bet.kind}`)
    const shaped: Leg[] = legs.map((l) => ({ price: l.price, result: legResult(l.result, l.dead_heat_ties) }))
    const gross = betReturn(bet.stake_per_line, lines, shaped)
    if (!gross.settled) return false
    const allVoid = shaped.every((l) => l.result.kind === 'void')
    // A free bet returns its winnings without the stake; voided whole, the free bet is given back.
    const freeBet = bet.funding === 'free_bet'
    const outcome = { settled: true, amount: freeBet ? (allVoid ? 0n : freeBetPayout(gross.amount, bet.stake)) : gross.amount }
    if (freeBet && allVoid && bet.bonus_id !== null) await giveBackFreeBet(trx, bet.bonus_id)
    const generation = bet.settlement + 1
    // A resettlement moves only the difference from what the bet was paid before.
    const paidBefore = bet.status === 'resettling' ? (bet.payout ?? 0n) : 0n
    const difference = outcome.amount - paidBefore
    await hook?.('before-credit')
    // What an earlier correction could not take back is owed: a later payout settles that first.
    const owedOff = difference > 0n ? (difference < bet.correction_shortfall ? difference : bet.correction_shortfall) : 0n
    const pay = difference - owedOff
    let shortfall = -owedOff
    // A bet staked from the betting bonus is paid back into it, and a correction takes from it.
    const balance = paidInto(bet.funding)
    if (difference < 0n) shortfall = await takeBack(trx, bet.player_id, bet.currency, balance, -difference, `sb:bet:${betId}:correction:${generation}`)
    else if (pay > 0n) {
      await credit(
        trx,
        {
          provider: SPORTSBOOK_PROVIDER,
          transactionId: `bet:${betId}:settle:${generation}`,
          playerId: bet.player_id,
          currency: bet.currency,
          amount: toMajor(pay, bet.currency),
          mode: 'real',
          kind: 'win',
          balance,
        },
        wallet(),
      )
    }
    await hook?.('after-credit')
    const status = allVoid ? 'void' : outcome.amount > 0n ? 'won' : 'lost'
    await trx
      .updateTable('sb_bets')
      .set({ status, payout: outcome.amount, settlement: generation, settled_at: wallet().now, correction_shortfall: sql`correction_shortfall + ${shortfall}` })
      .where('id', '=', betId)
      .execute()
    return true
  })
}

/**
 * Takes back what a corrected result no longer pays, from the balance it was paid into, as far as it holds
 * it (never below zero): a ledger correction under its own key. Answers what it could not take.
 */
async function takeBack(trx: Transaction<DB>, playerId: bigint, currency: string, balance: StakeBalance, amount: bigint, key: string): Promise<bigint> {
  const walletId = await ensureWallet(trx, playerId, currency, balance)
  await lockWallets(trx, [walletId])
  const { balance: held } = await trx.selectFrom('wallets').select('balance').where('id', '=', walletId).executeTakeFirstOrThrow()
  const take = held < amount ? held : amount
  if (take > 0n) await postEntry(trx, { walletId, amount: -take, kind: 'adjustment', idempotencyKey: key, ref: key })
  return amount - take
}

function legResult(result: string | null, ties: number | null): LegResult {
  switch (result) {
    case null:
      return { kind: 'open' }
    case 'won':
    case 'lost':
    case 'void':
    case 'half_won':
    case 'half_lost':
      return { kind: result }
    case 'dead_heat':
      return { kind: 'dead_heat', ties: ties ?? 2 }
    default:
      throw new Error(`Unknown leg result ${result}`)
  }
}
