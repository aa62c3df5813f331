// Mines: a 5 × 5 board hides 1–24 mines, placed when the round starts (a partial Fisher-Yates over
// the 25 tiles, one int() per mine). The player reveals tiles and may cash out after a safe one;
// after k safe tiles the multiplier is floor4((1 − edge) × C(25, k) / C(25 − m, k)), the fair odds
// of surviving k reveals less the edge, so every cash-out point returns 99 %.
import type { UniformStream } from '../random'
import { normalise, type PayoutDistribution } from '../payouts'
import { floor4 } from './common'

export interface MinesRules {
  readonly houseEdge: number
  readonly tiles: number
  readonly minMines: number
  readonly maxMines: number
}

export const DEFAULT_MINES_RULES: MinesRules = { houseEdge: 0.01, tiles: 25, minMines: 1, maxMines: 24 }

export interface MinesBet {
  readonly mines: number
}

export type MinesBetError = 'not-an-object' | 'bad-mines'

export function validateMinesBet(rules: MinesRules, bet: MinesBet): MinesBetError | null {
  if (typeof bet !== 'object' || bet === null) return 'not-an-object'
  const m: unknown = bet.mines
  if (typeof m !== 'number' || !Number.isInteger(m) || m < rules.minMines || m > rules.maxMines || m >= rules.tiles) return 'bad-mines'
  return null
}

export type MinesPhase = 'playing' | 'lost' | 'cashed' | 'cleared'

/** The whole round as JSON: the server keeps it, the player sees publicView of it. */
export interface MinesState {
  readonly tiles: number
  /** Mine tiles (0–24, row by row), in draw order. */
  readonly mines: readonly number[]
  /** Tiles revealed so far, in order; on a loss the last one is the mine. */
  readonly revealed: readonly number[]
  readonly phase: MinesPhase
  /** The multiplier the round would pay if cashed out now; on settling, what it paid (0 on a loss). */
  readonly multiplier: number
}

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0
  let c = 1
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1)
  return c
}

/** P(the first k reveals are all safe) with m mines among the tiles. */
export function minesSurvival(rules: MinesRules, mines: number, k: number): number {
  return choose(rules.tiles - mines, k) / choose(rules.tiles, k)
}

/** The multiplier after k safe reveals (1 before any). */
export function minesMultiplier(rules: MinesRules, mines: number, k: number): number {
  if (k === 0) return 1
  return floor4((1 - rules.houseEdge) * (choose(rules.tiles, k) / choose(rules.tiles - mines, k)))
}

/** Partial Fisher-Yates over the tiles: draw i swaps position i with a uniform position at or after it. */
export function placeMines(rules: MinesRules, mines: number, stream: UniformStream): number[] {
  const board = Array.from({ length: rules.tiles }, (_, i) => i)
  for (let i = 0; i < mines; i++) {
    const j = i + stream.int(rules.tiles - i)
    const t = board[i]!
    board[i] = board[j]!
    board[j] = t
  }
  return board.slice(0, mines)
}

export function startMines(rules: MinesRules, bet: MinesBet, stream: UniformStream): MinesState {
  const error = validateMinesBet(rules, bet)
  if (error) throw new Error(`invalid mines bet: ${error}`)
  return { tiles: rules.tiles, mines: placeMines(rules, bet.mines, stream), revealed: [], phase: 'playing', multiplier: 1 }
}

export type MinesActionErrorCode = 'round-over' | 'bad-tile' | 'tile-revealed' | 'nothing-revealed'

export class MinesActionError extends Error {
  constructor(readonly code: MinesActionErrorCode) {
    super(`mines: ${code}`)
  }
}

/** Reveals one tile. A mine ends the round paying 0; the last safe tile ends it at the top multiplier. */
export function revealTile(rules: MinesRules, state: MinesState, tile: number): MinesState {
  if (state.phase !== 'playing') throw new MinesActionError('round-over')
  if (typeof tile !== 'number' || !Number.isInteger(tile) || tile < 0 || tile >= state.tiles) throw new MinesActionError('bad-tile')
  if (state.revealed.includes(tile)) throw new MinesActionError('tile-revealed')
  const revealed = [...state.revealed, tile]
  if (state.mines.includes(tile)) return { ...state, revealed, phase: 'lost', multiplier: 0 }
  const safe = revealed.length
  const multiplier = minesMultiplier(rules, state.mines.length, safe)
  return { ...state, revealed, phase: safe === state.tiles - state.mines.length ? 'cleared' : 'playing', multiplier }
}

export function cashOutMines(state: MinesState): MinesState {
  if (state.phase !== 'playing') throw new MinesActionError('round-over')
  if (state.revealed.length === 0) throw new MinesActionError('nothing-revealed')
  return { ...state, phase: 'cashed' }
}

export type MinesPublicView = Omit<MinesState, 'mines'> & {
  readonly mineCount: number
  /** The mines, shown once the round is over. */
  readonly mines: readonly number[] | null
}

export function publicView(state: MinesState): MinesPublicView {
  return { ...state, mineCount: state.mines.length, mines: state.phase === 'playing' ? null : state.mines }
}

/** Playing 'reveal k safe tiles then cash out': pays the k-step multiplier with the survival chance. */
export function minesDistribution(rules: MinesRules, mines: number, k: number): PayoutDistribution {
  const p = minesSurvival(rules, mines, k)
  return normalise([
    { multiplier: minesMultiplier(rules, mines, k), probability: p },
    { multiplier: 0, probability: 1 - p },
  ])
}
