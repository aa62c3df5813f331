// Types of the built-in support chat (docs/support-chat.md): the player's conversation with the
// operators, a long-lived child of the root actor so the unread count lives on every page.
import type { ChatMessage, ChatThread } from '../../../services/api/contract/support'
import type { ValidationError } from '../../../shared/validation/rules'
import type { DetailedResult } from '../../api-result'

export type { ChatMessage }

export interface ChatInput {
  readonly loggedIn: boolean
  /** Starts every message key of this page (a random token): two tabs never share a key. */
  readonly keyPrefix: string
}

/** A message the player sent that the server has not kept yet. */
export interface OutgoingMessage {
  readonly key: string
  readonly body: string
  /** Refused or lost on the way: shown with "Retry", never dropped. */
  readonly failed: boolean
}

export type ChatAlertId = 'tooMany' | 'somethingWrong'

export interface ChatAlert {
  readonly messageId: ChatAlertId
  readonly retryAfterSec: number | null
}

export interface ChatContext {
  readonly startedAsPlayer: boolean
  readonly keyPrefix: string
  /** Messages made on this page, for the next key. */
  readonly made: number
  /** Oldest first, as kept by the server. */
  readonly messages: readonly ChatMessage[]
  /** Operator messages the player has not read (the socket's notice, or the last read). */
  readonly unread: number
  /** The newest message id the server has told of. */
  readonly lastId: number
  /** The newest message the server knows the player read. */
  readonly readThrough: number
  readonly draft: string
  readonly draftError: ValidationError | null
  readonly outbox: readonly OutgoingMessage[]
  readonly alert: ChatAlert | null
}

export type ChatEvent =
  | { type: 'session.change'; loggedIn: boolean }
  /** The live socket: something changed in the conversation (a message, a read mark). */
  | { type: 'support.notice'; unread: number; lastId: number }
  /** The chat panel shows (the support page, the launcher), or stops showing. */
  | { type: 'chat.open' }
  | { type: 'chat.close' }
  | { type: 'chat.draft.change'; value: string }
  | { type: 'chat.send' }
  /** Read the conversation again after a failure, and resend what failed. */
  | { type: 'chat.retry' }

/** An API call as the chat's actors answer it: its data, or the API's refusal as a value. */
export type ChatResult<T extends object = object> = DetailedResult<T>

export type LoadThreadInput = { readonly after: number | null }
export type LoadThreadResult = ChatResult<ChatThread>
export type SendChatInput = { readonly key: string; readonly body: string }
export type SendChatResult = ChatResult<{ message: ChatMessage }>
export type MarkReadInput = { readonly through: number }
export type MarkReadResult = ChatResult<{ unread: number }>
