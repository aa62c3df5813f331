import { describe, expect, it } from 'vitest'
import { streamFromWords, type UniformStream } from '../random'
import { hitFrequencyOf, rtpOf } from '../payouts'
import { checkRtp } from '../testing/rtp-check'
import {
  DEFAULT_HIGH_LOW_RULES as RULES,
  cashOutHighLow,
  guess,
  highLowChance,
  highLowMultiplier,
  highLowOdds,
  highLowLikelierDistribution,
  likelierSide,
  playHighLowLikelier,
  publicView,
  skip,
  startHighLow,
  validateHighLowBet,
  type HighLowBet,
  type HighLowGuess,
} from './high-low'

// Word w draws rank 1 + w mod 13; missing words are 0 (rank 1).
const words = (...w: number[]) => streamFromWords(() => w.shift() ?? 0)

describe('high-low', () => {
  it('draws the whole sequence at the start', () => {
    const stream = words(1, 6, 12, 13)
    const state = startHighLow(RULES, {}, stream)
    expect(state.cards.slice(0, 5)).toEqual([2, 7, 13, 1, 1])
    expect(state.cards).toHaveLength(52)
    expect(stream.words).toBe(52)
    expect(publicView(state).cards).toEqual([2])
  })

  it('one and two steps, hand-worked', () => {
    // 'higher' on 7 wins on 7–13 (7 / 13): floor4(0.99 × 13 / 7) = 1.8385; on 2 it wins 12 / 13: 1.0725.
    expect(highLowChance(RULES, 7, 'higher')).toBe(7 / 13)
    expect(highLowMultiplier(RULES, highLowOdds(RULES, 7, 'higher'))).toBe(1.8385)
    expect(highLowMultiplier(RULES, highLowOdds(RULES, 2, 'higher'))).toBe(1.0725)
    expect(highLowMultiplier(RULES, highLowOdds(RULES, 1, 'lower'))).toBe(12.87)
    expect(highLowMultiplier(RULES, highLowOdds(RULES, 13, 'lower'))).toBe(0.99)
    const start = startHighLow(RULES, {}, words(1, 6, 12))
    expect(() => cashOutHighLow(start)).toThrow(/nothing-won/)
    const one = guess(RULES, start, 'higher')
    expect(one).toMatchObject({ position: 1, correct: 1, multiplier: 1.0725, phase: 'playing' })
    expect(publicView(one).cards).toEqual([2, 7])
    // The edge is taken once on the round: 0.99 × 13/12 × 13/7 = 1.99178… → 1.9917.
    const two = guess(RULES, one, 'higher')
    expect(two).toMatchObject({ position: 2, correct: 2, multiplier: 1.9917 })
    expect(cashOutHighLow(two)).toMatchObject({ phase: 'cashed', multiplier: 1.9917 })
    expect(guess(RULES, one, 'lower')).toMatchObject({ phase: 'lost', multiplier: 0, position: 2 })
    expect(publicView(guess(RULES, one, 'lower')).cards).toHaveLength(52)
    // Ties win both ways: 7 then 7.
    const tie = startHighLow(RULES, {}, words(6, 6))
    expect(guess(RULES, tie, 'higher').multiplier).toBe(1.8385)
    expect(guess(RULES, tie, 'lower').multiplier).toBe(1.8385)
    // Two correct on 7s: 0.99 × 13/7 × 13/7 = 3.41448… → 3.4144 (one edge, not two).
    expect(guess(RULES, guess(RULES, startHighLow(RULES, {}, words(6, 6, 6)), 'higher'), 'lower').multiplier).toBe(3.4144)
    // The cap settles the round where it is reached.
    const capped = { ...RULES, maxMultiplier: 2 }
    const atCap = guess(capped, guess(capped, startHighLow(capped, {}, words(1, 6, 12)), 'higher'), 'higher')
    expect(atCap).toMatchObject({ phase: 'playing', multiplier: 1.9917 })
    const over = guess(capped, guess(capped, startHighLow(capped, {}, words(6, 6, 6)), 'higher'), 'lower')
    expect(over).toMatchObject({ phase: 'settled', multiplier: 2 })
  })

  it('skips, refuses what the rules do not allow, and settles when the sequence runs out', () => {
    const start = startHighLow(RULES, {}, words(1, 6, 12))
    const skipped = skip(RULES, start)
    expect(skipped).toMatchObject({ position: 1, skips: 1, multiplier: 1, steps: [{ action: 'skip', card: 7, correct: null }] })
    expect(() => cashOutHighLow(skipped)).toThrow(/nothing-won/)
    expect(() => skip({ ...RULES, maxSkips: 1 }, skipped)).toThrow(/no-skips-left/)
    expect(() => guess(RULES, start, 'same' as HighLowGuess)).toThrow(/bad-guess/)
    const lost = guess(RULES, start, 'lower')
    expect(() => guess(RULES, lost, 'higher')).toThrow(/round-over/)
    expect(() => skip(RULES, lost)).toThrow(/round-over/)
    expect(() => cashOutHighLow(lost)).toThrow(/round-over/)
    // Three cards: two correct guesses turn up the last one and settle at the running multiplier.
    const short = { ...RULES, maxCards: 3 }
    const settled = guess(short, guess(short, startHighLow(short, {}, words(1, 6, 12)), 'higher'), 'higher')
    expect(settled).toMatchObject({ phase: 'settled', multiplier: 1.9917 })
    expect(() => cashOutHighLow(settled)).toThrow(/round-over/)
    expect(skip(short, skip(short, startHighLow(short, {}, words())))).toMatchObject({ phase: 'settled', multiplier: 1 })
  })

  it('refuses bad bets', () => {
    for (const bet of [null, undefined, 'x', 3, []]) expect(validateHighLowBet(RULES, bet as unknown as HighLowBet)).toBe('not-an-object')
    expect(validateHighLowBet(RULES, {})).toBeNull()
    expect(() => startHighLow(RULES, null as unknown as HighLowBet, words())).toThrow(/not-an-object/)
  })

  it('exact figures of "likelier side, cash out after n correct"', () => {
    // One step: the likelier side wins 13, 12, …, 7 of 13 on ranks 1–7 and 8, …, 13 on 8–13: 133 / 169.
    const one = highLowLikelierDistribution(RULES, 1)
    expect(hitFrequencyOf(one)).toBeCloseTo(133 / 169, 15)
    let rtp1 = 0
    for (let c = 1; c <= 13; c++) rtp1 += (highLowChance(RULES, c, likelierSide(RULES, c)) * highLowMultiplier(RULES, highLowOdds(RULES, c, likelierSide(RULES, c)))) / 13
    expect(rtpOf(one)).toBeCloseTo(rtp1, 15)
    expect(rtpOf(one)).toBeCloseTo(0.989992, 6)
    // The edge is taken once: two steps (and any longer run) return 0.99 less rounding.
    const two = highLowLikelierDistribution(RULES, 2)
    expect(rtpOf(two)).toBeLessThanOrEqual(0.99)
    expect(rtpOf(two)).toBeGreaterThan(0.9899)
    expect(rtpOf(highLowLikelierDistribution(RULES, 5))).toBeGreaterThan(0.9899)
    // Hit frequency over two steps: Σ over the first card of its chance × the mean chance on the card it turns up.
    let hit2 = 0
    for (let c = 1; c <= 13; c++) {
      const side = likelierSide(RULES, c)
      for (let d = 1; d <= 13; d++) if (side === 'higher' ? d >= c : d <= c) hit2 += highLowChance(RULES, d, likelierSide(RULES, d)) / 169
    }
    expect(hitFrequencyOf(two)).toBeCloseTo(hit2, 12)
  })

  it('seeded play of "likelier side, cash out after 2 correct" matches its enumerated distribution', () => {
    for (const [n, rounds] of [
      [1, 60_000],
      [2, 150_000],
    ] as const) {
      const report = checkRtp((s) => playHighLowLikelier(RULES, n, s).multiplier, highLowLikelierDistribution(RULES, n), rounds)
      expect(report.ok, `${n} ${JSON.stringify(report)}`).toBe(true)
    }
    // A draw that favours low ranks (the lower of two ranks) is caught.
    const wrong = checkRtp(
      (s) => {
        const skewed: UniformStream = { float: () => s.float(), int: (n) => Math.min(s.int(n), s.int(n)), words: 0 }
        return playHighLowLikelier(RULES, 1, skewed).multiplier
      },
      highLowLikelierDistribution(RULES, 1),
      20_000,
    )
    expect(wrong.ok).toBe(false)
  })
})
