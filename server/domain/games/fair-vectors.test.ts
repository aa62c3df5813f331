// The server's side of the fairness test vectors (src/shared/games/testing/fair-vectors.ts): the
// numbers of server/domain/games/fair.ts roundStream, and rounds played as the server plays them
// (kind.start on that stream, then each action), must be exactly the vectors. The /fairness page's
// Web Crypto verifier is held to the same vectors (src/services/games/fair-verify.test.ts), so the
// two are proved equal without either side importing the other (.dependency-cruiser.cjs).
//
// Regenerate after a deliberate change to an engine or to the stream:
//   UPDATE_FAIR_VECTORS=1 npx vitest run --project server server/domain/games/fair-vectors.test.ts
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { STUDIO_TITLES } from '../../../src/shared/games/catalogue'
import { KINDS, type RoundKind } from '../../../src/shared/games/kinds'
import { FAIR_VECTORS, type FairVectors, type RoundVector } from '../../../src/shared/games/testing/fair-vectors'
import { roundStream, seedHash } from './fair'

const SEEDS = [seedHash('vector-seed-1'), seedHash('vector-seed-2'), 'f'.repeat(64)]
const STREAMS = [
  { serverSeed: SEEDS[0]!, clientSeed: 'a1b2c3d4e5f60718', nonce: 0, blocks: 3 },
  { serverSeed: SEEDS[0]!, clientSeed: 'a1b2c3d4e5f60718', nonce: 1, blocks: 2 },
  { serverSeed: SEEDS[1]!, clientSeed: 'player~chosen!seed', nonce: 41, blocks: 5 },
  { serverSeed: SEEDS[2]!, clientSeed: 'x', nonce: 123_456, blocks: 2 },
]

/** Raw 32-bit words: int(2^32) never draws again, so it is the word itself. */
function words(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const stream = roundStream(serverSeed, clientSeed, nonce)
  return Array.from({ length: count }, () => stream.int(2 ** 32))
}

// Named titles, so a title added or moved in the catalogue changes no vector (its own rules changing does).
const lineSlot = STUDIO_TITLES.find((t) => t.sysname === 'aurora-lanterns') ?? STUDIO_TITLES.find((t) => t.kind === 'line_slot')
const clusterSlot = STUDIO_TITLES.find((t) => t.sysname === 'pearl-cascade') ?? STUDIO_TITLES.find((t) => t.kind === 'cluster_slot')
const rulesOf = (kind: RoundKind, game: string | null) => (game ? STUDIO_TITLES.find((t) => t.sysname === game)!.rules : KINDS[kind].defaultRules)

/** A round as the server plays it: the bet parsed, the round drawn from roundStream, each decision applied. */
function serverRound(v: Omit<RoundVector, 'state'>): unknown {
  const kind = KINDS[v.kind]
  const rules = rulesOf(v.kind, v.game)
  let state = kind.start(rules, kind.parseBet(rules, v.bet, v.stake), roundStream(v.serverSeed, v.clientSeed, v.nonce))
  for (const action of v.actions) state = kind.steps!.apply(rules, state, action)
  return JSON.parse(JSON.stringify(state))
}

/** Decisions a player might take, made from the round as it stands (so each one is allowed). */
function play(v: Omit<RoundVector, 'state' | 'actions'>, choose: (state: never, step: number) => unknown | null): Omit<RoundVector, 'state'> {
  const kind = KINDS[v.kind]
  const rules = rulesOf(v.kind, v.game)
  let state = kind.start(rules, kind.parseBet(rules, v.bet, v.stake), roundStream(v.serverSeed, v.clientSeed, v.nonce))
  const actions: unknown[] = []
  for (let step = 0; step < 20 && !kind.finished(state); step++) {
    const input = choose(state as never, step)
    if (input === null) break
    const action = kind.steps!.parseAction(rules, state, input)
    actions.push(action)
    state = kind.steps!.apply(rules, state, action)
  }
  return { ...v, actions }
}

