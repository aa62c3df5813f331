import { describe, expect, it } from 'vitest'
import { seededStream } from '../random'
import { rtpOf, volatilityOf } from '../payouts'
import { cardIndex, cardName, parseCards } from './cards'
import {
  classOfIndices,
  dealVideoPoker,
  evaluatePoker,
  hold,
  holdValues,
  JACKS_OR_BETTER_9_6 as RULES,
  JACKS_OR_BETTER_9_6_PUBLISHED,
  JACKS_OR_BETTER_9_6_RTP,
  optimalHold,
  POKER_HANDS,
  publicView,
  strategyHold,
  validateVideoPokerBet,
} from './video-poker'

describe('video poker: hands', () => {
  it('classifies every 5-card hand of the deck as the textbook counts say', () => {
    const counts = new Array<number>(POKER_HANDS.length).fill(0)
    for (let a = 0; a < 52; a++)
      for (let b = a + 1; b < 52; b++)
        for (let c = b + 1; c < 52; c++)
          for (let d = c + 1; d < 52; d++) for (let e = d + 1; e < 52; e++) counts[classOfIndices(a, b, c, d, e)]! += 1
    // Nothing = no pair, straight or flush (1,302,540) plus pairs of twos to tens (760,320).
    expect(counts).toEqual([2_062_860, 337_920, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 36, 4])
  })

  it('names hands, with the ace low or high in straights but never around the corner', () => {
    const name = (t: string) => evaluatePoker(parseCards(t))
    expect(name('Ts Js Qs Ks As')).toBe('royalFlush')
    expect(name('9h Th Jh Qh Kh')).toBe('straightFlush')
    expect(name('Ac 2d 3h 4s 5c')).toBe('straight')
    expect(name('Tc Jd Qh Ks Ac')).toBe('straight')
    expect(name('Qc Kd Ah 2s 3c')).toBe('nothing')
    expect(name('Jc Jd 4h 7s 9c')).toBe('jacksOrBetter')
    expect(name('Tc Td 4h 7s 9c')).toBe('nothing')
    expect(name('Ac Ad As 7s 7c')).toBe('fullHouse')
    expect(name('7d Ad As 7s 7c')).toBe('fullHouse')
    expect(name('7d 7h As 7s 7c')).toBe('fourOfAKind')
    expect(name('2c 2d 9h 9s Kc')).toBe('twoPair')
    expect(name('2c 2d 2h 9s Kc')).toBe('threeOfAKind')
    expect(name('2c 5c 9c Jc Kc')).toBe('flush')
  })
})

describe('video poker: a round', () => {
  it('validates the bet', () => {
    expect(validateVideoPokerBet(RULES, { stake: 1 })).toBeNull()
    expect(validateVideoPokerBet(RULES, { stake: 0 })).toBe('bad-stake')
    expect(validateVideoPokerBet(RULES, { stake: 1.5 })).toBe('bad-stake')
    expect(validateVideoPokerBet(RULES, null as unknown as { stake: number })).toBe('not-an-object')
  })

  it('draws ten cards at the deal, hides the replacements, fills discards in order', () => {
    const stream = seededStream(3)
    const state = dealVideoPoker(RULES, { stake: 5 }, stream)
    expect(stream.words).toBeGreaterThanOrEqual(10)
    expect(new Set(state.cards.map(cardIndex)).size).toBe(10)
    expect(publicView(state).cards).toEqual(state.cards.slice(0, 5))
    const done = hold(state, 0b10101) // keep cards 0, 2, 4
    expect(done.final).toEqual([state.cards[0], state.cards[5], state.cards[2], state.cards[6], state.cards[4]])
    expect(done.multiplier).toBe(RULES.paytable[done.hand!] ?? 0)
    expect(done.payback).toBe(5 * done.multiplier)
    expect(publicView(done).cards).toHaveLength(10)
    expect(() => hold(done, 0)).toThrow(/settled/)
    expect(() => hold(state, 32)).toThrow(RangeError)
    // Plain JSON: a stored round settles the same.
    expect(hold(JSON.parse(JSON.stringify(state)) as typeof state, 0b10101)).toEqual(done)
  })
})

