// The chat widget's sample events and answers: its model test walks them, and so does the flows
// registry.
import { defineEntry, delayEvent, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { chatWidgetMachine } from './chat-widget.machine'
import type { ChatLoadResult, ChatVisitor, ChatWidgetContext, ChatWidgetEvent, ChatWidgetInput, ChatWidgetSettings } from './chat-widget.types'

export const VISITOR: ChatVisitor = { uid: 0, name: null, email: null, phone: null, locale: 'en', sessionCookie: null }
export const PLAYER: ChatVisitor = { uid: 7, name: 'Anna', email: 'anna@example.com', phone: '+4915112345678', locale: 'en', sessionCookie: 'sess-7' }
/** The same player with a new first name: told again, no reload. */
export const PLAYER_RENAMED: ChatVisitor = { ...PLAYER, name: 'Anne' }

export const LIVECHAT: ChatWidgetSettings = {
  kind: 'liveChat',
  consentCategory: 'marketing',
  lazyLoadMs: 1000,
  config: { scriptUrl: 'https://cdn.livechatinc.com/tracking.js', license: 12345678 },
}
export const FRESHCHAT: ChatWidgetSettings = {
  kind: 'freshChat',
  consentCategory: 'necessary',
  lazyLoadMs: 250,
  config: { scriptUrl: 'https://wchat.freshchat.com/js/widget.js', token: 'public-token', host: 'https://wchat.freshchat.com' },
}
export const NO_CHAT: ChatWidgetSettings = { kind: 'none', consentCategory: 'necessary', lazyLoadMs: 1000, config: {} }
export const BUILTIN: ChatWidgetSettings = { kind: 'builtin', consentCategory: 'necessary', lazyLoadMs: 1000, config: {} }

export const chatWidgetInput: ChatWidgetInput = { settings: LIVECHAT, visitor: VISITOR, routeName: 'index' }

export const chatWidgetSamples = {
  'chat.interaction': [{ type: 'chat.interaction' }],
  'chat.idle': [{ type: 'chat.idle' }],
  'auth.changed': [
    { type: 'auth.changed', visitor: VISITOR },
    { type: 'auth.changed', visitor: PLAYER },
    { type: 'auth.changed', visitor: PLAYER_RENAMED },
  ],
  'route.changed': [
    { type: 'route.changed', routeName: 'betting' },
    { type: 'route.changed', routeName: 'index' },
  ],
  'settings.changed': [
    { type: 'settings.changed', settings: NO_CHAT },
    { type: 'settings.changed', settings: BUILTIN },
    { type: 'settings.changed', settings: LIVECHAT },
    { type: 'settings.changed', settings: FRESHCHAT },
  ],
  'chat.vendorEvent': [{ type: 'chat.vendorEvent', event: { name: 'widget:opened', data: {} } }],
} satisfies SampleTable<ChatWidgetEvent>

const LOADED = doneEventType(chatWidgetMachine, 'loadChat')
const LOAD_CRASHED = errorEventType(chatWidgetMachine, 'loadChat')
const RESET = doneEventType(chatWidgetMachine, 'resetChat')
const RESET_CRASHED = errorEventType(chatWidgetMachine, 'resetChat')
const SESSION_CRASHED = errorEventType(chatWidgetMachine, 'chatSession')
/** The fallback delay ends with no interaction and no idle moment. */
export const LAZY_LOAD_DUE = delayEvent(chatWidgetMachine, 'lazyLoad').type

export type ChatWidgetOutcome =
  | { type: typeof LOADED; output: ChatLoadResult }
  | { type: typeof LOAD_CRASHED; error: unknown }
  | { type: typeof RESET; output: undefined }
  | { type: typeof RESET_CRASHED; error: unknown }
  | { type: typeof SESSION_CRASHED; error: unknown }
  | { type: typeof LAZY_LOAD_DUE }

const timers: SampleTable<{ type: typeof LAZY_LOAD_DUE }> = { [LAZY_LOAD_DUE]: [{ type: LAZY_LOAD_DUE }] }

export const chatWidgetOutcomes = {
  [LOADED]: [
    { type: LOADED, output: { ok: true } },
    { type: LOADED, output: { ok: false, reason: 'notConfigured', message: 'no scriptUrl' } },
    { type: LOADED, output: { ok: false, reason: 'scriptFailed', message: 'blocked' } },
  ],
  [LOAD_CRASHED]: [{ type: LOAD_CRASHED, error: new Error('prepare threw') }],
  [RESET]: [{ type: RESET, output: undefined }],
  [RESET_CRASHED]: [{ type: RESET_CRASHED, error: new Error('destroy threw') }],
  [SESSION_CRASHED]: [{ type: SESSION_CRASHED, error: new Error('no widget API') }],
  ...timers,
} satisfies SampleTable<ChatWidgetOutcome>

/** The state as the model walks it: which settings, who, the badge and why it failed. */
export function serializeChatWidget(snapshot: unknown): string {
  const { value, context } = snapshot as { value: unknown; context: ChatWidgetContext }
  return JSON.stringify({
    value,
    kind: context.settings.kind,
    visitor: `${context.visitor.uid}:${context.visitor.name ?? ''}`,
    badge: context.badgeVisible,
    failure: context.failure?.reason ?? null,
  })
}

export const chatWidgetEntry = defineEntry<typeof chatWidgetMachine, ChatWidgetOutcome>({
  name: 'chat-widget',
  area: 'support',
  spec: "§4 'Chat widget', §3 'Support chat settings', §2.6, §9",
  description: 'A third-party support chat: loaded after the first interaction, an idle browser or 1 s, under its consent category; reloaded for a new player; badge hidden on betting and game pages',
  machine: chatWidgetMachine,
  input: chatWidgetInput,
  otherInputs: [{ settings: BUILTIN, visitor: PLAYER, routeName: 'betting' }],
  serializeState: serializeChatWidget,
  events: chatWidgetSamples,
  outcomes: chatWidgetOutcomes,
})
