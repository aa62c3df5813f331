import { describe, expect, it, vi } from 'vitest'
import { createScriptLoader } from '../analytics/script-loader'
import {
  chatVendor,
  CHAT_VENDOR_KINDS,
  CHAT_VENDORS,
  vendorScriptUrl,
  type ChatEvent,
  type ChatVisitor,
  type ChatWindow,
  type FreshChatWidgetApi,
  type JivoApi,
  type LiveChatWidgetApi,
} from './vendors'
import { createChatVendorPage } from './widget'

const PLAYER: ChatVisitor = { uid: 42, name: 'Anna', email: 'anna@example.com', phone: '+4915112345678', locale: 'de', sessionCookie: 'sess-42' }
const VISITOR: ChatVisitor = { uid: 0, name: null, email: null, phone: null, locale: 'es', sessionCookie: null }

const CONFIGS = {
  liveChat: { scriptUrl: 'https://cdn.livechatinc.com/tracking.js', license: 12345678 },
  freshChat: { scriptUrl: 'https://wchat.freshchat.com/js/widget.js', token: 'public-token', host: 'https://wchat.freshchat.com' },
  live_tex: { scriptUrl: 'https://cs15.livetex.ru/js/client.js', siteId: '98765' },
  verbox: { scriptUrl: 'https://admin.verbox.ru/support/support.js?h=abc' },
  betunlim: { scriptUrl: '/vendor/betunlim-chat.js', brand: 'royal', position: 'right' },
  jivoSite: { scriptUrl: 'https://code.jivosite.com/widget/AbCdEf' },
  comm100: { scriptUrl: 'https://chatserver.comm100.com/livechat.ashx?siteId=1' },
} as const

/** A stand-in FreshChat widget that records what it is told. */
function fakeFreshChat(initialized: boolean) {
  const calls: unknown[][] = []
  const listeners = new Map<string, (payload: unknown) => void>()
  const widget: FreshChatWidgetApi = {
    isInitialized: () => initialized,
    destroy: () => void calls.push(['destroy']),
    on: (event, handler) => void listeners.set(event, handler),
    off: (event) => void listeners.delete(event),
    user: {
      setLocale: (locale) => calls.push(['setLocale', locale]),
      setProperties: (properties) => calls.push(['setProperties', properties]),
      clear: () => Promise.resolve(calls.push(['clear'])),
    },
  }
  return { widget, calls, listeners }
}

function fakeJivo() {
  const calls: unknown[][] = []
  const api: JivoApi = {
    setContactInfo: (info) => calls.push(['setContactInfo', info]),
    setCustomData: (fields) => calls.push(['setCustomData', fields]),
    clearHistory: () => calls.push(['clearHistory']),
  }
  return { api, calls }
}

describe('vendor script addresses', () => {
  it('takes https on any host and paths on our own origin, nothing else', () => {
    expect(vendorScriptUrl('https://cdn.livechatinc.com/tracking.js')).toBe('https://cdn.livechatinc.com/tracking.js')
    expect(vendorScriptUrl('/vendor/chat.js')).toBe('/vendor/chat.js')
    for (const bad of ['http://cdn.example.com/chat.js', '//cdn.example.com/chat.js', 'javascript:alert(1)', 'data:text/javascript,1', 'https://user:pw@cdn.example.com/x.js', '/\\evil.example/x.js', 'https://cdn.example.com/a b.js', 'chat.js', '', 42, null, undefined])
      expect(vendorScriptUrl(bad), String(bad)).toBeNull()
  })

  it('reports a kind without its address or its required keys as not configured', () => {
    for (const kind of CHAT_VENDOR_KINDS) expect(CHAT_VENDORS[kind].scriptUrl({}), kind).toBeNull()
    expect(CHAT_VENDORS.liveChat.scriptUrl({ scriptUrl: CONFIGS.liveChat.scriptUrl })).toBeNull()
    expect(CHAT_VENDORS.liveChat.scriptUrl({ ...CONFIGS.liveChat, license: 'abc' })).toBeNull()
    expect(CHAT_VENDORS.freshChat.scriptUrl({ ...CONFIGS.freshChat, host: 'http://wchat.freshchat.com' })).toBeNull()
    expect(CHAT_VENDORS.live_tex.scriptUrl({ ...CONFIGS.live_tex, siteId: 0 })).toBeNull()
    expect(CHAT_VENDORS.jivoSite.scriptUrl({ scriptUrl: 'http://code.jivosite.com/widget/x' })).toBeNull()
    for (const kind of CHAT_VENDOR_KINDS.filter((k) => k !== 'comm100')) expect(CHAT_VENDORS[kind].scriptUrl(CONFIGS[kind]), kind).toBe(CONFIGS[kind].scriptUrl)
  })

  it('has no adapter for none, builtin or an unknown kind', () => {
    expect(chatVendor('none')).toBeNull()
    expect(chatVendor('builtin')).toBeNull()
    expect(chatVendor('zendesk')).toBeNull()
    expect(chatVendor('jivoSite')).toBe(CHAT_VENDORS.jivoSite)
  })
})

