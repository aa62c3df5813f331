// The board as a feed leaves it in the database: leagues, events, and each event's markets and
// prices written in one transaction per event, answering what changed so it can go to the sockets.
import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB, SbEventStatus } from '../../db/schema'
import { searchForm } from '../games/catalogue'
import { runTransaction } from '../../db/transaction'
import type { Price } from '../../../src/shared/sportsbook/odds'
import type { BoardMarket } from './board'
import { SportsbookError } from './errors'

type Db = Kysely<DB> | Transaction<DB>

export interface LeagueInput {
  id: string
  sport: string
  country: string
  names: Record<string, string>
  position: number
}

/** Leagues as the feed lists them: new ones added, names and order brought up to date. */
export async function syncLeagues(db: Db, leagues: readonly LeagueInput[]): Promise<void> {
  if (leagues.length === 0) return
  await db
    .insertInto('sb_leagues')
    .values(leagues.map((l) => ({ id: l.id, sport: l.sport, country: l.country, names: JSON.stringify(l.names), position: l.position })))
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        names: (eb) => eb.ref('excluded.names'),
        position: (eb) => eb.ref('excluded.position'),
        country: (eb) => eb.ref('excluded.country'),
      }),
    )
    .execute()
}

export interface Side {
  id: string
  names: Record<string, string>
}

export interface EventInput {
  feedId: string
  leagueId: string
  sport: string
  home: Side
  away: Side
  startsAt: Date
  /** The simulator's parameters; a real feed sends none. */
  model?: unknown
}

/** Every name of both sides in search form (lower case, no accents), once each: what search by team matches. */
export function searchTextOf(home: Side, away: Side): string {
  return [...new Set([...Object.values(home.names), ...Object.values(away.names)].map(searchForm))].join(' | ')
}

/**
 * Adds the events the feed announces and moves the start of those not yet started; an event
 * already live or over is left as it is. Answers each feed id's event id.
 */
export async function upsertEvents(db: Db, events: readonly EventInput[]): Promise<Map<string, bigint>> {
  const ids = new Map<string, bigint>()
  for (let i = 0; i < events.length; i += 200) {
    const chunk = events.slice(i, i + 200)
    const rows = await db
      .insertInto('sb_events')
      .values(
        chunk.map((e) => ({
          feed_id: e.feedId,
          league_id: e.leagueId,
          sport: e.sport,
          home: JSON.stringify(e.home),
          away: JSON.stringify(e.away),
          search_text: searchTextOf(e.home, e.away),
          starts_at: e.startsAt,
          model: e.model === undefined ? null : JSON.stringify(e.model),
        })),
      )
      .onConflict((oc) =>
        oc
          .column('feed_id')
          .doUpdateSet({ starts_at: (eb) => eb.ref('excluded.starts_at'), updated_at: sql`now()` })
          .where('sb_events.status', '=', 'scheduled')
          .where(sql<boolean>`sb_events.starts_at is distinct from excluded.starts_at`),
      )
      .returning(['id', 'feed_id'])
      .execute()
    for (const row of rows) ids.set(row.feed_id, row.id)
    const missing = chunk.filter((e) => !ids.has(e.feedId)).map((e) => e.feedId)
    if (missing.length > 0) {
      const known = await db.selectFrom('sb_events').select(['id', 'feed_id']).where('feed_id', 'in', missing).execute()
      for (const row of known) ids.set(row.feed_id, row.id)
    }
  }
  return ids
}

export interface PriceChange {
  outcomeId: string
  market: string
  outcome: string
  price: Price | null
  before: Price | null
}

export interface BoardWrite {
  eventId: bigint
  /**
   * The event's version the board was computed from: written only if nothing else wrote the event
   * since (an operator's price), so a board computed a moment before does not put the old price back.
   */
  version?: number
  status: SbEventStatus
  /** The feed's live figures (score, clock); null before the start. */
  live: unknown
  /** A dangerous moment: every market suspended until the feed says otherwise. */
  suspended: boolean
  markets: readonly BoardMarket[]
  /** What the feed keeps for the event (the simulator's state), stored with the board. */
  feedState?: unknown
}

