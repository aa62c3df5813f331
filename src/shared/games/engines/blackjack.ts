// Blackjack against a dealer who peeks. The round draws its shoe when it starts (the prefix of a
// shuffle long enough for any round, see `cardsNeeded`), then every decision is a pure `act` on
// plain JSON state: the server stores it between requests and a verifier replays the actions.
import type { UniformStream } from '../random'
import { shuffledCards, type Card } from './cards'
import { floor4 } from './common'

export interface BlackjackRules {
  readonly decks: number
  /** False: the dealer stands on every 17 (S17). */
  readonly dealerHitsSoft17: boolean
  /** Paid on a natural per unit staked, on top of the stake returned (1.5 is 3:2). */
  readonly blackjackPays: number
  /** Hands a player may hold after splitting. */
  readonly maxHands: number
  readonly doubleAfterSplit: boolean
  /** Split aces get one card each; this says whether a pair of aces made that way may split again. */
  readonly resplitAces: boolean
  readonly maxStake: number
}

/** Six decks, S17, 3:2, double any two cards and after splits, split to four hands, no resplit of aces, no surrender, peek. */
export const BLACKJACK_6D_S17: BlackjackRules = {
  decks: 6,
  dealerHitsSoft17: false,
  blackjackPays: 1.5,
  maxHands: 4,
  doubleAfterSplit: true,
  resplitAces: false,
  maxStake: 1_000_000,
}

/**
 * House edge of these rules under basic strategy, per unit of the first stake: 0.42 %. The Wizard
 * of Odds blackjack calculator gives 0.639 % for the same game with H17, and standing on soft 17
 * is worth 0.22 % in six decks (both figures from wizardofodds.com).
 */
export const BLACKJACK_6D_S17_HOUSE_EDGE = 0.0042

export interface BlackjackBet {
  /** Whole stake units. */
  readonly stake: number
}

export type BlackjackBetError = 'not-an-object' | 'bad-stake'

export function validateBlackjackBet(rules: BlackjackRules, bet: BlackjackBet): BlackjackBetError | null {
  if (typeof bet !== 'object' || bet === null) return 'not-an-object'
  const stake: unknown = bet.stake
  if (typeof stake !== 'number' || !Number.isInteger(stake) || stake < 1 || stake > rules.maxStake) return 'bad-stake'
  return null
}

export type BlackjackAction = 'hit' | 'stand' | 'double' | 'split' | 'insurance' | 'noInsurance'
export type BlackjackHandResult = 'blackjack' | 'win' | 'push' | 'lose' | 'bust'

export interface BlackjackHand {
  readonly cards: readonly Card[]
  readonly stake: number
  readonly doubled: boolean
  /** Made by a split: 21 on two cards is not a natural, and doubling needs `doubleAfterSplit`. */
  readonly fromSplit: boolean
  readonly splitAces: boolean
  /** No more decisions on this hand. */
  readonly done: boolean
  readonly result: BlackjackHandResult | null
  /** Stake units paid back on this hand (stake included), once settled. */
  readonly payback: number
}

export interface BlackjackInsurance {
  readonly stake: number
  readonly payback: number
}

export interface BlackjackState {
  readonly rules: BlackjackRules
  readonly phase: 'insurance' | 'player' | 'finished'
  readonly baseStake: number
  /** The round's cards in dealing order. Server-side only: `publicView` drops it. */
  readonly shoe: readonly Card[]
  /** Index in `shoe` of the next card to deal. */
  readonly next: number
  /** Up card first, then the hole card, then the dealer's draws. */
  readonly dealer: readonly Card[]
  readonly hands: readonly BlackjackHand[]
  /** The hand to act, or −1 when no hand is waiting for a decision. */
  readonly active: number
  readonly insurance: BlackjackInsurance | null
  /** Everything staked so far: the first stake plus splits, doubles and insurance. The wallet debits each addition (`extraStake`). */
  readonly totalStake: number
  readonly totalPayback: number
  /** Payback per unit of `totalStake`, rounded down to 4 decimals; 0 until finished. */
  readonly multiplier: number
}

// ---------------------------------------------------------------------------------------------
// Card values.

export const cardValue = (card: Card): number => (card.rank >= 10 ? 10 : card.rank)

