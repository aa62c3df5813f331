// What the operators' chat page reads.
import type { SnapshotFrom } from 'xstate'
import type { operatorChatMachine } from './operator-chat.machine'

export type OperatorChatSnapshot = SnapshotFrom<typeof operatorChatMachine>
export type OperatorConversationStatus = 'none' | 'loading' | 'failed' | 'shown'

export const selectOperatorLocked = (s: OperatorChatSnapshot): boolean => s.matches('locked')
export const selectOperatorChecking = (s: OperatorChatSnapshot): boolean => s.matches('checking')
export const selectOperatorToken = (s: OperatorChatSnapshot): string | null => (s.matches('open') ? s.context.token : null)
export const selectOperatorTokenDraft = (s: OperatorChatSnapshot) => s.context.tokenDraft
export const selectOperatorChats = (s: OperatorChatSnapshot) => s.context.chats
export const selectOperatorTotalUnread = (s: OperatorChatSnapshot) => s.context.totalUnread
export const selectOperatorSelected = (s: OperatorChatSnapshot) => s.context.selected
export const selectOperatorLogin = (s: OperatorChatSnapshot) => s.context.login
export const selectOperatorMessages = (s: OperatorChatSnapshot) => s.context.messages
export const selectOperatorDraft = (s: OperatorChatSnapshot) => s.context.draft
export const selectOperatorDraftError = (s: OperatorChatSnapshot) => s.context.draftError
export const selectOperatorOutgoing = (s: OperatorChatSnapshot) => s.context.outgoing
export const selectOperatorAlert = (s: OperatorChatSnapshot) => s.context.alert
export const selectOperatorSending = (s: OperatorChatSnapshot): boolean => s.matches({ open: { reply: 'sending' } })
export const selectOperatorSendFailed = (s: OperatorChatSnapshot): boolean => s.matches({ open: { reply: 'failed' } })
export function selectOperatorConversation(s: OperatorChatSnapshot): OperatorConversationStatus {
  if (!s.matches('open')) return 'none'
  const value = (s.value as { open: { conversation: string } }).open.conversation
  return value === 'syncing' ? 'shown' : (value as OperatorConversationStatus)
}
export function selectOperatorDataState(s: OperatorChatSnapshot): string {
  if (!s.matches('open')) return `operatorChat.${String(s.value)}`
  const v = (s.value as { open: { conversation: string; reply: string } }).open
  return `operatorChat.open.${v.conversation}.${v.reply}`
}
