import { describe, expect, it } from 'vitest'
import { seededStream } from '../random'
import { cardAt, cardIndex, cardName, parseCards, shuffledCards } from './cards'

describe('cards', () => {
  it('names and indexes the 52 cards both ways', () => {
    for (let i = 0; i < 52; i++) {
      const card = cardAt(i)
      expect(cardIndex(card)).toBe(i)
      expect(parseCards(cardName(card))[0]).toBe(card)
    }
    expect(parseCards('As Td 2c')).toEqual([{ rank: 1, suit: 3 }, { rank: 10, suit: 1 }, { rank: 2, suit: 0 }])
    expect(() => parseCards('1s')).toThrow(/not a card/)
  })

  it('deals the prefix a full shuffle would deal, from the same draws', () => {
    const full = shuffledCards(seededStream(7), 6, 312)
    const prefix = shuffledCards(seededStream(7), 6, 40)
    expect(prefix).toEqual(full.slice(0, 40))
    // Six decks: every card six times.
    const copies = new Map<number, number>()
    for (const c of full) copies.set(cardIndex(c), (copies.get(cardIndex(c)) ?? 0) + 1)
    expect([...copies.values()].every((n) => n === 6) && copies.size === 52).toBe(true)
  })

  it('puts every card first equally often (chi-square, 51 degrees of freedom)', () => {
    const stream = seededStream(11)
    const rounds = 52_000
    const counts = new Array<number>(52).fill(0)
    for (let r = 0; r < rounds; r++) counts[cardIndex(shuffledCards(stream, 1, 2)[1]!)]! += 1
    const expected = rounds / 52
    const chi = counts.reduce((s, n) => s + (n - expected) ** 2 / expected, 0)
    expect(chi).toBeLessThan(87.97) // 99.9th percentile at 51 degrees of freedom
  })
})
