import { afterEach, describe, expect, it, vi } from 'vitest'
import { STUDIO_TITLES } from '../../shared/games/catalogue'
import { KINDS } from '../../shared/games/kinds'
import { FAIR_VECTORS } from '../../shared/games/testing/fair-vectors'
import { checkChainLink, FairBlocks, playFair, replayKind, sha256Hex, verifyRound } from './fair-verify'

// The vectors are what the server's roundStream (node:crypto) and its rounds give:
// server/domain/games/fair-vectors.test.ts checks them against server/domain/games/fair.ts on every
// run. Here the browser's Web Crypto path must give exactly the same (node has globalThis.crypto.subtle).

const rulesOf = (kind: keyof typeof KINDS, game: string | null) => (game ? STUDIO_TITLES.find((t) => t.sysname === game)!.rules : KINDS[kind].defaultRules)
const json = (x: unknown) => JSON.parse(JSON.stringify(x)) as unknown

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the Web Crypto stream (the /fairness page) gives the server’s numbers', () => {
  it.each(FAIR_VECTORS.streams.map((s) => [`${s.clientSeed}:${s.nonce}, ${s.words.length / 8} blocks`, s] as const))('%s', async (_name, s) => {
    const blocks = new FairBlocks(s.serverSeed, s.clientSeed, s.nonce)
    await blocks.ensure(s.words.length / 8)
    const stream = blocks.stream()
    expect(Array.from(s.words, () => stream.int(2 ** 32))).toEqual(s.words)
    expect(stream.words).toBe(s.words.length)
  })

  it('computes the blocks it lacks and plays again, from one block to what the round needs', async () => {
    const s = FAIR_VECTORS.streams.find((v) => v.words.length >= 40)!
    let plays = 0
    const played = await playFair(
      s,
      (stream) => {
        plays += 1
        return Array.from(s.words, () => stream.int(2 ** 32))
      },
      { initialBlocks: 1 },
    )
    expect(played.value).toEqual(s.words)
    // 1, 2, 4 blocks ran out; 8 were enough, and the round drew from 5 of them.
    expect(plays).toBe(4)
    expect(played.blocks).toBe(s.words.length / 8)
    expect(played.words).toBe(s.words.length)
  })

  it('keys the HMAC with the seed’s text and hashes it the way the site shows it', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    const other = new FairBlocks('A'.repeat(64), 'x', 0)
    const same = new FairBlocks('a'.repeat(64), 'x', 0)
    await Promise.all([other.ensure(1), same.ensure(1)])
    expect(other.stream().float()).not.toBe(same.stream().float())
  })
})

describe('a round replayed in the browser equals the state the server computed', () => {
  it.each(FAIR_VECTORS.rounds.map((r) => [`${r.name} (${r.actions.length} decisions)`, r] as const))('%s', async (_name, r) => {
    const kind = KINDS[r.kind]
    const played = await playFair(r, (stream) => replayKind(kind, rulesOf(r.kind, r.game), { bet: r.bet, actions: r.actions, abandoned: false }, stream), { initialBlocks: 1 })
    expect(json(played.value)).toEqual(r.state)
  })

  it('has the four engines the page must show: dice, a line slot, mines and blackjack with decisions', () => {
    const kinds = FAIR_VECTORS.rounds.filter((r) => !KINDS[r.kind].steps || r.actions.length > 0).map((r) => r.kind)
    expect(kinds).toEqual(expect.arrayContaining(['dice', 'line_slot', 'mines', 'blackjack']))
  })

  it('verifies a title’s round by its sysname: the seed’s hash, the public view and the payout the server showed', async () => {
    for (const r of FAIR_VECTORS.rounds.filter((v) => v.game !== null)) {
      const result = await verifyRound({ game: r.game!, serverSeed: r.serverSeed, clientSeed: r.clientSeed, nonce: r.nonce, bet: r.bet, actions: r.actions, abandoned: false })
      expect(result.ok, r.name).toBe(true)
      if (!result.ok) continue
      expect(result.kind).toBe(r.kind)
      expect(result.serverSeedHash).toBe(await sha256Hex(r.serverSeed))
      expect(json(result.state)).toEqual(r.state)
      expect(json(result.view)).toEqual(json(KINDS[r.kind].view(r.state)))
      expect(result.multiplier).toBe((r.state as { multiplier: number }).multiplier)
    }
  })

  it('takes a decision as the client sent it or as the server recorded it', async () => {
    const r = FAIR_VECTORS.rounds.find((v) => v.kind === 'blackjack' && v.actions.length > 1)!
    const rules = rulesOf('blackjack', null)
    const asSent = r.actions.map((a) => ({ action: a }))
    const played = await playFair(r, (stream) => replayKind(KINDS.blackjack, rules, { bet: r.bet, actions: asSent, abandoned: false }, stream))
    expect(json(played.value)).toEqual(r.state)
  })

  it('ends a round left alone by its stated rule, as the server did', async () => {
    const r = FAIR_VECTORS.rounds.find((v) => v.kind === 'mines' && v.actions.length > 1)!
    const rules = rulesOf('mines', null)
    const played = await playFair(r, (stream) => replayKind(KINDS.mines, rules, { bet: r.bet, actions: r.actions.slice(0, 1), abandoned: true }, stream))
    expect(played.value).toMatchObject({ phase: 'cashed', revealed: [(r.actions[0] as { reveal: number }).reveal] })
  })

  it('refuses broken input with a code, never a crash: unknown game, a bet or a decision the engine refuses', async () => {
    const dice = FAIR_VECTORS.rounds.find((v) => v.kind === 'dice')!
    const input = { game: 'dice-classic', serverSeed: dice.serverSeed, clientSeed: dice.clientSeed, nonce: dice.nonce, bet: dice.bet, actions: [], abandoned: false }
    expect(await verifyRound({ ...input, game: 'no-such-game' })).toEqual({ ok: false, error: 'unknown_game', reason: null })
    expect(await verifyRound({ ...input, bet: { target: 99.99, direction: 'over' } })).toMatchObject({ ok: false, error: 'bad_bet' })
    expect(await verifyRound({ ...input, bet: 'x' })).toMatchObject({ ok: false, error: 'bad_bet' })
    expect(await verifyRound({ ...input, actions: [{ reveal: 1 }] })).toMatchObject({ ok: false, error: 'bad_actions', reason: 'instant-game' })
  })
})

describe('the crash hash chain check', () => {
  it('accepts a seed whose SHA-256 is the round before’s seed, and says so when it is not', async () => {
    const seed = 'e'.repeat(64)
    const before = await sha256Hex(seed)
    expect(await checkChainLink(seed, before.toUpperCase())).toEqual({ hash: before, matches: true })
    expect(await checkChainLink(seed, 'f'.repeat(64))).toEqual({ hash: before, matches: false })
  })
})

describe('a page without Web Crypto (http:// on another host)', () => {
  it('says so instead of failing', async () => {
    vi.stubGlobal('crypto', {})
    const dice = FAIR_VECTORS.rounds.find((v) => v.kind === 'dice')!
    expect(await verifyRound({ game: 'dice-classic', serverSeed: dice.serverSeed, clientSeed: dice.clientSeed, nonce: 0, bet: dice.bet, actions: [], abandoned: false })).toEqual({
      ok: false,
      error: 'no_web_crypto',
      reason: null,
    })
  })
})