describe('liveChat: a language', () => {
  const adapter = CHAT_VENDORS.liveChat

  it('sets the license and the language before the script, and queues the session variable until it arrives', () => {
    const win: ChatWindow = {}
    adapter.prepare(win, PLAYER, CONFIGS.liveChat)
    expect(win.__lc).toEqual({ license: 12345678, params: [{ name: 'language', value: 'de' }] })
    adapter.identify(win, PLAYER, CONFIGS.liveChat)
    expect(win.LiveChatWidget?._q).toEqual([['call', ['set_session_variables', { language: 'de' }]]])
    // The tracking script installs its handler: later calls go straight to it.
    const handled: unknown[] = []
    win.LiveChatWidget!._h = (kind, args) => handled.push([kind, args])
    adapter.identify(win, VISITOR, CONFIGS.liveChat)
    expect(handled).toEqual([['call', ['set_session_variables', { language: 'es' }]]])
  })

  it('passes the language only: no name, e-mail, uid or cookie', () => {
    const calls: unknown[][] = []
    const win: ChatWindow = { LiveChatWidget: { call: (...args) => void calls.push(args) } }
    adapter.identify(win, PLAYER, CONFIGS.liveChat)
    expect(calls).toEqual([['set_session_variables', { language: 'de' }]])
    expect(JSON.stringify(calls)).not.toMatch(/Anna|anna@|sess-42|42/)
  })

  it('keeps a widget that is already there, and destroys it on reset', () => {
    const calls: unknown[][] = []
    const widget: LiveChatWidgetApi = { call: (...args) => void calls.push(args) }
    const win: ChatWindow = { LiveChatWidget: widget }
    adapter.prepare(win, PLAYER, CONFIGS.liveChat)
    expect(win.LiveChatWidget).toBe(widget)
    adapter.reset(win)
    expect(calls).toEqual([['destroy']])
    expect(win).toEqual({})
  })

  it('throws when the script left no widget behind', () => {
    expect(() => adapter.identify({}, PLAYER, CONFIGS.liveChat)).toThrow(/LiveChatWidget/)
  })
})

describe('freshChat: the locale and a custom object with the uid', () => {
  const adapter = CHAT_VENDORS.freshChat

  it('prepares fcSettings with token, host, locale and meta { uid }', () => {
    const win: ChatWindow = {}
    adapter.prepare(win, PLAYER, CONFIGS.freshChat)
    expect(win.fcSettings).toMatchObject({ token: 'public-token', host: 'https://wchat.freshchat.com/', locale: 'de', meta: { uid: 42 } })
    adapter.prepare(win, VISITOR, CONFIGS.freshChat)
    expect(win.fcSettings).toMatchObject({ locale: 'es', meta: { uid: 0 } })
  })

  it('tells an initialised widget at once, one still starting when it says so', () => {
    const ready = fakeFreshChat(true)
    adapter.identify({ fcWidget: ready.widget }, PLAYER, CONFIGS.freshChat)
    expect(ready.calls).toEqual([
      ['setLocale', 'de'],
      ['setProperties', { uid: 42 }],
    ])

    const starting = fakeFreshChat(false)
    const win: ChatWindow = {}
    adapter.prepare(win, VISITOR, CONFIGS.freshChat)
    win.fcWidget = starting.widget
    adapter.identify(win, VISITOR, CONFIGS.freshChat)
    expect(starting.calls).toEqual([])
    win.fcSettings!.onInit!()
    expect(starting.calls).toEqual([
      ['setLocale', 'es'],
      ['setProperties', { uid: 0 }],
    ])
  })

  it("reports a player's widget events through storeEvent, and stops on detach", () => {
    const fake = fakeFreshChat(true)
    const stored: ChatEvent[] = []
    const detach = adapter.identify({ fcWidget: fake.widget }, PLAYER, CONFIGS.freshChat, { storeEvent: (event) => stored.push(event) })
    expect([...fake.listeners.keys()].sort()).toEqual(['message:sent', 'user:created', 'widget:opened'])
    fake.listeners.get('user:created')!({ status: 200, data: { restoreId: 'r-1', externalId: 42, nested: { no: 1 }, ok: true } })
    fake.listeners.get('widget:opened')!(undefined)
    expect(stored).toEqual([
      { name: 'user:created', data: { restoreId: 'r-1', externalId: 42, ok: true } },
      { name: 'widget:opened', data: {} },
    ])
    detach()
    expect(fake.listeners.size).toBe(0)
  })

  it('never reports a visitor’s events', () => {
    const fake = fakeFreshChat(true)
    const storeEvent = vi.fn()
    adapter.identify({ fcWidget: fake.widget }, VISITOR, CONFIGS.freshChat, { storeEvent })
    expect(fake.listeners.size).toBe(0)
    expect(storeEvent).not.toHaveBeenCalled()
  })

  it('clears the user before destroying the widget on reset', async () => {
    const fake = fakeFreshChat(true)
    const win: ChatWindow = { fcWidget: fake.widget }
    adapter.prepare(win, PLAYER, CONFIGS.freshChat)
    await adapter.reset(win)
    expect(fake.calls).toEqual([['clear'], ['destroy']])
    expect(win).toEqual({})
  })
})

