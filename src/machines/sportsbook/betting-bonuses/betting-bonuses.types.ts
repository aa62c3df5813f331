// Types of the player's betting bonuses (/profile/bonuses, "Betting bonuses"; SPEC §7 Betting
// bonuses get, activate, remove; §2.4 the betting-bonus-activated dialog; docs/sportsbook.md):
// their free bets, one of which at a time may be put on the betslip.
import type { BettingBonus } from '../../../services/api/contract/betting-bonuses'
import type { ActorRef, Snapshot } from 'xstate'
import type { DialogsRef } from '../../auth/auth.types'
import type { SlipFreeBet } from '../betslip/betslip.types'

/** The betslip as this flow tells it about the free bet on it. */
export type FreeBetSlipRef = ActorRef<Snapshot<unknown>, { type: 'slip.freeBet'; freeBet: SlipFreeBet | null }>

export type { BettingBonus }

/** An API error of SPEC §8 as the flow keeps it. */
export interface BettingBonusFailure {
  readonly type: string
  readonly code?: string
}
type Result<T> = ({ readonly ok: true } & T) | { readonly ok: false; readonly error: BettingBonusFailure }

export type LoadBonusesResult = Result<{ readonly bonuses: readonly BettingBonus[] }>
export type BonusActionResult = Result<{ readonly bonus: BettingBonus }>
export interface BonusActionInput {
  readonly id: string
}

export interface BettingBonusesInput {
  /** The app's dialog stack: an activation opens the betting-bonus-activated dialog there. */
  readonly dialogs?: DialogsRef
  /** The root's betslip, read when needed (it is spawned after hydration): an activated free bet goes on it, a removed one comes off. */
  readonly betslip?: () => FreeBetSlipRef | null
}

/** What the player asked of a bonus that the server refused, shown at that bonus. */
export interface BonusActionError {
  readonly id: string
  readonly action: 'activate' | 'remove'
  readonly failure: BettingBonusFailure
}

export interface BettingBonusesContext {
  readonly dialogs: DialogsRef | null
  readonly betslip: (() => FreeBetSlipRef | null) | null
  readonly bonuses: readonly BettingBonus[]
  readonly failure: BettingBonusFailure | null
  /** The bonus an activation or removal is about (while asked, confirmed or sent). */
  readonly target: string | null
  readonly actionError: BonusActionError | null
}

export type BettingBonusesEvent =
  | { type: 'bonuses.retry' }
  | { type: 'bonus.activate'; id: string }
  /** Asks before giving a free bet up for good; confirmed or kept. */
  | { type: 'bonus.remove'; id: string }
  | { type: 'bonus.remove.confirm' }
  | { type: 'bonus.remove.cancel' }

export interface BettingBonusesActionParams {
  readonly reportError: { readonly error: unknown }
}

/** The dialog the activation opens (SPEC §2.4 betting-bonus-activated). */
export const BETTING_BONUS_ACTIVATED_DIALOG_ID = 'betting-bonus-activated'
