// Jacks or Better video poker. The round draws its ten cards when it starts (the five dealt, then
// the replacements in the order they fill the discarded places), so `hold` only settles: the server
// keeps the state between the two requests and a verifier replays both from the seeds and the mask.
import type { UniformStream } from '../random'
import { normalise, type PayoutDistribution } from '../payouts'
import { cardIndex, shuffledCards, type Card } from './cards'
import { floor4 } from './common'

/** Hand classes from worst to best; the index is the class number the evaluator returns. */
export const POKER_HANDS = [
  'nothing',
  'jacksOrBetter',
  'twoPair',
  'threeOfAKind',
  'straight',
  'flush',
  'fullHouse',
  'fourOfAKind',
  'straightFlush',
  'royalFlush',
] as const
export type PokerHand = (typeof POKER_HANDS)[number]

export interface VideoPokerRules {
  /** Paid back per unit staked (stake included) for each winning hand; absent hands pay 0. */
  readonly paytable: Readonly<Partial<Record<PokerHand, number>>>
  readonly maxStake: number
}

/** Full-pay 9/6 Jacks or Better at the five-coin royal (800 per unit). */
export const JACKS_OR_BETTER_9_6: VideoPokerRules = {
  paytable: {
    royalFlush: 800,
    straightFlush: 50,
    fourOfAKind: 25,
    fullHouse: 9,
    flush: 6,
    straight: 4,
    threeOfAKind: 3,
    twoPair: 2,
    jacksOrBetter: 1,
  },
  maxStake: 1_000_000,
}

export interface VideoPokerBet {
  /** Whole stake units. */
  readonly stake: number
}

export type VideoPokerBetError = 'not-an-object' | 'bad-stake'

export function validateVideoPokerBet(rules: VideoPokerRules, bet: VideoPokerBet): VideoPokerBetError | null {
  if (typeof bet !== 'object' || bet === null) return 'not-an-object'
  const stake: unknown = bet.stake
  if (typeof stake !== 'number' || !Number.isInteger(stake) || stake < 1 || stake > rules.maxStake) return 'bad-stake'
  return null
}

export interface VideoPokerState {
  readonly phase: 'dealt' | 'finished'
  readonly stake: number
  readonly paytable: VideoPokerRules['paytable']
  /** Ten cards: 0–4 dealt, 5–9 the replacements in order. Server-side: `publicView` hides 5–9. */
  readonly cards: readonly Card[]
  /** Bit i set: card i kept. Null until the player holds. */
  readonly held: number | null
  readonly final: readonly Card[] | null
  readonly hand: PokerHand | null
  readonly payback: number
  readonly multiplier: number
}

/** Starts a round: ten draws of a partial shuffle of one deck. */
export function dealVideoPoker(rules: VideoPokerRules, bet: VideoPokerBet, stream: UniformStream): VideoPokerState {
  const error = validateVideoPokerBet(rules, bet)
  if (error) throw new Error(`invalid video poker bet: ${error}`)
  return {
    phase: 'dealt',
    stake: bet.stake,
    paytable: rules.paytable,
    cards: shuffledCards(stream, 1, 10),
    held: null,
    final: null,
    hand: null,
    payback: 0,
    multiplier: 0,
  }
}

/** What the player may see: the replacement cards stay hidden until the round is settled. */
export function publicView(state: VideoPokerState): Omit<VideoPokerState, 'cards'> & { readonly cards: readonly Card[] } {
  return state.phase === 'finished' ? state : { ...state, cards: state.cards.slice(0, 5) }
}

/** Settles the round: the cards whose bit is set in `mask` (0–31) stay, the others are replaced in order. */
export function hold(state: VideoPokerState, mask: number): VideoPokerState {
  if (state.phase !== 'dealt') throw new Error('the round is already settled')
  if (!Number.isInteger(mask) || mask < 0 || mask > 31) throw new RangeError(`hold mask must be an integer in [0, 31], got ${mask}`)
  let next = 5
  const final = state.cards.slice(0, 5).map((card, i) => ((mask >> i) & 1 ? card : state.cards[next++]!))
  const hand = evaluatePoker(final)
  const multiplier = floor4(state.paytable[hand] ?? 0)
  return { ...state, phase: 'finished', held: mask, final, hand, payback: state.stake * multiplier, multiplier }
}

// ---------------------------------------------------------------------------------------------
// Evaluation. Cards are worked on as deck indices (suit × 13 + rank − 1) in the hot loops.

