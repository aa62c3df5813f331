// Types of the new player's hints (SPEC §4 'Hints', §9): which player, the facts the rules read,
// and the calls the machine makes through provided actors.
/** The two hints a new player may see (hints.rules decides which shows). */
export type HintKind = 'registration' | 'confirmContacts'

/** The logged-in player the hints are for (from the root actor's account). */
export interface HintPlayer {
  readonly uid: number
  /** Account info reg_time (ISO 8601). */
  readonly regTime: string | null
  /** The contact the player logs in with (e-mail or phone). */
  readonly login: string
}

export interface HintsInput {
  /** Null for a visitor: no hints. */
  readonly player: HintPlayer | null
}

/** What the rules need, read at `checkedAt`. Null facts are unknown (not needed, or not readable). */
export interface HintFactsLoaded {
  /** When the facts were read (ms since the epoch): the rules' "now". */
  readonly checkedAt: number
  readonly hasDeposit: boolean | null
  readonly loginContactConfirmed: boolean | null
  /** The stored confirm_sent flag (SPEC §4). */
  readonly confirmSent: boolean
  /** Hints this player closed before (remembered per player). */
  readonly dismissed: readonly HintKind[]
}

/** A player's main balance as the account last showed it (decimal string, null when unknown). */
export interface HintBalance {
  readonly uid: number
  readonly amount: string | null
}

export interface HintsContext {
  readonly player: HintPlayer | null
  /** The last facts read; kept while they are read again so the banner does not flicker. */
  readonly facts: HintFactsLoaded | null
  /**
   * The main balance last reported since this player was set. Only a change of it counts as a
   * move: the first report (a login brings its balance with it) is just noted.
   */
  readonly balance: HintBalance | null
}

export type HintsEvent =
  /** Login, logout or another account: everything is read again for the new player. */
  | { type: 'hints.player'; player: HintPlayer | null }
  /**
   * The account's main balance as shown now, reported on every change (the live balance). When it
   * moved for the same player, a first deposit may have landed.
   */
  | ({ type: 'hints.balance' } & HintBalance)
  /** The player closed the hint shown. */
  | { type: 'hints.dismiss' }

export type LoadHintFactsInput = HintPlayer
export type LoadHintFactsResult = HintFactsLoaded

export interface HintsActionParams {
  /** Remember a closed hint for this player (browser storage). */
  readonly rememberDismissed: { readonly uid: number; readonly kind: HintKind }
  readonly reportError: { readonly error: unknown }
}
