// Types of a player's crash table (docs/games.md#crash): the shared round they watch and their bet in it.
import type { CrashBet, CrashRound, CrashState, PlayMode } from '../../../services/api/contract/games'

export interface CrashInput {
  readonly game: string
  /** Players: real or fun; a visitor's rounds are demo whatever this says. */
  readonly mode: PlayMode
  /** The stake, major units, as the bet selector holds it. */
  readonly amount: string
}

export type CrashErrorCode = 'load_failed' | 'betting_closed' | 'round_over' | 'bad_bet' | 'insufficient_funds' | 'loss_limit_exceeded' | 'failed'

export interface CrashContext {
  readonly game: string
  readonly mode: PlayMode
  /** The stake, major units; null while the field holds something that is not an amount (no bet is taken). */
  readonly amount: string | null
  /** Automatic cash-out ('2.50'), or null to cash out by hand. */
  readonly autoCashOut: string | null
  /** The automatic cash-out field holds something that is not a multiplier: no bet is taken. */
  readonly autoInvalid: boolean
  readonly round: CrashRound | null
  readonly bet: CrashBet | null
  readonly history: CrashState['history']
  readonly error: CrashErrorCode | null
}

export type CrashEvent =
  /** The stake the player typed, parsed in their locale at the edge; null when it is not an amount. */
  | { type: 'crash.amount'; amount: string | null }
  /** The automatic cash-out, parsed (parseAutoCashOut); `valid: false` when the field holds no multiplier. */
  | { type: 'crash.auto'; autoCashOut: string | null; valid: boolean }
  | { type: 'crash.bet' }
  | { type: 'crash.cashOut' }
  | { type: 'crash.retry' }
  | { type: 'crash.dismiss' }
  /** The live topic: the round as it stands (a phase change, a cash-out). */
  | { type: 'crash.update'; round: CrashRound }

export interface PlaceBetInput {
  readonly game: string
  readonly mode: PlayMode
  readonly amount: string
  readonly autoCashOut: string | null
  /** One key per bet: a retried request is the same bet. */
  readonly key: string
}

export type CrashActionParams = {
  notifyNeedsDeposit: undefined
  announceBalance: { bet: CrashBet }
}
