// Provably fair rounds (ARCHITECTURE §5): a round's numbers are HMAC-SHA256 blocks keyed by the
// player's server seed over `client seed:nonce:cursor`, read as a uniform stream. The server
// computes them with node:crypto, the /fairness page with Web Crypto; both build the message here.
import { streamFromBlocks, type UniformStream } from './random'

/** The message of block `cursor` of round `nonce`. Client seeds never hold ':' (the edge refuses it). */
export function fairMessage(clientSeed: string, nonce: number, cursor: number): string {
  return `${clientSeed}:${nonce}:${cursor}`
}

/** A client seed a player may set: 1 to 64 printable ASCII characters, no colon. */
export const CLIENT_SEED_PATTERN = /^[\x21-\x39\x3b-\x7e]{1,64}$/

/**
 * The stream of one round, from an HMAC that is synchronous (the server's) or that has computed
 * the blocks ahead (the browser's: it returns null past them, and the verifier computes more).
 */
export function fairStream(hmac: (message: string) => Uint8Array | null, clientSeed: string, nonce: number): UniformStream {
  // The stream asks for each block once, in order: nothing to keep.
  return streamFromBlocks((cursor) => hmac(fairMessage(clientSeed, nonce, cursor)))
}
