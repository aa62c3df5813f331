// The live rules both sportsbook flows keep (docs/sportsbook.md): a socket change applies to an
// event only when it is newer than what is shown, moves prices and flags which way they went, greys
// out suspended markets, and carries the score and clock. The clock ticks in the browser between
// changes. Pure functions: the board and event machines call them from their actions.
import type { SbChangeMessage, SbEvent, SbEventSummary, SbLive, SbMarket } from '../../services/api/contract/sportsbook'
import { priceMove } from '../../shared/sportsbook/odds'

/** One event's change as the topics `sb.live` and `sb.event.{id}` carry it (the contract's shape). */
export type SbChange = SbChangeMessage
/** One price of a change: the outcome's id, its market's key and its own key. */
export type SbPriceChange = SbChange['prices'][number]

/** Which way each outcome's price last moved, by outcome id: the short-lived flash the view draws. */
export type Flashes = Readonly<Record<string, 'up' | 'down'>>

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

/** A socket message's change, or null when it is not one (a message is never trusted blindly). */
export function parseChange(data: unknown): SbChange | null {
  if (!isObject(data) || typeof data.id !== 'string' || typeof data.status !== 'string') return null
  if (data.version !== undefined && typeof data.version !== 'number') return null
  const prices = Array.isArray(data.prices) ? data.prices.filter((p): p is SbPriceChange => isObject(p) && typeof p.id === 'string' && typeof p.market === 'string' && typeof p.outcome === 'string' && (p.price === null || typeof p.price === 'number')) : []
  const markets = Array.isArray(data.markets) ? data.markets.filter((m): m is SbChange['markets'][number] => isObject(m) && typeof m.market === 'string' && typeof m.status === 'string') : []
  return {
    id: data.id,
    ...(typeof data.version === 'number' ? { version: data.version } : {}),
    status: data.status as SbChange['status'],
    suspended: data.suspended === true,
    live: isObject(data.live) ? (data.live as SbLive) : null,
    prices,
    markets,
  }
}

/** The changes of an `sb.live` message. */
export function parseLiveMessage(data: unknown): SbChange[] {
  if (!isObject(data) || !Array.isArray(data.events)) return []
  return data.events.map(parseChange).filter((c): c is SbChange => c !== null)
}

export const isOver = (status: string): boolean => status === 'ended' || status === 'settled' || status === 'cancelled'

/** A change older than (or as old as) what is shown says nothing new; the ending message always counts. */
export function isStale(shown: { version: number; status: string }, change: SbChange): boolean {
  if (isOver(shown.status)) return true
  return change.version !== undefined && change.version <= shown.version
}

/** A change names an outcome the markets shown do not have (a new line): only a fresh read shows it. */
export function hasUnknownOutcome(markets: readonly SbMarket[], change: SbChange): boolean {
  return change.prices.some((p) => !markets.some((m) => m.key === p.market && m.outcomes.some((o) => o.key === p.outcome)))
}

/** The markets with the change's prices and statuses; `flashes` gets each moved price's direction. */
export function applyToMarkets(markets: readonly SbMarket[], change: SbChange, flashes: Record<string, 'up' | 'down'>): SbMarket[] {
  return markets.map((m) => {
    const status = change.markets.find((s) => s.market === m.key)?.status ?? m.status
    const moved = change.prices.filter((p) => p.market === m.key)
    if (moved.length === 0 && status === m.status) return m
    const outcomes = m.outcomes.map((o) => {
      const p = moved.find((c) => c.outcome === o.key)
      if (!p || p.price === o.price) return o
      const dir = p.price === null || o.price === null ? null : priceMove(o.price, p.price)
      if (dir) flashes[o.id] = dir
      return { ...o, price: p.price }
    })
    return { ...m, status, outcomes }
  })
}

/** An event (summary or whole) with a change applied; over, it keeps its final score and offers no price. */
export function applyChange<E extends SbEventSummary | SbEvent>(event: E, change: SbChange, flashes: Record<string, 'up' | 'down'>): E {
  const over = isOver(change.status)
  const next = { ...event, status: change.status, suspended: change.suspended, live: change.live ?? event.live, version: change.version ?? event.version }
  if (over) {
    if ('markets' in event) return { ...next, main: null, markets: [] } as E
    // A list keeps an event that ended in its place, its prices locked: a row taken out would move
    // every row below it under the player's eyes (and their thumb).
    return { ...next, main: event.main ? { ...event.main, status: 'suspended' } : null } as E
  }
  return {
    ...next,
    main: event.main ? applyToMarkets([event.main], change, flashes)[0]! : null,
    ...('markets' in event ? { markets: applyToMarkets(event.markets, change, flashes) } : {}),
  } as E
}

/** The clock one second on: football and handball count up, the sports with periods count down to zero. */
export function tickLive(live: SbLive | null, sport: string): SbLive | null {
  if (!live || !live.running || live.seconds === null) return live
  const up = sport === 'football' || sport === 'handball'
  return { ...live, seconds: up ? live.seconds + 1 : Math.max(0, live.seconds - 1) }
}

/** Whether some clock of these events runs. */
export const anyClockRuns = (events: readonly { live: SbLive | null; status: string }[]): boolean => events.some((e) => e.status === 'live' && e.live?.running === true && e.live.seconds !== null)
