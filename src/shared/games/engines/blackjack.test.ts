import { describe, expect, it } from 'vitest'
import { seededStream } from '../random'
import { parseCards } from './cards'
import {
  act,
  allowedActions,
  BASIC_STRATEGY_6D_S17_DAS,
  basicStrategy,
  BLACKJACK_6D_S17 as RULES,
  BLACKJACK_6D_S17_HOUSE_EDGE,
  BlackjackActionError,
  cardsNeeded,
  dealBlackjack,
  dealFromShoe,
  extraStake,
  handValue,
  playBasicStrategyRound,
  publicView,
  validateBlackjackBet,
  type BlackjackAction,
  type BlackjackState,
} from './blackjack'

/** A round from a fixed shoe: player, dealer up, player, dealer hole, then draws in order. */
const deal = (shoe: string, stake = 10) => dealFromShoe(RULES, { stake }, parseCards(shoe))
const play = (state: BlackjackState, ...actions: BlackjackAction[]) => actions.reduce(act, state)

describe('blackjack: values and limits', () => {
  it('counts hands, aces soft while they fit', () => {
    expect(handValue(parseCards('As 6d'))).toEqual({ total: 17, soft: true })
    expect(handValue(parseCards('As 6d Tc'))).toEqual({ total: 17, soft: false })
    expect(handValue(parseCards('As Ad 9c'))).toEqual({ total: 21, soft: true })
    expect(handValue(parseCards('Ks Qd 5c'))).toEqual({ total: 25, soft: false })
  })

  it('draws a shoe long enough for any round', () => {
    expect(cardsNeeded(RULES)).toBe(61)
    const stream = seededStream(1)
    dealBlackjack(RULES, { stake: 10 }, stream)
    expect(stream.words).toBeGreaterThanOrEqual(61)
    expect(validateBlackjackBet(RULES, { stake: 0 })).toBe('bad-stake')
    expect(validateBlackjackBet(RULES, { stake: 10 })).toBeNull()
  })
})

describe('blackjack: rounds', () => {
  it('pays a natural 3:2 at once, and pushes it against a dealer natural', () => {
    const natural = deal('As 9d Kc 8h')
    expect(natural.phase).toBe('finished')
    expect(natural.hands[0]!.result).toBe('blackjack')
    expect(natural.totalPayback).toBe(25)
    expect(natural.multiplier).toBe(2.5)
    const both = deal('As Td Kc Ah')
    expect(both.hands[0]!.result).toBe('push')
    expect(both.multiplier).toBe(1)
  })

  it('the dealer peeks under a ten: a dealer natural ends the round before any decision', () => {
    const state = deal('9s Kd 8c Ah 5c')
    expect(state.phase).toBe('finished')
    expect(state.hands[0]!.result).toBe('lose')
    expect(state.next).toBe(4)
  })

  it('offers insurance under an ace, paying 2:1 when the dealer has a natural', () => {
    const state = deal('9s Ad 8c Kh', 10)
    expect(allowedActions(state)).toEqual(['insurance', 'noInsurance'])
    expect(extraStake(state, 'insurance')).toBe(5)
    const insured = act(state, 'insurance')
    expect(insured.phase).toBe('finished')
    expect(insured.totalStake).toBe(15)
    expect(insured.insurance).toEqual({ stake: 5, payback: 15 })
    expect(insured.totalPayback).toBe(15)
    expect(insured.multiplier).toBe(1)
    const lost = act(deal('9s Ad 8c 7h 2c'), 'insurance')
    expect(lost.phase).toBe('player')
    expect(lost.insurance).toEqual({ stake: 5, payback: 0 })
    const settled = act(lost, 'stand') // 17 against soft 18: the dealer stands
    expect(settled.hands[0]!.result).toBe('lose')
    expect(settled.totalStake).toBe(15)
    expect(settled.multiplier).toBe(0)
  })

  it('hides the hole card and the shoe until the round ends', () => {
    const state = deal('9s 7d 8c Kh 2c')
    const view = publicView(state)
    expect(view.dealer).toEqual([state.dealer[0], null])
    expect('shoe' in view).toBe(false)
    const done = act(state, 'stand')
    expect(publicView(done).dealer).toEqual(done.dealer)
  })

  it('the dealer stands on soft 17 and hits soft 16', () => {
    expect(act(deal('Ts 6d 9c As 5h'), 'stand').dealer).toHaveLength(2)
    const hit = act(deal('Ts 5d 9c Ah 2h Kc'), 'stand')
    expect(hit.dealer.map((c) => c.rank)).toEqual([5, 1, 2])
    expect(hit.hands[0]!.result).toBe('win') // soft 18 against 19
  })

  it('doubles: twice the stake, one card, extra stake reported before acting', () => {
    const state = deal('6s 6d 5c Th Ts 9c')
    expect(allowedActions(state)).toContain('double')
    expect(extraStake(state, 'double')).toBe(10)
    const done = act(state, 'double') // 21 against 16, the dealer draws 9: bust
    expect(done.hands[0]).toMatchObject({ stake: 20, doubled: true, result: 'win', payback: 40 })
    expect(done.totalStake).toBe(20)
    expect(done.multiplier).toBe(2)
  })

  it('splits to four hands at most, doubles after splits, and settles each hand', () => {
    // Eights against a 6: split, the new hands draw 8 (split again), 8 (again: four hands), then 3, 2, K, 9.
    let state = deal('8s 6d 8c Th 8d 8h 3c 2c Kc 9c 9d 5s')
    state = play(state, 'split', 'split', 'split')
    expect(state.hands).toHaveLength(4)
    expect(allowedActions(state)).not.toContain('split')
    expect(state.hands[0]!.cards.map((c) => c.rank)).toEqual([8, 3])
    state = play(state, 'double') // 11 + 9 = 20
    expect(state.hands[0]).toMatchObject({ stake: 20, doubled: true })
    state = play(state, 'stand', 'stand', 'stand')
    expect(state.phase).toBe('finished')
    // Dealer 16 draws 5s: 21. Hands 20, 10, 18, 17 all lose.
    expect(state.hands.map((h) => h.result)).toEqual(['lose', 'lose', 'lose', 'lose'])
    expect(state.totalStake).toBe(50)
    expect(state.totalPayback).toBe(0)
  })

  it('gives split aces one card each, no natural and no resplit', () => {
    const state = act(deal('As 6d Ac Th Kc Ad 9h'), 'split')
    expect(state.phase).toBe('finished')
    expect(state.hands.map((h) => h.cards.length)).toEqual([2, 2])
    expect(state.hands[0]!.result).toBe('win') // 21 paid 1:1, not 3:2
    expect(state.hands[0]!.payback).toBe(20)
    expect(state.hands[1]!.cards.map((c) => c.rank)).toEqual([1, 1])
    expect(state.totalStake).toBe(20)
  })

  it('refuses actions that are not allowed, and stands automatically on 21', () => {
    const state = deal('9s 7d 8c Kh')
    expect(() => act(state, 'insurance')).toThrow(BlackjackActionError)
    const busted = act(deal('9s 7d 8c Kh 5c'), 'hit')
    expect(busted.hands[0]!.result).toBe('bust')
    expect(busted.dealer).toHaveLength(2) // nothing left to play against
    const twentyOne = act(deal('9s 7d 8c Kh 4c 2s'), 'hit')
    expect(twentyOne.phase).toBe('finished')
    expect(() => act(twentyOne, 'hit')).toThrow(/not allowed/)
  })

  it('is plain JSON: a stored state plays on exactly like the live one', () => {
    const stream = seededStream(5)
    let live = dealBlackjack(RULES, { stake: 10 }, stream)
    let stored = JSON.parse(JSON.stringify(live)) as BlackjackState
    while (live.phase !== 'finished') {
      const action = basicStrategy(live)
      live = act(live, action)
      stored = JSON.parse(JSON.stringify(act(stored, action))) as BlackjackState
    }
    expect(stored).toEqual(JSON.parse(JSON.stringify(live)))
  })
})

