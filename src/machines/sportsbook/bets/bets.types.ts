// Types of the player's sports bets (/bets/*, "Sports bets" of /profile/bets; docs/sportsbook.md#the-bets-page):
// their bets read a page at a time under a status filter, and the cash-out of one open bet.
import type { SbBet } from '../../../services/api/contract/sportsbook'

export type { SbBet }

/** The tabs of the list; 'all' asks with no status. */
export const BET_FILTERS = ['all', 'open', 'settled', 'won', 'lost', 'cashed_out'] as const
export type BetFilter = (typeof BET_FILTERS)[number]

/** Bets per page ("Show more" reads the next one). */
export const SB_BETS_PAGE_SIZE = 20
/** How often an offer shown is asked for again: prices move in play, an offer older than this is likely gone. */
export const CASHOUT_OFFER_POLL_MS = 5000

/** An API error of SPEC §8 as the flow keeps it. */
export interface BetsFailure {
  readonly type: string
  readonly code?: string
}
type Result<T> = ({ readonly ok: true } & T) | { readonly ok: false; readonly error: BetsFailure }

export interface LoadBetsInput {
  readonly filter: BetFilter
  readonly offset: number
  readonly count: number
}
export type LoadBetsResult = Result<{ readonly bets: readonly SbBet[]; readonly total: number }>

/** What the book pays for the bet now, major units; null: no offer now (a leg suspended or settling). */
export interface CashOutOffer {
  readonly amount: string | null
  readonly currency: string
}
export interface LoadOfferInput {
  readonly bet: string
}
export type LoadOfferResult = Result<{ readonly offer: CashOutOffer }>

export interface CashOutInput {
  readonly bet: string
  /** Kept across a retry of the same cash-out, so the server pays it once. */
  readonly key: string
  /** The offer the player confirmed, major units. */
  readonly seen: string
  /** A part of it, major units; absent: all of it. */
  readonly amount?: string
}
/**
 * How a cash-out ended: done (the bet as it is now), the offer moved (the new one), no cash-out now,
 * an amount the server refused, or another failure (the connection, the server: worth a retry).
 */
export type CashOutResult =
  | { readonly ok: true; readonly bet: SbBet }
  | { readonly ok: false; readonly reason: 'changed'; readonly offer: CashOutOffer }
  | { readonly ok: false; readonly reason: 'unavailable' }
  | { readonly ok: false; readonly reason: 'amount' }
  | { readonly ok: false; readonly reason: 'failed'; readonly error: BetsFailure }

export type CashOutMode = 'full' | 'partial'
/** Why a typed part is refused: nothing typed, not an amount in the player's locale, zero or less, more than the offer. */
export type AmountProblem = 'required' | 'format' | 'decimals' | 'zero' | 'above_offer'

/** Why the cash-out panel says what it says beside the offer. */
export type CashOutNotice = 'changed' | 'amount_refused' | null

export interface SbBetsInput {
  readonly filter?: BetFilter
  /** The player's locale: a typed part is read with its decimal sign. */
  readonly locale: string
  readonly pageSize?: number
}

export interface SbBetsContext {
  readonly filter: BetFilter
  readonly locale: string
  readonly pageSize: number
  /** Bets read so far under the filter (pages appended); dropped when the filter changes. */
  readonly bets: readonly SbBet[]
  /** null until a first page is read. */
  readonly total: number | null
  readonly failure: BetsFailure | null
  /** The bet being cashed out; null while none is. */
  readonly betId: string | null
  readonly offer: CashOutOffer | null
  readonly mode: CashOutMode
  /** The part as typed, in the player's locale. */
  readonly amountText: string
  readonly amountProblem: AmountProblem | null
  readonly notice: CashOutNotice
  /** The idempotency key of the cash-out under way; a new one for each confirmed amount. */
  readonly key: string | null
  /** What the confirmed cash-out pays, major units (shown while it runs and once done). */
  readonly taking: string | null
  readonly cashFailure: BetsFailure | null
}

export type SbBetsEvent =
  /** A tab, or the page's path (/bets/won). */
  | { type: 'bets.filter'; filter: BetFilter }
  | { type: 'bets.more' }
  | { type: 'bets.retry' }
  /** "Cash out" on an open bet's row. */
  | { type: 'cashout.open'; bet: string }
  /** Closes the panel (Escape, "Close", "Cancel"). */
  | { type: 'cashout.close' }
  | { type: 'cashout.mode'; mode: CashOutMode }
  | { type: 'cashout.amount'; value: string }
  /** "Cash out …": the amount is checked, then confirmed. */
  | { type: 'cashout.submit' }
  | { type: 'cashout.confirm' }
  /** "Back" from the confirmation. */
  | { type: 'cashout.back' }
  /** "Try again": the offer asked again, or the same cash-out sent again with its key. */
  | { type: 'cashout.retry' }

/** Emitted when money moved: the page asks the site's one balance to read it again. */
export const SB_BALANCE_STALE = 'sportsbook.balanceStale' as const
export type SbBetsEmitted = { readonly type: typeof SB_BALANCE_STALE }
