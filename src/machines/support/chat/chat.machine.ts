// The built-in support chat (docs/support-chat.md), a long-lived child of the root actor: the
// unread count on every page from the socket's notices, and, while the panel shows, the
// conversation read, kept in step and marked read. A message is shown at once and sent in order
// with its own key; a refused or lost one stays with "Retry", so nothing typed is lost.
import { and, assign, setup, stateIn } from 'xstate'
import { chatMessageError, normalizeChatMessage } from '../../../shared/support-chat'
import { loadThread, markRead, sendMessage } from './chat.actors'
import { mergeMessages, newestAnswerId, newestId } from './chat.rules'
import type { ChatAlert, ChatContext, ChatEvent, ChatInput, LoadThreadResult, MarkReadResult, SendChatResult } from './chat.types'

export const CHAT_TAGS = {
  /** The conversation is read and shown. */
  shown: 'shown',
  sending: 'sending',
} as const

const FRESH = { messages: [], unread: 0, lastId: 0, readThrough: 0, draft: '', draftError: null, outbox: [], alert: null } as const

type Done<R> = { event: { output: R } }

function alertOf(result: { ok: false; error: { type: string; retryAfterSec: number | null } }): ChatAlert {
  return result.error.type === 'TooManyRequestsException' ? { messageId: 'tooMany', retryAfterSec: result.error.retryAfterSec } : { messageId: 'somethingWrong', retryAfterSec: null }
}

const panelOpen = stateIn({ player: { panel: 'open' } })

