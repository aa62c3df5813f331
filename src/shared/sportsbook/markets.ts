// The sports and markets the book offers, and how a market settles on a final score. Shared: the
// server prices and settles with it, and the views name a market and its outcomes from the same
// kinds and keys.

export const SPORTS = ['football', 'tennis', 'basketball', 'ice_hockey', 'handball', 'esports'] as const
export type Sport = (typeof SPORTS)[number]

export function isSport(value: unknown): value is Sport {
  return typeof value === 'string' && (SPORTS as readonly string[]).includes(value)
}

/**
 * Eight kinds cover every market the book offers; the sport names them for a player (a handicap
 * is the Asian handicap in football, the spread in basketball, the puck line in ice hockey).
 * - match_result: home, draw, away (1X2)
 * - double_chance: home_draw, home_away, draw_away
 * - draw_no_bet: home, away (a draw is void)
 * - match_winner: home, away (no draw: overtime, a tie-break or a deciding map settles it)
 * - handicap: home, away, with the home side's line (quarter lines settle half on each side)
 * - total: over, under, with a line
 * - both_score: yes, no
 * - correct_score: "h-a" keys, and "other" for every score not listed
 */
export const MARKET_KINDS = [
  'match_result',
  'double_chance',
  'draw_no_bet',
  'match_winner',
  'handicap',
  'total',
  'both_score',
  'correct_score',
] as const
export type MarketKind = (typeof MARKET_KINDS)[number]

export function isMarketKind(value: unknown): value is MarketKind {
  return typeof value === 'string' && (MARKET_KINDS as readonly string[]).includes(value)
}

export const LINE_MARKETS: ReadonlySet<MarketKind> = new Set(['handicap', 'total'])

/**
 * The count a market settles on: the regular-time score, the final one (overtime and shoot-outs
 * included), sets or games in tennis, maps in esports.
 */
export type Count = 'score' | 'final' | 'sets' | 'games' | 'maps'

export interface Score {
  home: number
  away: number
}

/** A finished event's result, as the counts its markets settle on. */
export type Summary = Partial<Record<Count, Score>>

/** The markets of each sport, and the count each settles on. */
export const SPORT_MARKETS: Readonly<Record<Sport, ReadonlyArray<{ kind: MarketKind; on: Count }>>> = {
  football: [
    { kind: 'match_result', on: 'score' },
    { kind: 'double_chance', on: 'score' },
    { kind: 'draw_no_bet', on: 'score' },
    { kind: 'total', on: 'score' },
    { kind: 'handicap', on: 'score' },
    { kind: 'both_score', on: 'score' },
    { kind: 'correct_score', on: 'score' },
  ],
  tennis: [
    { kind: 'match_winner', on: 'sets' },
    { kind: 'correct_score', on: 'sets' },
    { kind: 'handicap', on: 'games' },
    { kind: 'total', on: 'games' },
  ],
  basketball: [
    { kind: 'match_winner', on: 'final' },
    { kind: 'handicap', on: 'final' },
    { kind: 'total', on: 'final' },
  ],
  ice_hockey: [
    { kind: 'match_result', on: 'score' },
    { kind: 'match_winner', on: 'final' },
    { kind: 'handicap', on: 'final' },
    { kind: 'total', on: 'final' },
  ],
  handball: [
    { kind: 'match_result', on: 'score' },
    { kind: 'handicap', on: 'score' },
    { kind: 'total', on: 'score' },
  ],
  esports: [
    { kind: 'match_winner', on: 'maps' },
    { kind: 'handicap', on: 'maps' },
    { kind: 'total', on: 'maps' },
    { kind: 'correct_score', on: 'maps' },
  ],
}

export function countOf(sport: Sport, kind: MarketKind): Count | null {
  return SPORT_MARKETS[sport].find((m) => m.kind === kind)?.on ?? null
}

/** The outcome keys of a market kind; a correct-score market lists its own. */
export function outcomeKeys(kind: MarketKind): readonly string[] {
  switch (kind) {
    case 'match_result':
      return ['home', 'draw', 'away']
    case 'double_chance':
      return ['home_draw', 'home_away', 'draw_away']
    case 'draw_no_bet':
    case 'match_winner':
    case 'handicap':
      return ['home', 'away']
    case 'total':
      return ['over', 'under']
    case 'both_score':
      return ['yes', 'no']
    case 'correct_score':
      return []
  }
}

/** A line is a multiple of a quarter: 2.5, -0.75, 215.5. Quarters are exact in binary. */
export function isLine(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= 1000 && Number.isInteger(value * 4)
}

export function isQuarterLine(line: number): boolean {
  return Number.isInteger(line * 4) && !Number.isInteger(line * 2)
}

export const SCORE_KEY = /^(\d{1,2})-(\d{1,2})$/

export function scoreKey(score: Score): string {
  return `${score.home}-${score.away}`
}

/** A market's identity within its event: its kind, and its line when it has one. */
export function marketKey(kind: MarketKind, line?: number | null): string {
  return LINE_MARKETS.has(kind) && line !== undefined && line !== null ? `${kind}:${line}` : kind
}

/** A market key's kind and line, or null when it is not one. */
export function parseMarketKey(key: string): { kind: MarketKind; line: number | null } | null {
  const [kind, line, extra] = key.split(':')
  if (extra !== undefined || !isMarketKind(kind)) return null
  if (!LINE_MARKETS.has(kind)) return line === undefined ? { kind, line: null } : null
  if (line === undefined || !/^-?\d{1,3}(\.\d{1,2})?$/.test(line)) return null
  const value = Number(line)
  return isLine(value) ? { kind, line: value } : null
}
