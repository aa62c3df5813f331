// A third-party support chat on the page (SPEC §4 'Chat widget', §3 'Support chat settings', §2.6
// badge, §9 lazy-load fallback and "chat init failures are only logged"; docs/chat-vendors.md).
// The vendor script costs the first paint, so `waiting` holds it back until the first interaction,
// an idle browser or the fallback delay. `loading` may last: the script loader keeps it pending
// until the chat's consent category is granted. A new player (login, registration, logout) gets a
// fresh widget: `resetting` takes the old one down and `loading` starts it again, so no
// conversation outlives the session it belongs to. None and our own chat rest in `noVendor`.
import { assign, sendTo, setup } from 'xstate'
import { isChatBadgeVisible } from '../../../shared/route-names'
import { chatSession, loadChat, resetChat, watchInteraction } from './chat-widget.actors'
import { hasVendorScript, isPlayer, lazyLoadDelayMs, sameVisitor, vendorKindOf } from './chat-widget.rules'
import type { ChatEvent, ChatFailure, ChatLoadResult, ChatVisitor, ChatWidgetContext, ChatWidgetEvent, ChatWidgetInput, ChatWidgetSettings } from './chat-widget.types'

const failureOf = (result: ChatLoadResult): ChatFailure =>
  result.ok ? { reason: 'crashed', message: 'chatWidgetMachine: a loaded chat read as a failure' } : { reason: result.reason, message: result.message }

const crashed = (error: unknown): ChatFailure => ({ reason: 'crashed', message: error instanceof Error ? error.message : String(error) })

const chatWidgetSetup = setup({
  types: {
    input: {} as ChatWidgetInput,
    context: {} as ChatWidgetContext,
    events: {} as ChatWidgetEvent,
    children: {} as { watchInteraction: 'watchInteraction'; loadChat: 'loadChat'; resetChat: 'resetChat'; chatSession: 'chatSession' },
  },
  actors: { watchInteraction, loadChat, resetChat, chatSession },
  delays: { lazyLoad: ({ context }) => lazyLoadDelayMs(context.settings) },
  actions: {
    /** POST chat/FreshChat.storeChatEvent (SPEC §7, a player only). The app provides it. */
    storeChatEvent: (_, params: { event: ChatEvent }) => {
      throw new Error(`chatWidgetMachine: action "storeChatEvent" not provided (${params.event.name})`)
    },
    // SPEC §9: a chat that does not start is logged, never shown.
    reportFailure: (_, params: { failure: ChatFailure }) => {
      console.error(`chatWidgetMachine: ${params.failure.reason}: ${params.failure.message}`)
    },
    assignFailure: assign((_, params: { failure: ChatFailure }) => ({ failure: params.failure })),
    assignVisitor: assign((_, params: { visitor: ChatVisitor }) => ({ visitor: params.visitor })),
    assignSettings: assign((_, params: { settings: ChatWidgetSettings }) => ({ settings: params.settings })),
    assignRoute: assign((_, params: { routeName: string | null }) => ({ badgeVisible: isChatBadgeVisible(params.routeName) })),
    // SPEC §2.6: the vendor's own launcher follows the badge.
    tellLauncher: sendTo('chatSession', (_, params: { routeName: string | null }) => ({ type: 'launcher.visible' as const, visible: isChatBadgeVisible(params.routeName) })),
  },
  guards: {
    hasVendor: ({ context }) => hasVendorScript(context.settings.kind),
    loaded: (_, params: { result: ChatLoadResult }) => params.result.ok,
    newPlayer: ({ context }, params: { visitor: ChatVisitor }) => params.visitor.uid !== context.visitor.uid,
    visitorChanged: ({ context }, params: { visitor: ChatVisitor }) => !sameVisitor(context.visitor, params.visitor),
    isPlayer: ({ context }) => isPlayer(context.visitor),
  },
})