describe('jivoSite: uid, name, e-mail (or the text none) and phone', () => {
  const adapter = CHAT_VENDORS.jivoSite

  it('waits for jivo_onLoadCallback, then sets the contact info and the uid', () => {
    const win: ChatWindow = {}
    adapter.prepare(win, PLAYER, CONFIGS.jivoSite)
    adapter.identify(win, PLAYER, CONFIGS.jivoSite)
    const jivo = fakeJivo()
    win.jivo_api = jivo.api
    expect(jivo.calls).toEqual([])
    win.jivo_onLoadCallback!()
    expect(jivo.calls).toEqual([
      ['setContactInfo', { name: 'Anna', email: 'anna@example.com', phone: '+4915112345678' }],
      ['setCustomData', [{ title: 'uid', content: '42' }]],
    ])
  })

  it('gives a visitor uid 0 and the e-mail none', () => {
    const jivo = fakeJivo()
    adapter.identify({ jivo_api: jivo.api }, VISITOR, CONFIGS.jivoSite)
    expect(jivo.calls).toEqual([
      ['setContactInfo', { email: 'none' }],
      ['setCustomData', [{ title: 'uid', content: '0' }]],
    ])
  })

  it('clears the history and destroys the widget on reset', () => {
    const jivo = fakeJivo()
    const destroyed = vi.fn()
    const win: ChatWindow = { jivo_api: jivo.api, jivo_destroy: destroyed }
    adapter.prepare(win, PLAYER, CONFIGS.jivoSite)
    adapter.reset(win)
    expect(jivo.calls).toEqual([['clearHistory']])
    expect(destroyed).toHaveBeenCalledOnce()
    expect(win.jivo_api).toBeUndefined()
    expect(win.jivo_onLoadCallback).toBeUndefined()
  })
})

describe('live_tex: uid, name, e-mail and phone', () => {
  const adapter = CHAT_VENDORS.live_tex

  it('sets its flags and site id, then the prechat fields and the uid once LiveTex is ready', () => {
    const win: ChatWindow = {}
    adapter.prepare(win, PLAYER, CONFIGS.live_tex)
    expect(win).toMatchObject({ liveTex: true, liveTexID: 98765, liveTex_object: true })
    adapter.identify(win, PLAYER, CONFIGS.live_tex)
    const calls: unknown[][] = []
    // The client script fills in its API, then calls the ready hook.
    Object.assign(win.LiveTex!, {
      setManyPrechatFields: (fields: unknown) => calls.push(['prechat', fields]),
      setConversationAttributes: (attributes: unknown) => calls.push(['attributes', attributes]),
    })
    win.LiveTex!.onLiveTexReady!()
    expect(calls).toEqual([
      ['prechat', { Name: 'Anna', Email: 'anna@example.com', Phone: '+4915112345678' }],
      ['attributes', { uid: '42' }],
    ])
    adapter.reset(win)
    expect(win).toEqual({})
  })
})

describe('verbox: uid, name, e-mail and phone, and the conversation attribute', () => {
  const adapter = CHAT_VENDORS.verbox

  it('queues the client info and a conversation attribute with uid and session cookie', () => {
    const win: ChatWindow = {}
    adapter.prepare(win, PLAYER, CONFIGS.verbox)
    expect(win.supportAPIMethod).toBe('Verbox')
    adapter.identify(win, PLAYER, CONFIGS.verbox)
    expect(win.Verbox?.q).toEqual([
      ['setClientInfo', { uid: 42, name: 'Anna', email: 'anna@example.com', phone: '+4915112345678' }],
      ['setConversationAttributes', { uid: 42, session: 'sess-42' }],
    ])
  })

  it('gives a visitor uid 0 and no empty values', () => {
    const win: ChatWindow = {}
    adapter.prepare(win, VISITOR, CONFIGS.verbox)
    adapter.identify(win, VISITOR, CONFIGS.verbox)
    expect(win.Verbox?.q).toEqual([
      ['setClientInfo', { uid: 0 }],
      ['setConversationAttributes', { uid: 0 }],
    ])
  })
})

