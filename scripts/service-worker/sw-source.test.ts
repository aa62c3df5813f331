import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { offlineLocaleOf, serviceWorkerSource, swRouteOf } from './sw-source'
import { offlinePageHtml, offlineScript } from './offline-page'

const ORIGIN = 'https://casino.example'
const PRECACHE = ['/offline/en.html', '/offline.js', '/assets/entries/app-1a2b3c4d.js']
const get = (path: string, mode = 'no-cors') => ({ url: `${ORIGIN}${path}`, method: 'GET', mode })

describe('service worker routing (SPEC §4 Service worker)', () => {
  it('never answers the API, the sockets, the content-system config, the build check or itself', () => {
    for (const path of ['/api/account/getInfo', '/socket', '/ws', '/nfx/cms-config/en', '/build-manifest.json', '/sw.js', '/oauth/init']) {
      expect(swRouteOf(get(path), ORIGIN, PRECACHE)).toBe('network')
      expect(swRouteOf(get(path, 'navigate'), ORIGIN, PRECACHE)).toBe('network')
    }
  })

  it('takes pages from the network (a player’s pages are personal), with the offline page as the only fallback', () => {
    expect(swRouteOf(get('/', 'navigate'), ORIGIN, PRECACHE)).toBe('page')
    expect(swRouteOf(get('/de/profile/settings', 'navigate'), ORIGIN, PRECACHE)).toBe('page')
  })

  it('serves only what this build precached from the cache; nothing else, no writes, no other origin', () => {
    expect(swRouteOf(get('/assets/entries/app-1a2b3c4d.js'), ORIGIN, PRECACHE)).toBe('precache')
    expect(swRouteOf(get('/offline.js'), ORIGIN, PRECACHE)).toBe('precache')
    expect(swRouteOf(get('/assets/entries/app-0ld0ld00.js'), ORIGIN, PRECACHE)).toBe('network')
    expect(swRouteOf({ ...get('/assets/entries/app-1a2b3c4d.js'), method: 'POST' }, ORIGIN, PRECACHE)).toBe('network')
    expect(swRouteOf({ url: 'https://cdn.example/assets/entries/app-1a2b3c4d.js', method: 'GET', mode: 'cors' }, ORIGIN, PRECACHE)).toBe('network')
  })

  it('picks the offline page of the address locale, else the remembered one, else the default', () => {
    const locales = ['en', 'es', 'pt', 'de']
    expect(offlineLocaleOf('/es/promotions', locales, 'en', 'de')).toBe('es')
    expect(offlineLocaleOf('/promotions', locales, 'en', 'de')).toBe('de')
    expect(offlineLocaleOf('/promotions', locales, 'en', 'xx')).toBe('en')
    expect(offlineLocaleOf('/', locales, 'en', null)).toBe('en')
  })

  it('writes a worker that installs this build, skips waiting only when asked, and routes with the functions above', () => {
    const listeners: Record<string, (event: unknown) => void> = {}
    let skipped = 0
    const self = { addEventListener: (type: string, fn: (event: unknown) => void) => void (listeners[type] = fn), skipWaiting: () => void (skipped += 1), location: { origin: ORIGIN } }
    const opened: string[] = []
    const added: string[][] = []
    const caches = { open: async (name: string) => (opened.push(name), { addAll: async (urls: string[]) => void added.push(urls) }) }
    const source = serviceWorkerSource({ buildId: 'b1', precache: PRECACHE, locales: ['en'], defaultLocale: 'en', offlinePrefix: '/offline/', localeCookie: 'locale' })
    runInNewContext(source, { self, caches, URL, Response, fetch })
    expect(Object.keys(listeners).sort()).toEqual(['activate', 'fetch', 'install', 'message', 'notificationclick', 'push'])
    let installing: Promise<unknown> | undefined
    listeners.install!({ waitUntil: (p: Promise<unknown>) => void (installing = p) })
    return installing!.then(() => {
      expect(opened).toEqual(['casino-b1'])
      expect(added).toEqual([PRECACHE])
      listeners.message!({ data: { type: 'other' } })
      expect(skipped).toBe(0)
      listeners.message!({ data: { type: 'SKIP_WAITING' } })
      expect(skipped).toBe(1)
      // The API passes through: the worker does not respond at all.
      let responded = false
      listeners.fetch!({ request: { url: `${ORIGIN}/api/account/getInfo`, method: 'GET', mode: 'cors' }, respondWith: () => void (responded = true) })
      expect(responded).toBe(false)
    })
  })

  it('shows a push notice as sent, and a tap opens only a page of ours', async () => {
    const listeners: Record<string, (event: unknown) => void> = {}
    const shown: { title: string; options: { body: string; tag?: string; data: { url: string } } }[] = []
    const openedWindows: string[] = []
    const self = {
      addEventListener: (type: string, fn: (event: unknown) => void) => void (listeners[type] = fn),
      location: { origin: ORIGIN },
      registration: { showNotification: async (title: string, options: (typeof shown)[number]['options']) => void shown.push({ title, options }) },
      clients: { matchAll: async () => [], openWindow: async (url: string) => void openedWindows.push(url) },
    }
    const source = serviceWorkerSource({ buildId: 'b1', precache: PRECACHE, locales: ['en'], defaultLocale: 'en', offlinePrefix: '/offline/', localeCookie: 'locale' })
    runInNewContext(source, { self, caches: {}, URL, Response, fetch })
    const waits: Promise<unknown>[] = []
    const push = (data: unknown) => listeners.push!({ data: { json: () => data }, waitUntil: (p: Promise<unknown>) => void waits.push(p) })
    push({ title: 'Your deposit has arrived', body: 'It is in your balance now.', url: '/cashier/history', tag: 'payments:7' })
    push({ title: 'Elsewhere', body: '', url: 'https://evil.example/' })
    push({ nothing: true })
    await Promise.all(waits)
    expect(shown.map((n) => [n.title, n.options.data.url, n.options.tag])).toEqual([
      ['Your deposit has arrived', '/cashier/history', 'payments:7'],
      ['Elsewhere', '/', undefined],
    ])
    for (const n of shown) listeners.notificationclick!({ notification: { close: () => {}, data: n.options.data }, waitUntil: (p: Promise<unknown>) => void waits.push(p) })
    await Promise.all(waits)
    expect(openedWindows).toEqual([`${ORIGIN}/cashier/history`, `${ORIGIN}/`])
    // A tab of ours open but not this worker's: it cannot be navigated, so a new one opens.
    const focused: string[] = []
    self.clients.matchAll = async () => [{ url: `${ORIGIN}/gamehall`, navigate: () => Promise.reject(new TypeError('not controlled')), focus: async () => void focused.push('x') }] as never
    listeners.notificationclick!({ notification: { close: () => {}, data: { url: '/profile/security' } }, waitUntil: (p: Promise<unknown>) => void waits.push(p) })
    await Promise.all(waits)
    expect(openedWindows.at(-1)).toBe(`${ORIGIN}/profile/security`)
    expect(focused).toEqual([])
  })

  it('escapes the catalog text of the offline page', () => {
    const html = offlinePageHtml('en', { title: 'a<b', heading: 'x & y', body: '"q"', retry: 'go' }, '/offline.js')
    expect(html).toContain('<title>a&lt;b</title>')
    expect(html).toContain('x &amp; y')
    expect(html).toContain('&quot;q&quot;')
    expect(html).toContain('<script src="/offline.js"></script>')
  })

  it('offline.js reloads when the network is back, and by itself, further apart each time, when it was served online', () => {
    const run = (onLine: boolean, stored: Record<string, string>, now: number) => {
      const timers: number[] = []
      const listeners: string[] = []
      const reloads: number[] = []
      runInNewContext(offlineScript('theme'), {
        document: { cookie: 'theme=light', documentElement: { dataset: {} as Record<string, string> }, getElementById: () => ({ addEventListener: (type: string) => listeners.push(`retry:${type}`) }) },
        addEventListener: (type: string) => listeners.push(type),
        navigator: { onLine },
        location: { reload: () => reloads.push(now) },
        sessionStorage: { getItem: (k: string) => stored[k] ?? null, setItem: (k: string, v: string) => void (stored[k] = v) },
        setTimeout: (_: () => void, ms: number) => timers.push(ms),
        Date: { now: () => now },
        JSON,
        Math,
      })
      return { timers, listeners }
    }
    const offline = run(false, {}, 0)
    expect(offline.listeners).toEqual(['retry:click', 'online'])
    expect(offline.timers).toEqual([])
    const stored: Record<string, string> = {}
    expect(run(true, stored, 1_000).timers).toEqual([1_000])
    expect(run(true, stored, 3_000).timers).toEqual([2_000])
    expect(run(true, stored, 6_000).timers).toEqual([4_000])
    for (let at = 10_000; at < 100_000; at += 10_000) run(true, stored, at)
    expect(run(true, stored, 110_000).timers).toEqual([60_000])
    // A long while later it starts over at a second.
    expect(run(true, stored, 500_000).timers).toEqual([1_000])
  })
})