export interface BoardWritten {
  version: number
  changes: PriceChange[]
  /** Markets whose status changed, with the new status. */
  statuses: Array<{ market: string; status: 'open' | 'suspended' }>
}

/**
 * Writes an event's board in one transaction: its live figures, a new version, every market
 * (those the feed no longer offers suspended, their prices withdrawn) and every price. Locks the
 * event's row only. Null when the event is gone or already settled.
 */
export async function writeBoard(db: Kysely<DB>, write: BoardWrite): Promise<BoardWritten | null> {
  return runTransaction(db, async (trx) => {
    const event = await trx
      .updateTable('sb_events')
      .set({
        status: write.status,
        live: write.live === null ? null : JSON.stringify(write.live),
        suspended: write.suspended,
        ...(write.feedState === undefined ? {} : { model: JSON.stringify(write.feedState) }),
        version: sql`version + 1`,
        updated_at: sql`now()`,
      })
      .where('id', '=', write.eventId)
      .where('status', 'in', ['scheduled', 'live'])
      .$if(write.version !== undefined, (qb) => qb.where('version', '=', write.version!))
      .returning(['version'])
      .executeTakeFirst()
    if (!event) return null

    const before = await trx
      .selectFrom('sb_markets as m')
      .innerJoin('sb_outcomes as o', 'o.market_id', 'm.id')
      .select(['m.id as market_id', 'm.key as market', 'm.status', 'o.id as outcome_id', 'o.key as outcome', 'o.price'])
      .where('m.event_id', '=', write.eventId)
      .execute()
    const marketStatus = new Map(before.map((r) => [r.market, r.status]))
    const priceBefore = new Map(before.map((r) => [`${r.market}\u0000${r.outcome}`, r]))
    const status = write.suspended ? 'suspended' : 'open'

    const statuses: BoardWritten['statuses'] = []
    const markets =
      write.markets.length === 0
        ? []
        : await trx
            .insertInto('sb_markets')
            .values(write.markets.map((m, i) => ({ event_id: write.eventId, key: m.key, kind: m.kind, line: m.line, status, position: i })))
            .onConflict((oc) => oc.columns(['event_id', 'key']).doUpdateSet({ status: (eb) => eb.ref('excluded.status'), position: (eb) => eb.ref('excluded.position') }))
            .returning(['id', 'key'])
            .execute()
    const marketId = new Map(markets.map((m) => [m.key, m.id]))
    for (const m of write.markets) if (marketStatus.get(m.key) !== status) statuses.push({ market: m.key, status })

    const changes: PriceChange[] = []
    const outcomes = write.markets.flatMap((m) =>
      m.outcomes.map((o, i) => {
        const old = priceBefore.get(`${m.key}\u0000${o.key}`)
        if (!old || old.price !== o.price) changes.push({ outcomeId: old ? String(old.outcome_id) : '', market: m.key, outcome: o.key, price: o.price, before: old?.price ?? null })
        return { market_id: marketId.get(m.key)!, event_id: write.eventId, key: o.key, price: o.price, position: i }
      }),
    )
    if (outcomes.length > 0) {
      const written = await trx
        .insertInto('sb_outcomes')
        .values(outcomes)
        .onConflict((oc) => oc.columns(['market_id', 'key']).doUpdateSet({ price: (eb) => eb.ref('excluded.price'), position: (eb) => eb.ref('excluded.position') }))
        .returning(['id', 'market_id', 'key'])
        .execute()
      const keyOfMarket = new Map(markets.map((m) => [m.id, m.key]))
      const idOf = new Map(written.map((o) => [`${keyOfMarket.get(o.market_id)}\u0000${o.key}`, String(o.id)]))
      for (const change of changes) change.outcomeId = idOf.get(`${change.market}\u0000${change.outcome}`) ?? change.outcomeId
    }

    // Lines the feed no longer offers: suspended, their prices withdrawn.
    const offered = new Set(write.markets.map((m) => m.key))
    const gone = [...new Set(before.filter((r) => !offered.has(r.market) && r.status !== 'settled').map((r) => r.market_id))]
    if (gone.length > 0) {
      await trx.updateTable('sb_markets').set({ status: 'suspended' }).where('id', 'in', gone).execute()
      await trx.updateTable('sb_outcomes').set({ price: null }).where('market_id', 'in', gone).execute()
      for (const r of before) {
        if (!gone.includes(r.market_id)) continue
        if (r.price !== null) changes.push({ outcomeId: String(r.outcome_id), market: r.market, outcome: r.outcome, price: null, before: r.price })
        if (r.status !== 'suspended' && !statuses.some((s) => s.market === r.market)) statuses.push({ market: r.market, status: 'suspended' })
      }
    }
    return { version: event.version, changes, statuses }
  })
}

