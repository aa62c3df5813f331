import { describe, expect, it, vi } from 'vitest'
import { VISITOR, type AccountInfo } from '../services/api/contract/account'
import type { SsrRequestContext } from '../shared/ssr-context'
import { renderPageRequest, type RenderResult } from './render-page'

const PLAYER: AccountInfo = {
  ...VISITOR,
  uid: 42,
  login: 'demo@example.com',
  balance_main: { amount: '10.00', currency: 'USD' },
  balance_bonus: { amount: '0.00', currency: 'USD' },
  balance_betting_bonus: { amount: '0.00', currency: 'USD' },
  balance_fun: { amount: '0.00', currency: 'USD' },
}

type Answer = { status: number; body: unknown }
/** An in-process API as the server gives SSR, answering from a table; `delay` shuffles timing. */
function fakeApi(answers: Record<string, Answer | ((url: URL) => Answer)>, delay = 0): typeof fetch {
  return async (input) => {
    const url = new URL(String(input), 'http://internal')
    if (delay) await new Promise((r) => setTimeout(r, Math.random() * delay))
    const entry = answers[url.pathname]
    const answer = typeof entry === 'function' ? entry(url) : entry ?? { status: 404, body: { error: { type: 'MethodNotFoundException', message: 'nope', code: null } } }
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } })
  }
}

const visitorApi = (delay = 0) =>
  fakeApi(
    {
      '/api/account/getInfo': { status: 200, body: { data: VISITOR } },
      '/api/content/getPage': (url) =>
        url.searchParams.get('slug') === 'about'
          ? { status: 200, body: {
                data: {
                  slug: 'about',
                  title: `About (${url.searchParams.get('locale')})`,
                  description: 'Who we are',
                  body: [{ kind: 'paragraph', spans: [{ text: 'Hello' }] }],
                  faq: [],
                  breadcrumbs: [{ name: 'About', path: '/about' }],
                  article: null,
                  locales: ['en', 'de'],
                },
              } }
          : { status: 200, body: { data: null } },
    },
    delay,
  )

function ctx(apiFetch: typeof fetch): SsrRequestContext {
  return { apiFetch, publicUrl: 'https://casino.test', appEnv: 'demo' }
}

async function render(url: string, apiFetch: typeof fetch = visitorApi(), cookie?: string): Promise<RenderResult> {
  return renderPageRequest({ urlOriginal: url, headers: cookie ? { cookie } : {}, ssr: ctx(apiFetch), nonce: 'n0nce' })
}

function html(result: RenderResult) {
  if (result.kind !== 'html') throw new Error(`expected html, got ${JSON.stringify(result)}`)
  return result
}

