// Types of a game's launch on the site's game page (/game/{sysname}; SPEC §2.1 launch helper, §2.2
// the `#real` hash): which table the frame shows (demo or real money), and what stands in its way
// (no account, no funds, no such game).
import type { Game } from '../../../services/api/contract/game-catalogue'

/** What the page knows of the game: its catalogue entry (games/get with `sysname` and these fields). */
export const LAUNCH_FIELDS = ['sysname', 'title', 'demo', 'fullscreen', 'url', 'provider', 'rtp', 'type', 'kind'] as const satisfies readonly (keyof Game)[]
export type LaunchGame = Pick<Game, (typeof LAUNCH_FIELDS)[number]>

export type LaunchMode = 'demo' | 'real'

export interface LaunchInput {
  /** The entry from the route's loader; null when the catalogue has no such game. */
  readonly game: LaunchGame | null
  /** The address asked for real money (`#real`). */
  readonly wantsReal: boolean
  readonly loggedIn: boolean
}

/** The player's purse for the game (games/purse, real mode): enough for its smallest bet? */
export interface Funds {
  readonly balance: string
  readonly currency: string
  /** The game's smallest first stake in the purse's currency; null when the game does not take it. */
  readonly minBet: string | null
  /** Spins left in the player's free-spin pack for this game (the one the table plays first); 0 for none. */
  readonly freeSpins: number
}

export type ReadFundsResult = { readonly ok: true; readonly funds: Funds } | { readonly ok: false; readonly code: string }

export interface LaunchContext {
  readonly game: LaunchGame | null
  readonly wantsReal: boolean
  readonly loggedIn: boolean
  readonly funds: Funds | null
  /** Why the last read of the purse failed (an API error's type or code). */
  readonly failure: string | null
}

export const LAUNCH_LEAVE = 'launch.leave' as const
export type LaunchEmitted = { readonly type: typeof LAUNCH_LEAVE; readonly to: 'home' | 'back' }

export type LaunchEvent =
  /** The demo/real switch. */
  | { type: 'launch.real' }
  | { type: 'launch.demo' }
  /** The session changed (a login or registration in the popup, a logout elsewhere). */
  | { type: 'launch.session'; loggedIn: boolean }
  /** The registration popup a visitor was shown for `#real` closed without an account. */
  | { type: 'launch.popupClosed' }
  /** The game in the frame asked for a deposit (its `needs_deposit` message). */
  | { type: 'launch.needsDeposit' }
  /** The game in the frame asked to be closed (its `close` message). */
  | { type: 'launch.close' }
  /** Read the purse again (back from the cashier, "try again"). */
  | { type: 'launch.retry' }
  /** The game in the frame played a free spin (its `free_spins` message): the spins left. */
  | { type: 'launch.freeSpins'; remaining: number }
