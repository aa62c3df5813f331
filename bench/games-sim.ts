// `npx tsx bench/games-sim.ts`: plays GAMES_SIM_ROUNDS rounds (default 100 million) of each card
// game through its engine, blackjack by basic strategy and video poker by the strategy list, on
// every core, and prints the return with its 99 % confidence interval beside the stated figure.
// Seeded streams, so a run is repeatable; not part of the test command (it takes minutes).
import { availableParallelism } from 'node:os'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { seededStream } from '../src/shared/games/random'
import { BLACKJACK_6D_S17, BLACKJACK_6D_S17_HOUSE_EDGE, playBasicStrategyRound } from '../src/shared/games/engines/blackjack'
import { dealVideoPoker, hold, JACKS_OR_BETTER_9_6, JACKS_OR_BETTER_9_6_RTP, strategyHold } from '../src/shared/games/engines/video-poker'

type Game = 'blackjack' | 'videoPoker'

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
}

function play(job: Job): Tally {
  const stream = seededStream(job.seed)
  const tally: Tally = { rounds: job.rounds, sum: 0, squares: 0 }
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

async function simulate(game: Game, rounds: number, workers: number): Promise<{ tally: Tally; seconds: number }> {
  const started = performance.now()
  const share = Math.floor(rounds / workers)
  const jobs = Array.from({ length: workers }, (_, i): Job => ({
    game,
    rounds: i === workers - 1 ? rounds - share * (workers - 1) : share,
    seed: (game === 'blackjack' ? 1_000 : 2_000) + i,
  }))
  const tallies = await Promise.all(jobs.map(runWorker))
  const tally = tallies.reduce((a, b) => ({ rounds: a.rounds + b.rounds, sum: a.sum + b.sum, squares: a.squares + b.squares }))
  return { tally, seconds: (performance.now() - started) / 1000 }
}

const percent = (x: number) => `${(x * 100).toFixed(3)} %`

async function main(): Promise<void> {
  const rounds = Number(process.env.GAMES_SIM_ROUNDS ?? 100_000_000)
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`GAMES_SIM_ROUNDS must be a whole number ≥ 1, got ${process.env.GAMES_SIM_ROUNDS}`)
  const workers = Math.max(1, Math.min(availableParallelism(), rounds))
  console.log(`${rounds.toLocaleString('en')} rounds per game on ${workers} worker thread(s)\n`)
  const games: [Game, string, number, string][] = [
    ['blackjack', 'Blackjack 6D S17 DAS, basic strategy', 1 - BLACKJACK_6D_S17_HOUSE_EDGE, 'stated (Wizard of Odds rules calculator)'],
    ['videoPoker', 'Jacks or Better 9/6, strategy list', JACKS_OR_BETTER_9_6_RTP, 'published, optimal holds (Wizard of Odds)'],
  ]
  for (const [game, label, stated, source] of games) {
    const { tally, seconds } = await simulate(game, rounds, workers)
    const mean = tally.sum / tally.rounds
    const sd = Math.sqrt(Math.max(0, tally.squares / tally.rounds - mean * mean))
    const half = (2.5758 * sd) / Math.sqrt(tally.rounds)
    console.log(`${label}`)
    console.log(`  RTP ${percent(mean)}  99 % CI [${percent(mean - half)}, ${percent(mean + half)}]  sd ${sd.toFixed(3)}`)
    console.log(`  ${source}: ${percent(stated)}`)
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
