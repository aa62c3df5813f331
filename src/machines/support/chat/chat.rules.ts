// Pure rules of the support chat: merging what the server answers into what the panel shows.
import type { ChatMessage } from './chat.types'

/** The conversation with `incoming` in it: by id, each message once, oldest first. */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): readonly ChatMessage[] {
  if (incoming.length === 0) return current
  const byId = new Map<number, ChatMessage>()
  for (const m of current) byId.set(m.id, m)
  for (const m of incoming) byId.set(m.id, m)
  return [...byId.values()].sort((a, b) => a.id - b.id)
}

/** A random start for this page's message keys (16 hex characters). */
export function randomKeyPrefix(): string {
  const bytes = new Uint8Array(8)
  globalThis.crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

export const newestId = (messages: readonly ChatMessage[]): number => messages.at(-1)?.id ?? 0

/** The newest operator answer shown: what reading the panel marks as read. */
export function newestAnswerId(messages: readonly ChatMessage[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.author === 'operator') return messages[i]!.id
  return 0
}