describe('betunlim: uid, name, e-mail and phone', () => {
  it('hands the public config (not our own keys) and the visitor to its queue', () => {
    const adapter = CHAT_VENDORS.betunlim
    const win: ChatWindow = {}
    adapter.prepare(win, PLAYER, { ...CONFIGS.betunlim, launcherSelector: '#bu-chat' })
    expect(win.betunlimChatSettings).toEqual({ brand: 'royal', position: 'right', locale: 'de' })
    adapter.identify(win, PLAYER, CONFIGS.betunlim)
    expect(win.BetunlimChat?.q).toEqual([['identify', { uid: 42, name: 'Anna', email: 'anna@example.com', phone: '+4915112345678' }]])
    expect(adapter.launcherSelector({ launcherSelector: '#bu-chat' })).toBe('#bu-chat')
  })
})

describe('comm100: does nothing', () => {
  it('loads nothing and touches nothing', async () => {
    const adapter = CHAT_VENDORS.comm100
    const win: ChatWindow = {}
    expect(adapter.scriptUrl(CONFIGS.comm100)).toBeNull()
    adapter.prepare(win, PLAYER, CONFIGS.comm100)
    adapter.identify(win, PLAYER, CONFIGS.comm100, { storeEvent: () => expect.unreachable() })()
    await adapter.reset(win)
    expect(win).toEqual({})
  })
})

describe('the page chat', () => {
  /** A document whose script elements the test loads or fails by hand. */
  function fakePage() {
    const scripts: { src?: string; dataset: Record<string, string>; onload?: () => void; onerror?: () => void }[] = []
    const loader = createScriptLoader({
      document: {
        createElement: () => ({ dataset: {} }) as never,
        head: { appendChild: (script: never) => void scripts.push(script) } as never,
        querySelector: () => null,
      },
    })
    return { loader, scripts }
  }
  const flush = () => new Promise((resolve) => setImmediate(resolve))

  it('loads nothing for a kind that is not configured', async () => {
    const { loader, scripts } = fakePage()
    const win: ChatWindow = {}
    const page = createChatVendorPage({ win, loader })
    expect(await page.load({ kind: 'liveChat', config: { license: 1 }, consentCategory: 'necessary', visitor: PLAYER })).toMatchObject({ ok: false, reason: 'notConfigured' })
    expect(await page.load({ kind: 'comm100', config: CONFIGS.comm100, consentCategory: 'necessary', visitor: PLAYER })).toMatchObject({ ok: false, reason: 'notConfigured' })
    expect(scripts).toEqual([])
    expect(win).toEqual({})
  })

  it('prepares at once but inserts the script only once its consent category is granted', async () => {
    const { loader, scripts } = fakePage()
    const win: ChatWindow = {}
    const page = createChatVendorPage({ win, loader })
    let result: unknown
    void page.load({ kind: 'liveChat', config: CONFIGS.liveChat, consentCategory: 'marketing', visitor: PLAYER }).then((r) => (result = r))
    await flush()
    expect(win.__lc?.license).toBe(12345678)
    expect(scripts).toEqual([])
    loader.setConsent({ analytics: true, marketing: false })
    await flush()
    expect(scripts).toEqual([])
    loader.setConsent({ analytics: false, marketing: true })
    expect(scripts).toHaveLength(1)
    expect(scripts[0]).toMatchObject({ src: CONFIGS.liveChat.scriptUrl, dataset: { consent: 'marketing', scriptId: 'chat-liveChat' } })
    expect(result).toBeUndefined()
    scripts[0]!.onload!()
    await flush()
    expect(result).toEqual({ ok: true })
  })

  it('gives a script that fails as a value, and a new script id after a reset', async () => {
    const { loader, scripts } = fakePage()
    const win: ChatWindow = {}
    const page = createChatVendorPage({ win, loader })
    const first = page.load({ kind: 'jivoSite', config: CONFIGS.jivoSite, consentCategory: 'necessary', visitor: PLAYER })
    scripts[0]!.onerror!()
    expect(await first).toMatchObject({ ok: false, reason: 'scriptFailed' })
    win.jivo_api = fakeJivo().api
    await page.reset('jivoSite')
    expect(win).toEqual({})
    const second = page.load({ kind: 'jivoSite', config: CONFIGS.jivoSite, consentCategory: 'necessary', visitor: VISITOR })
    expect(scripts.map((s) => s.dataset.scriptId)).toEqual(['chat-jivoSite', 'chat-jivoSite-1'])
    scripts[1]!.onload!()
    expect(await second).toEqual({ ok: true })
    const jivo = fakeJivo()
    win.jivo_api = jivo.api
    page.start({ kind: 'jivoSite', config: CONFIGS.jivoSite, visitor: VISITOR })
    expect(jivo.calls[0]).toEqual(['setContactInfo', { email: 'none' }])
  })
})
