// The operators' support chat page (/operator/chat, docs/support-chat.md): unlocked with the
// operator token, it keeps the conversations list and the open conversation fresh (read every few
// seconds), marks what it shows as read, and sends answers with their own key, a failed one kept
// with Retry. A refused token locks the page again.
import { and, assign, not, or, setup, stateIn } from 'xstate'
import { chatMessageError, normalizeChatMessage } from '../../../shared/support-chat'
import { mergeMessages } from '../chat/chat.rules'
import { answer, listChats, loadConversation } from './operator-chat.actors'
import type { AnswerResult, ListChatsResult, LoadConversationResult, OperatorAlertId, OperatorChatContext, OperatorChatEvent, OperatorChatInput } from './operator-chat.types'

/** How often the list and the open conversation are read again. */
export const OPERATOR_REFRESH_MS = 3000

type Result = { ok: boolean; error?: { type: string; invalidParameters?: Record<string, readonly string[]> | null } }
/** An answer goes to the conversation on screen, never to one still loading. */
const conversationShown = or([stateIn({ open: { conversation: 'shown' } }), stateIn({ open: { conversation: 'syncing' } })])
const refused = (r: Result) => !r.ok && (r.error?.type === 'AccessDeniedException' || r.error?.type === 'AuthorizationException')
type Done<R> = { event: { output: R } }

