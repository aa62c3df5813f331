// `npx tsx bench/games-sim.ts`: plays GAMES_SIM_ROUNDS rounds (default 100 million) of each game
// through its engine, on every core, and prints the return with its 99 % confidence interval beside
// the stated figure: blackjack by basic strategy, video poker by the strategy list, and each cluster
// slot title (whose stated figures come from this run: it also prints the `figures` object for
// src/shared/games/titles/cluster-slots.ts). GAMES_SIM_GAMES=blackjack,videoPoker,pearl-cascade
// picks games (comma-separated; all when unset). Seeded streams, so a run is repeatable; not part
// of the test command (it takes minutes).
import { availableParallelism, cpus } from 'node:os'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { seededStream } from '../src/shared/games/random'
import { volatilityClass } from '../src/shared/games/payouts'
import { BLACKJACK_6D_S17, BLACKJACK_6D_S17_HOUSE_EDGE, playBasicStrategyRound } from '../src/shared/games/engines/blackjack'
import { dealVideoPoker, hold, JACKS_OR_BETTER_9_6, JACKS_OR_BETTER_9_6_RTP, strategyHold } from '../src/shared/games/engines/video-poker'
import { simulateClusterSlot, type ClusterRoundSummary } from '../src/shared/games/engines/cluster-slot'
import {
  CLUSTER_SLOT_TITLES,
  clusterSlotTitle,
  clusterWinBin,
  clusterWinEdges,
  clusterRulesFingerprint,
  type ClusterSlotFigures,
  type ClusterSlotSysname,
} from '../src/shared/games/titles/cluster-slots'

type Game = 'blackjack' | 'videoPoker' | ClusterSlotSysname

const TSX_API = import.meta.resolve('tsx/esm/api')

interface Job {
  readonly game: Game
  readonly rounds: number
  readonly seed: number
}

/** Sums of each round's return per unit of the first stake, and of its squares, for the interval. */
interface Tally {
  rounds: number
  sum: number
  squares: number
  /** Cluster slots only: rounds paying anything, starting the free spins, reaching the max win, and rounds and paybacks by win-size bin. */
  hits: number
  triggers: number
  capped: number
  binRounds: number[]
  binSums: number[]
}

/** Seeds per game: worker i plays seed + i. */
function seedOf(game: Game): number {
  if (game === 'blackjack') return 1_000
  if (game === 'videoPoker') return 2_000
  return 3_000 + 100 * CLUSTER_SLOT_TITLES.findIndex((t) => t.sysname === game)
}

function play(job: Job): Tally {
  const stream = seededStream(job.seed)
  const tally: Tally = { rounds: job.rounds, sum: 0, squares: 0, hits: 0, triggers: 0, capped: 0, binRounds: [], binSums: [] }
  const cluster = job.game === 'blackjack' || job.game === 'videoPoker' ? undefined : clusterSlotTitle(job.game)
  if (cluster) {
    // The cluster loop on its own: the engine's round without recording, no allocation per round.
    const rules = cluster.rules
    const edges = clusterWinEdges(rules.maxWin)
    const binRounds = new Float64Array(edges.length)
    const binSums = new Float64Array(edges.length)
    const summary: ClusterRoundSummary = { multiplier: 0, freeSpins: 0, capped: false }
    let sum = 0
    let squares = 0
    let hits = 0
    let triggers = 0
    let capped = 0
    for (let r = 0; r < job.rounds; r++) {
      const m = simulateClusterSlot(rules, stream, summary)
      sum += m
      squares += m * m
      if (m > 0) hits++
      if (summary.freeSpins > 0) triggers++
      if (summary.capped) capped++
      const bin = clusterWinBin(edges, m)
      binRounds[bin]! += 1
      binSums[bin]! += m
    }
    return { rounds: job.rounds, sum, squares, hits, triggers, capped, binRounds: [...binRounds], binSums: [...binSums] }
  }
  for (let r = 0; r < job.rounds; r++) {
    let payback: number
    if (job.game === 'blackjack') {
      // Stake 100 so insurance (half) is whole. The return is 1 + net per first stake (the house edge
      // convention), the net taken from the rounded multiplier the wallet pays.
      const state = playBasicStrategyRound(BLACKJACK_6D_S17, { stake: 100 }, stream)
      payback = 1 + (state.totalStake * state.multiplier - state.totalStake) / 100
    } else {
      const state = dealVideoPoker(JACKS_OR_BETTER_9_6, { stake: 1 }, stream)
      payback = hold(state, strategyHold(state.cards.slice(0, 5))).multiplier
    }
    tally.sum += payback
    tally.squares += payback * payback
  }
  return tally
}

function runWorker(job: Job): Promise<Tally> {
  return new Promise((resolve, reject) => {
    // The worker runs this same file. tsx's loader does not reach worker threads, so the worker
    // registers it before importing the TypeScript.
    const boot = `import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}) })`
    const worker = new Worker(boot, { eval: true, workerData: job })
    worker.once('message', (tally: Tally) => resolve(tally))
    worker.once('error', reject)
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`worker exited with ${code}`))
    })
  })
}

const addArrays = (a: number[], b: number[]): number[] => (a.length >= b.length ? a.map((x, i) => x + (b[i] ?? 0)) : addArrays(b, a))