function generate(): FairVectors {
  const base = (name: string, kind: RoundKind, game: string | null, bet: unknown, stake: number, nonce: number) => ({
    name,
    kind,
    game,
    serverSeed: SEEDS[nonce % 2]!,
    clientSeed: 'a1b2c3d4e5f60718',
    nonce,
    bet,
    stake,
  })
  const rounds: Omit<RoundVector, 'state'>[] = [
    { ...base('dice', 'dice', 'dice-classic', { target: 50.5, direction: 'over' }, 100, 3), actions: [] },
    { ...base('dice under', 'dice', 'dice-classic', { target: 10, direction: 'under' }, 100, 4), actions: [] },
    { ...base('limbo', 'limbo', null, { target: 2 }, 100, 5), actions: [] },
    { ...base('wheel', 'wheel', null, { segments: 30, risk: 'high' }, 100, 6), actions: [] },
    { ...base('keno', 'keno', null, { picks: [1, 5, 9, 13, 22, 38], risk: 'classic' }, 100, 7), actions: [] },
    { ...base('plinko', 'plinko', null, { rows: 12, risk: 'medium' }, 100, 8), actions: [] },
    { ...base('roulette', 'roulette', null, { bets: [{ bet: { kind: 'red' }, stake: 60 }, { bet: { kind: 'straight', numbers: [17] }, stake: 40 }] }, 100, 9), actions: [] },
    { ...base('baccarat', 'baccarat', null, { bets: [{ bet: 'banker', stake: 100 }] }, 100, 10), actions: [] },
    ...(lineSlot ? [{ ...base(`line slot ${lineSlot.sysname}`, 'line_slot' as const, lineSlot.sysname, {}, 100, 11), actions: [] }] : []),
    ...(clusterSlot ? [{ ...base(`cluster slot ${clusterSlot.sysname}`, 'cluster_slot' as const, clusterSlot.sysname, {}, 100, 20), actions: [] }] : []),
    // Mines: two safe tiles turned, then cashed out; and a round that hits a mine.
    play(base('mines cashed out', 'mines', null, { mines: 3 }, 100, 12), (s: { mines: number[]; revealed: number[] }, step) => {
      if (step === 2) return { cashOut: true }
      const safe = Array.from({ length: 25 }, (_, i) => i).find((t) => !s.mines.includes(t) && !s.revealed.includes(t))
      return { reveal: safe }
    }),
    play(base('mines lost', 'mines', null, { mines: 5 }, 100, 13), (s: { mines: number[] }) => ({ reveal: s.mines[0] })),
    play(base('high-low', 'high_low', null, {}, 100, 14), (_s, step) => (step === 0 ? { guess: 'higher' } : step === 1 ? { skip: true } : { cashOut: true })),
    // Blackjack: the first decision the rules allow among double, split, hit, then stand to the end.
    ...[15, 16, 17, 18].map((nonce) =>
      play(base(`blackjack ${nonce}`, 'blackjack', null, { stake: 100 }, 100, nonce), (s: { phase: string }, step) => {
        const allowed = (KINDS.blackjack.view(s) as { allowed: string[] }).allowed
        if (s.phase === 'insurance') return { action: allowed.includes('noInsurance') ? 'noInsurance' : allowed[0] }
        const first = ['split', 'double', 'hit'].find((a) => allowed.includes(a))
        return { action: step === 0 && first ? first : allowed.includes('stand') ? 'stand' : allowed[0] }
      }),
    ),
    play(base('video poker', 'video_poker', null, { stake: 100 }, 100, 19), () => ({ hold: 0b10011 })),
  ]
  return {
    streams: STREAMS.map((s) => ({ serverSeed: s.serverSeed, clientSeed: s.clientSeed, nonce: s.nonce, words: words(s.serverSeed, s.clientSeed, s.nonce, s.blocks * 8) })),
    rounds: rounds.map((r) => ({ ...r, state: serverRound(r) })),
  }
}

describe('the fairness test vectors are what the server computes', () => {
  if (process.env.UPDATE_FAIR_VECTORS === '1') {
    it('writes them', () => {
      const file = fileURLToPath(new URL('../../../src/shared/games/testing/fair-vectors.ts', import.meta.url))
      const header = `// Test vectors of provably fair rounds, computed by the server (server/domain/games/fair-vectors.test.ts
// writes this file with UPDATE_FAIR_VECTORS=1 and checks it on every run); the /fairness page's
// Web Crypto verifier must give the same (src/services/games/fair-verify.test.ts). Data only.
import type { RoundKind } from '../kinds'

export interface StreamVector {
  readonly serverSeed: string
  readonly clientSeed: string
  readonly nonce: number
  /** The stream's raw 32-bit words in order, eight per block: cursors 0, 1, 2, ... */
  readonly words: readonly number[]
}

export interface RoundVector {
  readonly name: string
  readonly kind: RoundKind
  /** The title whose rules it plays, or null for the engine's default rules. */
  readonly game: string | null
  readonly serverSeed: string
  readonly clientSeed: string
  readonly nonce: number
  readonly bet: unknown
  /** The first stake, minor units. */
  readonly stake: number
  /** The decisions, in the engine's form, as the server records them. */
  readonly actions: readonly unknown[]
  /** The whole engine state the server keeps, as JSON. */
  readonly state: unknown
}

export interface FairVectors {
  readonly streams: readonly StreamVector[]
  readonly rounds: readonly RoundVector[]
}

`
      writeFileSync(file, `${header}export const FAIR_VECTORS: FairVectors = ${JSON.stringify(generate(), null, 1)}\n`)
    })
    return
  }

  it('covers several seeds, nonces and cursors, and rounds of dice, a line slot, mines and blackjack with decisions', () => {
    expect(FAIR_VECTORS.streams.length).toBeGreaterThanOrEqual(4)
    expect(new Set(FAIR_VECTORS.streams.map((s) => s.serverSeed)).size).toBeGreaterThanOrEqual(3)
    expect(Math.max(...FAIR_VECTORS.streams.map((s) => s.words.length / 8))).toBeGreaterThanOrEqual(5)
    const kinds = new Set(FAIR_VECTORS.rounds.map((r) => r.kind))
    for (const kind of ['dice', 'line_slot', 'mines', 'blackjack', 'video_poker', 'high_low'] as const) expect(kinds.has(kind), kind).toBe(true)
    expect(FAIR_VECTORS.rounds.filter((r) => r.kind === 'mines' || r.kind === 'blackjack').every((r) => r.actions.length > 0)).toBe(true)
  })

  it.each(FAIR_VECTORS.streams.map((s) => [`${s.clientSeed}:${s.nonce}`, s] as const))('roundStream gives the words of %s', (_name, s) => {
    expect(words(s.serverSeed, s.clientSeed, s.nonce, s.words.length)).toEqual(s.words)
  })

  it.each(FAIR_VECTORS.rounds.map((r) => [r.name, r] as const))('the server plays %s to the recorded state', (_name, r) => {
    expect(serverRound(r)).toEqual(r.state)
  })

  it('generates the same vectors it checks (the choices of decisions did not drift)', () => {
    expect(JSON.parse(JSON.stringify(generate()))).toEqual(JSON.parse(JSON.stringify(FAIR_VECTORS)))
  })
})
