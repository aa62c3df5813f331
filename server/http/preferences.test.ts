import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { buildTestApp, useTestApp } from '../test/harness'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const HOSTILE_BACK = [
  '//evil.example/x',
  '/\\evil.example',
  '/%5Cevil.example',
  '/%2F/evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  '/\t/evil.example',
  '/ok\r\nSet-Cookie: sid=planted',
  '/' + 'a'.repeat(3000),
]

function setCookies(res: LightMyRequestResponse): string[] {
  const raw = res.headers['set-cookie']
  return Array.isArray(raw) ? raw : raw ? [raw] : []
}

describe('the no-JavaScript switches (/preferences)', () => {
  const t = useTestApp('pglite')
  const host = 'casino.test'
  const origin = `http://${host}`

  const switchTheme = (fields: Record<string, string | string[]>, headers: Record<string, string> = { origin }, app?: FastifyInstance) => {
    const form = new URLSearchParams()
    for (const [key, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(key, one)
    return (app ?? t.app).inject({ method: 'POST', url: '/preferences/theme', headers: { ...FORM, host, ...headers }, payload: form.toString() })
  }
  const switchLocale = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/preferences/locale?${query}`, headers: { host, ...headers } })

  it('theme: sets the theme cookie for a year and sends the browser back to the page it came from', async () => {
    const res = await switchTheme({ theme: 'light', back: '/es/gamehall?category=slots' })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/es/gamehall?category=slots')
    expect(res.headers['cache-control']).toBe('no-store')
    const [cookie, ...more] = setCookies(res)
    expect(more).toEqual([])
    // The page's own script writes the same cookie, so it is not httpOnly.
    expect(cookie).toMatch(/^theme=light; Max-Age=31536000; Path=\/; SameSite=Lax$/)
    expect((await switchTheme({ theme: 'dark', back: '/' })).headers['set-cookie']).toMatch(/^theme=dark;/)
  })

  it('theme: refuses a value that is not a theme, and sets nothing', async () => {
    for (const fields of <Record<string, string | string[]>[]>[{ theme: 'blue' }, { theme: '' }, {}, { theme: ['light', 'dark'] }, { theme: 'LIGHT' }, { theme: 'light\u0000' }]) {
      const res = await switchTheme({ ...fields, back: '/' })
      expect(res.statusCode, JSON.stringify(fields)).toBe(400)
      expect(res.json().error).toMatchObject({ type: 'InvalidParameterException', invalid_parameters: { theme: ['invalid'] } })
      expect(setCookies(res)).toEqual([])
    }
  })

  it('theme: never follows a hostile target, going home instead', async () => {
    for (const back of HOSTILE_BACK) {
      const res = await switchTheme({ theme: 'light', back })
      expect(res.statusCode, back).toBe(303)
      expect(res.headers.location, back).toBe('/')
    }
    expect((await switchTheme({ theme: 'light' })).headers.location).toBe('/')
  })

  it("theme: passes the API's CSRF rule: another site's form is refused, our own and a script's are not", async () => {
    for (const headers of <Record<string, string>[]>[{ origin: 'https://evil.example' }, { origin: 'null' }, { referer: 'https://evil.example/page' }]) {
      const res = await switchTheme({ theme: 'light', back: '/' }, headers)
      expect(res.statusCode, JSON.stringify(headers)).toBe(403)
      expect(res.json().error).toMatchObject({ type: 'AccessDeniedException', code: 'cross_origin' })
      expect(setCookies(res)).toEqual([])
    }
    expect((await switchTheme({ theme: 'light', back: '/' }, { referer: `${origin}/gamehall` })).statusCode).toBe(303)
    expect((await switchTheme({ theme: 'light', back: '/' }, {})).statusCode).toBe(303)
  })

  it('theme: the cookie is Secure when the site is served over https', async () => {
    const app = await buildTestApp(t.database, { config: { ...t.database.config, publicUrl: 'https://casino.example' } })
    try {
      const res = await switchTheme({ theme: 'light', back: '/' }, { origin: 'https://casino.example' }, app)
      expect(res.statusCode).toBe(303)
      expect(res.headers['set-cookie']).toMatch(/; Secure/)
    } finally {
      await app.close()
    }
  })

  it('locale: remembers the locale and sends the browser to the same page in it, keeping the query', async () => {
    const res = await switchLocale(`locale=de&back=${encodeURIComponent('/es/gamehall?category=slots&x=1')}`, { referer: `${origin}/es/gamehall` })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/de/gamehall?category=slots&x=1')
    expect(res.headers['set-cookie']).toMatch(/^locale=de; Max-Age=31536000; Path=\/; SameSite=Lax$/)
    const toDefault = await switchLocale(`locale=en&back=${encodeURIComponent('/de/promotions')}`)
    expect(toDefault.headers.location).toBe('/promotions')
    expect(toDefault.headers['set-cookie']).toMatch(/^locale=en;/)
  })

  it('locale: refuses an unknown locale, never follows a hostile target, and remembers nothing for another site', async () => {
    for (const query of ['locale=xx&back=/', 'back=/', 'locale=de&locale=es&back=/', 'locale=EN&back=/']) {
      const res = await switchLocale(query)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().error).toMatchObject({ type: 'InvalidParameterException', invalid_parameters: { locale: ['invalid'] } })
      expect(setCookies(res)).toEqual([])
    }
    for (const back of HOSTILE_BACK) {
      const res = await switchLocale(`locale=es&back=${encodeURIComponent(back)}`)
      expect(res.headers.location, back).toBe('/es')
    }
    const foreign = await switchLocale(`locale=es&back=${encodeURIComponent('/gamehall')}`, { referer: 'https://evil.example/' })
    expect(foreign.statusCode).toBe(303)
    expect(foreign.headers.location).toBe('/es/gamehall')
    expect(setCookies(foreign)).toEqual([])
  })
})

describe('the no-JavaScript cookie banner (/preferences/consent)', () => {
  const t = useTestApp('pglite')
  const host = 'casino.test'
  const post = (fields: Record<string, string>, headers: Record<string, string> = { origin: `http://${host}` }) =>
    t.app.inject({ method: 'POST', url: '/preferences/consent', headers: { ...FORM, host, ...headers }, payload: new URLSearchParams(fields).toString() })

  it('keeps the choice for a year and goes back', async () => {
    const all = await post({ choice: 'all', back: '/es/promotions' })
    expect(all.statusCode).toBe(303)
    expect(all.headers.location).toBe('/es/promotions')
    expect(setCookies(all)).toEqual(['consent=necessary.analytics.marketing; Max-Age=31536000; Path=/; SameSite=Lax'])
    expect(setCookies(await post({ choice: 'necessary', back: '/' }))[0]).toMatch(/^consent=necessary;/)
    expect(setCookies(await post({ choice: 'custom', analytics: 'on', back: '/' }))[0]).toMatch(/^consent=necessary\.analytics;/)
    expect((await post({ choice: 'all', back: '//evil.example' })).headers.location).toBe('/')
  })

  it('refuses an unknown choice or another site, and sets nothing', async () => {
    for (const res of [await post({ choice: 'everything' }), await post({})]) {
      expect(res.statusCode).toBe(400)
      expect(setCookies(res)).toEqual([])
    }
    const cross = await post({ choice: 'all' }, { origin: 'https://evil.example' })
    expect(cross.statusCode).toBeGreaterThanOrEqual(400)
    expect(cross.statusCode).toBeLessThan(500)
    expect(setCookies(cross)).toEqual([])
  })
})
