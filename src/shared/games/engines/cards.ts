// Playing cards shared by the card engines (video poker, blackjack). A card is plain JSON so a
// round's state can be stored, resumed and replayed; the shuffle is the only place cards are drawn.
import type { UniformStream } from '../random'

/** Rank 1 (ace) to 13 (king); suit 0 clubs, 1 diamonds, 2 hearts, 3 spades. */
export interface Card {
  readonly rank: number
  readonly suit: number
}

export const SUIT_SYMBOLS = ['♣', '♦', '♥', '♠'] as const
const RANK_NAMES = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const

/** Deck order before shuffling: suit by suit, ace to king; index = suit × 13 + rank − 1. */
export function cardIndex(card: Card): number {
  return card.suit * 13 + card.rank - 1
}

// One frozen object per card: shuffles hand out references instead of allocating.
const CARDS: readonly Card[] = Array.from({ length: 52 }, (_, i) => Object.freeze({ rank: (i % 13) + 1, suit: Math.floor(i / 13) }))

export function cardAt(index: number): Card {
  const card = CARDS[index]
  if (!card) throw new RangeError(`no card at index ${index}`)
  return card
}

/** Short text for logs and tests: `As`, `Td`, `2c`. */
export function cardName(card: Card): string {
  return `${RANK_NAMES[card.rank] ?? '?'}${'cdhs'[card.suit] ?? '?'}`
}

/** Reads `cardName` text back (tests and fixtures): `parseCards('As Kd')`. */
export function parseCards(text: string): Card[] {
  return text
    .trim()
    .split(/\s+/)
    .map((name) => {
      const rank = RANK_NAMES.indexOf(name[0]?.toUpperCase() as (typeof RANK_NAMES)[number])
      const suit = 'cdhs'.indexOf(name[1]?.toLowerCase() ?? '')
      if (name.length !== 2 || rank < 1 || suit < 0) throw new Error(`not a card: ${name}`)
      return cardAt(suit * 13 + rank - 1)
    })
}

/**
 * The first `take` cards of a shuffle of `decks` 52-card decks. Forward Fisher-Yates: position i
 * takes the card at i + int(n − i), so stopping after `take` positions leaves exactly the prefix a
 * full shuffle would deal, for `take` draws instead of n − 1. A verifier repeats the same loop.
 */
export function shuffledCards(stream: UniformStream, decks: number, take: number): Card[] {
  const n = decks * 52
  if (!Number.isInteger(decks) || decks < 1) throw new RangeError(`decks must be a whole number ≥ 1, got ${decks}`)
  if (!Number.isInteger(take) || take < 0 || take > n) throw new RangeError(`take must be in [0, ${n}], got ${take}`)
  const order = new Uint16Array(n)
  for (let i = 0; i < n; i++) order[i] = i % 52
  const dealt: Card[] = []
  for (let i = 0; i < take; i++) {
    const j = i + stream.int(n - i)
    const picked = order[j]!
    order[j] = order[i]!
    order[i] = picked
    dealt.push(cardAt(picked))
  }
  return dealt
}