describe('server rendering', () => {
  it('renders two locales concurrently without either leaking into the other', async () => {
    const urls = ['/es/gamehall', '/de/gamehall', '/es/', '/de/', '/pt/', '/']
    const results = await Promise.all(urls.flatMap((u) => [u, u]).map((u) => render(u, visitorApi(15))))
    const expected: Record<string, [string, string]> = {
      es: ['lang-es', 'Casino y apuestas deportivas'],
      de: ['lang-de', 'Casino und Sportwetten'],
      pt: ['lang-pt', 'Cassino e apostas esportivas'],
      en: ['lang-en', 'Casino and sports betting'],
    }
    results.forEach((r, i) => {
      const page = html(r)
      const url = urls[Math.floor(i / 2)]!
      const locale = url.startsWith('/es') ? 'es' : url.startsWith('/de') ? 'de' : url.startsWith('/pt') ? 'pt' : 'en'
      expect(page.locale).toBe(locale)
      expect(page.state.locale).toBe(locale)
      if (!url.includes('gamehall')) expect(page.appHtml).toContain(expected[locale]![1])
      for (const [other, [, text]] of Object.entries(expected)) if (other !== locale) expect(page.appHtml).not.toContain(text)
    })
  })

  it("leaves the catalog out of the page's state and preloads the locale's catalog chunk instead", async () => {
    const localePreloads = (locale: string) => [`/assets/chunks/messages-${locale}.js`]
    const page = html(await renderPageRequest({ urlOriginal: '/de/', headers: {}, ssr: { ...ctx(visitorApi()), localePreloads }, nonce: 'n0nce' }))
    expect(Object.keys(page.state)).not.toContain('messages')
    expect(page.head).toContain('<link rel="modulepreload" href="/assets/chunks/messages-de.js" />')
    expect(page.head).not.toContain('messages-en.js')
    // Still rendered in its language on the server.
    expect(page.appHtml).toContain('Casino und Sportwetten')
    // Without a build (development) there is nothing to preload.
    expect(html(await render('/de/')).head).not.toContain('modulepreload')
  })

  it('sends a visitor from protected paths home with the full original path (SPEC §2.2)', async () => {
    expect(await render('/profile')).toEqual({ kind: 'redirect', status: 302, location: '/?redirectUrl=%2Fprofile' })
    expect(await render('/es/cashier/history?x=1')).toEqual({ kind: 'redirect', status: 302, location: '/es?redirectUrl=%2Fes%2Fcashier%2Fhistory%3Fx%3D1' })
    expect(await render('/bets/open')).toMatchObject({ kind: 'redirect', location: '/?redirectUrl=%2Fbets%2Fopen' })
    expect(await render('/responsible-game')).toMatchObject({ kind: 'redirect', location: '/?redirectUrl=%2Fresponsible-game' })
  })

  it('lets a player in and applies the /cashier and /profile redirects', async () => {
    const api = fakeApi({ '/api/account/getInfo': { status: 200, body: { data: PLAYER } } })
    expect(await render('/profile', api)).toEqual({ kind: 'redirect', status: 302, location: '/profile/settings' })
    expect(await render('/de/cashier', api)).toEqual({ kind: 'redirect', status: 302, location: '/de/cashier/deposit' })
    expect(await render('/cashier/billing', api)).toMatchObject({ location: '/cashier/deposit' })
    const deposit = html(await render('/cashier/deposit', api))
    expect(deposit.status).toBe(200)
    // The cashier deposit screen; its data load in the browser (the server renders the skeletons).
    expect(deposit.appHtml).toContain('data-testid="deposit"')
    expect(deposit.appHtml).toContain('data-testid="deposit-loading"')
  })

  it('renders every bare payment result page with its system page, and one with {transaction} as the result of that transaction', async () => {
    const api = fakeApi({ '/api/account/getInfo': { status: 200, body: { data: PLAYER } } })
    const pages: Record<string, string> = {
      '/cashier/paysuccess': 'paySuccess',
      '/cashier/payfail': 'payFail',
      '/cashier/paypending': 'payPending',
      '/cashier/paycancel': 'payCancel',
      '/cashier/paymobile': 'payMobile',
      '/cashier/paynewwindow': 'payNewWindow',
    }
    for (const [path, type] of Object.entries(pages)) {
      expect(html(await render(path, api)).appHtml, path).toContain(`data-page-type="${type}"`)
      // With its transaction: the payment result view, which reads the transaction in the browser.
      const withTx = html(await render(`${path}/tx1`, api)).appHtml
      expect(withTx, `${path}/tx1`).toContain('data-testid="payment-result"')
      expect(withTx, `${path}/tx1`).toContain(`data-page="${path.split('/')[2]}"`)
    }
  })

  it('answers unknown routes and missing slugs with 404 and the path', async () => {
    const unknown = html(await render('/no/such/page'))
    expect(unknown.status).toBe(404)
    expect(unknown.appHtml).toContain('Page Not Found: /no/such/page')
    expect(html(await render('/no-such-slug')).status).toBe(404)
    expect(html(await render('/es/no/such')).appHtml).toContain('Página no encontrada: /es/no/such')
    expect(html(await render('/xx/gamehall')).status).toBe(404)
    const about = html(await render('/de/about'))
    expect(about.status).toBe(200)
    expect(about.appHtml).toContain('About (de)')
  })

  it('shows maintenance (503, empty layout) and user-blocked (403) pages from API errors (SPEC §2.5, §8)', async () => {
    const closed = fakeApi({ '/api/account/getInfo': { status: 503, body: { error: { type: 'ApplicationUnavailableException', message: 'm', code: 'maintenance' } } } })
    const maintenance = html(await render('/gamehall', closed))
    expect(maintenance.status).toBe(503)
    expect(maintenance.appHtml).toContain('data-page-type="maintenance"')
    expect(maintenance.appHtml).toContain('data-layout="empty"')

    // Our database out of reach is an outage, not maintenance: a page of its own, with a way to try again.
    const outage = fakeApi({ '/api/account/getInfo': { status: 503, body: { error: { type: 'ApplicationUnavailableException', message: 'o', code: 'database_unavailable' } } } })
    const down = html(await render('/es/gamehall', outage))
    expect(down.status).toBe(503)
    expect(down.appHtml).toContain('data-page-type="unavailable"')
    expect(down.appHtml).not.toContain('data-page-type="maintenance"')
    expect(down.appHtml).toContain('data-testid="system-page-retry"')
    expect(down.state.fatal).toEqual({ type: 'ApplicationUnavailableException', status: 503, code: 'database_unavailable' })

    const banned = fakeApi({ '/api/account/getInfo': { status: 403, body: { error: { type: 'UserBannedException', message: 'b', code: null } } } })
    const blocked = html(await render('/', banned))
    expect(blocked.status).toBe(403)
    expect(blocked.appHtml).toContain('data-page-type="userBlocked"')
    expect(blocked.appHtml).toContain('href="/support"')
    // The browser gets the fatal page too, so its router keeps it rather than running the guards.
    expect(blocked.state.fatal).toEqual({ type: 'UserBannedException', status: 403 })
    const onProtected = html(await render('/profile/security', banned))
    expect(onProtected.status).toBe(403)
    expect(onProtected.appHtml).toContain('data-page-type="userBlocked"')

    const denied = fakeApi({ '/api/account/getInfo': { status: 403, body: { error: { type: 'AccessDeniedException', message: 'd', code: null } } } })
    const forbidden = html(await render('/', denied))
    expect(forbidden.status).toBe(403)
    expect(forbidden.appHtml).toContain('data-page-type="forbidden"')
  })

  it('uses the layouts of the table', async () => {
    expect(html(await render('/forms/sign_in')).appHtml).toContain('data-layout="empty"')
    expect(html(await render('/_icons')).appHtml).toContain('data-layout="svg-sprite"')
    expect(html(await render('/gamehall')).appHtml).toContain('data-layout="default"')
  })

  it('waits for lazy components, so the first page after a start is complete and hydrates as it is', async () => {
    // A fresh module graph: its lazy components have not loaded, as on a newly started server.
    vi.resetModules()
    const fresh = await import('./render-page')
    const page = html(await fresh.renderPageRequest({ urlOriginal: '/forms/sign_up', headers: {}, ssr: ctx(visitorApi()), nonce: 'n0nce' }))
    expect(page.appHtml).toContain('data-testid="registration-loading"')
    // '<!--$!-->' marks a boundary the server gave up on: the browser would re-render it (React error #419).
    expect(page.appHtml).not.toContain('<!--$!-->')
  })

  it('normalises locale prefixes and honours the remembered locale', async () => {
    expect(await render('/en/gamehall?a=1')).toEqual({ kind: 'redirect', status: 301, location: '/gamehall?a=1' })
    // The path after /en is the request's own: never a Location another host can be read from.
    for (const hostile of ['/en//evil.example', '/en/\\evil.example', '/en///evil.example/x', '/en/%5Cevil.example', '/en/%2F/evil.example']) {
      const result = await render(hostile)
      expect(result, hostile).toMatchObject({ kind: 'redirect', status: 301 })
      const location = (result as { location: string }).location
      expect(new URL(location, 'https://casino.test').origin, `${hostile} -> ${location}`).toBe('https://casino.test')
      expect(location.startsWith('//') || location.includes('\\') || /^\/%(2f|5c)/i.test(location), `${hostile} -> ${location}`).toBe(false)
    }
    // A request for '//evil.example' is a path on this site, whatever the locale cookie adds to it.
    expect(await render('//evil.example/gamehall', visitorApi(), 'locale=de')).toEqual({ kind: 'redirect', status: 302, location: '/de//evil.example/gamehall' })
    expect(await render('/gamehall', visitorApi(), 'locale=de')).toEqual({ kind: 'redirect', status: 302, location: '/de/gamehall' })
    expect(html(await render('/gamehall', visitorApi(), 'locale=zz; theme=%%%')).locale).toBe('en')
  })

  it('takes the theme from its cookie and falls back to dark on garbage', async () => {
    expect(html(await render('/', visitorApi(), 'theme=light')).theme).toBe('light')
    expect(html(await render('/', visitorApi(), 'theme=<script>')).theme).toBe('dark')
  })

  it('writes canonical and alternate links for every locale', async () => {
    const head = html(await render('/es/gamehall')).head
    expect(head).toContain('<link rel="canonical" href="https://casino.test/es/gamehall" />')
    for (const [l, href] of [['en', '/gamehall'], ['es', '/es/gamehall'], ['pt', '/pt/gamehall'], ['de', '/de/gamehall']]) {
      expect(head).toContain(`<link rel="alternate" hreflang="${l}" href="https://casino.test${href}" />`)
    }
    expect(head).toContain('rel="manifest"')
  })

  it('refuses overlong addresses with 414 instead of rendering them', async () => {
    expect(await render('/' + 'a'.repeat(3000))).toEqual({ kind: 'error', status: 414 })
  })
})
