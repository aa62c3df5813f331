import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { writeSetting } from '../domain/settings/settings'
import { createSession } from '../domain/session/sessions'
import { SESSION_COOKIE } from '../http/session'
import { apiPlayers, type ApiPlayer } from '../test/api-player'
import { PGLITE_ONLY, useTestApp } from '../test/harness'
import { inProcessApi, inProcessFetch, injectFetch } from './in-process'

const PUBLIC_URL = 'http://localhost:3000'

interface Answer {
  status: number
  body: unknown
  setCookie: string[]
  cacheControl: string | null
  contentType: string | null
  retryAfter: string | null
}

async function answerOf(res: Response): Promise<Answer> {
  const text = await res.text()
  return {
    status: res.status,
    body: text ? JSON.parse(text) : null,
    setCookie: res.headers.getSetCookie().sort(),
    cacheControl: res.headers.get('cache-control'),
    contentType: res.headers.get('content-type'),
    retryAfter: res.headers.get('retry-after'),
  }
}

/**
 * A page route like the SSR's catch-all: it makes one in-process call, either straight to the
 * handler or through app.inject, with the page's own cookie, and answers what the call answered.
 */
function registerPage(app: FastifyInstance) {
  app.get('/__page', async (request) => {
    const { way, call } = request.query as { way: string; call: string }
    const headers = { accept: 'application/json', ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}) }
    if (way === 'direct') {
      const answer = await inProcessApi(app)(request, { method: 'GET', url: call, headers })
      if (!answer) return { fallback: true }
      return { answer: await answerOf(new Response(answer.body, { status: answer.status, headers: answer.headers })) }
    }
    const fetcher = way === 'inject' ? injectFetch(app, request, PUBLIC_URL) : inProcessFetch(app, request, PUBLIC_URL)
    return { answer: await answerOf(await fetcher(`http://internal${call}`, { headers })) }
  })
}

describe.each(PGLITE_ONLY)('in-process API calls on %s', (backend) => {
  const t = useTestApp(backend, { beforeReady: (app) => registerPage(app) })
  const players = apiPlayers(t, 231, 'inproc-')
  /** A new session of the player each time. */
  const cookieOf = async (player: ApiPlayer) => {
    const { token } = await createSession(t.database.db, { playerId: player.id, now: new Date(), policy: t.database.config.session })
    return `${SESSION_COOKIE}=${token}`
  }

  async function page(way: 'direct' | 'inject' | 'fetch', call: string, cookie?: string): Promise<{ answer?: Answer; fallback?: true }> {
    const res = await t.app.inject({ method: 'GET', url: `/__page?way=${way}&call=${encodeURIComponent(call)}`, headers: cookie ? { cookie } : {} })
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }
  /** The same call both ways, each from a page request of its own (a call may end the session it came with). */
  async function bothWays(call: string, cookie?: () => Promise<string>): Promise<Answer> {
    const direct = await page('direct', call, await cookie?.())
    expect(direct.fallback, 'answered by the direct dispatch').toBeUndefined()
    const injected = await page('inject', call, await cookie?.())
    expect(direct.answer).toEqual(injected.answer)
    return direct.answer!
  }

  it("answers a visitor's reads exactly as inject does: data, refusals and not-found pages", async () => {
    expect((await bothWays('/api/account/getInfo?locale=en&v=1')).status).toBe(200)
    expect((await bothWays('/api/metadata/getgeneralinfo?locale=de&v=1')).body).toMatchObject({ data: { default_currency: expect.any(String) } })
    expect((await bothWays('/api/content/getPage?locale=en&v=1&slug=about')).status).toBe(200)
    expect((await bothWays('/api/content/getPage?locale=en&v=1&slug=no-such-page')).status).toBe(200)
    expect((await bothWays('/api/content/getPage?locale=en&v=1&slug=%00')).status).toBe(400)
    const refused = await bothWays('/api/account/getprofileinfo?locale=en&v=1')
    expect(refused.status).toBe(401)
    expect(refused.cacheControl).toBe('no-store')
  })

  it("answers a player's reads exactly as inject does", async () => {
    const player = await players.newPlayer()
    const info = await bothWays('/api/account/getInfo?locale=en&v=1', () => cookieOf(player))
    expect(info.body).toMatchObject({ data: { uid: Number(player.id) } })
    expect((await bothWays('/api/account/getprofileinfo?locale=en&v=1&fields=contacts', () => cookieOf(player))).status).toBe(200)
  })

  it('ends a self-excluded player\'s session with the same cleared cookie, and refuses a banned one the same way', async () => {
    const excluded = await players.newPlayer()
    await t.database.db.updateTable('accounts').set({ self_excluded_at: new Date(), self_excluded_until: null }).where('id', '=', excluded.id).execute()
    const out = await bothWays('/api/account/getprofileinfo?locale=en&v=1', () => cookieOf(excluded))
    expect(out.status).toBe(401)
    expect(out.setCookie).toHaveLength(1)
    expect(out.setCookie[0]).toMatch(/^sid=;/)

    const banned = await players.newPlayer()
    await t.database.db.updateTable('accounts').set({ banned_at: new Date(), ban_type: 'fraud' }).where('id', '=', banned.id).execute()
    const refused = await bothWays('/api/account/getprofileinfo?locale=en&v=1', () => cookieOf(banned))
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ error: { type: 'UserBannedException' } })
  })

  it('closes the same calls for maintenance, with the same 503', async () => {
    await writeSetting(t.database.db, 'domain_state', 'maintenance')
    t.app.settings.invalidate()
    try {
      const closed = await bothWays('/api/account/getInfo?locale=en&v=1')
      expect(closed.status).toBe(503)
      expect(closed.retryAfter).toBe('120')
      expect((await bothWays('/api/metadata/getgeneralinfo?locale=en&v=1')).status).toBe(200)
    } finally {
      await writeSetting(t.database.db, 'domain_state', 'active')
      t.app.settings.invalidate()
    }
  })

  it('leaves writes, unknown calls and a refused session cookie to inject', async () => {
    expect(await page('direct', '/api/no/such?locale=en')).toEqual({ fallback: true })
    expect(await page('direct', '/api/account/getInfo?locale=en', 'sid=not-a-live-session-token-but-well-formed-000000')).toEqual({ fallback: true })
    const viaFetch = await page('fetch', '/api/no/such?locale=en')
    expect(viaFetch.answer?.status).toBe(404)
  })
})
