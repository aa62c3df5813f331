/**
 * Third-party support chats (SPEC §3 'Support chat settings', §4 'Chat widget'), one adapter per
 * vendor kind. An adapter knows its vendor's page globals: what its embed snippet sets before the
 * script runs (`prepare`), how the loaded widget hears who the visitor is (`identify`), and how
 * to take the widget down before a reload after login or logout (`reset`). Loading itself is the
 * script loader's (widget.ts), so no vendor script skips consent. Every value an adapter writes
 * into the page comes from the operator's public chat config or the visitor data below.
 * Shapes follow each vendor's public embed snippet as far as we know it (docs/chat-vendors.md);
 * the tests run them against stand-ins.
 */

export const CHAT_VENDOR_KINDS = ['live_tex', 'freshChat', 'liveChat', 'verbox', 'comm100', 'betunlim', 'jivoSite'] as const
export type ChatVendorKind = (typeof CHAT_VENDOR_KINDS)[number]

export type ChatConfigValue = string | number | boolean
/** The chat section's `config`: public values only, as they end up in the page. */
export type ChatConfig = Readonly<Record<string, ChatConfigValue>>

/** SPEC §3: what a chat may learn of the person on the page. */
export interface ChatVisitor {
  /** 0 while logged out. */
  readonly uid: number
  /** First name. */
  readonly name: string | null
  readonly email: string | null
  readonly phone: string | null
  readonly locale: string
  readonly sessionCookie: string | null
}

export const LOGGED_OUT_UID = 0

/** A widget event the app keeps (freshChat: POST chat/FreshChat.storeChatEvent). */
export interface ChatEvent {
  readonly name: string
  readonly data: Readonly<Record<string, ChatConfigValue>>
}

export interface ChatHooks {
  /** Called for a logged-in player only. */
  readonly storeEvent?: (event: ChatEvent) => void
}

/** A command queue as several snippets define it: calls wait in `q` until the script drains them. */
export type CommandQueue = ((...args: unknown[]) => void) & { q?: unknown[][] }

export interface LiveChatSettings {
  license: number
  params?: { name: string; value: string }[]
  [key: string]: unknown
}
export interface LiveChatWidgetApi {
  call(method: string, ...args: unknown[]): void
  on?(...args: unknown[]): void
  once?(...args: unknown[]): void
  off?(...args: unknown[]): void
  get?(...args: unknown[]): unknown
  /** The snippet's queue and the handler the script installs when it arrives. */
  _q?: [string, unknown[]][]
  _h?: ((kind: string, args: unknown[]) => unknown) | null
  _v?: string
}

export interface FreshChatSettings {
  token: string
  host: string
  locale: string
  meta: { uid: number }
  onInit?: () => void
}
export interface FreshChatWidgetApi {
  isInitialized(): boolean
  destroy(): void
  on(event: string, handler: (payload: unknown) => void): void
  off?(event: string, handler: (payload: unknown) => void): void
  user: {
    setLocale(locale: string): unknown
    setProperties(properties: Record<string, ChatConfigValue>): unknown
    clear(): unknown
  }
}

export interface JivoApi {
  setContactInfo(info: { name?: string; email: string; phone?: string }): unknown
  setCustomData(fields: { title: string; content: string }[]): unknown
  clearHistory?(): unknown
}

export interface LiveTexApi {
  onLiveTexReady?: () => void
  setManyPrechatFields?(fields: Record<string, string>): unknown
  setConversationAttributes?(attributes: Record<string, string>): unknown
}

/** The page globals the adapters read and write; a plain object in tests. */
export interface ChatWindow {
  __lc?: LiveChatSettings
  LiveChatWidget?: LiveChatWidgetApi
  fcSettings?: FreshChatSettings
  fcWidget?: FreshChatWidgetApi
  jivo_onLoadCallback?: () => void
  jivo_api?: JivoApi
  jivo_destroy?: () => void
  liveTex?: boolean
  liveTexID?: number
  liveTex_object?: boolean
  LiveTex?: LiveTexApi
  supportAPIMethod?: string
  Verbox?: CommandQueue
  BetunlimChat?: CommandQueue
  betunlimChatSettings?: Record<string, ChatConfigValue>
}

