// How one outcome of a market ends on a result. Pricing reads the same function over a result's
// distribution (pricing.ts), so a price and the settlement of its bet can never disagree.
import type { LegResult } from '../../../src/shared/sportsbook/bets'
import { isQuarterLine, scoreKey, type MarketKind, type Score } from '../../../src/shared/sportsbook/markets'

export type OutcomeResult = Exclude<LegResult['kind'], 'open' | 'dead_heat'>

/** A whole or half line: above zero wins, zero gives the stake back, below zero loses. */
function wholeLine(value: number): OutcomeResult {
  return value > 0 ? 'won' : value < 0 ? 'lost' : 'void'
}

/**
 * A line bet settled on `value` (the margin plus the handicap, or the total less the line): a
 * quarter line is half the stake on each neighbouring half line (-0.75 is -0.5 and -1.0).
 */
export function lineResult(value: number, line: number): OutcomeResult {
  if (!isQuarterLine(line)) return wholeLine(value + line)
  const a = wholeLine(value + line - 0.25)
  const b = wholeLine(value + line + 0.25)
  if (a === b) return a
  const pair = new Set([a, b])
  if (pair.has('won') && pair.has('void')) return 'half_won'
  if (pair.has('lost') && pair.has('void')) return 'half_lost'
  // A quarter line's halves are half a goal apart, so one wins and the other loses only on a
  // fractional score, which no sport has.
  throw new RangeError(`Quarter line ${line} split on ${value}`)
}

export interface OutcomeRef {
  kind: MarketKind
  line: number | null
  outcome: string
  /** For a correct-score market, every score it lists (its "other" covers the rest). */
  listed?: ReadonlySet<string>
}

// At module level: pricing settles every outcome on every score a model thinks possible, many
// thousand times a second, and a closure made per call cost more than the settling itself.
function won(yes: boolean): OutcomeResult {
  return yes ? 'won' : 'lost'
}

/** The result of one outcome on the count its market settles on. Unknown outcome keys throw. */
export function settleOutcome(ref: OutcomeRef, score: Score): OutcomeResult {
  const { home, away } = score
  switch (ref.kind) {
    case 'match_result':
      if (ref.outcome === 'home') return won(home > away)
      if (ref.outcome === 'draw') return won(home === away)
      if (ref.outcome === 'away') return won(away > home)
      break
    case 'double_chance':
      if (ref.outcome === 'home_draw') return won(home >= away)
      if (ref.outcome === 'home_away') return won(home !== away)
      if (ref.outcome === 'draw_away') return won(away >= home)
      break
    case 'draw_no_bet':
    case 'match_winner':
      // A match winner never ends level; if a feed says it did, the stake goes back.
      if (home === away && (ref.outcome === 'home' || ref.outcome === 'away')) return 'void'
      if (ref.outcome === 'home') return won(home > away)
      if (ref.outcome === 'away') return won(away > home)
      break
    case 'handicap':
      if (ref.line === null) break
      // The line is the home side's; the away side takes it reversed.
      if (ref.outcome === 'home') return lineResult(home - away, ref.line)
      if (ref.outcome === 'away') return lineResult(away - home, -ref.line)
      break
    case 'total':
      if (ref.line === null) break
      if (ref.outcome === 'over') return lineResult(home + away, -ref.line)
      if (ref.outcome === 'under') return lineResult(-(home + away), ref.line)
      break
    case 'both_score':
      if (ref.outcome === 'yes') return won(home > 0 && away > 0)
      if (ref.outcome === 'no') return won(home === 0 || away === 0)
      break
    case 'correct_score': {
      const key = scoreKey(score)
      if (ref.outcome === 'other') return won(!(ref.listed?.has(key) ?? false))
      if (/^\d{1,2}-\d{1,2}$/.test(ref.outcome)) return won(ref.outcome === key)
      break
    }
  }
  throw new RangeError(`No outcome ${JSON.stringify(ref.outcome)} in ${ref.kind}`)
}
