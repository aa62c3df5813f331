import { describe, expect, it } from 'vitest'
import { seededStream, streamFromBlocks, streamFromWords, StreamExhausted } from './random'

describe('uniform streams', () => {
  it('reads blocks as big-endian words, block after block, and says when it runs out', () => {
    const blocks = [Uint8Array.from({ length: 32 }, (_, i) => i), Uint8Array.from({ length: 32 }, () => 0xff)]
    const stream = streamFromBlocks((k) => blocks[k] ?? null)
    expect(stream.float()).toBe(0x00010203 / 2 ** 32)
    for (let i = 0; i < 7; i++) stream.float()
    expect(stream.float()).toBe(0xffffffff / 2 ** 32)
    expect(stream.words).toBe(9)
    for (let i = 0; i < 7; i++) stream.float()
    expect(() => stream.float()).toThrow(StreamExhausted)
  })

  it('draws integers without modulo bias: words past the last whole multiple are drawn again', () => {
    // n = 3: 2^32 mod 3 = 1, so the word 2^32 - 1 is refused and the next one used.
    const words = [0xffffffff, 7]
    const stream = streamFromWords(() => words.shift() ?? 0)
    expect(stream.int(3)).toBe(7 % 3)
    expect(stream.words).toBe(2)
    expect(() => stream.int(0)).toThrow(RangeError)
    expect(() => stream.int(1.5)).toThrow(RangeError)
  })

  it('the seeded generator is deterministic per seed and uniform (chi-square over 16 cells)', () => {
    expect(seededStream(7).float()).toBe(seededStream(7).float())
    expect(seededStream(7).float()).not.toBe(seededStream(8).float())
    const stream = seededStream(12345)
    const cells = new Array<number>(16).fill(0)
    const n = 160_000
    for (let i = 0; i < n; i++) cells[stream.int(16)]! += 1
    const expected = n / 16
    const chi = cells.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0)
    // 15 degrees of freedom: the 99.9th percentile is 37.7.
    expect(chi).toBeLessThan(37.7)
  })
})