/** The best total of a hand and whether an ace counts 11 in it. */
export function handValue(cards: readonly Card[]): { total: number; soft: boolean } {
  let total = 0
  let aces = 0
  for (const c of cards) {
    total += cardValue(c)
    if (c.rank === 1) aces += 1
  }
  const soft = aces > 0 && total + 10 <= 21
  return { total: soft ? total + 10 : total, soft }
}

export const isNatural = (cards: readonly Card[]): boolean => cards.length === 2 && handValue(cards).total === 21

/**
 * How many cards a round can use at most: every card but the last of a hand was dealt while the
 * hand's hard total was at most 20 (the dealer's at most 17), so the cards before the last ones add
 * up to at most maxHands × 20 + 17; count how many of the shoe's smallest cards fit in that, and
 * add one last card per hand. Six decks, four hands: 56 + 5 = 61.
 */
export function cardsNeeded(rules: BlackjackRules): number {
  let budget = rules.maxHands * 20 + 17
  let cards = 0
  for (let value = 1; value <= 10; value++) {
    const copies = rules.decks * 4 * (value === 10 ? 4 : 1)
    const fit = Math.min(copies, Math.floor(budget / value))
    cards += fit
    budget -= fit * value
  }
  return Math.min(rules.decks * 52, cards + rules.maxHands + 1)
}

// ---------------------------------------------------------------------------------------------
// The round.

type Draft = {
  -readonly [K in keyof BlackjackState]: BlackjackState[K]
} & { hands: BlackjackHand[]; dealer: Card[] }

/** Starts a round: draws the prefix of a shuffle of `rules.decks` decks. */
export function dealBlackjack(rules: BlackjackRules, bet: BlackjackBet, stream: UniformStream): BlackjackState {
  const error = validateBlackjackBet(rules, bet)
  if (error) throw new Error(`invalid blackjack bet: ${error}`)
  return dealFromShoe(rules, bet, shuffledCards(stream, rules.decks, cardsNeeded(rules)))
}

/** A round dealt from a given shoe in order: player, dealer up, player, dealer hole, then draws. */
export function dealFromShoe(rules: BlackjackRules, bet: BlackjackBet, shoe: readonly Card[]): BlackjackState {
  const card = (i: number) => {
    const c = shoe[i]
    if (!c) throw new RangeError(`the shoe has no card ${i}`)
    return c
  }
  const draft: Draft = {
    rules,
    phase: 'player',
    baseStake: bet.stake,
    shoe,
    next: 4,
    dealer: [card(1), card(3)],
    hands: [{ cards: [card(0), card(2)], stake: bet.stake, doubled: false, fromSplit: false, splitAces: false, done: false, result: null, payback: 0 }],
    active: 0,
    insurance: null,
    totalStake: bet.stake,
    totalPayback: 0,
    multiplier: 0,
  }
  if (card(1).rank === 1 && insuranceStake(draft) >= 1) {
    draft.phase = 'insurance'
    return draft
  }
  return afterInsurance(draft)
}

const insuranceStake = (state: Pick<BlackjackState, 'baseStake'>) => Math.floor(state.baseStake / 2)

/** The actions the player may take now (none once the round is finished). */
export function allowedActions(state: BlackjackState): BlackjackAction[] {
  if (state.phase === 'insurance') return ['insurance', 'noInsurance']
  if (state.phase !== 'player') return []
  const hand = state.hands[state.active]
  if (!hand || hand.done) return []
  const actions: BlackjackAction[] = ['hit', 'stand']
  const [a, b] = hand.cards
  if (hand.cards.length === 2 && (!hand.fromSplit || state.rules.doubleAfterSplit)) actions.push('double')
  if (a && b && hand.cards.length === 2 && cardValue(a) === cardValue(b) && state.hands.length < state.rules.maxHands) {
    if (!(a.rank === 1 && hand.splitAces && !state.rules.resplitAces)) actions.push('split')
  }
  return actions
}

/** What `action` adds to the stake (the wallet debits it before `act`). */
export function extraStake(state: BlackjackState, action: BlackjackAction): number {
  if (action === 'insurance') return insuranceStake(state)
  if (action === 'double' || action === 'split') return state.hands[state.active]?.stake ?? 0
  return 0
}

export class BlackjackActionError extends Error {
  constructor(readonly action: BlackjackAction, readonly allowed: readonly BlackjackAction[]) {
    super(`${action} is not allowed now (allowed: ${allowed.join(', ') || 'none'})`)
  }
}

