// What the layout reads of the chat widget (context and status, never state names).
import type { SnapshotFrom } from 'xstate'
import type { chatWidgetMachine } from './chat-widget.machine'
import type { ChatFailure, ChatWidgetStatus } from './chat-widget.types'

export type ChatWidgetSnapshot = SnapshotFrom<typeof chatWidgetMachine>

/** SPEC §2.6 for the current route; the layout hides a vendor's launcher (adapter.launcherSelector) when false. */
export const selectChatBadgeVisible = (s: ChatWidgetSnapshot): boolean => s.context.badgeVisible

/** Where the widget is: taking a vendor down for a reload counts as loading. */
export function selectChatStatus(s: ChatWidgetSnapshot): ChatWidgetStatus {
  if (s.matches('noVendor') || s.matches('deciding')) return 'noVendor'
  if (s.matches('waiting')) return 'waiting'
  if (s.matches('loaded')) return 'loaded'
  if (s.matches('failed')) return 'failed'
  return 'loading'
}

export const selectChatFailure = (s: ChatWidgetSnapshot): ChatFailure | null => s.context.failure
export const selectChatDataState = (s: ChatWidgetSnapshot): string => `chat.${selectChatStatus(s)}`