describe('blackjack: basic strategy', () => {
  it('has a full row for every total and pair', () => {
    for (const rows of [BASIC_STRATEGY_6D_S17_DAS.hard, BASIC_STRATEGY_6D_S17_DAS.soft, BASIC_STRATEGY_6D_S17_DAS.pairs])
      for (const row of Object.values(rows)) expect(row).toMatch(/^[HSDdP-]{10}$/)
  })

  it('decides the textbook cases', () => {
    expect(basicStrategy(deal('8s 6d 8c Th'))).toBe('split')
    expect(basicStrategy(deal('Ts 6d Tc 9h'))).toBe('stand')
    expect(basicStrategy(deal('6s 5d 5c Th'))).toBe('double') // 11 against 5
    expect(basicStrategy(deal('6s Td 5c 9h'))).toBe('double') // 11 against 10
    expect(basicStrategy(deal('As 3d 7c Th'))).toBe('double') // soft 18 against 3
    expect(basicStrategy(deal('As 9d 7c 8h'))).toBe('hit') // soft 18 against 9
    expect(basicStrategy(deal('Ts 2d 2c 8h'))).toBe('hit') // 12 against 2
    expect(basicStrategy(deal('9s Ad 7c 8h'))).toBe('noInsurance')
    // Soft 18 against 4 after a hit: doubling is gone, so stand.
    expect(basicStrategy(act(deal('As 4d 2c 8h 5s'), 'hit'))).toBe('stand')
  })

  it('plays the stated house edge (mean within 4 standard errors)', () => {
    const stream = seededStream(20261126)
    const rounds = 150_000
    let sum = 0
    let squares = 0
    for (let r = 0; r < rounds; r++) {
      const state = playBasicStrategyRound(RULES, { stake: 100 }, stream)
      // Net result per unit of the first stake, from the rounded multiplier the wallet pays.
      const net = (state.totalStake * state.multiplier - state.totalStake) / 100
      sum += net
      squares += net * net
    }
    const mean = sum / rounds
    const se = Math.sqrt((squares / rounds - mean * mean) / rounds)
    expect(Math.abs((mean + BLACKJACK_6D_S17_HOUSE_EDGE) / se)).toBeLessThanOrEqual(4)
  })
})