type AuthChanged = { event: Extract<ChatWidgetEvent, { type: 'auth.changed' }> }
const visitorOf = ({ event }: AuthChanged) => ({ visitor: event.visitor })
const assignVisitor = { type: 'assignVisitor', params: visitorOf } as const
const changeSettings = {
  target: 'deciding',
  actions: { type: 'assignSettings', params: ({ event }: { event: Extract<ChatWidgetEvent, { type: 'settings.changed' }> }) => ({ settings: event.settings }) },
} as const
const onCrash = {
  target: 'failed',
  actions: [
    { type: 'assignFailure', params: ({ event }: { event: { error: unknown } }) => ({ failure: crashed(event.error) }) },
    { type: 'reportFailure', params: ({ event }: { event: { error: unknown } }) => ({ failure: crashed(event.error) }) },
  ],
} as const

export const chatWidgetMachine = chatWidgetSetup.createMachine({
  id: 'chatWidget',
  context: ({ input }) => ({ settings: input.settings, visitor: input.visitor, badgeVisible: isChatBadgeVisible(input.routeName), failure: null }),
  initial: 'deciding',
  // Wherever the chart has nothing more to do with them: the badge follows the route, and the
  // next widget started gets the visitor.
  on: {
    'route.changed': { actions: { type: 'assignRoute', params: ({ event }) => ({ routeName: event.routeName }) } },
    'auth.changed': { actions: assignVisitor },
  },
  states: {
    deciding: { always: [{ guard: 'hasVendor', target: 'waiting' }, { target: 'noVendor' }] },
    // No vendor script, ever, unless new settings name one.
    noVendor: { on: { 'settings.changed': changeSettings } },
    waiting: {
      invoke: { id: 'watchInteraction', src: 'watchInteraction' },
      after: { lazyLoad: 'loading' },
      on: { 'chat.interaction': 'loading', 'chat.idle': 'loading', 'settings.changed': changeSettings },
    },
    loading: {
      invoke: {
        id: 'loadChat',
        src: 'loadChat',
        input: ({ context }) => ({ kind: vendorKindOf(context.settings), config: context.settings.config, consentCategory: context.settings.consentCategory, visitor: context.visitor }),
        onDone: [
          { guard: { type: 'loaded', params: ({ event }) => ({ result: event.output }) }, target: 'loaded' },
          {
            target: 'failed',
            actions: [
              { type: 'assignFailure', params: ({ event }) => ({ failure: failureOf(event.output) }) },
              { type: 'reportFailure', params: ({ event }) => ({ failure: failureOf(event.output) }) },
            ],
          },
        ],
        onError: onCrash,
      },
      // Prepared again for the new visitor: the script is most likely still waiting (for consent),
      // and the loader never inserts it twice.
      on: { 'auth.changed': { guard: { type: 'visitorChanged', params: visitorOf }, target: 'loading', reenter: true, actions: assignVisitor } },
    },
    loaded: {
      invoke: {
        id: 'chatSession',
        src: 'chatSession',
        input: ({ context }) => ({ kind: vendorKindOf(context.settings), config: context.settings.config, visitor: context.visitor, launcherVisible: context.badgeVisible }),
        onError: onCrash,
      },
      on: {
        'route.changed': {
          actions: [
            { type: 'assignRoute', params: ({ event }) => ({ routeName: event.routeName }) },
            { type: 'tellLauncher', params: ({ event }) => ({ routeName: event.routeName }) },
          ],
        },
        'auth.changed': [
          { guard: { type: 'newPlayer', params: visitorOf }, target: 'resetting', actions: assignVisitor },
          // The same player with new details: told again, no reload.
          { guard: { type: 'visitorChanged', params: visitorOf }, target: 'loaded', reenter: true, actions: assignVisitor },
        ],
        'chat.vendorEvent': { guard: 'isPlayer', actions: { type: 'storeChatEvent', params: ({ event }) => ({ event: event.event }) } },
      },
    },
    resetting: {
      invoke: { id: 'resetChat', src: 'resetChat', input: ({ context }) => ({ kind: vendorKindOf(context.settings) }), onDone: 'loading', onError: onCrash },
    },
    // For the rest of the page; the next page tries again.
    failed: {},
  },
})

export type ChatWidgetMachine = typeof chatWidgetMachine