export interface ChatVendorAdapter {
  readonly kind: ChatVendorKind
  /** The vendor's script from `config.scriptUrl`; null when the kind is not configured (nothing loads). */
  scriptUrl(config: ChatConfig): string | null
  /** Before the script loads: the globals its snippet would set. Safe to run again before it loads. */
  prepare(win: ChatWindow, visitor: ChatVisitor, config: ChatConfig): void
  /**
   * After the script loaded: the visitor data, now or when the widget says it is ready. Throws
   * when the script left no API behind. Returns what undoes its listeners.
   */
  identify(win: ChatWindow, visitor: ChatVisitor, config: ChatConfig, hooks?: ChatHooks): () => void
  /** Takes the widget and the globals down, so the next load starts a fresh widget. */
  reset(win: ChatWindow): void | Promise<void>
  /** Where the vendor's launcher lives, for hiding the badge (SPEC §2.6); `config.launcherSelector` wins. */
  launcherSelector(config: ChatConfig): string | null
}

// ── config values ──────────────────────────────────────────────────────────

const MAX_URL_LENGTH = 2048

/**
 * A script address an operator may set: https on any host, or a path on our own origin. Anything
 * else (http, protocol-relative `//host`, `javascript:`, credentials in the URL) is refused.
 */
export function vendorScriptUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_URL_LENGTH) return null
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f\\]/.test(value)) return null
  if (value.startsWith('/')) return value.startsWith('//') ? null : value
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' || url.hostname === '' || url.username !== '' || url.password !== '') return null
  return url.href
}

function text(config: ChatConfig, key: string): string | null {
  const value = config[key]
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

/** A positive integer, given as a number or as digits. */
function positiveInt(config: ChatConfig, key: string): number | null {
  const value = config[key]
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : NaN
  return Number.isSafeInteger(number) && number > 0 ? number : null
}

/** The script, once every key the vendor cannot start without is set. */
function scriptWhen(config: ChatConfig, ...required: (string | number | null)[]): string | null {
  return required.every((value) => value !== null) ? vendorScriptUrl(config.scriptUrl) : null
}

function launcher(fallback: string | null) {
  return (config: ChatConfig): string | null => text(config, 'launcherSelector') ?? fallback
}

/** Keys of ours in the config, never handed to a vendor. */
const OWN_KEYS = new Set(['scriptUrl', 'launcherSelector'])

/** Only the visitor data that is there: a vendor shows an empty string as a value. */
function present<T extends Record<string, string | null>>(fields: T): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== null))
}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`chat: the vendor script loaded but left no ${what}`)
  return value
}

/** A setting `scriptUrl` already required: missing here is a caller that skipped that check. */
function setting<T>(value: T | null, key: string): T {
  if (value === null) throw new Error(`chat: config.${key} is missing or invalid`)
  return value
}

const noop = () => undefined

/**
 * Visitor data that must wait for the widget's own "ready" callback. One pending apply per page:
 * the latest identify wins.
 */
function readyGate() {
  const pending = new WeakMap<object, () => void>()
  return {
    apply(win: object, ready: boolean, apply: () => void) {
      if (ready) {
        pending.delete(win)
        apply()
      } else pending.set(win, apply)
    },
    ready(win: object) {
      const apply = pending.get(win)
      pending.delete(win)
      apply?.()
    },
    forget(win: object) {
      pending.delete(win)
    },
  }
}

function commandQueue(): CommandQueue {
  const queue: CommandQueue = (...args: unknown[]) => {
    ;(queue.q ??= []).push(args)
  }
  return queue
}

// ── adapters ───────────────────────────────────────────────────────────────

/**
 * LiveChat: `__lc` with the license, and the `LiveChatWidget` queue its snippet defines, which
 * the tracking script drains. The visitor's language goes in as a session variable.
 */
export const liveChatAdapter: ChatVendorAdapter = {
  kind: 'liveChat',
  scriptUrl: (config) => scriptWhen(config, positiveInt(config, 'license')),
  prepare(win, visitor, config) {
    win.__lc = { ...win.__lc, license: setting(positiveInt(config, 'license'), 'license'), params: [{ name: 'language', value: visitor.locale }] }
    if (win.LiveChatWidget) return
    const widget: LiveChatWidgetApi = { _q: [], _h: null, _v: '2.0', call: (...args) => relay('call', args) }
    const relay = (kind: string, args: unknown[]) => (widget._h ? widget._h(kind, args) : void widget._q!.push([kind, args]))
    widget.on = (...args) => relay('on', args)
    widget.once = (...args) => relay('once', args)
    widget.off = (...args) => relay('off', args)
    widget.get = (...args) => {
      if (!widget._h) throw new Error('LiveChatWidget: getters work once the script has loaded')
      return widget._h('get', args)
    }
    win.LiveChatWidget = widget
  },
  identify(win, visitor) {
    need(win.LiveChatWidget, 'LiveChatWidget').call('set_session_variables', { language: visitor.locale })
    return noop
  },
  reset(win) {
    win.LiveChatWidget?.call('destroy')
    delete win.LiveChatWidget
    delete win.__lc
  },
  launcherSelector: launcher('#chat-widget-container'),
}

