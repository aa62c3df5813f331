// What the chat's views read: the panel, the launcher and the menus' unread counts.
import type { SnapshotFrom } from 'xstate'
import { CHAT_TAGS, type chatMachine } from './chat.machine'
import type { ChatAlert, ChatMessage, OutgoingMessage } from './chat.types'
import type { ValidationError } from '../../../shared/validation/rules'

export type ChatSnapshot = SnapshotFrom<typeof chatMachine>
export type ChatStatus = 'visitor' | 'loading' | 'unavailable' | 'shown'

export function selectChatStatus(s: ChatSnapshot): ChatStatus {
  if (!s.matches('player')) return 'visitor'
  if (s.hasTag(CHAT_TAGS.shown)) return 'shown'
  return s.matches({ player: { thread: 'unavailable' } }) ? 'unavailable' : 'loading'
}
export const selectChatMessages = (s: ChatSnapshot): readonly ChatMessage[] => s.context.messages
export const selectChatOutbox = (s: ChatSnapshot): readonly OutgoingMessage[] => s.context.outbox
export const selectChatUnread = (s: ChatSnapshot): number => (s.matches('player') ? s.context.unread : 0)
export const selectChatDraft = (s: ChatSnapshot): string => s.context.draft
export const selectChatDraftError = (s: ChatSnapshot): ValidationError | null => s.context.draftError
export const selectChatAlert = (s: ChatSnapshot): ChatAlert | null => s.context.alert
export const selectChatSending = (s: ChatSnapshot): boolean => s.hasTag(CHAT_TAGS.sending)
export const selectChatCanRetrySend = (s: ChatSnapshot): boolean => s.matches({ player: { outbox: 'failed' } })
/** For tests and the flows page: "supportChat.<thread>.<outbox>". */
export function selectChatDataState(s: ChatSnapshot): string {
  if (!s.matches('player')) return `supportChat.${String(s.value)}`
  const value = s.value as { player: { thread: string; outbox: string } }
  return `supportChat.${value.player.thread}.${value.player.outbox}`
}
