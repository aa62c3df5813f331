// Types of the betslip (docs/sportsbook.md#the-betslip): the selections a player collected with
// the prices they saw, the stakes they typed, the odds-change policy, and what placement answered.
import type { SbBet, SbBetLimits, SbSlipOutcome } from '../../../services/api/contract/sportsbook'
import type { MarketKind, Sport } from '../../../shared/sportsbook/markets'
import type { OddsFormat, OddsPolicy, Price } from '../../../shared/sportsbook/odds'
import type { SbChange } from '../live.rules'

/** One outcome on the slip: what its row shows and the price the player accepted. */
export interface SlipSelection {
  readonly outcomeId: string
  readonly outcomeKey: string
  readonly eventId: string
  readonly sport: Sport
  readonly home: string
  readonly away: string
  readonly startsAt: string
  readonly marketKey: string
  readonly marketKind: MarketKind
  readonly line: number | null
  /** The price now (null: withdrawn). */
  readonly price: Price | null
  /** The price the player accepted: the one placement sends. */
  readonly seen: Price
  /** Its market takes bets (not suspended or settled). */
  readonly marketOpen: boolean
  /** Its event takes bets (neither suspended nor over). */
  readonly eventOpen: boolean
  /** Which way the price last moved while on the slip (shown until accepted or placed). */
  readonly moved: 'up' | 'down' | null
}

/** What a price cell sends to put its outcome on the slip. */
export type SlipPick = Omit<SlipSelection, 'seen' | 'moved' | 'price'> & {
  readonly price: Price
}

export type BetMode = 'single' | 'accumulator' | 'system'

/** A stake as typed, in major units (parsed with the currency when it matters). */
export type StakeText = string

/** Where a stake goes: one single's, the accumulator's, or the system's (per line). */
export type StakeTarget = { readonly kind: 'single'; readonly outcomeId: string } | { readonly kind: 'accumulator' } | { readonly kind: 'system' }

/**
 * Where the slip's stakes come from: the main balance, the betting-bonus balance (returns go back
 * to it), or the free bet the player put on the slip (one bet, its own amount, winnings only).
 */
export type SlipFunding = 'main' | 'betting_bonus' | 'free_bet'

/** The free bet on the slip: the betting bonus the player activated. */
export interface SlipFreeBet {
  readonly id: string
  /** Its stake, major units of the account's currency. */
  readonly amount: string
  readonly currency: string
  /** The least odds of the bet it places (an accumulator's combined odds). */
  readonly minPrice: Price
  readonly expiresAt: string | null
}

export interface SlipSettings {
  readonly oddsFormat: OddsFormat
  readonly policy: OddsPolicy
}

/** Why the slip cannot be placed as it stands; the views translate the code. */
export type SlipProblem =
  | { readonly code: 'empty' }
  | { readonly code: 'no_stake' }
  | { readonly code: 'bad_stake'; readonly target: StakeTarget }
  | {
      readonly code: 'stake_below_min'
      readonly min: string
      readonly currency: string
    }
  | {
      readonly code: 'stake_above_max'
      readonly max: string
      readonly currency: string
    }
  | {
      readonly code: 'payout_above_max'
      readonly max: string
      readonly currency: string
    }
  | { readonly code: 'suspended' }
  | { readonly code: 'same_event' }
  | { readonly code: 'too_few'; readonly min: number }
  | { readonly code: 'no_system' }
  /** A free bet stakes one single or one accumulator. */
  | { readonly code: 'free_bet_shape' }
  | { readonly code: 'free_bet_odds'; readonly min: Price }

/** Why placement refused, as the server said it (the views translate the code). */
export interface SlipRefusal {
  readonly type: string
  readonly code: string
  /** The server's figures for the message: the limit, the balance left. */
  readonly data: Readonly<Record<string, string>>
}

/** One bet as placement sends it: the key is kept across a retry, so a double submit is one bet. */
export interface PlannedBet {
  readonly key: string
  readonly kind: BetMode
  readonly system?: string
  /** Major units per line. */
  readonly stake: string
  /** The free bet that stakes it. */
  readonly free_bet?: string
  /** Staked from the betting-bonus balance. */
  readonly balance?: 'betting_bonus'
  readonly selections: readonly {
    readonly outcome_id: string
    readonly price: Price
  }[]
}

export interface PlaceInput {
  readonly policy: OddsPolicy
  readonly bets: readonly PlannedBet[]
}

/** Bets placed in order until the first refusal; a price change names each outcome's new price. */
export interface PlaceResult {
  readonly placed: readonly SbBet[]
  readonly refusal:
    | (SlipRefusal & {
        readonly changes?: readonly {
          readonly outcome_id: string
          readonly price: Price | null
        }[]
      })
    | null
}