const FRESHCHAT_EVENTS = ['widget:opened', 'user:created', 'message:sent'] as const
const freshChatGate = readyGate()

/** The primitive fields of a widget event's payload, bounded: what storeChatEvent keeps. */
function eventData(payload: unknown): Record<string, ChatConfigValue> {
  const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
  const source = isRecord(payload) && isRecord(payload.data) ? payload.data : payload
  if (!isRecord(source)) return {}
  const data: Record<string, ChatConfigValue> = {}
  for (const [key, value] of Object.entries(source).slice(0, 20)) {
    if (typeof value === 'string') data[key] = value.slice(0, 256)
    else if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) data[key] = value
  }
  return data
}

/**
 * FreshChat: `fcSettings` (token, host, the locale and a custom `meta` object with the uid) that
 * its widget script initialises from; later changes go through `fcWidget.user`. A player's
 * widget events are reported through `storeEvent`.
 */
export const freshChatAdapter: ChatVendorAdapter = {
  kind: 'freshChat',
  scriptUrl: (config) => scriptWhen(config, text(config, 'token'), vendorScriptUrl(config.host)),
  prepare(win, visitor, config) {
    win.fcSettings = {
      token: setting(text(config, 'token'), 'token'),
      host: setting(vendorScriptUrl(config.host), 'host'),
      locale: visitor.locale,
      meta: { uid: visitor.uid },
      onInit: () => freshChatGate.ready(win),
    }
  },
  identify(win, visitor, _config, hooks) {
    const widget = need(win.fcWidget, 'fcWidget')
    freshChatGate.apply(win, widget.isInitialized(), () => {
      widget.user.setLocale(visitor.locale)
      widget.user.setProperties({ uid: visitor.uid })
    })
    const storeEvent = hooks?.storeEvent
    if (visitor.uid <= LOGGED_OUT_UID || !storeEvent) return noop
    const handlers = FRESHCHAT_EVENTS.map((name) => {
      const handler = (payload: unknown) => storeEvent({ name, data: eventData(payload) })
      widget.on(name, handler)
      return [name, handler] as const
    })
    return () => {
      for (const [name, handler] of handlers) widget.off?.(name, handler)
    }
  },
  async reset(win) {
    freshChatGate.forget(win)
    const widget = win.fcWidget
    // Its own logout: the player's conversation leaves the page before the widget does.
    if (widget) {
      await widget.user.clear()
      widget.destroy()
    }
    delete win.fcWidget
    delete win.fcSettings
  },
  launcherSelector: launcher('#fc_frame'),
}

const jivoGate = readyGate()

/** JivoSite: `jivo_onLoadCallback` says the widget is ready; contact info and the uid go to `jivo_api`. */
export const jivoSiteAdapter: ChatVendorAdapter = {
  kind: 'jivoSite',
  scriptUrl: (config) => scriptWhen(config),
  prepare(win) {
    win.jivo_onLoadCallback = () => jivoGate.ready(win)
  },
  identify(win, visitor) {
    jivoGate.apply(win, win.jivo_api !== undefined, () => {
      const api = need(win.jivo_api, 'jivo_api')
      // SPEC §3: this vendor's e-mail falls back to the text none.
      api.setContactInfo({ ...present({ name: visitor.name, phone: visitor.phone }), email: visitor.email ?? 'none' })
      api.setCustomData([{ title: 'uid', content: String(visitor.uid) }])
    })
    return noop
  },
  reset(win) {
    jivoGate.forget(win)
    win.jivo_api?.clearHistory?.()
    win.jivo_destroy?.()
    delete win.jivo_api
    delete win.jivo_onLoadCallback
  },
  launcherSelector: launcher('jdiv'),
}

const liveTexGate = readyGate()