const rankOf = (i: number) => (i % 13) + 1
const suitOf = (i: number) => (i / 13) | 0
/** Bits of the ranks that make a jacks-or-better pair: J, Q, K, A (rank bit = 1 << rank). */
const HIGH_BITS = (1 << 11) | (1 << 12) | (1 << 13) | (1 << 1)
const ROYAL_BITS = (1 << 10) | (1 << 11) | (1 << 12) | (1 << 13) | (1 << 1)
const WHEEL_BITS = (1 << 1) | (1 << 2) | (1 << 3) | (1 << 4) | (1 << 5)

/** Class number (index into POKER_HANDS) of five deck indices. */
export function classOfIndices(a: number, b: number, c: number, d: number, e: number): number {
  let seen = 0
  let twice = 0
  let thrice = 0
  let four = 0
  for (const i of [a, b, c, d, e]) {
    const bit = 1 << ((i % 13) + 1)
    if (thrice & bit) four |= bit
    else if (twice & bit) thrice |= bit
    else if (seen & bit) twice |= bit
    else seen |= bit
  }
  if (four) return 7
  if (thrice) return twice === thrice ? 3 : 6
  if (twice) {
    if (twice & (twice - 1)) return 2
    return twice & HIGH_BITS ? 1 : 0
  }
  const suit = suitOf(a)
  const flush = suitOf(b) === suit && suitOf(c) === suit && suitOf(d) === suit && suitOf(e) === suit
  const low = seen & -seen
  const straight = seen === ROYAL_BITS || seen === WHEEL_BITS || seen / low === 31
  if (straight && flush) return seen === ROYAL_BITS ? 9 : 8
  if (flush) return 5
  if (straight) return 4
  return 0
}

export function evaluatePoker(cards: readonly Card[]): PokerHand {
  if (cards.length !== 5) throw new RangeError(`a poker hand has 5 cards, not ${cards.length}`)
  const [a, b, c, d, e] = cards.map(cardIndex) as [number, number, number, number, number]
  return POKER_HANDS[classOfIndices(a, b, c, d, e)]!
}

// ---------------------------------------------------------------------------------------------
// Exact expected value of every hold.
//
// For a hold H and discards D, the final hands are H plus 5 − |H| cards from the 47 unseen. By
// inclusion-exclusion those counts are Σ over T ⊆ D of (−1)^|T| × (5-card hands of the full deck
// that contain H ∪ T). Hands containing a fixed set X depend only on X up to suits, so the costly
// sets (0, 1 and 2 cards: 2.6 M, 250 k and 19.6 k completions) are counted once and cached.

type Counts = Float64Array // one slot per hand class

const countCache = new Map<string, Counts>()

/** Counts of full-deck 5-card hands containing `fixed`, by class. */
function countContaining(fixed: readonly number[]): Counts {
  const counts = new Float64Array(POKER_HANDS.length)
  const rest: number[] = []
  for (let i = 0; i < 52; i++) if (!fixed.includes(i)) rest.push(i)
  const hand = [...fixed, 0, 0, 0, 0, 0].slice(0, 5)
  const need = 5 - fixed.length
  const place = (from: number, slot: number): void => {
    if (slot === 5) {
      counts[classOfIndices(hand[0]!, hand[1]!, hand[2]!, hand[3]!, hand[4]!)]! += 1
      return
    }
    for (let r = from; r <= rest.length - (5 - slot); r++) {
      hand[slot] = rest[r]!
      place(r + 1, slot + 1)
    }
  }
  if (need === 0) counts[classOfIndices(hand[0]!, hand[1]!, hand[2]!, hand[3]!, hand[4]!)] = 1
  else place(0, fixed.length)
  return counts
}

/** The same counts, cached for sets of up to two cards under a suit-free key. */
function countsFor(fixed: readonly number[]): Counts {
  if (fixed.length > 2) return countContaining(fixed)
  let key: string
  let canonical: number[]
  if (fixed.length === 0) {
    key = ''
    canonical = []
  } else if (fixed.length === 1) {
    const r = rankOf(fixed[0]!)
    key = `${r}`
    canonical = [r - 1]
  } else {
    const [x, y] = [rankOf(fixed[0]!), rankOf(fixed[1]!)].sort((p, q) => p - q) as [number, number]
    const suited = suitOf(fixed[0]!) === suitOf(fixed[1]!)
    key = `${x},${y},${suited ? 's' : 'o'}`
    canonical = [x - 1, (suited ? 0 : 13) + y - 1]
  }
  let counts = countCache.get(key)
  if (!counts) {
    counts = countContaining(canonical)
    countCache.set(key, counts)
  }
  return counts
}

