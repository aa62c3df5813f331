// The server's side of provably fair play: seeds and the HMAC that turns them into a round's
// numbers (src/shared/games/fair.ts builds the message, the engines read the stream).
import { createHash, createHmac, randomBytes } from 'node:crypto'
import { fairStream } from '../../../src/shared/games/fair'
import type { UniformStream } from '../../../src/shared/games/random'

/** A new server seed: 32 random bytes as 64 hex characters, secret until the player rotates it. */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex')
}

/** What the player sees before playing: the SHA-256 of the server seed (hex of its text). */
export function seedHash(serverSeed: string): string {
  return createHash('sha256').update(serverSeed, 'utf8').digest('hex')
}

/** A default client seed for a new player: 16 random hex characters; the player may change it. */
export function newClientSeed(): string {
  return randomBytes(8).toString('hex')
}

/** The numbers of round `nonce`: HMAC-SHA256(key = server seed text, message = `client:nonce:cursor`). */
export function roundStream(serverSeed: string, clientSeed: string, nonce: number): UniformStream {
  return fairStream((message) => new Uint8Array(createHmac('sha256', serverSeed).update(message, 'utf8').digest()), clientSeed, nonce)
}

/**
 * A hash chain for shared rounds (crash): from a secret terminal seed, seed[i] = SHA-256(seed[i+1]).
 * Rounds are played from the end of the chain backwards, so each revealed seed hashes to the one
 * revealed before it, and the first published hash commits to every later round.
 */
export function hashChain(terminal: string, length: number): string[] {
  const chain = new Array<string>(length)
  chain[length - 1] = terminal
  for (let i = length - 2; i >= 0; i--) chain[i] = seedHash(chain[i + 1]!)
  return chain
}