/** LiveTex: the `liveTex*` flags with the site id, and `LiveTex.onLiveTexReady` before its client script. */
export const liveTexAdapter: ChatVendorAdapter = {
  kind: 'live_tex',
  scriptUrl: (config) => scriptWhen(config, positiveInt(config, 'siteId')),
  prepare(win, _visitor, config) {
    win.liveTex = true
    win.liveTexID = setting(positiveInt(config, 'siteId'), 'siteId')
    win.liveTex_object = true
    win.LiveTex = { ...win.LiveTex, onLiveTexReady: () => liveTexGate.ready(win) }
  },
  identify(win, visitor) {
    const api = need(win.LiveTex, 'LiveTex')
    liveTexGate.apply(win, typeof api.setManyPrechatFields === 'function', () => {
      const ready = need(win.LiveTex, 'LiveTex')
      ready.setManyPrechatFields?.(present({ Name: visitor.name, Email: visitor.email, Phone: visitor.phone }))
      ready.setConversationAttributes?.({ uid: String(visitor.uid) })
    })
    return noop
  },
  reset(win) {
    liveTexGate.forget(win)
    delete win.LiveTex
    delete win.liveTex
    delete win.liveTexID
    delete win.liveTex_object
  },
  launcherSelector: launcher(null),
}

/**
 * Verbox: its command function (`window.Verbox`, named by `supportAPIMethod`). The client info
 * carries uid, name, e-mail and phone; the conversation attribute carries the uid and the session
 * cookie (SPEC §3's "conversation attribute" is Verbox's own term).
 */
export const verboxAdapter: ChatVendorAdapter = {
  kind: 'verbox',
  scriptUrl: (config) => scriptWhen(config),
  prepare(win) {
    win.supportAPIMethod = 'Verbox'
    win.Verbox ??= commandQueue()
  },
  identify(win, visitor) {
    const verbox = need(win.Verbox, 'Verbox')
    verbox('setClientInfo', { uid: visitor.uid, ...present({ name: visitor.name, email: visitor.email, phone: visitor.phone }) })
    verbox('setConversationAttributes', { uid: visitor.uid, ...present({ session: visitor.sessionCookie }) })
    return noop
  },
  reset(win) {
    delete win.Verbox
    delete win.supportAPIMethod
  },
  launcherSelector: launcher(null),
}

/**
 * Betunlim: no public embed documentation we know of, so the common shape: a settings object
 * (the public config) and a command queue the script drains (docs/chat-vendors.md).
 */
export const betunlimAdapter: ChatVendorAdapter = {
  kind: 'betunlim',
  scriptUrl: (config) => scriptWhen(config),
  prepare(win, visitor, config) {
    const settings = Object.fromEntries(Object.entries(config).filter(([key]) => !OWN_KEYS.has(key)))
    win.betunlimChatSettings = { ...settings, locale: visitor.locale }
    win.BetunlimChat ??= commandQueue()
  },
  identify(win, visitor) {
    need(win.BetunlimChat, 'BetunlimChat')('identify', { uid: visitor.uid, ...present({ name: visitor.name, email: visitor.email, phone: visitor.phone }) })
    return noop
  },
  reset(win) {
    win.BetunlimChat?.('reset')
    delete win.BetunlimChat
    delete win.betunlimChatSettings
  },
  launcherSelector: launcher(null),
}

/** SPEC §3: comm100 does nothing. Never configured, so nothing loads and nothing is told. */
export const comm100Adapter: ChatVendorAdapter = {
  kind: 'comm100',
  scriptUrl: () => null,
  prepare: noop,
  identify: () => noop,
  reset: noop,
  launcherSelector: () => null,
}

export const CHAT_VENDORS: Readonly<Record<ChatVendorKind, ChatVendorAdapter>> = {
  live_tex: liveTexAdapter,
  freshChat: freshChatAdapter,
  liveChat: liveChatAdapter,
  verbox: verboxAdapter,
  comm100: comm100Adapter,
  betunlim: betunlimAdapter,
  jivoSite: jivoSiteAdapter,
}

export function isChatVendorKind(kind: string): kind is ChatVendorKind {
  return (CHAT_VENDOR_KINDS as readonly string[]).includes(kind)
}

/** The adapter of a chat kind; null for `none`, `builtin` (our own chat) and anything unknown. */
export function chatVendor(kind: string): ChatVendorAdapter | null {
  return isChatVendorKind(kind) ? CHAT_VENDORS[kind] : null
}
