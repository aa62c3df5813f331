// Types of the game client (docs/games.md#the-game-client, docs/machines.md#game-client): one
// player's table of one studio title: the purse it plays from, the stake and options, the round on
// the table, autoplay, and the page's own settings (sound, turbo).
import type { PlayMode, Purse, Round } from '../../../services/api/contract/games'

export interface GameClientInput {
  /** The title's sysname. */
  readonly game: string
  /** Its engine kind (src/shared/games/kinds.ts). */
  readonly kind: string
  /** A kind whose round waits for the player's decisions (STEP_KINDS): no autoplay. */
  readonly stepGame: boolean
  /** Players: the purse asked for first (real money unless the page says fun). Visitors play demo whatever this says. */
  readonly mode: PlayMode
  /** The title's options before the player changes any (catalogue `defaultBet`). */
  readonly defaultBet: Record<string, unknown>
  /**
   * Random per page (8 to 40 of [A-Za-z0-9]): round keys are this and a count, so a retried request
   * is the same round and a reloaded page never reuses a key.
   */
  readonly keySeed: string
}

/** What the page remembers between visits (localStorage): read by the load, never rendered before it. */
export interface GamePrefs {
  readonly soundOn: boolean
  readonly turbo: boolean
  /** The last stake and options of this title, in the currency they were set in. */
  readonly saved: SavedBet | null
}

export interface SavedBet {
  readonly currency: string
  readonly stake: string
  readonly bet: Record<string, unknown>
}

/** Everything the table needs to open: the purse, a round to resume, the latest rounds, the page's settings. */
export interface LoadedTable {
  readonly purse: Purse
  /** The round in progress of this title (a step game left open by a reload), or null. */
  readonly open: Round | null
  /** Newest first. */
  readonly history: readonly Round[]
  readonly prefs: GamePrefs
}

export interface AutoplaySettings {
  /** How many rounds, at most the purse's autoplayMaxRounds. */
  readonly rounds: number
  /** Stop before a round whose stake could take the run's loss past this (major units); null for none. */
  readonly lossLimit: string | null
  /** Stop after a single round pays this much or more (major units); null for none. */
  readonly winLimit: string | null
}

export type AutoplayStopReason = 'rounds' | 'loss' | 'win' | 'funds' | 'error' | 'player'

export interface AutoplayRun {
  readonly settings: AutoplaySettings
  /** Rounds the run has started. */
  readonly played: number
  /** Sum of payouts less stakes over the run's settled rounds (major units; negative is a loss). */
  readonly net: string
  /** The payout of the run's last settled round (major units). */
  readonly lastPayout: string
  /** Why the run ended; null while it runs. */
  readonly stopReason: AutoplayStopReason | null
}

/** The codes the client tells apart (the server's GameErrorCode, and the client's own). */
export type GameClientErrorCode =
  | 'bet_below_min'
  | 'bet_above_max'
  | 'bad_bet'
  | 'bad_action'
  | 'too_fast'
  | 'key_conflict'
  | 'demo_unavailable'
  | 'currency_unavailable'
  | 'unknown_game'
  | 'action_in_progress'
  | 'insufficient_funds'
  /** The stake could take the player past their loss limit; `limit` is what they may still stake. */
  | 'loss_limit_exceeded'
  | 'unavailable'
  | 'network'
  | 'failed'

export interface GameClientError {
  readonly code: GameClientErrorCode
  /** What the message shows with it: the limit of bet_below_min / bet_above_max (major units). */
  readonly limit: string | null
  /**
   * The request may have reached the server (no answer, or a server fault): a retry sends the same
   * key, so it is the same round if there was one.
   */
  readonly outcomeUnknown: boolean
}

export interface GameClientContext {
  readonly game: string
  readonly kind: string
  readonly stepGame: boolean
  /** The mode asked for (players); the purse says what it is (a visitor's is 'demo'). */
  readonly mode: PlayMode
  readonly defaultBet: Record<string, unknown>
  readonly purse: Purse | null
  /** The balance shown: the purse's, less a stake taken before its round's win is shown. */
  readonly balance: string | null
  /** Major units decimal string; null until the purse is known. */
  readonly stake: string | null
  readonly bet: Record<string, unknown>
  /** The round on the table: the last one played, or the open one of a step game. */
  readonly round: Round | null
  /** Newest first, at most HISTORY_SIZE. */
  readonly history: readonly Round[]
  readonly keySeed: string
  /** Rounds keyed so far on this page. */
  readonly keyCount: number
  /** The key of the round being played (or to retry). */
  readonly key: string | null
  readonly error: GameClientError | null
  readonly autoplay: AutoplayRun | null
  /** A pack ran out on the last round: the purse is read again once its result is shown (another pack may follow). */
  readonly packSpent: boolean
  readonly soundOn: boolean
  readonly turbo: boolean
}

export type GameClientEvent =
  /** A stake the player typed or picked, already parsed (major units). */
  | { type: 'bet.stake'; stake: string }
  | { type: 'bet.halve' }
  | { type: 'bet.double' }
  | { type: 'bet.min' }
  | { type: 'bet.max' }
  /** The view's options (target, risk, picks...). */
  | { type: 'bet.options'; bet: Record<string, unknown> }
  /** The spin / bet button, or space. */
  | { type: 'round.spin' }
  /** A decision in an open round (games/act). */
  | { type: 'round.action'; action: Record<string, unknown> }
  /** The view's animation of the round (or of its feature) has ended. */
  | { type: 'round.shown' }
  /** The player skips the animation to the result. */
  | { type: 'round.skip' }
  | { type: 'round.retry' }
  | { type: 'error.dismiss' }
  | { type: 'autoplay.start'; settings: AutoplaySettings }
  | { type: 'autoplay.stop' }
  | { type: 'mode.set'; mode: PlayMode }
  | { type: 'settings.sound'; on: boolean }
  | { type: 'settings.turbo'; on: boolean }
  /** Read the purse again (after a deposit elsewhere; the parent may ask). */
  | { type: 'purse.refresh' }
  /** The insufficient-funds screen's Deposit button. */
  | { type: 'deposit.request' }
  /** The close button of a framed page. */
  | { type: 'client.close' }
  | { type: 'table.retry' }

export interface PlayInput {
  readonly game: string
  readonly amount: string
  readonly bet: Record<string, unknown>
  readonly key: string
  readonly mode: PlayMode
  /** The pack this spin is one of (games/play `free_spin`); absent for a staked round. */
  readonly freeSpin?: string
}

export interface ActInput {
  readonly round: string
  readonly step: number
  readonly action: Record<string, unknown>
}

export interface LoadInput {
  readonly game: string
  readonly mode: PlayMode
}

export type GameClientActionParams = {
  notifyNeedsDeposit: undefined
  announceBalance: { balance: string; currency: string }
  announceFreeSpins: { remaining: number }
  requestClose: undefined
  rememberSettings: { soundOn: boolean; turbo: boolean }
  rememberBet: { game: string; saved: SavedBet }
}
