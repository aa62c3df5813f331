// The /fairness page's verifier: a round's numbers recomputed in the browser with Web Crypto, then
// the round replayed through the very engine code the server ran (src/shared/games/kinds.ts).
// Web Crypto is asynchronous and the engines draw synchronously, so the blocks are computed ahead:
// the stream answers null past them (StreamExhausted), and the round is played again with more.
import { studioTitle } from '../../shared/games/catalogue'
import { fairStream } from '../../shared/games/fair'
import { isRoundKind, KINDS, KindError, type AnyKind, type RoundKind } from '../../shared/games/kinds'
import { StreamExhausted, type UniformStream } from '../../shared/games/random'

const encoder = new TextEncoder()

/** Web Crypto, or a clear error where the page has none (an http:// address that is not localhost). */
function subtle(): SubtleCrypto {
  const found = globalThis.crypto?.subtle
  if (!found) throw new NoWebCrypto()
  return found
}

/** The browser offers no Web Crypto here: it needs a secure (https) page. */
export class NoWebCrypto extends Error {
  override name = 'NoWebCrypto'
  constructor() {
    super('Web Crypto (crypto.subtle) is not available on this page')
  }
}

const hex = (bytes: ArrayBuffer): string => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('')

/** SHA-256 of a text (UTF-8), as 64 lowercase hex characters: what the site shows for a server seed. */
export async function sha256Hex(text: string): Promise<string> {
  return hex(await subtle().digest('SHA-256', encoder.encode(text)))
}

/**
 * The HMAC-SHA256 blocks of one round, computed ahead with Web Crypto. Key = the server seed's
 * text (its 64 hex characters as UTF-8, not the bytes they spell), message `client:nonce:cursor`.
 */
export class FairBlocks {
  private readonly blocks: Uint8Array[] = []
  private key: Promise<CryptoKey> | null = null

  constructor(
    readonly serverSeed: string,
    readonly clientSeed: string,
    readonly nonce: number,
  ) {}

  /** How many blocks are ready. */
  get count(): number {
    return this.blocks.length
  }