export const operatorChatMachine = setup({
  types: {
    input: {} as OperatorChatInput,
    context: {} as OperatorChatContext,
    events: {} as OperatorChatEvent,
    children: {} as { listChats: 'listChats'; refreshChats: 'listChats'; loadConversation: 'loadConversation'; syncConversation: 'loadConversation'; answer: 'answer' },
  },
  actors: { listChats, loadConversation, answer },
  delays: { refresh: OPERATOR_REFRESH_MS },
  actions: {
    reportError: (_, params: { error: unknown }) => {
      console.error('operatorChat:', params.error)
    },
    assignTokenDraft: assign((_, params: { value: string }) => ({ tokenDraft: params.value, alert: null })),
    takeToken: assign(({ context }) => ({ token: context.tokenDraft.trim(), tokenDraft: '' })),
    lock: assign(({ context }, params: { alert: OperatorAlertId | null }) => ({ token: null, chats: [], totalUnread: 0, selected: null, login: '', messages: [], outgoing: null, alert: params.alert, draft: context.draft })),
    assignAlert: assign((_, params: { alert: OperatorAlertId | null }) => ({ alert: params.alert })),
    assignChats: assign((_, params: { result: ListChatsResult }) => (params.result.ok ? { chats: params.result.items, totalUnread: params.result.unread } : {})),
    select: assign(({ context }, params: { playerId: number }) => (params.playerId === context.selected ? {} : { selected: params.playerId, login: '', messages: [], draft: '', draftError: null, outgoing: null, alert: null })),
    assignConversation: assign(({ context }, params: { result: LoadConversationResult }) =>
      params.result.ok
        ? {
            login: params.result.login,
            messages: mergeMessages(context.messages, params.result.messages),
            // Showing it read it: the counts say so before the next list does.
            chats: context.chats.map((c) => (c.player_id === context.selected ? { ...c, unread: 0 } : c)),
            totalUnread: Math.max(0, context.totalUnread - (context.chats.find((c) => c.player_id === context.selected)?.unread ?? 0)),
          }
        : {},
    ),
    assignDraft: assign((_, params: { value: string }) => ({ draft: params.value, draftError: null })),
    refuseDraft: assign(({ context }) => ({ draftError: chatMessageError(context.draft) })),
    takeDraft: assign(({ context }) => ({ outgoing: { key: `${context.keyPrefix}-${context.made + 1}`, body: normalizeChatMessage(context.draft) }, made: context.made + 1, draft: '', draftError: null, alert: null })),
    settleAnswer: assign(({ context }, params: { result: AnswerResult }) => (params.result.ok ? { outgoing: null, messages: mergeMessages(context.messages, [params.result.message]) } : {})),
  },
  guards: {
    tokenTyped: ({ context }) => context.tokenDraft.trim() !== '',
    ok: (_, params: { result: Result }) => params.result.ok,
    refused: (_, params: { result: Result }) => refused(params.result),
    unknownPlayer: (_, params: { result: Result }) => !params.result.ok && !!params.result.error?.invalidParameters?.['player_id'],
    draftValid: ({ context }) => chatMessageError(context.draft) === null,
  },
}).createMachine({
  id: 'operatorChat',
  context: ({ input }) => ({
    token: null,
    tokenDraft: '',
    chats: [],
    totalUnread: 0,
    selected: null,
    login: '',
    messages: [],
    draft: '',
    draftError: null,
    outgoing: null,
    made: 0,
    keyPrefix: input.keyPrefix,
    alert: null,
  }),
  // The token is typed on every visit: it is never stored in the browser.
  initial: 'locked',
  states: {
    locked: {
      on: {
        'op.token.change': { actions: { type: 'assignTokenDraft', params: ({ event }) => ({ value: event.value }) } },
        'op.unlock': { guard: 'tokenTyped', target: 'checking', actions: 'takeToken' },
      },
    },
    checking: {
      invoke: {
        id: 'listChats',
        src: 'listChats',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          { guard: { type: 'ok', params: ({ event }) => ({ result: event.output }) }, target: 'open', actions: { type: 'assignChats', params: ({ event }: Done<ListChatsResult>) => ({ result: event.output }) } },
          { guard: { type: 'refused', params: ({ event }) => ({ result: event.output }) }, target: 'locked', actions: { type: 'lock', params: { alert: 'badToken' } } },
          { target: 'locked', actions: { type: 'lock', params: { alert: 'unavailable' } } },
        ],
        onError: { target: 'locked', actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'lock', params: { alert: 'unavailable' } }] },
      },
    },
    open: {
      type: 'parallel',
      on: { 'op.lock': { target: 'locked', actions: { type: 'lock', params: { alert: null } } } },
      states: {
        list: {
          initial: 'waiting',
          states: {
            waiting: { after: { refresh: 'refreshing' } },
            refreshing: {
              invoke: {
                id: 'refreshChats',
                src: 'listChats',
                input: ({ context }) => ({ token: context.token ?? '' }),
                onDone: [
                  { guard: { type: 'refused', params: ({ event }) => ({ result: event.output }) }, target: '#operatorChat.locked', actions: { type: 'lock', params: { alert: 'badToken' } } },
                  // A missed refresh is made up by the next one.
                  { target: 'waiting', actions: { type: 'assignChats', params: ({ event }: Done<ListChatsResult>) => ({ result: event.output }) } },
                ],
                onError: { target: 'waiting', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
        conversation: {
          initial: 'none',
          // Not while an answer is on its way or failed: it must reach the player it was written to.
          on: { 'op.select': { guard: not(stateIn({ open: { reply: 'sending' } })), target: '.loading', actions: { type: 'select', params: ({ event }) => ({ playerId: event.playerId }) } } },
          states: {
            none: {},
            loading: {
              invoke: {
                id: 'loadConversation',
                src: 'loadConversation',
                input: ({ context }) => ({ token: context.token ?? '', playerId: context.selected ?? 0 }),
                onDone: [
                  { guard: { type: 'ok', params: ({ event }) => ({ result: event.output }) }, target: 'shown', actions: { type: 'assignConversation', params: ({ event }: Done<LoadConversationResult>) => ({ result: event.output }) } },
                  { guard: { type: 'refused', params: ({ event }) => ({ result: event.output }) }, target: '#operatorChat.locked', actions: { type: 'lock', params: { alert: 'badToken' } } },
                  { guard: { type: 'unknownPlayer', params: ({ event }) => ({ result: event.output }) }, target: 'none', actions: { type: 'assignAlert', params: { alert: 'unknownPlayer' } } },
                  { target: 'failed' },
                ],
                onError: { target: 'failed', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            failed: { on: { 'op.retry': 'loading' } },
            shown: { after: { refresh: 'syncing' } },
            syncing: {
              invoke: {
                id: 'syncConversation',
                src: 'loadConversation',
                input: ({ context }) => ({ token: context.token ?? '', playerId: context.selected ?? 0 }),
                onDone: [
                  { guard: { type: 'refused', params: ({ event }) => ({ result: event.output }) }, target: '#operatorChat.locked', actions: { type: 'lock', params: { alert: 'badToken' } } },
                  { target: 'shown', actions: { type: 'assignConversation', params: ({ event }: Done<LoadConversationResult>) => ({ result: event.output }) } },
                ],
                onError: { target: 'shown', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
        reply: {
          initial: 'idle',
          on: { 'op.draft.change': { actions: { type: 'assignDraft', params: ({ event }) => ({ value: event.value }) } } },
          states: {
            idle: {
              on: { 'op.send': [{ guard: and(['draftValid', conversationShown]), target: 'sending', actions: 'takeDraft' }, { guard: conversationShown, actions: 'refuseDraft' }] },
            },
            sending: {
              invoke: {
                id: 'answer',
                src: 'answer',
                input: ({ context }) => ({ token: context.token ?? '', playerId: context.selected ?? 0, key: context.outgoing?.key ?? '', body: context.outgoing?.body ?? '' }),
                onDone: [
                  { guard: { type: 'ok', params: ({ event }) => ({ result: event.output }) }, target: 'idle', actions: { type: 'settleAnswer', params: ({ event }: Done<AnswerResult>) => ({ result: event.output }) } },
                  { guard: { type: 'refused', params: ({ event }) => ({ result: event.output }) }, target: '#operatorChat.locked', actions: { type: 'lock', params: { alert: 'badToken' } } },
                  { target: 'failed', actions: { type: 'assignAlert', params: { alert: 'notSent' } } },
                ],
                onError: { target: 'failed', actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignAlert', params: { alert: 'notSent' } }] },
              },
            },
            // The answer stays on screen with Retry (same key: never kept twice).
            failed: { on: { 'op.retry': { target: 'sending', actions: { type: 'assignAlert', params: { alert: null } } } } },
          },
        },
      },
    },
  },
})

export type OperatorChatMachine = typeof operatorChatMachine