/** Moves the round on by one decision. Draws nothing: the cards come from the shoe in order. */
export function act(state: BlackjackState, action: BlackjackAction): BlackjackState {
  const allowed = allowedActions(state)
  if (!allowed.includes(action)) throw new BlackjackActionError(action, allowed)
  const draft: Draft = { ...state, hands: [...state.hands], dealer: [...state.dealer] }
  if (action === 'insurance' || action === 'noInsurance') {
    if (action === 'insurance') {
      draft.insurance = { stake: insuranceStake(state), payback: 0 }
      draft.totalStake += insuranceStake(state)
    }
    return afterInsurance(draft)
  }
  const hand = draft.hands[draft.active]!
  switch (action) {
    case 'hit': {
      const cards = [...hand.cards, drawCard(draft)]
      draft.hands[draft.active] = { ...hand, cards, done: handValue(cards).total >= 21 }
      break
    }
    case 'stand':
      draft.hands[draft.active] = { ...hand, done: true }
      break
    case 'double':
      draft.totalStake += hand.stake
      draft.hands[draft.active] = { ...hand, cards: [...hand.cards, drawCard(draft)], stake: hand.stake * 2, doubled: true, done: true }
      break
    case 'split': {
      const aces = hand.cards[0]!.rank === 1
      const half = (card: Card): BlackjackHand => ({ ...hand, cards: [card], fromSplit: true, splitAces: aces, done: false })
      draft.totalStake += hand.stake
      draft.hands.splice(draft.active, 1, half(hand.cards[0]!), half(hand.cards[1]!))
      break
    }
  }
  return advance(draft)
}

function drawCard(draft: Draft): Card {
  const card = draft.shoe[draft.next]
  if (!card) throw new RangeError('the shoe ran out (cardsNeeded is wrong)')
  draft.next += 1
  return card
}

/** After the insurance decision (or when none was offered): the dealer peeks, naturals settle. */
function afterInsurance(draft: Draft): BlackjackState {
  draft.phase = 'player'
  const up = draft.dealer[0]!
  const dealerNatural = (up.rank === 1 || cardValue(up) === 10) && isNatural(draft.dealer)
  if (dealerNatural || isNatural(draft.hands[0]!.cards)) {
    draft.hands[0] = { ...draft.hands[0]!, done: true }
    return finish(draft)
  }
  return advance(draft)
}

/** Deals the second card of a split hand as play reaches it, closes finished hands, and plays the dealer once no hand waits. */
function advance(draft: Draft): BlackjackState {
  while (draft.active < draft.hands.length) {
    let hand = draft.hands[draft.active]!
    if (hand.cards.length === 1) {
      const cards = [...hand.cards, drawCard(draft)]
      hand = { ...hand, cards, done: hand.splitAces || handValue(cards).total >= 21 }
      draft.hands[draft.active] = hand
    }
    if (!hand.done) return draft
    draft.active += 1
  }
  return finish(draft)
}

function finish(draft: Draft): BlackjackState {
  draft.active = -1
  draft.phase = 'finished'
  const dealerNatural = isNatural(draft.dealer)
  const naturalRound = draft.hands.length === 1 && isNatural(draft.hands[0]!.cards)
  // The dealer draws only when some hand can still lose or win against the dealer's total.
  const live = !dealerNatural && !naturalRound && draft.hands.some((h) => handValue(h.cards).total <= 21)
  if (live) {
    for (;;) {
      const { total, soft } = handValue(draft.dealer)
      if (total > 17 || (total === 17 && !(soft && draft.rules.dealerHitsSoft17))) break
      draft.dealer.push(drawCard(draft))
    }
  }
  const dealerTotal = handValue(draft.dealer).total
  let totalPayback = 0
  draft.hands = draft.hands.map((hand) => {
    const total = handValue(hand.cards).total
    const natural = !hand.fromSplit && isNatural(hand.cards)
    let result: BlackjackHandResult
    let payback: number
    if (natural && dealerNatural) [result, payback] = ['push', hand.stake]
    else if (natural) [result, payback] = ['blackjack', hand.stake * (1 + draft.rules.blackjackPays)]
    else if (total > 21) [result, payback] = ['bust', 0]
    else if (dealerNatural) [result, payback] = ['lose', 0]
    else if (dealerTotal > 21 || total > dealerTotal) [result, payback] = ['win', hand.stake * 2]
    else if (total === dealerTotal) [result, payback] = ['push', hand.stake]
    else [result, payback] = ['lose', 0]
    totalPayback += payback
    return { ...hand, done: true, result, payback }
  })
  if (draft.insurance) {
    draft.insurance = { ...draft.insurance, payback: dealerNatural ? draft.insurance.stake * 3 : 0 }
    totalPayback += draft.insurance.payback
  }
  draft.totalPayback = totalPayback
  draft.multiplier = floor4(totalPayback / draft.totalStake)
  return draft
}