describe('video poker: holds', () => {
  it('values every hold exactly (inclusion-exclusion equals enumerating the draws)', () => {
    const dealt = parseCards('Jh Qh 5h Jc 9s')
    const values = holdValues(RULES, dealt)
    const dealtIdx = dealt.map(cardIndex)
    const unseen = Array.from({ length: 52 }, (_, i) => i).filter((i) => !dealtIdx.includes(i))
    const pays = POKER_HANDS.map((h) => RULES.paytable[h] ?? 0)
    for (const mask of [0b11111, 0b01011, 0b00111, 0b01001, 0b00001, 0b00011, 0]) {
      const kept = dealtIdx.filter((_, i) => (mask >> i) & 1)
      let total = 0
      let n = 0
      const pick = (from: number, hand: number[]): void => {
        if (hand.length === 5) {
          total += pays[classOfIndices(hand[0]!, hand[1]!, hand[2]!, hand[3]!, hand[4]!)]!
          n += 1
          return
        }
        for (let i = from; i < unseen.length; i++) pick(i + 1, [...hand, unseen[i]!])
      }
      pick(0, kept)
      expect(values[mask]!.ev).toBeCloseTo(total / n, 10)
    }
  })

  it('finds the textbook holds', () => {
    const best = (t: string) => {
      const dealt = parseCards(t)
      const mask = optimalHold(RULES, dealt).mask
      return dealt.filter((_, i) => (mask >> i) & 1).map(cardName).join(' ')
    }
    expect(best('Ts Js Qs Ks 2s')).toBe('Ts Js Qs Ks') // four to a royal over a pat flush
    expect(best('Jh Jc 5h 8h 9h')).toBe('Jh Jc') // high pair over four to a flush
    expect(best('Ah Kc 5d 8s 9h')).toBe('Ah Kc') // two unsuited high cards
    expect(best('Ah Kh Qh Js 2c')).toBe('Ah Kh Qh') // three to a royal over four to a straight
    expect(best('2c 7d 9h 4s 8s')).toBe('')
  })

  it('the strategy list agrees with exact values on most deals and loses little EV', () => {
    const stream = seededStream(99)
    const deals = 300
    let differ = 0
    let loss = 0
    let worst = 0
    for (let d = 0; d < deals; d++) {
      const dealt = dealVideoPoker(RULES, { stake: 1 }, stream).cards.slice(0, 5)
      const values = holdValues(RULES, dealt)
      const best = optimalHold(RULES, dealt)
      const mask = strategyHold(dealt)
      if (mask !== best.mask && values[mask]!.ev < best.ev - 1e-12) {
        differ += 1
        loss += best.ev - values[mask]!.ev
        worst = Math.max(worst, best.ev - values[mask]!.ev)
      }
    }
    console.info(`strategy list vs optimal: ${differ}/${deals} deals differ, mean EV loss ${(loss / deals).toExponential(2)} per deal, worst ${worst.toFixed(4)}`)
    expect(differ / deals).toBeLessThan(0.05)
    expect(loss / deals).toBeLessThan(0.001)
  })
})

describe('video poker: figures', () => {
  it('states the published 9/6 return', () => {
    expect(rtpOf(JACKS_OR_BETTER_9_6_PUBLISHED)).toBeCloseTo(JACKS_OR_BETTER_9_6_RTP, 4)
  })

  it('plays the published return with strategy-list holds (mean within 4 standard errors)', () => {
    const stream = seededStream(20261126)
    const rounds = 200_000
    let sum = 0
    for (let r = 0; r < rounds; r++) {
      const state = dealVideoPoker(RULES, { stake: 1 }, stream)
      sum += hold(state, strategyHold(state.cards.slice(0, 5))).multiplier
    }
    const se = volatilityOf(JACKS_OR_BETTER_9_6_PUBLISHED) / Math.sqrt(rounds)
    const z = (sum / rounds - JACKS_OR_BETTER_9_6_RTP) / se
    expect(Math.abs(z)).toBeLessThanOrEqual(4)
  })
})
