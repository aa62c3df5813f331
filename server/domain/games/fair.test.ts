import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { CLIENT_SEED_PATTERN, fairMessage } from '../../../src/shared/games/fair'
import { hashChain, newClientSeed, newServerSeed, roundStream, seedHash } from './fair'

describe('provably fair rounds', () => {
  it('derives the round from HMAC-SHA256(server seed, "client:nonce:cursor"), four bytes a number, block after block', () => {
    const server = 'a'.repeat(64)
    const stream = roundStream(server, 'lucky', 7)
    const block0 = createHmac('sha256', server).update('lucky:7:0').digest()
    const block1 = createHmac('sha256', server).update('lucky:7:1').digest()
    expect(stream.float()).toBe(block0.readUInt32BE(0) / 2 ** 32)
    for (let i = 1; i < 8; i++) expect(stream.float()).toBe(block0.readUInt32BE(i * 4) / 2 ** 32)
    expect(stream.float()).toBe(block1.readUInt32BE(0) / 2 ** 32)
    // Another nonce, another round.
    expect(roundStream(server, 'lucky', 8).float()).not.toBe(block0.readUInt32BE(0) / 2 ** 32)
  })

  it('shows the hash before play and keeps the seed secret until rotated', () => {
    const seed = newServerSeed()
    expect(seed).toMatch(/^[0-9a-f]{64}$/)
    expect(seedHash(seed)).toMatch(/^[0-9a-f]{64}$/)
    expect(seedHash(seed)).not.toContain(seed.slice(0, 16))
    expect(newServerSeed()).not.toBe(seed)
    expect(CLIENT_SEED_PATTERN.test(newClientSeed())).toBe(true)
    expect(fairMessage('x', 1, 2)).toBe('x:1:2')
    expect(CLIENT_SEED_PATTERN.test('has:colon')).toBe(false)
    expect(CLIENT_SEED_PATTERN.test('has space')).toBe(false)
    expect(CLIENT_SEED_PATTERN.test('a'.repeat(65))).toBe(false)
  })

  it('chains shared-round seeds so each revealed seed hashes to the one before it', () => {
    const chain = hashChain('f'.repeat(64), 5)
    for (let i = 1; i < chain.length; i++) expect(seedHash(chain[i]!)).toBe(chain[i - 1])
    expect(chain[4]).toBe('f'.repeat(64))
  })
})
