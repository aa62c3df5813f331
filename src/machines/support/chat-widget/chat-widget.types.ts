// Types of the third-party chat widget (SPEC §4 'Chat widget', §3 'Support chat settings', §2.6).
import type { ChatContent } from '../../../services/api/contract/content'
import type { ChatConfig, ChatEvent, ChatVendorKind, ChatVisitor } from '../../../services/chat/vendors'
import type { ChatLoadResult } from '../../../services/chat/widget'
import type { ConsentCategory } from '../../../shared/consent'

export type { ChatEvent, ChatLoadResult, ChatVendorKind, ChatVisitor }

/** The site config's kinds; `none` and `builtin` (our own chat) load no vendor script. */
export type ChatKind = ChatContent['kind'] | 'builtin'

/** The chat section of the site config (support/getsettings), as the machine reads it. */
export interface ChatWidgetSettings {
  readonly kind: ChatKind
  readonly consentCategory: ConsentCategory
  /** SPEC §9: the fallback delay; missing or invalid is 1000 ms. */
  readonly lazyLoadMs?: number | null
  readonly config: ChatConfig
}

export interface ChatWidgetInput {
  readonly settings: ChatWidgetSettings
  readonly visitor: ChatVisitor
  /** The current route's name, for the badge rule (SPEC §2.6). */
  readonly routeName: string | null
}

export type ChatFailureReason = Exclude<ChatLoadResult, { ok: true }>['reason'] | 'crashed'

export interface ChatFailure {
  readonly reason: ChatFailureReason
  readonly message: string
}

export interface ChatWidgetContext {
  readonly settings: ChatWidgetSettings
  readonly visitor: ChatVisitor
  /** SPEC §2.6 for the current route: hidden on betting and the game pages. */
  readonly badgeVisible: boolean
  /** Why the widget is not there, once it failed (logged too, SPEC §9). */
  readonly failure: ChatFailure | null
}

export type ChatWidgetEvent =
  /** The first scroll, click, mouse move, key press, touch or focus of the page. */
  | { type: 'chat.interaction' }
  /** The browser is idle. */
  | { type: 'chat.idle' }
  /** Login, registration or logout (or new account data): who the visitor is now. */
  | { type: 'auth.changed'; visitor: ChatVisitor }
  | { type: 'route.changed'; routeName: string | null }
  /** New chat settings; they count only until a vendor script has started loading. */
  | { type: 'settings.changed'; settings: ChatWidgetSettings }
  /** From the running widget (chatSession): an event the vendor reported. */
  | { type: 'chat.vendorEvent'; event: ChatEvent }

/** What the view reads (selectChatStatus). */
export type ChatWidgetStatus = 'noVendor' | 'waiting' | 'loading' | 'loaded' | 'failed'

export interface LoadChatInput {
  readonly kind: ChatVendorKind
  readonly config: ChatConfig
  readonly consentCategory: ConsentCategory
  readonly visitor: ChatVisitor
}

export interface ChatSessionInput {
  readonly kind: ChatVendorKind
  readonly config: ChatConfig
  readonly visitor: ChatVisitor
  /** Whether the vendor's own launcher shows on this route (SPEC §2.6); 'launcher.visible' changes it. */
  readonly launcherVisible: boolean
}

/** What the widget tells its running session: the route now shows, or hides, the vendor's launcher. */
export type ChatSessionEvent = { readonly type: 'launcher.visible'; readonly visible: boolean }

export interface ResetChatInput {
  readonly kind: ChatVendorKind
}
