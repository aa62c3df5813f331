// A player's bets as the API shows them: stakes and returns in major units, each leg with its
// event's names in the reader's language and its result once settled.
import type { Kysely, Transaction } from 'kysely'
import type { SbBet } from '../../../src/services/api/contract/sportsbook'
import { toMajor } from '../../../src/shared/money'
import { textIn } from '../../../src/shared/locales'
import type { DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>


export async function readBets(db: Db, playerId: bigint, ids: readonly bigint[], locale: string): Promise<SbBet[]> {
  if (ids.length === 0) return []
  const [bets, legs, cashouts] = await Promise.all([
    db.selectFrom('sb_bets').selectAll().where('player_id', '=', playerId).where('id', 'in', [...ids]).execute(),
    db
      .selectFrom('sb_bet_legs as l')
      .innerJoin('sb_outcomes as o', 'o.id', 'l.outcome_id')
      .innerJoin('sb_markets as m', 'm.id', 'o.market_id')
      .innerJoin('sb_events as e', 'e.id', 'l.event_id')
      .select(['l.bet_id', 'l.position', 'l.price', 'l.result', 'o.id as outcome_id', 'o.key as outcome_key', 'm.key as market_key', 'm.kind', 'm.line', 'e.id as event_id', 'e.sport', 'e.home', 'e.away', 'e.starts_at', 'e.status'])
      .where('l.bet_id', 'in', [...ids])
      .orderBy('l.bet_id')
      .orderBy('l.position')
      .execute(),
    db.selectFrom('sb_cashouts').select(['bet_id', 'amount', 'stake_per_line', 'created_at']).where('bet_id', 'in', [...ids]).orderBy('bet_id').orderBy('id').execute(),
  ])
  const byId = new Map(bets.map((b) => [b.id, b]))
  return ids.flatMap((id) => {
    const b = byId.get(id)
    if (!b) return []
    return [
      {
        id: String(b.id),
        kind: b.kind as SbBet['kind'],
        system: b.system,
        lines: b.lines,
        currency: b.currency,
        stake_per_line: toMajor(b.stake_per_line, b.currency),
        stake: toMajor(b.stake, b.currency),
        potential: toMajor(b.potential, b.currency),
        // A bet being settled again on a corrected result reads as open until it is.
        status: (b.status === 'resettling' ? 'open' : b.status) as SbBet['status'],
        funding: b.funding as SbBet['funding'],
        payout: b.payout === null ? null : toMajor(b.payout, b.currency),
        placed_at: b.placed_at.toISOString(),
        settled_at: b.settled_at?.toISOString() ?? null,
        legs: legs
          .filter((l) => l.bet_id === id)
          .map((l) => ({
            event: { id: String(l.event_id), sport: l.sport as SbBet['legs'][number]['event']['sport'], home: textIn(l.home.names, locale), away: textIn(l.away.names, locale), starts_at: l.starts_at.toISOString(), status: l.status },
            market: { key: l.market_key, kind: l.kind as SbBet['legs'][number]['market']['kind'], line: l.line },
            outcome: { id: String(l.outcome_id), key: l.outcome_key },
            price: l.price,
            result: l.result as SbBet['legs'][number]['result'],
          })),
        cashouts: cashouts
          .filter((c) => c.bet_id === id)
          .map((c) => ({ amount: toMajor(c.amount, b.currency), stake: toMajor(c.stake_per_line * BigInt(b.lines), b.currency), at: c.created_at.toISOString() })),
      },
    ]
  })
}

export type BetView = SbBet

export async function readBet(db: Db, playerId: bigint, id: bigint, locale: string): Promise<SbBet> {
  const [bet] = await readBets(db, playerId, [id], locale)
  if (!bet) throw new Error(`No bet ${id} of player ${playerId}`)
  return bet
}

export type BetFilter = 'open' | 'settled' | 'won' | 'lost' | 'void' | 'cashed_out'

/** The player's bets, newest first, narrowed by status ('settled' is every closed one). */
export async function listBets(db: Kysely<DB>, playerId: bigint, q: { status?: BetFilter; offset?: number; count?: number }, locale: string): Promise<{ bets: SbBet[]; total: number }> {
  let base = db.selectFrom('sb_bets').where('player_id', '=', playerId)
  if (q.status === 'settled') base = base.where('status', '!=', 'open')
  else if (q.status) base = base.where('status', '=', q.status)
  const [rows, total] = await Promise.all([
    base
      .select('id')
      .orderBy('id', 'desc')
      .offset(q.offset ?? 0)
      .limit(q.count ?? 20)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return {
    bets: await readBets(
      db,
      playerId,
      rows.map((r) => r.id),
      locale,
    ),
    total: Number(total.n),
  }
}
