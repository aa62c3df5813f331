// The board as players read it: the sports tree, event lists and one event with every market, in
// the reader's language. Reads only; the feed writes (store.ts).
import { sql, type Kysely, type Selectable } from 'kysely'
import type { SbEvent, SbEventSummary, SbLive, SbMarket, SbSlipOutcome, SbSport } from '../../../src/services/api/contract/sportsbook'
import { isMarketKind, SPORTS, type Sport } from '../../../src/shared/sportsbook/markets'
import { textIn } from '../../../src/shared/locales'
import type { DB, SbEventsTable } from '../../db/schema'
import { searchForm, TRIGRAM_MIN_LENGTH, WORD_SIMILARITY_MIN } from '../games/catalogue'
import { SportsbookError } from './errors'

type Db = Kysely<DB>


/** Which events a list shows: those live, and those to come (not before now, up to two weeks on). */
const UPCOMING_DAYS = 14

export async function sportsTree(db: Db, locale: string, now: Date): Promise<SbSport[]> {
  const until = new Date(now.getTime() + UPCOMING_DAYS * 86_400_000)
  const [leagues, counts] = await Promise.all([
    db.selectFrom('sb_leagues').selectAll().orderBy('position').orderBy('id').execute(),
    db
      .selectFrom('sb_events')
      .select(['league_id', 'status', sql<number>`count(*)::int`.as('n')])
      .where((eb) => eb.or([eb('status', '=', 'live'), eb.and([eb('status', '=', 'scheduled'), eb('starts_at', '>=', now), eb('starts_at', '<', until)])]))
      // An event the feed has not priced yet is not shown.
      .where('version', '>', 0)
      .groupBy(['league_id', 'status'])
      .execute(),
  ])
  const count = (league: string, status: string) => counts.find((c) => c.league_id === league && c.status === status)?.n ?? 0
  return SPORTS.map((sport) => {
    const own = leagues
      .filter((l) => l.sport === sport)
      .map((l) => ({ id: l.id, name: textIn(l.names, locale), country: l.country, live: count(l.id, 'live'), upcoming: count(l.id, 'scheduled') }))
      .filter((l) => l.live + l.upcoming > 0)
    return { sport, live: own.reduce((n, l) => n + l.live, 0), upcoming: own.reduce((n, l) => n + l.upcoming, 0), leagues: own }
  }).filter((s) => s.leagues.length > 0)
}

export interface EventsQuery {
  status?: 'live' | 'upcoming'
  sport?: Sport
  league?: string
  query?: string
  offset?: number
  count?: number
}


/**
 * Events live now or to come: live first (longest running first), then soonest. A search looks in
 * every locale's names of both sides, forgiving a typo (trigram word similarity) and matching a
 * part of a name.
 */
