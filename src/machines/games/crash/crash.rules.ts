// Pure rules of the crash table: what a player may do at each moment of the shared round.
import type { CrashBet, CrashRound } from '../../../services/api/contract/games'
import { DEFAULT_CRASH_RULES, multiplierAt } from '../../../shared/games/engines/crash'
import { payoutOf } from '../../../shared/games/kinds'
import { toMajor, toMinor } from '../../../shared/money'
import { amountSeparators } from '../../../shared/whole-amount'

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
export function errorCodeOf(error: unknown): 'betting_closed' | 'round_over' | 'bad_bet' | 'insufficient_funds' | 'loss_limit_exceeded' | 'failed' {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'betting_closed' ||
    code === 'round_over' ||
    code === 'insufficient_funds' ||
    code === 'loss_limit_exceeded' ||
    code === 'bad_bet' ||
    code === 'bet_below_min' ||
    code === 'bet_above_max'
    ? code === 'bet_below_min' || code === 'bet_above_max'
      ? 'bad_bet'
      : code
    : 'failed'
}

/** What a cash-out at `multiplier` would pay for the bet now: the server's rule, floor(stake × multiplier). */
export function cashOutValue(bet: Pick<CrashBet, 'stake' | 'currency'>, multiplier: number): string {
  return toMajor(payoutOf(toMinor(bet.stake, bet.currency), multiplier), bet.currency)
}

/** An automatic cash-out as the player types it in their locale: empty is "by hand" (null). */
export type AutoCashOutInput = { ok: true; value: string | null } | { ok: false; reason: 'format' | 'range' }

/** Parses a typed automatic cash-out ("2,5" in Spanish, "2.5" in English): 1.01× to the engine's cap, 2 decimals at most. */
export function parseAutoCashOut(text: string, locale: string): AutoCashOutInput {
  const value = text.trim().replace(/[×x]$/i, '').trim()
  if (value === '') return { ok: true, value: null }
  const { decimal } = amountSeparators(locale)
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(value)
  // The locale's own decimal sign, or a dot, which every keyboard has; a grouping sign is not a decimal.
  if (!match || (value.includes(',') && decimal !== ',')) return { ok: false, reason: 'format' }
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  if (hundredths < 101 || hundredths > DEFAULT_CRASH_RULES.maxMultiplier * 100) return { ok: false, reason: 'range' }
  return { ok: true, value: (hundredths / 100).toFixed(2) }
}