export type BlackjackPublicView = Omit<BlackjackState, 'shoe' | 'next' | 'dealer'> & {
  /** The dealer's cards, the hole card null until the round is finished. */
  readonly dealer: readonly (Card | null)[]
}

/** What the player may see: no shoe, and the hole card hidden while the round runs. */
export function publicView(state: BlackjackState): BlackjackPublicView {
  const { shoe: _shoe, next: _next, dealer, ...rest } = state
  return { ...rest, dealer: state.phase === 'finished' ? dealer : [dealer[0] ?? null, null] }
}

// ---------------------------------------------------------------------------------------------
// Basic strategy for six decks, S17, DAS, no surrender, as data. Each row has ten letters for the
// dealer's up card 2, 3, …, 10, A: H hit, S stand, D double (else hit), d double (else stand),
// P split (pairs only; '-' falls back to the total).

export interface BasicStrategyTable {
  readonly hard: Readonly<Record<number, string>>
  readonly soft: Readonly<Record<number, string>>
  /** By the pair's card value (1 = aces). */
  readonly pairs: Readonly<Record<number, string>>
}

const ALL = (letter: string) => letter.repeat(10)

export const BASIC_STRATEGY_6D_S17_DAS: BasicStrategyTable = {
  hard: {
    4: ALL('H'), 5: ALL('H'), 6: ALL('H'), 7: ALL('H'), 8: ALL('H'),
    9: 'HDDDDHHHHH',
    10: 'DDDDDDDDHH',
    11: 'DDDDDDDDDH',
    12: 'HHSSSHHHHH',
    13: 'SSSSSHHHHH', 14: 'SSSSSHHHHH', 15: 'SSSSSHHHHH', 16: 'SSSSSHHHHH',
    17: ALL('S'), 18: ALL('S'), 19: ALL('S'), 20: ALL('S'), 21: ALL('S'),
  },
  soft: {
    12: ALL('H'),
    13: 'HHHDDHHHHH', 14: 'HHHDDHHHHH',
    15: 'HHDDDHHHHH', 16: 'HHDDDHHHHH',
    17: 'HDDDDHHHHH',
    18: 'SddddSSHHH',
    19: ALL('S'), 20: ALL('S'), 21: ALL('S'),
  },
  pairs: {
    1: ALL('P'),
    2: 'PPPPPP----', 3: 'PPPPPP----',
    4: '---PP-----',
    5: ALL('-'),
    6: 'PPPPP-----',
    7: 'PPPPPP----',
    8: ALL('P'),
    9: 'PPPPP-PP--',
    10: ALL('-'),
  },
}

/** The basic-strategy decision for the state's next action (never insurance). */
export function basicStrategy(state: BlackjackState, table: BasicStrategyTable = BASIC_STRATEGY_6D_S17_DAS): BlackjackAction {
  if (state.phase === 'insurance') return 'noInsurance'
  const hand = state.hands[state.active]
  const up = state.dealer[0]
  if (state.phase !== 'player' || !hand || !up) throw new Error('no decision is due')
  const column = up.rank === 1 ? 9 : cardValue(up) - 2
  const allowed = allowedActions(state)
  const first = hand.cards[0]
  if (allowed.includes('split') && first && table.pairs[cardValue(first)]?.[column] === 'P') return 'split'
  const { total, soft } = handValue(hand.cards)
  const letter = (soft ? table.soft[total] : table.hard[total])?.[column] ?? (total >= 17 ? 'S' : 'H')
  const canDouble = allowed.includes('double')
  switch (letter) {
    case 'D':
      return canDouble ? 'double' : 'hit'
    case 'd':
      return canDouble ? 'double' : 'stand'
    case 'S':
      return 'stand'
    default:
      return 'hit'
  }
}

/** Plays a whole round by basic strategy (simulations and the RTP test). */
export function playBasicStrategyRound(rules: BlackjackRules, bet: BlackjackBet, stream: UniformStream): BlackjackState {
  let state = dealBlackjack(rules, bet, stream)
  while (state.phase !== 'finished') state = act(state, basicStrategy(state))
  return state
}
