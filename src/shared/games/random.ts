// The only randomness a game engine sees: a stream of uniform numbers. Production feeds it the
// provably fair HMAC blocks (fair.ts); tests feed it a fast seeded generator with the same
// interface, so a test plays exactly the code a player plays (ARCHITECTURE §5).

/** What an engine draws from. Every draw consumes four bytes of the source. */
export interface UniformStream {
  /** A float in [0, 1): one 32-bit word divided by 2^32. */
  float(): number
  /** An integer in [0, n), 1 ≤ n ≤ 2^32, without modulo bias (words at or above the last whole multiple of n are drawn again). */
  int(n: number): number
  /** How many 32-bit words were drawn so far (a verifier replays exactly that many). */
  readonly words: number
}

const TWO_32 = 2 ** 32

/** A stream over any source of unsigned 32-bit words. */
export function streamFromWords(nextWord: () => number): UniformStream {
  let words = 0
  const word = () => {
    words += 1
    return nextWord() >>> 0
  }
  return {
    float: () => word() / TWO_32,
    int(n) {
      if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`int(n): n must be an integer in [1, 2^32], got ${n}`)
      // The largest multiple of n that fits in 32 bits: words from there up would favour the low results.
      const limit = TWO_32 - (TWO_32 % n)
      for (;;) {
        const value = word()
        if (value < limit) return value % n
      }
    },
    get words() {
      return words
    },
  }
}

/** The stream runs past the blocks a verifier computed: it computes more and plays the round again. */
export class StreamExhausted extends Error {
  constructor(readonly blocks: number) {
    super(`the round needs more than ${blocks} blocks`)
  }
}

/**
 * A stream over 32-byte blocks (HMAC-SHA256 outputs), block k for cursor k, read as big-endian
 * words in order. `block(k)` returns null when the caller has not computed block k (the browser,
 * which computes blocks ahead with Web Crypto).
 */
export function streamFromBlocks(block: (cursor: number) => Uint8Array | null): UniformStream {
  let cursor = 0
  let current: Uint8Array | null = null
  let offset = 32
  return streamFromWords(() => {
    if (offset >= 32) {
      current = block(cursor)
      if (!current) throw new StreamExhausted(cursor)
      if (current.length !== 32) throw new RangeError(`block ${cursor} has ${current.length} bytes, not 32`)
      cursor += 1
      offset = 0
    }
    const bytes = current as Uint8Array
    const value = ((bytes[offset]! << 24) | (bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!) >>> 0
    offset += 4
    return value
  })
}

/**
 * A fast seeded generator (sfc32) behind the same interface: for RTP tests and simulations, never
 * for a player's round. Deterministic per seed.
 */
export function seededStream(seed: number): UniformStream {
  let a = 0x9e3779b9 ^ seed
  let b = 0x243f6a88 ^ Math.imul(seed, 0x85ebca6b)
  let c = 0xb7e15162 ^ Math.imul(seed, 0xc2b2ae35)
  let d = 1
  const next = () => {
    a >>>= 0
    b >>>= 0
    c >>>= 0
    d >>>= 0
    const t = (a + b + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return t >>> 0
  }
  // Discard the first outputs: sfc32's state needs a few rounds to mix a small seed.
  for (let i = 0; i < 16; i++) next()
  return streamFromWords(next)
}
