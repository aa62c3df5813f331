// Types of the operators' support chat page (/operator/chat, docs/support-chat.md).
import type { ChatSummary } from '../../../services/api/contract/operator'
import type { ChatMessage } from '../../../services/api/contract/support'
import type { ValidationError } from '../../../shared/validation/rules'
import type { ChatResult } from '../chat/chat.types'

export type { ChatMessage, ChatSummary }

export interface OperatorChatInput {
  readonly keyPrefix: string
}

export type OperatorAlertId = 'badToken' | 'unavailable' | 'unknownPlayer' | 'notSent'

export interface OperatorChatContext {
  readonly token: string | null
  readonly tokenDraft: string
  readonly chats: readonly ChatSummary[]
  /** The server's count over every conversation, not only the listed ones (the list stops at 100). */
  readonly totalUnread: number
  readonly selected: number | null
  readonly login: string
  readonly messages: readonly ChatMessage[]
  readonly draft: string
  readonly draftError: ValidationError | null
  /** The answer on its way, or the one that failed: kept until the server has it. */
  readonly outgoing: { readonly key: string; readonly body: string } | null
  readonly made: number
  readonly keyPrefix: string
  readonly alert: OperatorAlertId | null
}

export type OperatorChatEvent =
  | { type: 'op.token.change'; value: string }
  | { type: 'op.unlock' }
  | { type: 'op.lock' }
  | { type: 'op.select'; playerId: number }
  | { type: 'op.draft.change'; value: string }
  | { type: 'op.send' }
  | { type: 'op.retry' }

export type ListChatsInput = { readonly token: string }
export type ListChatsResult = ChatResult<{ items: ChatSummary[]; unread: number }>
export type LoadConversationInput = { readonly token: string; readonly playerId: number }
export type LoadConversationResult = ChatResult<{ login: string; messages: ChatMessage[] }>
export type AnswerInput = { readonly token: string; readonly playerId: number; readonly key: string; readonly body: string }
export type AnswerResult = ChatResult<{ message: ChatMessage }>