const popcount = (m: number) => ((m >> 0) & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1) + ((m >> 4) & 1)
const COMBIN_47 = [1, 47, 1081, 16215, 178365, 1533939] // C(47, k)

export interface HoldValue {
  readonly mask: number
  /** Expected payback per unit staked. */
  readonly ev: number
  /** How many of the C(47, 5 − held) draws end in each class. */
  readonly counts: readonly number[]
}

/** The exact expected value of all 32 holds of a dealt hand, by mask. */
export function holdValues(rules: VideoPokerRules, dealt: readonly Card[]): HoldValue[] {
  if (dealt.length !== 5) throw new RangeError('a deal has 5 cards')
  const idx = dealt.map(cardIndex)
  const subsets: Counts[] = []
  for (let s = 0; s < 32; s++) subsets.push(countsFor(idx.filter((_, i) => (s >> i) & 1)))
  const pays = POKER_HANDS.map((h) => floor4(rules.paytable[h] ?? 0))
  const values: HoldValue[] = []
  for (let h = 0; h < 32; h++) {
    const counts = new Array<number>(POKER_HANDS.length).fill(0)
    for (let s = h; s < 32; s = (s + 1) | h) {
      const sign = popcount(s ^ h) % 2 === 0 ? 1 : -1
      const add = subsets[s]!
      for (let c = 0; c < counts.length; c++) counts[c]! += sign * add[c]!
    }
    const draws = COMBIN_47[5 - popcount(h)]!
    values.push({ mask: h, ev: counts.reduce((sum, n, c) => sum + n * pays[c]!, 0) / draws, counts })
  }
  return values
}

/** The hold with the highest exact expected value (the lowest mask on an exact tie). */
export function optimalHold(rules: VideoPokerRules, dealt: readonly Card[]): HoldValue {
  let best: HoldValue | null = null
  for (const v of holdValues(rules, dealt)) if (!best || v.ev > best.ev + 1e-12) best = v
  return best!
}

// ---------------------------------------------------------------------------------------------
// A hold-priority list for 9/6 Jacks or Better, for simulations: every one of the 32 holds is
// named by the pattern it keeps and the highest pattern on the list wins. It is the usual
// published ranking without penalty cards, so it gives up a little against `optimalHold`.

const isHigh = (rank: number) => rank === 1 || rank >= 11
/** Rank with the ace high (14), for tie-breaks. */
const aceHigh = (rank: number) => (rank === 1 ? 14 : rank)
const bits = (...ranks: number[]) => ranks.reduce((m, r) => m | (1 << r), 0)
const ROYAL_RANKS = bits(1, 10, 11, 12, 13)

/** Whether a set of distinct ranks (bit per rank, ace = bit 1) fits one five-rank straight window, the ace low or high. */
function fitsStraight(rankBits: number): boolean {
  const withAceHigh = rankBits & 2 ? (rankBits & ~2) | (1 << 14) : rankBits
  for (let low = 1; low <= 10; low++) {
    const window = 31 << low
    if ((rankBits & ~window) === 0 || (withAceHigh & ~window) === 0) return true
  }
  return false
}

/** Span between the lowest and highest rank of a set (ace low), for counting inside gaps. */
function span(rankBits: number): number {
  return 31 - Math.clz32(rankBits) - (31 - Math.clz32(rankBits & -rankBits))
}

/**
 * Priority of keeping exactly the held cards (parallel arrays of `count` ranks and suits): larger
 * is better, −1 when the list never keeps them. Levels are hundreds; the last two digits break
 * ties inside a level.
 */
