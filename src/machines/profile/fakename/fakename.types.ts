// Types of the nickname change on /profile/settings (SPEC §3 'Account info' fakename, §5 'Fake name',
// §7 changefakename, §8).
import type { ValidationError } from '../../../shared/validation/rules'
import type { AuthResult } from '../../auth/auth.types'
import type { FormEmitted } from '../../forms/focus-first-error'

export interface FakenameInput {
  /** The nickname now; null before the player chose one. */
  readonly current: string | null
  /** When it may change next (ISO 8601); null when it may change now. */
  readonly nextChangeAt: string | null
}

export type FakenameMessageId = 'saved' | 'saveFailed'

export interface FakenameContext extends FakenameInput {
  readonly value: string
  readonly error: ValidationError | null
  readonly alert: FakenameMessageId | null
}

export type FakenameEvent =
  | { type: 'fakename.edit' }
  | { type: 'fakename.change'; value: string }
  | { type: 'fakename.submit' }
  | { type: 'fakename.cancel' }

/** What a change emits: the account's nickname is new (the page refreshes the account). */
export const FAKENAME_CHANGED = 'fakename.changed' as const
export type FakenameEmitted = { readonly type: typeof FAKENAME_CHANGED; readonly fakename: string } | FormEmitted

export type ChangeFakenameResult = AuthResult

export interface FakenameActionParams {
  readonly reportError: { readonly error: unknown }
}
