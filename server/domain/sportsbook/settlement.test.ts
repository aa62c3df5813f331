import { describe, expect, it } from 'vitest'
import { settleOutcome, type OutcomeRef } from './settlement'

const at = (kind: OutcomeRef['kind'], outcome: string, line: number | null = null) => (home: number, away: number) => settleOutcome({ kind, line, outcome }, { home, away })

describe('settling an outcome', () => {
  it('settles 1X2, double chance and draw no bet', () => {
    expect(at('match_result', 'home')(2, 1)).toBe('won')
    expect(at('match_result', 'draw')(2, 1)).toBe('lost')
    expect(at('match_result', 'draw')(1, 1)).toBe('won')
    expect(at('double_chance', 'home_draw')(1, 1)).toBe('won')
    expect(at('double_chance', 'home_away')(1, 1)).toBe('lost')
    expect(at('double_chance', 'draw_away')(0, 3)).toBe('won')
    expect(at('draw_no_bet', 'home')(1, 1)).toBe('void')
    expect(at('draw_no_bet', 'away')(0, 1)).toBe('won')
  })

  it.each([
    // home line, home goals, away goals, home result, away result
    [-0.25, 1, 1, 'half_lost', 'half_won'],
    [-0.25, 2, 1, 'won', 'lost'],
    [-0.5, 1, 1, 'lost', 'won'],
    [-0.75, 2, 1, 'half_won', 'half_lost'],
    [-0.75, 3, 1, 'won', 'lost'],
    [-0.75, 1, 1, 'lost', 'won'],
    [-1, 2, 1, 'void', 'void'],
    [0, 0, 0, 'void', 'void'],
    [0.25, 0, 0, 'half_won', 'half_lost'],
    [1.25, 0, 1, 'half_won', 'half_lost'],
    [1.5, 0, 1, 'won', 'lost'],
  ])('a home handicap of %d at %i-%i: home %s, away %s', (line, h, a, home, away) => {
    expect(at('handicap', 'home', line)(h, a)).toBe(home)
    expect(at('handicap', 'away', line)(h, a)).toBe(away)
  })

  it.each([
    [2.25, 2, 'half_lost', 'half_won'],
    [2.25, 3, 'won', 'lost'],
    [2.5, 2, 'lost', 'won'],
    [2.75, 3, 'half_won', 'half_lost'],
    [3, 3, 'void', 'void'],
    [215.5, 216, 'won', 'lost'],
  ])('a total of %d with %i: over %s, under %s', (line, total, over, under) => {
    expect(at('total', 'over', line)(total, 0)).toBe(over)
    expect(at('total', 'under', line)(total, 0)).toBe(under)
  })

  it('settles both teams to score and correct score, "other" covering the scores not listed', () => {
    expect(at('both_score', 'yes')(1, 1)).toBe('won')
    expect(at('both_score', 'no')(2, 0)).toBe('won')
    expect(at('correct_score', '2-1')(2, 1)).toBe('won')
    expect(at('correct_score', '2-1')(1, 2)).toBe('lost')
    const listed = new Set(['0-0', '1-0'])
    expect(settleOutcome({ kind: 'correct_score', line: null, outcome: 'other', listed }, { home: 5, away: 4 })).toBe('won')
    expect(settleOutcome({ kind: 'correct_score', line: null, outcome: 'other', listed }, { home: 1, away: 0 })).toBe('lost')
  })

  it('refuses an outcome its market does not have', () => {
    expect(() => at('match_result', 'over')(1, 0)).toThrow(RangeError)
    expect(() => at('handicap', 'home', null)(1, 0)).toThrow(RangeError)
    expect(() => at('correct_score', 'x')(1, 0)).toThrow(RangeError)
  })
})