export async function listEvents(db: Db, q: EventsQuery, locale: string, now: Date): Promise<{ events: SbEventSummary[]; total: number }> {
  const until = new Date(now.getTime() + UPCOMING_DAYS * 86_400_000)
  // The same form and threshold as the games search (docs/decisions/009): accents and case ignored.
  const text = searchForm(q.query ?? '').slice(0, 100)
  // Typed, but nothing in it to look for (only punctuation): nothing found, not everything.
  if (text === '' && (q.query ?? '').trim() !== '') return { events: [], total: 0 }
  let base = db.selectFrom('sb_events as e').where((eb) => {
    const live = eb('e.status', '=', 'live')
    const upcoming = eb.and([eb('e.status', '=', 'scheduled'), eb('e.starts_at', '>=', now), eb('e.starts_at', '<', until)])
    const shown = q.status === 'live' ? live : q.status === 'upcoming' ? upcoming : eb.or([live, upcoming])
    // An event the feed has not priced yet is not shown.
    return eb.and([shown, eb('e.version', '>', 0)])
  })
  if (q.sport) base = base.where('e.sport', '=', q.sport)
  if (q.league) base = base.where('e.league_id', '=', q.league)
  if (text.length > 0) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    base = base.where((eb) =>
      text.length >= TRIGRAM_MIN_LENGTH
        ? eb.or([eb('e.search_text', 'like', like), sql<boolean>`word_similarity(${text}, e.search_text) >= ${WORD_SIMILARITY_MIN}`])
        : eb('e.search_text', 'like', like),
    )
  }
  const [rows, total] = await Promise.all([
    base
      .innerJoin('sb_leagues as l', 'l.id', 'e.league_id')
      .selectAll('e')
      .select(['l.names as league_names', 'l.country as league_country'])
      .orderBy(sql`case when e.status = 'live' then 0 else 1 end`)
      .orderBy('e.starts_at')
      .orderBy('e.id')
      .offset(q.offset ?? 0)
      .limit(q.count ?? 20)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  const boards = await marketsOf(
    db,
    rows.map((r) => r.id),
  )
  const events = rows.map((row) => {
    const markets = boards.get(row.id) ?? []
    return summaryOf(row, { names: row.league_names, country: row.league_country }, markets, locale)
  })
  return { events, total: total.n }
}

/** One event with every market the book shows for it. */
export async function readEvent(db: Db, id: string, locale: string): Promise<SbEvent> {
  const row = await db
    .selectFrom('sb_events as e')
    .innerJoin('sb_leagues as l', 'l.id', 'e.league_id')
    .selectAll('e')
    .select(['l.names as league_names', 'l.country as league_country'])
    .where('e.id', '=', BigInt(id))
    .executeTakeFirst()
  if (!row) throw new SportsbookError('sportsbook_event_not_found', `No event ${id}`, 'id')
  const markets = (await marketsOf(db, [row.id])).get(row.id) ?? []
  return { ...summaryOf(row, { names: row.league_names, country: row.league_country }, markets, locale), markets }
}

/** The markets shown: those with a price, or settled; a withdrawn line (no price left) is not. */
async function marketsOf(db: Db, eventIds: readonly bigint[]): Promise<Map<bigint, SbMarket[]>> {
  const out = new Map<bigint, SbMarket[]>()
  if (eventIds.length === 0) return out
  const rows = await db
    .selectFrom('sb_markets as m')
    .innerJoin('sb_outcomes as o', 'o.market_id', 'm.id')
    .select(['m.id as market_id', 'm.event_id', 'm.key as market_key', 'm.kind', 'm.line', 'm.status', 'o.id as outcome_id', 'o.key as outcome_key', 'o.price'])
    .where('m.event_id', 'in', [...eventIds])
    .orderBy('m.event_id')
    .orderBy('m.position')
    .orderBy('o.position')
    .execute()
  const byMarket = new Map<bigint, SbMarket & { eventId: bigint }>()
  for (const r of rows) {
    if (!isMarketKind(r.kind)) continue
    let market = byMarket.get(r.market_id)
    if (!market) {
      market = { eventId: r.event_id, id: String(r.market_id), key: r.market_key, kind: r.kind, line: r.line, status: r.status, outcomes: [] }
      byMarket.set(r.market_id, market)
    }
    market.outcomes.push({ id: String(r.outcome_id), key: r.outcome_key, price: r.price })
  }
  for (const { eventId, ...market } of byMarket.values()) {
    if (market.status !== 'settled' && market.outcomes.every((o) => o.price === null)) continue
    const list = out.get(eventId) ?? []
    list.push(market)
    out.set(eventId, list)
  }
  return out
}

const MAIN_MARKETS = ['match_result', 'match_winner']

function summaryOf(
  row: Selectable<SbEventsTable>,
  league: { names: Record<string, string>; country: string },
  markets: SbMarket[],
  locale: string,
): SbEventSummary {
  const main = MAIN_MARKETS.map((kind) => markets.find((m) => m.kind === kind)).find((m) => m !== undefined) ?? null
  return {
    id: String(row.id),
    sport: row.sport as Sport,
    league: { id: row.league_id, name: textIn(league.names, locale), country: league.country },
    home: { id: row.home.id, name: textIn(row.home.names, locale) },
    away: { id: row.away.id, name: textIn(row.away.names, locale) },
    starts_at: row.starts_at.toISOString(),
    status: row.status,
    suspended: row.suspended,
    live: (row.live as SbLive | null) ?? null,
    main,
    markets_count: markets.length,
    version: row.version,
  }
}

/**
 * Outcomes as a betslip row shows them, with their prices now, in the order asked; an id the book
 * does not know is left out (the slip drops it). A withdrawn or suspended line is marked so.
 */
export async function slipOutcomes(db: Db, ids: readonly string[], locale: string): Promise<SbSlipOutcome[]> {
  const wanted = [...new Set(ids)].map((id) => BigInt(id))
  if (wanted.length === 0) return []
  const rows = await db
    .selectFrom('sb_outcomes as o')
    .innerJoin('sb_markets as m', 'm.id', 'o.market_id')
    .innerJoin('sb_events as e', 'e.id', 'o.event_id')
    .select(['o.id', 'o.key', 'o.price', 'm.id as market_id', 'm.key as market_key', 'm.kind', 'm.line', 'm.status as market_status', 'e.id as event_id', 'e.sport', 'e.home', 'e.away', 'e.starts_at', 'e.status as event_status', 'e.suspended'])
    .where('o.id', 'in', wanted)
    .execute()
  const byId = new Map(rows.map((r) => [String(r.id), r]))
  return wanted.flatMap((id) => {
    const r = byId.get(String(id))
    if (!r || !isMarketKind(r.kind)) return []
    // The same test placement makes (placement.ts): a row the slip marks suspended is one the book would refuse.
    const open = r.price !== null && r.market_status === 'open' && !r.suspended && (r.event_status === 'scheduled' || r.event_status === 'live')
    return [
      {
        id: String(r.id),
        key: r.key,
        price: r.price,
        suspended: !open,
        market: { id: String(r.market_id), key: r.market_key, kind: r.kind, line: r.line, status: r.market_status },
        event: {
          id: String(r.event_id),
          sport: r.sport as Sport,
          home: { id: r.home.id, name: textIn(r.home.names, locale) },
          away: { id: r.away.id, name: textIn(r.away.names, locale) },
          starts_at: r.starts_at.toISOString(),
          status: r.event_status,
          suspended: r.suspended,
        },
      },
    ]
  })
}
