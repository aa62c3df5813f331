// Types of the /fairness page (docs/games.md#verifying-a-round): the visitor's or player's seeds,
// a round verified in the browser, and the crash hash chain check.
import type { Round, Seeds } from '../../../services/api/contract/games'
import type { ChainCheck, VerifiedRound, VerifyErrorCode, VerifyRoundInput, VerifyRoundResult } from '../../../services/games/fair-verify'
import type { FormEmitted } from '../../forms/focus-first-error'
import type { ErrorCode, ErrorType, InvalidParameters } from '../../../shared/errors'

export type { ChainCheck, Round, Seeds, VerifiedRound, VerifyRoundInput, VerifyRoundResult }

export interface FairnessInput {
  /** `?round=ID`: one of the caller's rounds to verify; null opens the form. */
  readonly roundId: string | null
}

/** An API refusal (SPEC §8), by type and code: the chart routes on these, never on the message. */
export interface ApiFailure {
  readonly type: ErrorType
  readonly code: ErrorCode
  readonly invalidParameters: InvalidParameters | null
}

/** Expected failures come back as values (ARCHITECTURE §7); a rejection is a bug or a dead network. */
export type ApiResult<T extends object> = ({ readonly ok: true } & T) | { readonly ok: false; readonly error: ApiFailure }

export type LoadSeedsResult = ApiResult<{ readonly seeds: Seeds }>
export type RotateSeedsResult = ApiResult<{ readonly seeds: Seeds }>
export interface RotateSeedsInput {
  /** The new client seed, or null to keep the one in use. */
  readonly clientSeed: string | null
}
export type LoadRoundResult = ApiResult<{ readonly round: Round }>

export interface HashSeedInput {
  readonly text: string
}
/** SHA-256 of the revealed seed, computed here; null where the page has no Web Crypto. */
export interface HashSeedResult {
  readonly hash: string | null
}

export type ChainField = 'seed' | 'previous'
export type ChainForm = Readonly<Record<ChainField, string>>
export type ChainError = 'required' | 'hex64'
export type CheckChainResult = ({ readonly ok: true } & ChainCheck) | { readonly ok: false }

/** The manual form's fields, as typed. */
export type ManualField = 'game' | 'serverSeed' | 'clientSeed' | 'nonce' | 'bet' | 'actions'
export type ManualForm = Readonly<Record<ManualField, string>>
export type ManualError = 'required' | 'unknown_game' | 'server_seed' | 'client_seed' | 'nonce' | 'json' | 'not_a_list' | 'bad_bet' | 'bad_actions'

/** Why the client seed typed for a rotation was refused: our own check first, the server's after. */
export type ClientSeedError = 'pattern' | 'refused'
/** Why a rotation failed: too many in an hour (SPEC §8 TooManyRequests), or anything else. */
export type RotateFailure = 'throttled' | 'failed'

/** What the round in the address could not give. */
export type RoundFailure = 'not_found' | 'unfinished' | 'load_failed'
/** Why a computation could not run. */
export type ComputeFailure = VerifyErrorCode | 'failed'

/** What to recompute, and what the server recorded to compare it with (a round from the address). */
export interface VerifyRequest {
  readonly input: VerifyRoundInput
  readonly source: 'round' | 'form'
  /** The server's record: the hash it showed before play and the round's state; null for the form. */
  readonly recorded: { readonly serverSeedHash: string; readonly state: unknown } | null
}

/** The rotation just made: the revealed seed, the hash the page showed before, and its SHA-256 computed here. */
export interface RevealCheck {
  readonly serverSeed: string
  readonly shownHash: string
  readonly hash: string | null
}

export interface FairnessContext {
  readonly roundId: string | null
  readonly seeds: Seeds | null
  /** The rotation form's new client seed, as typed ('' keeps the one in use). */
  readonly clientSeed: string
  readonly clientSeedError: ClientSeedError | null
  readonly rotateFailure: RotateFailure | null
  /** The hash on show when the rotation was asked for: what the revealed seed must hash to. */
  readonly shownHash: string | null
  readonly reveal: RevealCheck | null
  readonly round: Round | null
  readonly form: ManualForm
  readonly formErrors: Readonly<Partial<Record<ManualField, ManualError>>>
  readonly request: VerifyRequest | null
  readonly result: VerifiedRound | null
  readonly failure: RoundFailure | ComputeFailure | null
  readonly chain: ChainForm
  readonly chainErrors: Readonly<Partial<Record<ChainField, ChainError>>>
  readonly chainResult: ChainCheck | null
}

export type FairnessEvent =
  /** 'Try again' after the seeds could not be read. */
  | { type: 'seeds.retry' }
  | { type: 'seeds.clientSeed.change'; value: string }
  /** Reveal the server seed in use and commit to a new one (with the typed client seed, if any). */
  | { type: 'seeds.rotate' }
  /** Raised by the chart when a rotation is done: a round waiting for its seed can now be verified. */
  | { type: 'seeds.revealed' }
  | { type: 'verify.field.change'; name: ManualField; value: string }
  /** Fill the form's seeds with the last revealed pair. */
  | { type: 'verify.prefill' }
  | { type: 'verify.submit' }
  /** Verify by hand: the form, filled with what is on show. */
  | { type: 'verify.manual' }
  | { type: 'verify.retry' }
  | { type: 'chain.field.change'; name: ChainField; value: string }
  | { type: 'chain.submit' }

/** Which of the page's three forms a refused submit concerns (each form focuses only its own first error). */
export type FairnessFormName = 'rotate' | 'manual' | 'chain'
export type FairnessEmitted = FormEmitted & { readonly form: FairnessFormName }

export interface FairnessActionParams {
  readonly reportError: { readonly error: unknown }
  readonly focusFirstError: { readonly form: FairnessFormName }
}
