/**
 * A page's third-party chat: the adapter of vendors.ts for the configured kind, its script through
 * the consent-gated script loader, and the reload after login or logout. The chat-widget machine
 * (src/machines/support/chat-widget) decides when; this module does it.
 */
import type { ConsentCategory } from '../../shared/consent'
import { pageScripts, type ScriptLoader } from '../analytics/script-loader'
import { createLauncherHider, type LauncherHider } from './launcher'
import { CHAT_VENDORS, type ChatConfig, type ChatHooks, type ChatVendorAdapter, type ChatVendorKind, type ChatVisitor, type ChatWindow } from './vendors'

export interface ChatLoadRequest {
  readonly kind: ChatVendorKind
  readonly config: ChatConfig
  /** The chat section's consent category: the script waits until the visitor grants it. */
  readonly consentCategory: ConsentCategory
  readonly visitor: ChatVisitor
}

export interface ChatStartRequest {
  readonly kind: ChatVendorKind
  readonly config: ChatConfig
  readonly visitor: ChatVisitor
}

/** Expected failures are values; only a bug throws. */
export type ChatLoadResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: 'notConfigured' | 'scriptFailed'; readonly message: string }

export interface ChatVendorPage {
  /** Prepares the globals and loads the script; pending while its consent category is not granted. */
  load(request: ChatLoadRequest): Promise<ChatLoadResult>
  /** Tells the loaded widget who the visitor is; returns what stops its listeners. */
  start(request: ChatStartRequest, hooks?: ChatHooks): () => void
  /** Takes the widget down; the next `load` inserts its script afresh. */
  reset(kind: ChatVendorKind): Promise<void>
  /** Shows or hides the vendor's own launcher (SPEC §2.6); a vendor with no known launcher is left alone. */
  showLauncher(request: Pick<ChatStartRequest, 'kind' | 'config'>, visible: boolean): void
}

export interface ChatVendorPageDeps {
  readonly win: ChatWindow
  readonly loader: ScriptLoader
  readonly vendors?: Readonly<Record<ChatVendorKind, ChatVendorAdapter>>
  /** Absent: no launcher is ever hidden (a page without a document). */
  readonly launchers?: LauncherHider
}

export function createChatVendorPage({ win, loader, vendors = CHAT_VENDORS, launchers }: ChatVendorPageDeps): ChatVendorPage {
  // The loader loads an id once; a reload after reset needs a new one.
  const generation = new Map<ChatVendorKind, number>()
  const scriptId = (kind: ChatVendorKind) => {
    const n = generation.get(kind) ?? 0
    return n === 0 ? `chat-${kind}` : `chat-${kind}-${n}`
  }
  return {
    async load({ kind, config, consentCategory, visitor }) {
      const adapter = vendors[kind]
      const src = adapter.scriptUrl(config)
      if (src === null) return { ok: false, reason: 'notConfigured', message: `chat ${kind}: config.scriptUrl (https or a same-origin path) or a required key is missing` }
      adapter.prepare(win, visitor, config)
      try {
        await loader.load({ id: scriptId(kind), category: consentCategory, src })
        return { ok: true }
      } catch (error) {
        return { ok: false, reason: 'scriptFailed', message: error instanceof Error ? error.message : String(error) }
      }
    },
    start({ kind, config, visitor }, hooks) {
      return vendors[kind].identify(win, visitor, config, hooks)
    },
    async reset(kind) {
      await vendors[kind].reset(win)
      generation.set(kind, (generation.get(kind) ?? 0) + 1)
    },
    showLauncher({ kind, config }, visible) {
      const selector = vendors[kind].launcherSelector(config)
      if (selector !== null) launchers?.set(selector, !visible)
    },
  }
}

let page: ChatVendorPage | null = null

/** This browser page's chat (one page, one vendor); never on the server. */
export function pageChatVendors(): ChatVendorPage {
  if (typeof window === 'undefined') throw new Error('pageChatVendors: the chat runs in the browser only')
  page ??= createChatVendorPage({ win: window as unknown as ChatWindow, loader: pageScripts(), launchers: createLauncherHider(document) })
  return page
}