export const chatMachine = setup({
  types: {
    input: {} as ChatInput,
    context: {} as ChatContext,
    events: {} as ChatEvent,
    tags: {} as (typeof CHAT_TAGS)[keyof typeof CHAT_TAGS],
    children: {} as { loadThread: 'loadThread'; syncThread: 'loadThread'; sendMessage: 'sendMessage'; markRead: 'markRead' },
  },
  actors: { loadThread, sendMessage, markRead },
  actions: {
    reportError: (_, params: { error: unknown }) => {
      console.error('supportChat:', params.error)
    },
    forget: assign(() => ({ ...FRESH, made: 0 })),
    assignNotice: assign(({ context }, params: { unread: number; lastId: number }) => ({ unread: params.unread, lastId: Math.max(context.lastId, params.lastId) })),
    assignThread: assign(({ context }, params: { result: LoadThreadResult }) => {
      if (!params.result.ok) return {}
      const messages = mergeMessages(context.messages, params.result.messages)
      return { messages, unread: params.result.unread, readThrough: Math.max(context.readThrough, params.result.read_through), lastId: Math.max(context.lastId, newestId(messages)) }
    }),
    assignDraft: assign((_, params: { value: string }) => ({ draft: params.value, draftError: null })),
    refuseDraft: assign(({ context }) => ({ draftError: chatMessageError(context.draft) })),
    /** The typed text goes to the outbox, with the key it keeps through every retry. */
    enqueueDraft: assign(({ context }) => ({
      outbox: [...context.outbox, { key: `${context.keyPrefix}-${context.made + 1}`, body: normalizeChatMessage(context.draft), failed: false }],
      made: context.made + 1,
      draft: '',
      draftError: null,
    })),
    settleFirst: assign(({ context }, params: { result: SendChatResult }) => {
      if (!params.result.ok) return {}
      const messages = mergeMessages(context.messages, [params.result.message])
      // The player's own message: everything before it counts as read on the server too.
      return { messages, outbox: context.outbox.slice(1), lastId: Math.max(context.lastId, params.result.message.id) }
    }),
    /** Refused for its text (another rule on the server): back in the box it was typed in, with why. */
    returnFirstToDraft: assign(({ context }, params: { result: SendChatResult }) => {
      const first = context.outbox[0]
      const rule = !params.result.ok ? params.result.error.invalidParameters?.['body']?.[0] : undefined
      const draft = first ? (context.draft ? `${first.body}\n${context.draft}` : first.body) : context.draft
      return { outbox: context.outbox.slice(1), draft, draftError: { rule: rule ?? 'required', messageId: rule === 'maxLength' ? 'maxLength' : 'required' } as ChatContext['draftError'] }
    }),
    failOutbox: assign(({ context }, params: { alert: ChatAlert }) => ({ outbox: context.outbox.map((m) => ({ ...m, failed: true })), alert: params.alert })),
    unfailOutbox: assign(({ context }) => ({ outbox: context.outbox.map((m) => ({ ...m, failed: false })), alert: null })),
    assignRead: assign(({ context }, params: { result: MarkReadResult; through: number }) => (params.result.ok ? { unread: params.result.unread, readThrough: Math.max(context.readThrough, params.through) } : {})),
    /** Marked before the call answers, so a failed mark is not tried again at once; the next notice tries. */
    assumeRead: assign(({ context }) => ({ readThrough: Math.max(context.readThrough, newestAnswerId(context.messages)) })),
  },
  guards: {
    startedAsPlayer: ({ context }) => context.startedAsPlayer,
    loggedIn: (_, params: { loggedIn: boolean }) => params.loggedIn,
    loggedOut: (_, params: { loggedIn: boolean }) => !params.loggedIn,
    draftValid: ({ context }) => chatMessageError(context.draft) === null,
    ok: (_, params: { result: { ok: boolean } }) => params.result.ok,
    bodyRefused: (_, params: { result: SendChatResult }) => !params.result.ok && params.result.error.type === 'InvalidParameterException' && !!params.result.error.invalidParameters?.['body'],
    hasOutbox: ({ context }) => context.outbox.length > 0,
    /** The server has told of messages the panel does not show yet. */
    behind: ({ context }) => context.lastId > newestId(context.messages),
    /** The panel shows answers the server does not know were read. */
    unreadShown: ({ context }) => newestAnswerId(context.messages) > context.readThrough,
  },
}).createMachine({
  id: 'supportChat',
  context: ({ input }) => ({ ...FRESH, startedAsPlayer: input.loggedIn, keyPrefix: input.keyPrefix, made: 0 }),
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'startedAsPlayer', target: 'player' }, { target: 'visitor' }] },
    visitor: {
      on: { 'session.change': { guard: { type: 'loggedIn', params: ({ event }) => ({ loggedIn: event.loggedIn }) }, target: 'player' } },
    },
    player: {
      type: 'parallel',
      // Another player's conversation must never show: logging out forgets it all.
      on: {
        'session.change': { guard: { type: 'loggedOut', params: ({ event }) => ({ loggedIn: event.loggedIn }) }, target: 'visitor', actions: 'forget' },
        'support.notice': { actions: { type: 'assignNotice', params: ({ event }) => ({ unread: event.unread, lastId: event.lastId }) } },
      },
      states: {
        panel: {
          initial: 'closed',
          states: {
            closed: { on: { 'chat.open': 'open' } },
            open: { on: { 'chat.close': 'closed' } },
          },
        },
        thread: {
          initial: 'unread',
          states: {
            // Not read yet: only the socket's count is known. The panel's first showing reads it.
            unread: { on: { 'chat.open': 'loading' } },
            loading: {
              invoke: {
                id: 'loadThread',
                src: 'loadThread',
                input: { after: null },
                onDone: [
                  { guard: { type: 'ok', params: ({ event }) => ({ result: event.output }) }, target: 'ready', actions: { type: 'assignThread', params: ({ event }: Done<LoadThreadResult>) => ({ result: event.output }) } },
                  { target: 'unavailable' },
                ],
                onError: { target: 'unavailable', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            unavailable: { on: { 'chat.retry': 'loading' } },
            ready: {
              tags: CHAT_TAGS.shown,
              always: [
                { guard: and(['behind', panelOpen]), target: 'syncing' },
                { guard: and(['unreadShown', panelOpen]), target: 'reading', actions: 'assumeRead' },
              ],
            },
            syncing: {
              tags: CHAT_TAGS.shown,
              invoke: {
                id: 'syncThread',
                src: 'loadThread',
                input: ({ context }) => ({ after: newestId(context.messages) }),
                onDone: [
                  { guard: { type: 'ok', params: ({ event }) => ({ result: event.output }) }, target: 'ready', actions: { type: 'assignThread', params: ({ event }: Done<LoadThreadResult>) => ({ result: event.output }) } },
                  // The next notice or showing tries again; what is shown stays.
                  { target: 'stale' },
                ],
                onError: { target: 'stale', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            stale: { tags: CHAT_TAGS.shown, on: { 'support.notice': 'ready', 'chat.open': 'ready', 'chat.retry': 'syncing' } },
            reading: {
              tags: CHAT_TAGS.shown,
              invoke: {
                id: 'markRead',
                src: 'markRead',
                input: ({ context }) => ({ through: context.readThrough }),
                onDone: { target: 'ready', actions: { type: 'assignRead', params: ({ event, context }) => ({ result: event.output, through: context.readThrough }) } },
                onError: { target: 'ready', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
        outbox: {
          initial: 'idle',
          on: {
            'chat.draft.change': { actions: { type: 'assignDraft', params: ({ event }) => ({ value: event.value }) } },
          },
          states: {
            idle: {
              on: { 'chat.send': [{ guard: 'draftValid', target: 'sending', actions: 'enqueueDraft' }, { actions: 'refuseDraft' }] },
            },
            sending: {
              tags: CHAT_TAGS.sending,
              // Messages typed while one is on its way wait their turn; they show at once.
              on: { 'chat.send': [{ guard: 'draftValid', actions: 'enqueueDraft' }, { actions: 'refuseDraft' }] },
              invoke: {
                id: 'sendMessage',
                src: 'sendMessage',
                input: ({ context }) => ({ key: context.outbox[0]!.key, body: context.outbox[0]!.body }),
                onDone: [
                  { guard: { type: 'ok', params: ({ event }) => ({ result: event.output }) }, target: 'next', actions: { type: 'settleFirst', params: ({ event }: Done<SendChatResult>) => ({ result: event.output }) } },
                  { guard: { type: 'bodyRefused', params: ({ event }) => ({ result: event.output }) }, target: 'next', actions: { type: 'returnFirstToDraft', params: ({ event }: Done<SendChatResult>) => ({ result: event.output }) } },
                  {
                    target: 'failed',
                    actions: { type: 'failOutbox', params: ({ event }: Done<SendChatResult>) => ({ alert: event.output.ok ? { messageId: 'somethingWrong' as const, retryAfterSec: null } : alertOf(event.output) }) },
                  },
                ],
                onError: {
                  target: 'failed',
                  actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'failOutbox', params: { alert: { messageId: 'somethingWrong', retryAfterSec: null } } }],
                },
              },
            },
            next: { always: [{ guard: 'hasOutbox', target: 'sending' }, { target: 'idle' }] },
            // Shown with "Retry"; a new message waits behind them, and Retry sends them all in order.
            failed: {
              on: {
                'chat.retry': { target: 'sending', actions: 'unfailOutbox' },
                'chat.send': [{ guard: 'draftValid', actions: 'enqueueDraft' }, { actions: 'refuseDraft' }],
              },
            },
          },
        },
      },
    },
  },
})

export type ChatMachine = typeof chatMachine