async function simulate(game: Game, rounds: number, workers: number): Promise<{ tally: Tally; seconds: number }> {
  const started = performance.now()
  const share = Math.floor(rounds / workers)
  const jobs = Array.from({ length: workers }, (_, i): Job => ({
    game,
    rounds: i === workers - 1 ? rounds - share * (workers - 1) : share,
    seed: seedOf(game) + i,
  }))
  const tallies = await Promise.all(jobs.map(runWorker))
  const tally = tallies.reduce((a, b) => ({
    rounds: a.rounds + b.rounds,
    sum: a.sum + b.sum,
    squares: a.squares + b.squares,
    hits: a.hits + b.hits,
    triggers: a.triggers + b.triggers,
    capped: a.capped + b.capped,
    binRounds: addArrays(a.binRounds, b.binRounds),
    binSums: addArrays(a.binSums, b.binSums),
  }))
  return { tally, seconds: (performance.now() - started) / 1000 }
}

const percent = (x: number) => `${(x * 100).toFixed(3)} %`
const round = (x: number, digits: number) => Number(x.toFixed(digits))

/** The figures object a cluster title states, from the simulation's tally. */
function clusterFigures(sysname: ClusterSlotSysname, tally: Tally): ClusterSlotFigures {
  const title = clusterSlotTitle(sysname)!
  const n = tally.rounds
  const mean = tally.sum / n
  const sd = Math.sqrt(Math.max(0, tally.squares / n - mean * mean))
  const half = (2.5758 * sd) / Math.sqrt(n)
  const edges = clusterWinEdges(title.rules.maxWin)
  return {
    rtp: round(mean, 4),
    rtp99: [round(mean - half, 5), round(mean + half, 5)],
    hitFrequency: round(tally.hits / n, 5),
    sd: round(sd, 3),
    volatility: volatilityClass(sd),
    triggerEvery: round(n / tally.triggers, 1),
    capped: Number((tally.capped / n).toPrecision(3)),
    method: 'simulation',
    rounds: n,
    seed: seedOf(sysname),
    winBins: edges.flatMap((upTo, i) => {
      const rounds = tally.binRounds[i] ?? 0
      return rounds > 0 ? [{ upTo, rounds, mean: round((tally.binSums[i] ?? 0) / rounds, 6) }] : []
    }),
    rulesFingerprint: clusterRulesFingerprint(title.rules),
  }
}

async function main(): Promise<void> {
  const rounds = Number(process.env.GAMES_SIM_ROUNDS ?? 100_000_000)
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`GAMES_SIM_ROUNDS must be a whole number ≥ 1, got ${process.env.GAMES_SIM_ROUNDS}`)
  const workers = Math.max(1, Math.min(availableParallelism(), rounds))
  const all: [Game, string, number, string][] = [
    ['blackjack', 'Blackjack 6D S17 DAS, basic strategy', 1 - BLACKJACK_6D_S17_HOUSE_EDGE, 'stated (Wizard of Odds rules calculator)'],
    ['videoPoker', 'Jacks or Better 9/6, strategy list', JACKS_OR_BETTER_9_6_RTP, 'published, optimal holds (Wizard of Odds)'],
    ...CLUSTER_SLOT_TITLES.map((t): [Game, string, number, string] => [
      t.sysname,
      `Cluster slot ${t.sysname}`,
      t.figures.rtp,
      `stated (${t.figures.rounds.toLocaleString('en')} simulated rounds)`,
    ]),
  ]
  const picked = process.env.GAMES_SIM_GAMES?.split(',').map((g) => g.trim()).filter((g) => g !== '')
  const unknown = picked?.filter((g) => !all.some(([game]) => game === g)) ?? []
  if (unknown.length > 0) throw new Error(`GAMES_SIM_GAMES: unknown ${unknown.join(', ')}; known: ${all.map(([g]) => g).join(', ')}`)
  const games = picked ? all.filter(([game]) => picked.includes(game)) : all
  console.log(`${rounds.toLocaleString('en')} rounds per game on ${workers} worker thread(s), ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}\n`)
  for (const [game, label, stated, source] of games) {
    const { tally, seconds } = await simulate(game, rounds, workers)
    const mean = tally.sum / tally.rounds
    const sd = Math.sqrt(Math.max(0, tally.squares / tally.rounds - mean * mean))
    const half = (2.5758 * sd) / Math.sqrt(tally.rounds)
    console.log(`${label}`)
    console.log(`  RTP ${percent(mean)}  99 % CI [${percent(mean - half)}, ${percent(mean + half)}]  sd ${sd.toFixed(3)}`)
    console.log(`  ${source}: ${percent(stated)}`)
    if (game !== 'blackjack' && game !== 'videoPoker') {
      const h = tally.hits / tally.rounds
      const hHalf = 2.5758 * Math.sqrt((h * (1 - h)) / tally.rounds)
      console.log(`  hit frequency ${percent(h)} ± ${percent(hHalf)}, free spins 1 in ${(tally.rounds / tally.triggers).toFixed(1)}, max win reached ${tally.capped} times`)
      console.log(`  figures: ${JSON.stringify(clusterFigures(game, tally))}`)
    }
    console.log(`  ${seconds.toFixed(1)} s, ${((seconds / tally.rounds) * 1e6).toFixed(2)} s per million rounds`)
  }
}

if (isMainThread) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
} else {
  parentPort?.postMessage(play(workerData as Job))
}