  /** Computes blocks up to `count` (cursors 0 to count − 1), in parallel. */
  async ensure(count: number): Promise<void> {
    if (count <= this.blocks.length) return
    this.key ??= subtle().importKey('raw', encoder.encode(this.serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
    const key = await this.key
    const from = this.blocks.length
    const made = await Promise.all(
      Array.from({ length: count - from }, (_, i) => subtle().sign('HMAC', key, encoder.encode(`${this.clientSeed}:${this.nonce}:${from + i}`))),
    )
    // Another ensure may have finished meanwhile: keep the longest run, each block computed once in order.
    made.forEach((block, i) => {
      if (this.blocks.length === from + i) this.blocks.push(new Uint8Array(block))
    })
  }

  /** The round's stream over the blocks computed so far; past them it throws StreamExhausted. */
  stream(): UniformStream {
    let cursor = 0
    // fairStream asks for each block once, in order: the message it names is block `cursor`.
    return fairStream(() => this.blocks[cursor++] ?? null, this.clientSeed, this.nonce)
  }
}

export interface PlayedFair<T> {
  readonly value: T
  /** Blocks the round drew from: cursors 0 to blocks − 1. */
  readonly blocks: number
  /** 32-bit words the round drew. */
  readonly words: number
}

/** Nothing a real round draws comes near this: a round asking for more is broken input. */
export const MAX_BLOCKS = 4096

/** The round needs more numbers than any real round (MAX_BLOCKS blocks): its input is wrong. */
export class TooManyBlocks extends Error {
  override name = 'TooManyBlocks'
}

/**
 * Plays `play` on the round's stream: computes a few blocks, and whenever the round runs past
 * them computes twice as many and plays it again from the start (plays are pure).
 */
export async function playFair<T>(
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
  play: (stream: UniformStream) => T,
  { initialBlocks = 4 }: { initialBlocks?: number } = {},
): Promise<PlayedFair<T>> {
  const blocks = new FairBlocks(seeds.serverSeed, seeds.clientSeed, seeds.nonce)
  let want = Math.max(1, initialBlocks)
  for (;;) {
    await blocks.ensure(want)
    const stream = blocks.stream()
    try {
      const value = play(stream)
      return { value, blocks: Math.ceil(stream.words / 8), words: stream.words }
    } catch (err) {
      if (!(err instanceof StreamExhausted)) throw err
      if (want >= MAX_BLOCKS) throw new TooManyBlocks(`the round needs more than ${MAX_BLOCKS} blocks`)
      want = Math.min(MAX_BLOCKS, want * 2)
    }
  }
}

/** What the verifier is asked: one round's seeds, bet and decisions. */
export interface VerifyRoundInput {
  /** The title's sysname (its engine and rules come from the catalogue). */
  readonly game: string
  readonly serverSeed: string
  readonly clientSeed: string
  readonly nonce: number
  /** The bet as the server recorded it (or as the client sent it: both parse to the same). */
  readonly bet: unknown
  /** The decisions in order, in the engine's form ('hit', {"reveal":3}) or the client's ({"action":"hit"}). */
  readonly actions: readonly unknown[]
  /** The round was left alone and ended by its stated rule. */
  readonly abandoned: boolean
}

export interface VerifiedRound {
  readonly kind: RoundKind
  /** SHA-256 of the server seed as computed here. */
  readonly serverSeedHash: string
  /** The whole engine state, shoe and mines included. */
  readonly state: unknown
  /** What the server shows of it (the engine's public view): compare it with the round's `state`. */
  readonly view: unknown
  readonly finished: boolean
  readonly multiplier: number
  readonly blocks: number
  readonly words: number
}

export type VerifyErrorCode = 'unknown_game' | 'bad_bet' | 'bad_actions' | 'too_many_numbers' | 'no_web_crypto'

export type VerifyRoundResult =
  | ({ readonly ok: true } & VerifiedRound)
  | { readonly ok: false; readonly error: VerifyErrorCode; /** The engine's reason, untranslated (a code such as 'bad-target'). */ readonly reason: string | null }

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)

/** The first stake a recorded bet implies: table games list their chips, card games name their stake. */
function stakeOf(bet: unknown): number {
  if (isObject(bet) && Array.isArray(bet.bets)) return bet.bets.reduce<number>((sum, b) => sum + (isObject(b) && typeof b.stake === 'number' ? b.stake : NaN), 0)
  if (isObject(bet) && typeof bet.stake === 'number') return bet.stake
  return 1
}

/** The bet or a decision was refused by the engine: the input is wrong, not the round. */
export class ReplayRefused extends Error {
  override name = 'ReplayRefused'
  constructor(
    readonly at: 'bet' | 'actions',
    /** The engine's reason, untranslated (a code such as 'bad-target'). */
    readonly reason: string,
  ) {
    super(`${at}: ${reason}`)
  }
}

function refused(at: 'bet' | 'actions', err: unknown): never {
  if (err instanceof KindError) throw new ReplayRefused(at, err.code)
  // An engine refusing what no parser caught (a malformed recorded action).
  if (err instanceof RangeError || err instanceof TypeError) throw new ReplayRefused(at, err.message)
  throw err
}

/**
 * A round replayed from its engine's start and the decisions taken, ended by its stated rule if it
 * was left alone: what the server did, step by step (kinds.ts replayRound, plus the client's form
 * of an action and the abandon rule).
 */
export function replayKind(kind: AnyKind, rules: unknown, input: Pick<VerifyRoundInput, 'bet' | 'actions' | 'abandoned'>, stream: UniformStream): unknown {
  let bet: unknown
  try {
    bet = kind.parseBet(rules, input.bet, stakeOf(input.bet))
  } catch (err) {
    refused('bet', err)
  }
  let state: unknown = kind.start(rules, bet, stream)
  const steps = kind.steps
  if (!steps) return state
  try {
    for (const action of input.actions) {
      // The client's form of an action ({"action":"hit"}, {"hold":5}) parses to the engine's; the recorded form already is it.
      const taken = isObject(action) ? steps.parseAction(rules, state, action) : action
      state = steps.apply(rules, state, taken)
    }
    if (input.abandoned && !kind.finished(state)) state = steps.abandon(rules, state)
  } catch (err) {
    if (err instanceof StreamExhausted) throw err
    refused('actions', err)
  }
  return state
}

/** Recomputes a round in this browser: the seed's hash, the numbers, and the round they make. */
export async function verifyRound(input: VerifyRoundInput): Promise<VerifyRoundResult> {
  const title = studioTitle(input.game)
  if (!title || !isRoundKind(title.kind)) return { ok: false, error: 'unknown_game', reason: null }
  const kind = KINDS[title.kind]
  if (!kind.steps && input.actions.length > 0) return { ok: false, error: 'bad_actions', reason: 'instant-game' }
  try {
    const serverSeedHash = await sha256Hex(input.serverSeed)
    const played = await playFair(input, (stream) => replayKind(kind, title.rules, input, stream))
    return {
      ok: true,
      kind: title.kind,
      serverSeedHash,
      state: played.value,
      view: kind.view(played.value),
      finished: kind.finished(played.value),
      multiplier: kind.multiplier(played.value),
      blocks: played.blocks,
      words: played.words,
    }
  } catch (err) {
    if (err instanceof NoWebCrypto) return { ok: false, error: 'no_web_crypto', reason: null }
    if (err instanceof TooManyBlocks) return { ok: false, error: 'too_many_numbers', reason: null }
    if (err instanceof ReplayRefused) return { ok: false, error: err.at === 'bet' ? 'bad_bet' : 'bad_actions', reason: err.reason }
    throw err
  }
}

export interface ChainCheck {
  /** SHA-256 of the seed given, computed here. */
  readonly hash: string
  /** Whether it equals the value it was checked against. */
  readonly matches: boolean
}

/** Checks a crash round's revealed seed against the round before it: SHA-256(seed) must be that round's seed (the hash this one showed). */
export async function checkChainLink(seed: string, previous: string): Promise<ChainCheck> {
  const hash = await sha256Hex(seed)
  return { hash, matches: hash === previous.trim().toLowerCase() }
}