/** What the slip keeps between pages and devices: outcome ids and the prices accepted. */
export type SavedSlip = readonly {
  readonly outcome_id: string
  readonly price: Price
}[]

export interface RestoreInput {
  readonly loggedIn: boolean
  /** The slip this page holds already (a visitor who logs in keeps theirs). */
  readonly current: SavedSlip
}

export type RestoreResult =
  | {
      readonly ok: true
      readonly saved: SavedSlip
      readonly outcomes: readonly SbSlipOutcome[]
      /** A player's settings; null for a visitor. */
      readonly settings: (SlipSettings & { readonly limits: SbBetLimits }) | null
      /** The slip restored is not the one stored where it now belongs (a visitor's, brought to the account). */
      readonly unsaved: boolean
      /** A player's free bet on the slip (activated and not expired). */
      readonly freeBet: SlipFreeBet | null
      /** A visitor's odds format kept in this browser (a player's comes with the settings). */
      readonly localFormat?: OddsFormat | null
    }
  | { readonly ok: false; readonly type: string }

export interface SaveInput {
  readonly loggedIn: boolean
  readonly slip: SavedSlip
  readonly policy: OddsPolicy
  readonly oddsFormat: OddsFormat
}

export interface BetslipInput {
  readonly loggedIn: boolean
  /** The account's currency (a visitor's is the site's): returns are computed in it. */
  readonly currency: string
}

export interface BetslipContext {
  readonly loggedIn: boolean
  readonly currency: string
  readonly selections: readonly SlipSelection[]
  readonly mode: BetMode
  readonly stakes: Readonly<Record<string, StakeText>>
  readonly accumulatorStake: StakeText
  readonly systemStake: StakeText
  readonly system: string | null
  readonly settings: SlipSettings
  readonly limits: SbBetLimits | null
  readonly funding: SlipFunding
  readonly freeBet: SlipFreeBet | null
  /** The newest version of each slip event applied from its topic: an older message is dropped. */
  readonly eventVersions: Readonly<Record<string, number>>
  /** Placement keys by bet signature: kept until the bet is placed, so a retry is the same bet. */
  readonly keys: Readonly<Record<string, string>>
  /** The last refusal (placement's or the slip's own), until the slip changes. */
  readonly refusal: SlipRefusal | null
  /** Bets placed by the last placement: the receipt. */
  readonly receipt: readonly SbBet[]
}

export type BetslipEvent =
  | { type: 'slip.toggle'; pick: SlipPick }
  | { type: 'slip.remove'; outcomeId: string }
  | { type: 'slip.clear' }
  | { type: 'slip.mode'; mode: BetMode }
  | { type: 'slip.system'; system: string }
  | { type: 'slip.stake'; target: StakeTarget; stake: StakeText }
  /** A quick-stake button: adds its amount (major units) to the stake. */
  | { type: 'slip.quickStake'; target: StakeTarget; amount: string }
  | { type: 'slip.policy'; policy: OddsPolicy }
  /** The odds format every price shows in (kept like the slip: this browser, or the account). */
  | { type: 'slip.oddsFormat'; format: OddsFormat }
  /** The "Stake from" choice. */
  | { type: 'slip.funding'; funding: SlipFunding }
  /** A free bet was activated (or given up) on the bonuses page: the slip takes it (or lets it go). */
  | { type: 'slip.freeBet'; freeBet: SlipFreeBet | null }
  | { type: 'slip.live'; change: SbChange }
  | { type: 'slip.place' }
  | { type: 'slip.acceptPrices' }
  /** After the receipt: keep the selections for another bet, or start afresh. */
  | { type: 'slip.reuse' }
  | { type: 'slip.done' }
  | { type: 'session.change'; loggedIn: boolean; currency: string }

/** The follower of the slip's events' topics takes the list of events to follow. */
export type FollowEvent = { type: 'follow'; eventIds: readonly string[] }

export const SLIP_SAVE_DEBOUNCE_MS = 800
/** Quick stakes, major units: added to the stake on a tap. */
export const QUICK_STAKES = ['5', '10', '25', '50'] as const
/** A refusal the slip itself makes (not the server's): a 21st selection. */
export const SLIP_FULL = 'sportsbook_slip_full'
/** Where a visitor's slip is kept. */
export const SLIP_STORAGE_KEY = 'sb_betslip'
/** Where a visitor's odds format is kept. */
export const ODDS_FORMAT_STORAGE_KEY = 'sb_odds_format'

export const BETSLIP_NEED_LOGIN = 'betslip.needLogin'
export type BetslipEmitted = { type: typeof BETSLIP_NEED_LOGIN }

export type { SbBet, SbBetLimits, SbSlipOutcome }
