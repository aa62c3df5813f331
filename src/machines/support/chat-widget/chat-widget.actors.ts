// Default actors of the chat widget: the browser's, calling src/services/chat. Tests swap them
// with `chatWidgetMachine.provide({ actors })`. The root actor runs the widget in the browser only.
// The vendors' code is loaded on first use: a site with our own chat never downloads it.
import { fromCallback, fromPromise, type EventObject } from 'xstate'
import type { ChatLoadResult } from '../../../services/chat/widget'
import { browserApiClient } from '../../../services/api/browser-client'
import type { ChatEvent, ChatSessionEvent, ChatSessionInput, ChatVisitor, ChatWidgetEvent, LoadChatInput, ResetChatInput } from './chat-widget.types'

/** SPEC §4: what counts as the first interaction. */
export const CHAT_INTERACTION_EVENTS = ['scroll', 'click', 'mousemove', 'keydown', 'touchstart', 'focus'] as const

/** Sends 'chat.interaction' on the page's first interaction and 'chat.idle' when the browser is idle. */
export const watchInteraction = fromCallback<EventObject>(({ sendBack }) => {
  if (typeof window === 'undefined') return undefined
  const send = (event: ChatWidgetEvent) => sendBack(event)
  const onInteraction = () => send({ type: 'chat.interaction' })
  // Capture: scroll and focus do not bubble, and a page may stop propagation.
  for (const name of CHAT_INTERACTION_EVENTS) window.addEventListener(name, onInteraction, { capture: true, passive: true })
  const idle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(() => send({ type: 'chat.idle' })) : undefined
  return () => {
    for (const name of CHAT_INTERACTION_EVENTS) window.removeEventListener(name, onInteraction, { capture: true })
    if (idle !== undefined) window.cancelIdleCallback(idle)
  }
})

/** Prepares the vendor's globals and loads its script under the chat's consent category. */
const vendors = async () => (await import('../../../services/chat/widget')).pageChatVendors()

export const loadChat = fromPromise<ChatLoadResult, LoadChatInput>(async ({ input }) => (await vendors()).load(input))

/** Takes the vendor's widget down before the reload after login or logout. */
export const resetChat = fromPromise<void, ResetChatInput>(async ({ input }) => (await vendors()).reset(input.kind))

/**
 * The loaded widget, for as long as it is shown: identifies the visitor, shows or hides the
 * vendor's launcher as the route asks ('launcher.visible'), and sends back 'chat.vendorEvent' for
 * what the vendor reports (a player's freshChat events).
 */
export const chatSession = fromCallback<EventObject, ChatSessionInput>(({ input, sendBack, receive }) => {
  let stop: (() => void) | null = null
  let stopped = false
  let visible = input.launcherVisible
  let page: Awaited<ReturnType<typeof vendors>> | null = null
  receive((event) => {
    if (!isLauncherEvent(event)) return
    visible = event.visible
    page?.showLauncher(input, visible)
  })
  vendors()
    .then((loaded) => {
      if (stopped) return
      page = loaded
      page.showLauncher(input, visible)
      stop = page.start(input, { storeEvent: (event) => sendBack({ type: 'chat.vendorEvent', event } satisfies ChatWidgetEvent) })
    })
    .catch((error: unknown) => console.error('chat widget:', error))
  return () => {
    stopped = true
    stop?.()
    // A widget taken down leaves no rule behind for the next one.
    page?.showLauncher(input, true)
  }
})

function isLauncherEvent(event: EventObject): event is ChatSessionEvent {
  return event.type === 'launcher.visible' && typeof (event as Partial<ChatSessionEvent>).visible === 'boolean'
}

/** POST chat/FreshChat.storeChatEvent (SPEC §7): a vendor's event for the player's record; a failure is only logged (SPEC §9). */
export function storeVendorEvent(event: ChatEvent): void {
  import('../../../services/api/contract/chat')
    .then(({ storeChatEvent }) => browserApiClient().call(storeChatEvent, { name: event.name, data: { ...event.data } }))
    .catch((error: unknown) => console.error('chat widget: storing an event failed', error))
}

/** Who the vendor's widget is told the visitor is (SPEC §3 'Support chat settings'): what the account says. */
export function chatVisitorOf(account: { uid: number; login: string; fakename: string | null }, locale: string): ChatVisitor {
  const player = account.uid > 0
  const login = player ? account.login : ''
  return {
    uid: player ? account.uid : 0,
    name: player ? account.fakename : null,
    email: login.includes('@') ? login : null,
    phone: /^\+?\d{6,15}$/.test(login) ? login : null,
    locale,
    // Our session cookie is httpOnly: no page script, vendor or ours, may read it.
    sessionCookie: null,
  }
}