/** One outcome's price set outside the feed, and what the sockets are told of it (feed.ts boardMessages). */
export interface PriceSet {
  eventId: bigint
  status: 'scheduled' | 'live'
  suspended: boolean
  live: unknown
  written: BoardWritten
}

/**
 * Sets one outcome's price outside the feed: the operator's test lever (server/api/operator.ts).
 * The event takes a new version and a new write time, as with a board, so a board the feed computed
 * before this one is dropped and an upcoming event's next drift is five minutes away.
 */
export async function setOutcomePrice(db: Kysely<DB>, outcomeId: bigint, price: Price): Promise<PriceSet> {
  return runTransaction(db, async (trx) => {
    const outcome = await trx
      .selectFrom('sb_outcomes as o')
      .innerJoin('sb_markets as m', 'm.id', 'o.market_id')
      .select(['o.event_id', 'o.key as outcome', 'o.price', 'm.key as market', 'm.status'])
      .where('o.id', '=', outcomeId)
      .executeTakeFirst()
    if (!outcome) throw new SportsbookError('sportsbook_selection_unknown', `No outcome ${outcomeId}`, 'outcome', { outcome_id: String(outcomeId) })
    const event = await trx
      .updateTable('sb_events')
      .set({ version: sql`version + 1`, updated_at: sql`now()` })
      .where('id', '=', outcome.event_id)
      .where('status', 'in', ['scheduled', 'live'])
      .returning(['version', 'status', 'suspended', 'live'])
      .executeTakeFirst()
    if (!event || outcome.status !== 'open') throw new SportsbookError('sportsbook_selection_closed', 'The outcome is not open for betting', 'outcome', { outcome_id: String(outcomeId) })
    await trx.updateTable('sb_outcomes').set({ price }).where('id', '=', outcomeId).execute()
    const changes: PriceChange[] = outcome.price === price ? [] : [{ outcomeId: String(outcomeId), market: outcome.market, outcome: outcome.outcome, price, before: outcome.price }]
    return { eventId: outcome.event_id, status: event.status as PriceSet['status'], suspended: event.suspended, live: event.live, written: { version: event.version, changes, statuses: [] } }
  })
}

/** Marks an event ended with its result; its markets are suspended until settlement. */
export async function endEvent(db: Db, eventId: bigint, result: unknown, live: unknown, feedState?: unknown): Promise<boolean> {
  const ended = await db
    .updateTable('sb_events')
    .set({
      status: 'ended',
      result: JSON.stringify(result),
      live: JSON.stringify(live),
      suspended: true,
      ...(feedState === undefined ? {} : { model: JSON.stringify(feedState) }),
      version: sql`version + 1`,
      updated_at: sql`now()`,
    })
    .where('id', '=', eventId)
    .where('status', 'in', ['scheduled', 'live'])
    .returning('id')
    .executeTakeFirst()
  if (!ended) return false
  await db.updateTable('sb_markets').set({ status: 'suspended' }).where('event_id', '=', eventId).where('status', '=', 'open').execute()
  return true
}
