// Types of the session-time limit on the responsible-gaming page (a call of our own beside the
// deposit limits: account getSessionLimit, setSessionLimit; §8 errors).
import type { SessionLimitInfo } from '../../../services/api/contract/profile'
import type { AuthResult } from '../../auth/auth.types'

export type { SessionLimitInfo }

export type SessionLimitMessageId = 'loadFailed' | 'saveFailed' | 'saved'

export interface SessionLimitContext {
  /** The limit as the server has it; null before the first answer. */
  readonly limit: SessionLimitInfo | null
  /** The choice in the list: minutes, or 0 for none. */
  readonly choice: number
  readonly alert: SessionLimitMessageId | null
}

export type SessionLimitEvent = { type: 'limit.choose'; minutes: number } | { type: 'limit.save' } | { type: 'limit.retry' }

export type LoadSessionLimitResult = AuthResult<{ limit: SessionLimitInfo }>
export type SaveSessionLimitResult = AuthResult<{ limit: SessionLimitInfo }>

export interface SessionLimitActionParams {
  readonly reportError: { readonly error: unknown }
}
