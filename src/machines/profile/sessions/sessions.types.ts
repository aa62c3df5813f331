// Types of the signed-in devices list on the security page (GET account/getSessions, POST
// account/endSession; SPEC §8 errors).
import type { PlayerSession } from '../../../services/api/contract/profile'
import type { AuthResult } from '../../auth/auth.types'

export type { PlayerSession }

/** What a sign-out is for: one device by its id, or every other one. */
export type SessionTarget = { readonly id: string } | { readonly others: true }

export type SessionsMessageId = 'loadFailed' | 'endFailed' | 'unknown'

export interface SessionsContext {
  /** The list as last read; null before the first answer. */
  readonly sessions: readonly PlayerSession[] | null
  /** The sign-out under way; null when none. */
  readonly ending: SessionTarget | null
  readonly alert: SessionsMessageId | null
  /** How many devices the last sign-out ended; null before one. */
  readonly lastEnded: number | null
}

export type SessionsEvent =
  | { type: 'sessions.end'; id: string }
  | { type: 'sessions.endOthers' }
  | { type: 'sessions.retry' }

export type LoadSessionsResult = AuthResult<{ sessions: readonly PlayerSession[] }>
export type EndSessionsInput = SessionTarget
export type EndSessionsResult = AuthResult<{ ended: number }>

export interface SessionsActionParams {
  readonly reportError: { readonly error: unknown }
}