function holdPriority(ranks: Int8Array, suits: Int8Array, count: number): number {
  let rankBits = 0
  let pairs = 0
  let highCount = 0
  let suited = true
  for (let i = 0; i < count; i++) {
    const bit = 1 << ranks[i]!
    if (rankBits & bit) pairs += 1
    rankBits |= bit
    if (isHigh(ranks[i]!)) highCount += 1
    if (suits[i] !== suits[0]) suited = false
  }
  const distinct = count - pairs
  const allRoyal = (rankBits & ~ROYAL_RANKS) === 0
  switch (count) {
    case 5: {
      const c = classOfRanksAndSuits(ranks, suits)
      if (c >= 7) return 10000 // royal, straight flush, four of a kind
      if (c === 6) return 9100
      if (c === 5 || c === 4) return 9000
      return -1
    }
    case 4: {
      if (distinct === 2) return pairs === 2 && ranks.slice(0, 4).filter((r) => r === ranks[0]).length === 2 ? 8000 : -1
      if (distinct !== 4) return -1
      if (suited && allRoyal) return 9500
      if (suited && fitsStraight(rankBits)) return 8500
      if (suited) return 6500
      if (!fitsStraight(rankBits)) return -1
      if (rankBits === bits(10, 11, 12, 13)) return 6000
      if (!(rankBits & 2) && span(rankBits) === 3) return 5000 // open at both ends
      if (highCount === 4) return 4000
      if (highCount === 3) return 3400
      return -1
    }
    case 3: {
      if (distinct === 1) return 9000 // three of a kind
      if (distinct !== 3) return -1
      if (suited && allRoyal) return 7000
      if (suited && fitsStraight(rankBits)) {
        if (rankBits & 2 || rankBits === bits(2, 3, 4)) return 3200
        const gaps = span(rankBits) - 2
        if (highCount >= gaps) return 4500
        if ((gaps === 1 && highCount === 0) || (gaps === 2 && highCount === 1)) return 3200
        return 1600
      }
      if (rankBits === bits(11, 12, 13)) return 3000
      return -1
    }
    case 2: {
      if (distinct === 1) return isHigh(ranks[0]!) ? 7500 : 5500
      if (suited) {
        if (rankBits === bits(11, 12)) return 4200
        if (rankBits === bits(12, 13) || rankBits === bits(11, 13)) return 3800
        if (rankBits === bits(1, 13) || rankBits === bits(1, 12) || rankBits === bits(1, 11)) return 3600
        if (rankBits === bits(10, 11)) return 2600
        if (rankBits === bits(10, 12)) return 2200
        if (rankBits === bits(10, 13)) return 2000
      }
      if (rankBits === bits(11, 12)) return 2800
      // Several high cards: keep the lowest two, which leave the most straights open.
      if (highCount === 2) return 2400 + 30 - (aceHigh(ranks[0]!) + aceHigh(ranks[1]!))
      return -1
    }
    case 1:
      return isHigh(ranks[0]!) ? 1800 + 14 - aceHigh(ranks[0]!) : -1
    default:
      return 0
  }
}

function classOfRanksAndSuits(ranks: Int8Array, suits: Int8Array): number {
  const i = (k: number) => suits[k]! * 13 + ranks[k]! - 1
  return classOfIndices(i(0), i(1), i(2), i(3), i(4))
}

const heldRanks = new Int8Array(5)
const heldSuits = new Int8Array(5)

/** The strategy list's hold for a dealt hand, as a mask. */
export function strategyHold(dealt: readonly Card[]): number {
  let best = 0
  let bestPriority = -Infinity
  for (let mask = 0; mask < 32; mask++) {
    let count = 0
    for (let i = 0; i < 5; i++) {
      if ((mask >> i) & 1) {
        heldRanks[count] = dealt[i]!.rank
        heldSuits[count] = dealt[i]!.suit
        count += 1
      }
    }
    const priority = holdPriority(heldRanks, heldSuits, count)
    if (priority > bestPriority) {
      best = mask
      bestPriority = priority
    }
  }
  return best
}

/**
 * The published distribution of 9/6 Jacks or Better under optimal holds (Wizard of Odds' return
 * table, as reproduced on winnergambling.com; jazbo.com states the same 99.544 %). Probabilities
 * to seven decimals as published; nothing takes the remainder so they sum to one.
 */
export const JACKS_OR_BETTER_9_6_PUBLISHED: PayoutDistribution = (() => {
  const published: [PokerHand, number][] = [
    ['royalFlush', 1 / 40_387.72],
    ['straightFlush', 0.0001093],
    ['fourOfAKind', 0.0023626],
    ['fullHouse', 0.0115122],
    ['flush', 0.0110145],
    ['straight', 0.0112294],
    ['threeOfAKind', 0.0744487],
    ['twoPair', 0.1292789],
    ['jacksOrBetter', 0.214585],
  ]
  const rest = 1 - published.reduce((s, [, p]) => s + p, 0)
  return normalise([
    ...published.map(([hand, probability]) => ({ multiplier: JACKS_OR_BETTER_9_6.paytable[hand] ?? 0, probability })),
    { multiplier: 0, probability: rest },
  ])
})()

/** The stated return of 9/6 Jacks or Better with optimal holds. */
export const JACKS_OR_BETTER_9_6_RTP = 0.995439
