// Types of a player's crash table (docs/games.md#crash): the shared round they watch and their bet in it.
import type { CrashBet, CrashRound, CrashState, PlayMode } from '../../../services/api/contract/games'

export interface CrashInput {
  readonly game: string
  /** Players: real or fun; a visitor's rounds are demo whatever this says. */
  readonly mode: PlayMode
  /** The stake, major units, as the bet selector holds it. */
  readonly amount: string
}

export type CrashErrorCode = 'load_failed' | 'betting_closed' | 'round_over' | 'bad_bet' | 'insufficient_funds' | 'failed'

export interface CrashContext {
  readonly game: string
  readonly mode: PlayMode
  readonly amount: string
  /** Automatic cash-out as typed ('2.5'), or null to cash out by hand. */
  readonly autoCashOut: string | null
  readonly round: CrashRound | null
  readonly bet: CrashBet | null
  readonly history: CrashState['history']
  readonly error: CrashErrorCode | null
}

export type CrashEvent =
  | { type: 'crash.amount'; amount: string }
  | { type: 'crash.auto'; autoCashOut: string | null }
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
