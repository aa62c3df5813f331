// The operators' chat page's sample events and answers: its model test walks them, and so does the
// flows registry.
import { defineEntry, delayEvent, delaySamples, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { refusal, unavailable } from '../chat/chat.samples'
import { operatorChatMachine } from './operator-chat.machine'
import type { AnswerResult, ChatMessage, ListChatsResult, LoadConversationResult, OperatorChatContext, OperatorChatEvent } from './operator-chat.types'

const at = '2026-11-29T10:00:00.000Z'
export const question: ChatMessage = { id: 1, author: 'player', body: 'Where is my withdrawal?', created_at: at }
export const reply: ChatMessage = { id: 2, author: 'operator', body: 'On its way.', created_at: at }
export const badToken = refusal('AccessDeniedException', 'operator_token_required')
export const unknownPlayer = refusal('InvalidParameterException', 'unknown_player', { invalidParameters: { player_id: ['unknown'] } })
export { unavailable }

export const LIST_TICK = delayEvent(operatorChatMachine, 'refresh', 'open.list.waiting').type
export const CONVERSATION_TICK = delayEvent(operatorChatMachine, 'refresh', 'open.conversation.shown').type

export const operatorChatSamples = {
  'op.token.change': [
    { type: 'op.token.change', value: 'staff-token' },
    { type: 'op.token.change', value: '  ' },
  ],
  'op.unlock': [{ type: 'op.unlock' }],
  'op.lock': [{ type: 'op.lock' }],
  'op.select': [{ type: 'op.select', playerId: 7 }],
  'op.draft.change': [
    { type: 'op.draft.change', value: 'It is on its way.' },
    { type: 'op.draft.change', value: '\u0007' },
  ],
  'op.send': [{ type: 'op.send' }],
  'op.retry': [{ type: 'op.retry' }],
} satisfies SampleTable<OperatorChatEvent>

const LISTED = doneEventType(operatorChatMachine, 'listChats')
const LIST_CRASHED = errorEventType(operatorChatMachine, 'listChats')
const REFRESHED = doneEventType(operatorChatMachine, 'refreshChats')
const REFRESH_CRASHED = errorEventType(operatorChatMachine, 'refreshChats')
const LOADED = doneEventType(operatorChatMachine, 'loadConversation')
const LOAD_CRASHED = errorEventType(operatorChatMachine, 'loadConversation')
const SYNCED = doneEventType(operatorChatMachine, 'syncConversation')
const SYNC_CRASHED = errorEventType(operatorChatMachine, 'syncConversation')
const ANSWERED = doneEventType(operatorChatMachine, 'answer')
const ANSWER_CRASHED = errorEventType(operatorChatMachine, 'answer')

export type OperatorChatOutcome =
  | { type: typeof LISTED; output: ListChatsResult }
  | { type: typeof REFRESHED; output: ListChatsResult }
  | { type: typeof LOADED; output: LoadConversationResult }
  | { type: typeof SYNCED; output: LoadConversationResult }
  | { type: typeof ANSWERED; output: AnswerResult }
  | { type: typeof LIST_CRASHED; error: unknown }
  | { type: typeof REFRESH_CRASHED; error: unknown }
  | { type: typeof LOAD_CRASHED; error: unknown }
  | { type: typeof SYNC_CRASHED; error: unknown }
  | { type: typeof ANSWER_CRASHED; error: unknown }
  /** A refresh falls due. */
  | { type: typeof LIST_TICK }
  | { type: typeof CONVERSATION_TICK }

const list: ListChatsResult = { ok: true, items: [{ player_id: 7, login: 'player7@example.com', locale: 'en', last: question, unread: 1 }], unread: 1 }

export const operatorChatOutcomes = {
  [LISTED]: [{ type: LISTED, output: list }, { type: LISTED, output: badToken }, { type: LISTED, output: unavailable }],
  [LIST_CRASHED]: [{ type: LIST_CRASHED, error: 'bug' }],
  [REFRESHED]: [{ type: REFRESHED, output: list }, { type: REFRESHED, output: badToken }],
  [REFRESH_CRASHED]: [{ type: REFRESH_CRASHED, error: 'bug' }],
  [LOADED]: [
    { type: LOADED, output: { ok: true, login: 'player7@example.com', messages: [question] } },
    { type: LOADED, output: unknownPlayer },
    { type: LOADED, output: badToken },
    { type: LOADED, output: unavailable },
  ],
  [LOAD_CRASHED]: [{ type: LOAD_CRASHED, error: 'bug' }],
  [SYNCED]: [{ type: SYNCED, output: { ok: true, login: 'player7@example.com', messages: [question] } }, { type: SYNCED, output: badToken }],
  [SYNC_CRASHED]: [{ type: SYNC_CRASHED, error: 'bug' }],
  [ANSWERED]: [{ type: ANSWERED, output: { ok: true, message: reply } }, { type: ANSWERED, output: badToken }, { type: ANSWERED, output: unavailable }],
  [ANSWER_CRASHED]: [{ type: ANSWER_CRASHED, error: 'bug' }],
  ...delaySamples(LIST_TICK),
  ...delaySamples(CONVERSATION_TICK),
} satisfies SampleTable<OperatorChatOutcome>

export function serializeOperatorChat(snapshot: unknown): string {
  const { value, context } = snapshot as { value: unknown; context: OperatorChatContext }
  return JSON.stringify({
    value,
    token: context.token === null ? null : 'set',
    tokenDraft: context.tokenDraft.trim() !== '',
    chats: context.chats.length,
    selected: context.selected,
    messages: context.messages.map((m) => m.id),
    draft: context.draft === '' ? 'empty' : context.draft.trim().length > 2 ? 'text' : 'blank',
    draftError: context.draftError?.rule ?? null,
    outgoing: context.outgoing !== null,
    alert: context.alert,
  })
}

const INVOKED = ['listChats', 'refreshChats', 'loadConversation', 'syncConversation', 'answer'] as const

/** Answers only while their call runs, a refresh only while it is waited for. */
export function filterOperatorEvents(snapshot: { matches: (v: never) => boolean; children: Record<string, unknown> }, event: { type: string }): boolean {
  if (event.type === LIST_TICK) return snapshot.matches({ open: { list: 'waiting' } } as never)
  if (event.type === CONVERSATION_TICK) return snapshot.matches({ open: { conversation: 'shown' } } as never)
  if (event.type in operatorChatOutcomes) return INVOKED.some((id) => event.type.endsWith(`.${id}`) && snapshot.children[id] !== undefined)
  return true
}

export const operatorChatEntry = defineEntry<typeof operatorChatMachine, OperatorChatOutcome>({
  name: 'operator-chat',
  area: 'support',
  spec: '§7 Support (built-in chat, operator side: docs/support-chat.md)',
  description: "The operators' chat page: unlocked with the operator token, the conversations and the open one read every few seconds, answers sent with their own key and kept with Retry when they fail; a refused token locks the page",
  machine: operatorChatMachine,
  input: { keyPrefix: 'sample-operator' },
  serializeState: serializeOperatorChat,
  filterEvents: (s, e) => filterOperatorEvents(s as never, e),
  events: operatorChatSamples,
  outcomes: operatorChatOutcomes,
})
