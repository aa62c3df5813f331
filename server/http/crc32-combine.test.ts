import { crc32 } from 'node:zlib'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { crc32Combine, crc32Shift } from './crc32-combine'

const crc = (bytes: Uint8Array) => (bytes.length ? crc32(bytes) : 0) >>> 0

describe('CRC-32 of a concatenation from its parts', () => {
  it('equals zlib on the whole, for any split of any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), fc.uint8Array({ maxLength: 3000 }), (a, b) => {
        const whole = crc(Buffer.concat([a, b]))
        expect(crc32Combine(crc(a), crc(b), crc32Shift(b.length))).toBe(whole)
      }),
      { numRuns: 300 },
    )
  })

  it('holds for a page-sized tail and an empty one', () => {
    const head = Buffer.from('<!doctype html><html><head>')
    const tail = Buffer.alloc(200_000, 'abc')
    expect(crc32Combine(crc(head), crc(tail), crc32Shift(tail.length))).toBe(crc(Buffer.concat([head, tail])))
    expect(crc32Combine(crc(head), 0, crc32Shift(0))).toBe(crc(head))
    expect(crc32Combine(0, crc(tail), crc32Shift(tail.length))).toBe(crc(tail))
  })
})
