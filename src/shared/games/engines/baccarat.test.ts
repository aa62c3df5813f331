import { describe, expect, it } from 'vitest'
import { streamFromWords } from '../random'
import { hitFrequencyOf, rtpOf } from '../payouts'
import { checkRtp } from '../testing/rtp-check'
import {
  DEFAULT_BACCARAT_RULES as RULES,
  baccaratDistribution,
  baccaratOutcomes,
  bankerDraws,
  playBaccarat,
  validateBaccaratBet,
  type BaccaratBet,
  type BaccaratSide,
} from './baccarat'
import type { Card } from './cards'
import { floor4 } from './common'

// Words of 0 keep the shoe in order (deck after deck, suit by suit, ace to king), so word w at draw i
// takes shoe position i + w when nothing earlier was swapped there: rank (i + w) mod 13 + 1.
const words = (...w: number[]) => streamFromWords(() => w.shift() ?? 0)
const single = (bet: BaccaratSide, stake = 1): BaccaratBet => ({ bets: [{ bet, stake }] })
const ranks = (cards: readonly Card[]) => cards.map((c) => c.rank)

describe('baccarat', () => {
  it('draws all six shuffle positions when the round starts, even on a natural', () => {
    // Draw 0 takes the last card of the shoe (king of spades) for the player; draw 1 then takes
    // position 415, which now holds the ace of clubs, for the banker.
    const stream = words(415, 414, 0, 5)
    const r = playBaccarat(RULES, single('tie'), stream)
    expect(r.playerCards[0]).toEqual({ rank: 13, suit: 3 })
    expect(r.bankerCards[0]).toEqual({ rank: 1, suit: 0 })
    // Player K, 3 (3) draws; banker A, 9 (0) draws: six cards read, six words drawn.
    expect(ranks(r.playerCards)).toEqual([13, 3, 5])
    expect(ranks(r.bankerCards)).toEqual([1, 9, 6])
    expect(stream.words).toBe(6)
    // Player 9, 10 is a natural: four cards read, still six words drawn.
    const natural = words(8, 0, 7)
    const n = playBaccarat(RULES, single('player'), natural)
    expect([ranks(n.playerCards), ranks(n.bankerCards)]).toEqual([[9, 10], [2, 4]])
    expect(n).toMatchObject({ playerTotal: 9, bankerTotal: 6, winner: 'player', multiplier: 2 })
    expect(natural.words).toBe(6)
  })

  it('deals hand-worked rounds by the tableau', () => {
    // Unshuffled: player A, 3 (4); banker 2, 4 (6). Player draws 5 (total 9); banker 6 stands on a 5.
    const r = playBaccarat(RULES, { bets: [{ bet: 'player', stake: 2 }, { bet: 'banker', stake: 1 }] }, words())
    expect(ranks(r.playerCards)).toEqual([1, 3, 5])
    expect(ranks(r.bankerCards)).toEqual([2, 4])
    expect(r).toMatchObject({ playerTotal: 9, bankerTotal: 6, winner: 'player', playerPair: false, bankerPair: false })
    expect(r.bets.map((b) => b.payback)).toEqual([4, 0])
    expect(r.multiplier).toBe(1.3333)
    // Draw 0 takes card 7 (an 8) for the player; the rest in order: banker 2, player 3, banker 4.
    // Player 8 + 3 = 1 draws card 4 (a 5) → 6; banker 6 stands on a 5: a tie, and the banker bet pushes.
    const r2 = playBaccarat(RULES, single('banker'), words(7))
    expect(ranks(r2.playerCards)).toEqual([8, 3, 5])
    expect(ranks(r2.bankerCards)).toEqual([2, 4])
    expect(r2).toMatchObject({ playerTotal: 6, bankerTotal: 6, winner: 'tie', multiplier: 1 })
    // A banker win pays 0.95: player K, K (0), banker 9, 9 (8, a natural). Cards 12, 8, 25, 21.
    const r3 = playBaccarat(RULES, { bets: [{ bet: 'banker', stake: 20 }, { bet: 'playerPair', stake: 1 }, { bet: 'bankerPair', stake: 1 }] }, words(12, 7, 23, 18))
    expect(ranks(r3.playerCards)).toEqual([13, 13])
    expect(ranks(r3.bankerCards)).toEqual([9, 9])
    expect(r3).toMatchObject({ winner: 'banker', playerPair: true, bankerPair: true })
    expect(r3.bets.map((b) => b.payback)).toEqual([39, 12, 12])
    expect(r3.multiplier).toBe(floor4(63 / 22))
    // Natural 9s tie: player 9, K (cards 8, 12); banker 9, Q (cards 21, 11). Player and banker push, the tie pays 9.
    const r4 = playBaccarat(RULES, { bets: [{ bet: 'player', stake: 1 }, { bet: 'banker', stake: 1 }, { bet: 'tie', stake: 1 }] }, words(8, 20, 10, 8))
    expect(ranks(r4.playerCards)).toEqual([9, 13])
    expect(ranks(r4.bankerCards)).toEqual([9, 12])
    expect(r4).toMatchObject({ playerTotal: 9, bankerTotal: 9, winner: 'tie', playerPair: false, bankerPair: false })
    expect(r4.bets.map((b) => b.payback)).toEqual([1, 1, 9])
    expect(r4.multiplier).toBe(3.6666)
  })

  it('knows the banker tableau', () => {
    expect(bankerDraws(5, null)).toBe(true)
    expect(bankerDraws(6, null)).toBe(false)
    expect(bankerDraws(3, 8)).toBe(false)
    expect(bankerDraws(3, 9)).toBe(true)
    expect(bankerDraws(4, 1)).toBe(false)
    expect(bankerDraws(4, 2)).toBe(true)
    expect(bankerDraws(5, 4)).toBe(true)
    expect(bankerDraws(5, 3)).toBe(false)
    expect(bankerDraws(6, 6)).toBe(true)
    expect(bankerDraws(6, 8)).toBe(false)
    expect(bankerDraws(7, 7)).toBe(false)
  })

  it('refuses bad bets', () => {
    const bad: [unknown, string][] = [
      [null, 'not-an-object'],
      [{ bets: {} }, 'not-an-object'],
      [{ bets: [] }, 'no-bets'],
      [{ bets: [{ bet: 'dragon', stake: 1 }] }, 'bad-side'],
      [{ bets: [{ stake: 1 }] }, 'bad-side'],
      [{ bets: [{ bet: 'tie', stake: 1 }, { bet: 'tie', stake: 2 }] }, 'duplicate-side'],
      [single('player', 0), 'bad-stake'],
      [single('player', -3), 'bad-stake'],
      [single('player', 2.5), 'bad-stake'],
      [single('player', Number.NaN), 'bad-stake'],
      [single('player', '1' as unknown as number), 'bad-stake'],
      [single('player', RULES.maxStakePerBet + 1), 'bad-stake'],
    ]
    for (const [bet, error] of bad) expect(validateBaccaratBet(RULES, bet as BaccaratBet), JSON.stringify(bet)).toBe(error)
    expect(() => playBaccarat(RULES, { bets: [] }, words())).toThrow(/no-bets/)
  })

  it('states the exact RTP of every bet (ranks enumerated without replacement)', () => {
    const total = baccaratOutcomes(RULES).reduce((s, o) => s + o.probability, 0)
    expect(total).toBeCloseTo(1, 12)
    const rtp = (side: BaccaratSide) => rtpOf(baccaratDistribution(RULES, single(side)))
    // Player and banker count the push on a tie as a return of the stake.
    expect(rtp('banker')).toBeCloseTo(0.98942, 5)
    expect(rtp('player')).toBeCloseTo(0.98765, 5)
    expect(rtp('tie')).toBeCloseTo(0.8564, 4)
    expect(rtp('playerPair')).toBeCloseTo((12 * 31) / 415, 12)
    expect(rtp('bankerPair')).toBeCloseTo(rtp('playerPair'), 12)
    // The pair is the first two cards of one rank: 31 / 415 of the time.
    expect(hitFrequencyOf(baccaratDistribution(RULES, single('playerPair')))).toBeCloseTo(31 / 415, 12)
  })

  it('seeded play matches the exact distribution', () => {
    for (const bet of [
      single('banker'),
      { bets: [{ bet: 'player', stake: 10 }, { bet: 'tie', stake: 1 }, { bet: 'playerPair', stake: 1 }, { bet: 'bankerPair', stake: 1 }] },
    ] satisfies BaccaratBet[]) {
      const report = checkRtp((s) => playBaccarat(RULES, bet, s).multiplier, baccaratDistribution(RULES, bet), 100_000)
      expect(report.ok, JSON.stringify(report)).toBe(true)
    }
  })
})
