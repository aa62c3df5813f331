// The support chat's sample events and answers: its model test walks them, and so does the flows
// registry.
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { chatMachine } from './chat.machine'
import type { ChatContext, ChatEvent, ChatMessage, LoadThreadResult, MarkReadResult, SendChatResult } from './chat.types'
import type { DetailedFailure } from '../../api-result'
import type { ErrorType } from '../../../shared/errors'

export const QUESTION = 'Where is my withdrawal?'
const at = '2026-11-29T10:00:00.000Z'
export const asked: ChatMessage = { id: 1, author: 'player', body: QUESTION, created_at: at }
export const answered: ChatMessage = { id: 2, author: 'operator', body: 'It is on its way.', created_at: at }
export const thanked: ChatMessage = { id: 3, author: 'player', body: 'Thanks', created_at: at }

/** A refusal as the chat's actors answer it. */
export const refusal = (type: ErrorType, code: string | null, extra: Partial<DetailedFailure> = {}) =>
  ({ ok: false as const, error: { type, code, resendTime: null, retryAfterSec: null, invalidParameters: null, errorData: null, ...extra } })
export const unavailable = refusal('ApplicationUnavailableException', null)
export const throttled = refusal('TooManyRequestsException', 'chat_too_many_messages', { retryAfterSec: 30 })
export const tooLong = refusal('InvalidParameterException', 'invalid_parameters', { invalidParameters: { body: ['maxLength'] } })

export const chatSamples = {
  'session.change': [
    { type: 'session.change', loggedIn: true },
    { type: 'session.change', loggedIn: false },
  ],
  'support.notice': [{ type: 'support.notice', unread: 1, lastId: 2 }],
  'chat.open': [{ type: 'chat.open' }],
  'chat.close': [{ type: 'chat.close' }],
  // One message: an empty box sent is the refusal (blank and control-only texts: the rules' own tests).
  'chat.draft.change': [{ type: 'chat.draft.change', value: QUESTION }],
  // Two messages waiting show the queue; more would only repeat it (and the graph would never end).
  'chat.send': (s: { context: ChatContext }) => (s.context.outbox.length < 2 ? [{ type: 'chat.send' as const }] : []),
  'chat.retry': [{ type: 'chat.retry' }],
} satisfies SampleTable<ChatEvent>

const LOADED = doneEventType(chatMachine, 'loadThread')
const LOAD_CRASHED = errorEventType(chatMachine, 'loadThread')
const SYNCED = doneEventType(chatMachine, 'syncThread')
const SYNC_CRASHED = errorEventType(chatMachine, 'syncThread')
const SENT = doneEventType(chatMachine, 'sendMessage')
const SEND_CRASHED = errorEventType(chatMachine, 'sendMessage')
const READ = doneEventType(chatMachine, 'markRead')
const READ_CRASHED = errorEventType(chatMachine, 'markRead')

export type ChatOutcome =
  | { type: typeof LOADED; output: LoadThreadResult }
  | { type: typeof LOAD_CRASHED; error: unknown }
  | { type: typeof SYNCED; output: LoadThreadResult }
  | { type: typeof SYNC_CRASHED; error: unknown }
  | { type: typeof SENT; output: SendChatResult }
  | { type: typeof SEND_CRASHED; error: unknown }
  | { type: typeof READ; output: MarkReadResult }
  | { type: typeof READ_CRASHED; error: unknown }

const thread = (messages: ChatMessage[], unread: number, readThrough: number): LoadThreadResult => ({ ok: true, messages, unread, read_through: readThrough })

export const chatOutcomes = {
  [LOADED]: [
    { type: LOADED, output: thread([], 0, 0) },
    { type: LOADED, output: thread([asked, answered], 1, 1) },
    { type: LOADED, output: unavailable },
  ],
  [LOAD_CRASHED]: [{ type: LOAD_CRASHED, error: 'bug' }],
  [SYNCED]: [
    { type: SYNCED, output: thread([answered], 1, 1) },
    { type: SYNCED, output: unavailable },
  ],
  [SYNC_CRASHED]: [{ type: SYNC_CRASHED, error: 'bug' }],
  [SENT]: [
    { type: SENT, output: { ok: true, message: asked } },
    { type: SENT, output: throttled },
    { type: SENT, output: tooLong },
    { type: SENT, output: unavailable },
  ],
  [SEND_CRASHED]: [{ type: SEND_CRASHED, error: 'bug' }],
  [READ]: [{ type: READ, output: { ok: true, unread: 0 } }],
  [READ_CRASHED]: [{ type: READ_CRASHED, error: 'bug' }],
} satisfies SampleTable<ChatOutcome>

/** The state as the model walks it: counts and ids, never the text. */
export function serializeChat(snapshot: unknown): string {
  const { value, context } = snapshot as { value: unknown; context: ChatContext }
  return JSON.stringify({
    value,
    messages: context.messages.map((m) => m.id),
    unread: context.unread,
    lastId: context.lastId,
    readThrough: context.readThrough,
    draft: context.draft === '' ? 'empty' : context.draft.trim().length > 3 ? 'text' : 'blank',
    draftError: context.draftError?.rule ?? null,
    outbox: context.outbox.map((m) => (m.failed ? 'failed' : 'waiting')),
    alert: context.alert?.messageId ?? null,
  })
}

const INVOKED = ['loadThread', 'syncThread', 'sendMessage', 'markRead'] as const

/** Answers only while their call runs; logins and logouts only when they change something. */
export function filterChatEvents(snapshot: { matches: (v: never) => boolean; children: Record<string, unknown> }, event: { type: string }): boolean {
  if (event.type in chatOutcomes) return INVOKED.some((id) => event.type.endsWith(`.${id}`) && snapshot.children[id] !== undefined)
  if (event.type === 'session.change') return (event as { loggedIn?: boolean }).loggedIn !== snapshot.matches('player' as never)
  return true
}

export const supportChatEntry = defineEntry<typeof chatMachine, ChatOutcome>({
  name: 'support-chat',
  area: 'support',
  spec: '§2.6, §4 Chat widget, §7 Support (built-in chat: docs/support-chat.md)',
  description: 'The built-in support chat: the unread count from the socket on every page; the panel reads the conversation, keeps it in step and marks it read; messages show at once and are sent in order, a failed one kept with Retry',
  machine: chatMachine,
  input: { loggedIn: true, keyPrefix: 'sample-page' },
  serializeState: serializeChat,
  filterEvents: (s, e) => filterChatEvents(s as never, e),
  // Three regions side by side (panel, conversation, outbox) multiply: a few thousand states.
  graphLimit: 100_000,
  events: chatSamples,
  outcomes: chatOutcomes,
})
