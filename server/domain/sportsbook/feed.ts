// One adapter interface for every odds feed: the built-in simulator (simulator.ts) or an operator's
// real feed. A feed answers, each time the book polls it, what changed; the book writes it
// (store.ts) and tells the sockets. The feed never touches the bets: settlement reads the results.
import type { Kysely } from 'kysely'
import type { SbChangeMessage, SbLive } from '../../../src/services/api/contract/sportsbook'
import { SB_LIVE_TOPIC, sbEventTopic } from '../../../src/services/api/contract/sportsbook'
import type { Summary } from '../../../src/shared/sportsbook/markets'
import type { DB } from '../../db/schema'
import type { BoardMarket } from './board'
import { endEvent, syncLeagues, upsertEvents, writeBoard, type BoardWritten, type EventInput, type LeagueInput } from './store'

export type FeedUpdate =
  | { type: 'leagues'; leagues: LeagueInput[] }
  | { type: 'fixtures'; events: EventInput[] }
  /** An event's board as it stands: its status, live figures, whether it is suspended, every market. */
  /** `version`: the event's version the board was computed from, when the feed read one (store.ts writeBoard). */
  | { type: 'board'; feedId: string; version?: number; status: 'scheduled' | 'live'; live: SbLive | null; suspended: boolean; markets: BoardMarket[]; feedState?: unknown }
  /** An event is over: the counts its markets settle on. */
  | { type: 'result'; feedId: string; result: Summary; live: SbLive; feedState?: unknown }

export interface OddsFeed {
  readonly name: string
  /** The updates since the last poll, as of `now` (the feed's clock). Called by one instance at a time. */
  poll(now: Date): Promise<FeedUpdate[]>
}

/** Publishes a message on a public socket topic (app.live.publish). */
export type Publish = (topic: string, data: string) => Promise<unknown>

export interface Applied {
  boards: number
  results: number
  fixtures: number
}

/** The markets the board's rows show: the live list carries only their prices. */
const isMain = (market: string) => market === 'match_result' || market === 'match_winner'

/**
 * The socket messages of one written board: the whole change on the event's own topic, and for the
 * live list (live events, and any event whose main market moved) the change with its main prices only.
 */
export function boardMessages(
  eventId: bigint,
  board: { status: 'scheduled' | 'live'; suspended: boolean; live: SbLive | null },
  written: BoardWritten,
): { event: SbChangeMessage; live: SbChangeMessage | null } {
  const event: SbChangeMessage = {
    id: String(eventId),
    version: written.version,
    status: board.status,
    suspended: board.suspended,
    live: board.live,
    prices: written.changes.map((c) => ({ id: c.outcomeId, market: c.market, outcome: c.outcome, price: c.price })),
    markets: written.statuses,
  }
  const live = board.status === 'live' || written.changes.some((c) => isMain(c.market)) ? { ...event, prices: event.prices.filter((p) => isMain(p.market)) } : null
  return { event, live }
}

/** Publishes one event's written board outside a poll (an operator's price), as a poll would. */
export async function publishBoard(publish: Publish, eventId: bigint, board: Parameters<typeof boardMessages>[1], written: BoardWritten): Promise<void> {
  const { event, live } = boardMessages(eventId, board, written)
  await Promise.all([
    publish(sbEventTopic(event.id), JSON.stringify(event)).catch(() => undefined),
    live ? publish(SB_LIVE_TOPIC, JSON.stringify({ events: [live] })).catch(() => undefined) : undefined,
  ])
}

/**
 * Writes a poll's updates and publishes each changed event on its own topic and on the live list's.
 * Each event's board is its own transaction, so one slow event holds no other up.
 */
export async function applyFeedUpdates(db: Kysely<DB>, updates: readonly FeedUpdate[], publish: Publish): Promise<Applied> {
  const applied: Applied = { boards: 0, results: 0, fixtures: 0 }
  const fixtures = updates.flatMap((u) => (u.type === 'fixtures' ? u.events : []))
  for (const u of updates) if (u.type === 'leagues') await syncLeagues(db, u.leagues)
  if (fixtures.length > 0) {
    await upsertEvents(db, fixtures)
    applied.fixtures = fixtures.length
  }
  const feedIds = [...new Set(updates.flatMap((u) => (u.type === 'board' || u.type === 'result' ? [u.feedId] : [])))]
  const ids = new Map<string, bigint>()
  for (let i = 0; i < feedIds.length; i += 500) {
    const rows = await db
      .selectFrom('sb_events')
      .select(['id', 'feed_id'])
      .where('feed_id', 'in', feedIds.slice(i, i + 500))
      .execute()
    for (const r of rows) ids.set(r.feed_id, r.id)
  }
  const messages: Array<[string, string]> = []
  const live: SbChangeMessage[] = []
  for (const u of updates) {
    if (u.type !== 'board' && u.type !== 'result') continue
    const eventId = ids.get(u.feedId)
    if (eventId === undefined) continue
    if (u.type === 'board') {
      const written = await writeBoard(db, { eventId, version: u.version, status: u.status, live: u.live, suspended: u.suspended, markets: u.markets, feedState: u.feedState })
      if (!written) continue
      applied.boards++
      const message = boardMessages(eventId, u, written)
      messages.push([sbEventTopic(String(eventId)), JSON.stringify(message.event)])
      if (message.live) live.push(message.live)
    } else {
      if (!(await endEvent(db, eventId, u.result, u.live, u.feedState))) continue
      applied.results++
      const message: SbChangeMessage = { id: String(eventId), status: 'ended', suspended: true, live: u.live, prices: [], markets: [] }
      messages.push([sbEventTopic(String(eventId)), JSON.stringify(message)])
      live.push(message)
    }
  }
  if (live.length > 0) messages.push([SB_LIVE_TOPIC, JSON.stringify({ events: live })])
  await Promise.all(messages.map(([topic, data]) => publish(topic, data).catch(() => undefined)))
  return applied
}
