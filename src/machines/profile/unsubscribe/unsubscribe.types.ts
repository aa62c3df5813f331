// Types of leaving a mailing list from a mail's link (SPEC §2.1 /unsubscribe, §3 mailing consent,
// §7 account unsubscribe).
import type { MailingList, UNSUBSCRIBE_ERROR_CODE } from '../../../services/api/contract/account'
import type { AuthFailure, AuthResult } from '../../auth/auth.types'

export type { AuthFailure, MailingList }

/** The code the flow routes on, as the account contract spells it. */
export const UNSUBSCRIBE_CODES = { invalidToken: 'unsubscribe_token_invalid' } as const satisfies typeof UNSUBSCRIBE_ERROR_CODE

export interface UnsubscribeInput {
  /** The `token` query parameter of the link; null when the page was opened without one. */
  readonly token: string | null
}

export interface UnsubscribeContext {
  readonly token: string
  /** The list left, once the server said so. */
  readonly list: MailingList | null
}

export type UnsubscribeEvent =
  /** After a failure that was not about the link (the network, the server): try again. */
  { type: 'unsubscribe.retry' }

/** POST account/unsubscribe (token). */
export interface UnsubscribeCallInput {
  readonly token: string
}
export type UnsubscribeResult = AuthResult<{ readonly list: MailingList }>

export interface UnsubscribeActionParams {
  readonly reportError: { readonly error: unknown }
}
