// Pure rules of the crash table: what a player may do at each moment of the shared round.
import type { CrashBet, CrashRound } from '../../../services/api/contract/games'
import { DEFAULT_CRASH_RULES, multiplierAt } from '../../../shared/games/engines/crash'
import { payoutOf } from '../../../shared/games/kinds'
import { toMajor, toMinor } from '../../../shared/money'

/** Bets are open in the betting phase only, and one bet per round. */
export function canBet(round: CrashRound | null, bet: CrashBet | null): boolean {
  return round !== null && round.phase === 'betting' && (bet === null || bet.roundId !== round.id)
}

/** A cash-out needs a live bet in the running round. */
export function canCashOut(round: CrashRound | null, bet: CrashBet | null): boolean {
  return round !== null && bet !== null && round.phase === 'running' && bet.roundId === round.id && bet.status === 'active'
}

/** The round the bet was on has ended (the server settled it: read its outcome). */
export function betRoundEnded(round: CrashRound | null, bet: CrashBet | null): boolean {
  return round !== null && bet !== null && bet.roundId === round.id && round.phase === 'ended'
}

/** A new round opened after the one the bet was on. */
export function newRound(round: CrashRound | null, bet: CrashBet | null): boolean {
  return round !== null && (bet === null || bet.roundId !== round.id)
}

/** The multiplier shown `elapsedMs` after the start: the server's formula (engines/crash.ts multiplierAt). */
export function shownMultiplier(rate: number, elapsedMs: number): number {
  // Never past the engine's cap: a clock far off (a tab asleep for hours) must not draw Infinity.
  return Math.min(multiplierAt({ rate, houseEdge: 0, maxMultiplier: Infinity }, Math.max(0, elapsedMs)), DEFAULT_CRASH_RULES.maxMultiplier)
}

/** The error code a failed call carries (SPEC §8 body), as the table names it. */
export function errorCodeOf(error: unknown): 'betting_closed' | 'round_over' | 'bad_bet' | 'insufficient_funds' | 'failed' {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'betting_closed' || code === 'round_over' || code === 'insufficient_funds' || code === 'bad_bet' || code === 'bet_below_min' || code === 'bet_above_max'
    ? code === 'bet_below_min' || code === 'bet_above_max'
      ? 'bad_bet'
      : code
    : 'failed'
}

/** What a cash-out at `multiplier` would pay for the bet now: the server's rule, floor(stake × multiplier). */
export function cashOutValue(bet: Pick<CrashBet, 'stake' | 'currency'>, multiplier: number): string {
  return toMajor(payoutOf(toMinor(bet.stake, bet.currency), multiplier), bet.currency)
}
