// Types of the password-recovery request (SPEC §2.3 'restore' view; §7 POST auth/restore; §8).
import type { ErrorCode, ErrorType } from '../../../shared/errors'
import type { FormErrors } from '../../../shared/validation/rules'
import type { AuthResult } from '../auth.types'

/** The countdown of a throttled request ticks once a second: the server gives seconds (SPEC §8). */
export const RETRY_TICK_MS = 1000

export type RestoreFieldErrors = FormErrors<'login'>

/** Alerts of the restore view; the view translates the id. */
export type RestoreMessageId =
  /** TooManyRequestsException: wait `retryAfterSec` seconds (counted down in context). */
  | 'tooManyRequests'
  /** Anything else the server or the network answered: 'something wrong', try again. */
  | 'somethingWrong'

export interface RestoreAlert {
  readonly messageId: RestoreMessageId
  readonly type: ErrorType | null
  readonly code: ErrorCode
}

export interface RestoreContext {
  /** Login, e-mail or phone as typed. */
  readonly login: string
  readonly fieldErrors: RestoreFieldErrors
  readonly alert: RestoreAlert | null
  /** Seconds left before another request is allowed after a 429; 0 otherwise. */
  readonly retryAfterSec: number
  /** What the link was asked for, shown in the 'sent' answer (the same whether or not it exists). */
  readonly sentTo: string | null
}

export type RestoreEvent =
  /** Typing in the login / e-mail input. */
  | { type: 'restore.field.change'; value: string }
  /** The 'Send the link' button. */
  | { type: 'restore.submit' }
  /** 'Send it again' / 'Use another address' on the sent answer: back to the form, value kept. */
  | { type: 'restore.again' }

/** SPEC §7 POST auth/restore with the login (leading plus stripped, as at login). */
export interface RequestResetInput {
  readonly login: string
}
export type RequestResetResult = AuthResult

export interface RestoreActionParams {
  /** An actor rejected: a bug, not an API error. */
  readonly reportError: { readonly error: unknown }
}
