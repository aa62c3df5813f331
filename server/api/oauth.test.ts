import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../seed/data'
import { SESSION_COOKIE } from '../http/session'
import { devIdpClientSecret, DEV_IDP_CLIENT_ID } from '../domain/oauth/dev-idp'
import { PGLITE_ONLY, buildTestApp, cookiePair, useTestApp, withClock } from '../test/harness'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const ORIGIN = 'http://localhost'

/** The hidden inputs of the dev IdP's login form. */
function hiddenFields(html: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const m of html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)) {
    out[m[1]!] = m[2]!.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
  }
  return out
}

const pathOf = (location: string) => {
  const url = new URL(location, ORIGIN)
  return url.pathname + url.search
}

describe.each(PGLITE_ONLY)('social login on %s', (backend) => {
  const t = useTestApp(backend)
  let nextIp = 1


  const freshIp = () => `10.7.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`

  /** Up to the dev IdP's login page: the binding cookie, and the page's form fields. */
  async function init(query = 'service=dev&redirect_url=%2Fgamehall&type_auth=login', cookie?: string) {
    const res = await t.app.inject({ method: 'GET', url: `/oauth/init?${query}`, remoteAddress: freshIp(), headers: cookie ? { cookie } : {} })
    expect(res.statusCode, res.body).toBe(302)
    const binding = cookiePair(res.headers['set-cookie'], 'oauth_binding')!
    expect(binding).toBeDefined()
    const authorize = new URL(res.headers.location as string)
    expect(authorize.pathname).toBe('/dev/idp/authorize')
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(authorize.searchParams.get('nonce')).toBeTruthy()
    // The verifier never leaves the server.
    expect(authorize.search).not.toContain('code_verifier')
    const page = await t.app.inject({ method: 'GET', url: pathOf(authorize.toString()) })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('data-testid="dev-idp"')
    return { binding, fields: hiddenFields(page.body) }
  }

  /** Submits the login page; answers the callback address the IdP sends the browser to. */
  async function signIn(fields: Record<string, string>, identity: Record<string, string>) {
    const res = await t.app.inject({ method: 'POST', url: '/dev/idp/authorize', headers: FORM, payload: new URLSearchParams({ ...fields, ...identity }).toString() })
    expect(res.statusCode, res.body).toBe(302)
    const callback = new URL(res.headers.location as string)
    expect(callback.pathname).toBe('/oauth/callback')
    return callback
  }

  async function callback(url: URL, cookie?: string) {
    return t.app.inject({ method: 'GET', url: pathOf(url.toString()), headers: cookie ? { cookie } : {} })
  }

  const outcome = (res: LightMyRequestResponse) => /data-social-auth="(\w+)"(?: data-code="(\w+)")?/.exec(res.body)?.slice(1, 3).filter(Boolean).join(':')

  async function getInfo(cookie?: string) {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/getInfo', headers: cookie ? { cookie } : {} })
    return res.json().data as { uid: number; login: string; is_registration_completed: boolean; balance_main: { currency: string } | null }
  }

  async function fullLogin(identity: { name: string; email: string }, cookie?: string) {
    const { binding, fields } = await init(undefined, cookie)
    const url = await signIn(fields, { ...identity, action: 'login' })
    const res = await callback(url, [binding, cookie].filter(Boolean).join('; '))
    return { res, url, binding, session: cookiePair(res.headers['set-cookie'], SESSION_COOKIE) }
  }

  it('lists the development provider in demo', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/oauth/getsettings' })
    expect(res.json().data).toEqual({ services: [{ id: 'dev', name: 'Dev ID', icon: 'user' }], redirect_allowlist: [] })
  })

  it('logs a new player in: a session, an account to complete, the page that tells the opener and closes', async () => {
    const { res, session } = await fullLogin({ name: 'Grace Hopper', email: 'grace@dev-idp.example' })
    expect(res.statusCode).toBe(200)
    expect(outcome(res)).toBe('success')
    expect(res.headers['content-security-policy']).toContain("script-src 'self' 'nonce-")
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1]
    expect(res.body).toContain(`<script nonce="${nonce}">`)
    expect(res.body).toContain('"created":true')
    // postMessage goes to our own origin only, and the window then goes to redirect_url.
    expect(res.body).toContain(`var origin = "${ORIGIN}"`)
    expect(res.body).toContain('var next = "/gamehall"')
    expect(res.body).toContain('<meta name="referrer" content="no-referrer">')
    expect(session).toBeDefined()
    const info = await getInfo(session)
    expect(info.uid).toBeGreaterThan(0)
    expect(info.login).toBe('grace@dev-idp.example')
    expect(info.is_registration_completed).toBe(false)
    expect(info.balance_main?.currency).toBe('USD')

    // The same person again is the same player, now not new.
    const again = await fullLogin({ name: 'Grace H.', email: 'GRACE@dev-idp.example' })
    expect(again.res.body).toContain('"created":false')
    expect((await getInfo(again.session)).uid).toBe(info.uid)
  })

  it('completes the registration: currency and terms, once', async () => {
    const { session } = await fullLogin({ name: 'Katherine Johnson', email: 'katherine@dev-idp.example' })
    const post = (form: Record<string, string>, cookie: string | null = session!) =>
      t.app.inject({ method: 'POST', url: '/api/oauth/completeRegistration', headers: { ...FORM, ...(cookie ? { cookie } : {}) }, payload: new URLSearchParams(form).toString() })
    const noTerms = await post({ currency: 'EUR', terms: '0' })
    expect(noTerms.statusCode).toBe(400)
    expect(noTerms.json().error.invalid_parameters).toEqual({ terms: ['required'] })
    const badCurrency = await post({ currency: 'XXX', terms: '1' })
    expect(badCurrency.json().error.invalid_parameters).toEqual({ currency: ['invalid'] })
    expect((await post({ currency: 'EUR', terms: '1' }, null)).statusCode).toBe(401)

    const done = await post({ currency: 'EUR', terms: '1', notify: '1' })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().data).toMatchObject({ is_registration_completed: true, is_subscribed: true, balance_main: { amount: '0.00', currency: 'EUR' } })
    const twice = await post({ currency: 'USD', terms: '1' })
    expect(twice.statusCode).toBe(400)
    expect(twice.json().error.code).toBe('registration_completed')
  })

  it('counts the address the provider verified as confirmed, and sends only the news mail the player asked for', async () => {
    const email = 'mary@dev-idp.example'
    const { session } = await fullLogin({ name: 'Mary Jackson', email })
    const account = () => t.database.db.selectFrom('accounts').select(['id', 'email_confirmed_at']).where('email', '=', email).executeTakeFirstOrThrow()
    expect((await account()).email_confirmed_at).not.toBeNull()
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/completeRegistration',
      headers: { ...FORM, cookie: session! },
      payload: new URLSearchParams({ currency: 'USD', terms: '1', notify: '1' }).toString(),
    })
    expect(done.statusCode, done.body).toBe(200)
    const mails = await t.database.db.selectFrom('mail_outbox').select(['subject', 'body_text']).where('to_address', '=', email).execute()
    // No confirmation code for an address already confirmed; the list mail with its unsubscribe link.
    expect(mails).toHaveLength(1)
    expect(mails[0]!.body_text).toContain('/unsubscribe?token=')
  })

  it('refuses a callback with an unknown state, from another browser, or a second time', async () => {
    const { binding, fields } = await init()
    const url = await signIn(fields, { name: 'Mallory', email: 'mallory@dev-idp.example', action: 'login' })
    const forged = new URL(url)
    forged.searchParams.set('state', 'x'.repeat(43))
    expect(outcome(await callback(forged, binding))).toBe('error:invalid_state')
    // Without the browser's binding cookie (a login CSRF: someone else's callback in our browser).
    expect(outcome(await callback(url))).toBe('error:invalid_state')
    // The state was consumed by that try: it never works again.
    const replay = await callback(url, binding)
    expect(outcome(replay)).toBe('error:invalid_state')
    expect(cookiePair(replay.headers['set-cookie'], SESSION_COOKIE)).toBeUndefined()
  })

  it('refuses a replayed code and a PKCE verifier that does not match, burning the code', async () => {
    const token = (form: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/dev/idp/token',
        headers: FORM,
        payload: new URLSearchParams({
          grant_type: 'authorization_code',
          redirect_uri: `${ORIGIN}/oauth/callback`,
          client_id: DEV_IDP_CLIENT_ID,
          client_secret: devIdpClientSecret(t.database.config.sessionSecret!),
          ...form,
        }).toString(),
      })

    // A successful login, then its code presented again.
    const { url } = await fullLogin({ name: 'Replay', email: 'replay@dev-idp.example' })
    const replayed = await token({ code: url.searchParams.get('code')!, code_verifier: 'a'.repeat(43) })
    expect(replayed.statusCode).toBe(400)
    expect(replayed.json().error).toBe('invalid_grant')

    // A stolen code without the verifier: refused, and useless afterwards even to the right client.
    const { binding, fields } = await init()
    const stolen = await signIn(fields, { name: 'Victim', email: 'victim@dev-idp.example', action: 'login' })
    const wrong = await token({ code: stolen.searchParams.get('code')!, code_verifier: 'b'.repeat(43) })
    expect(wrong.json()).toMatchObject({ error: 'invalid_grant', error_description: 'PKCE verification failed' })
    expect(outcome(await callback(stolen, binding))).toBe('error:token_exchange_failed')

    const noClient = await token({ code: 'x', code_verifier: 'a'.repeat(43), client_secret: 'guess' })
    expect(noClient.statusCode).toBe(401)
  })

  it('refuses an expired code, and ID tokens for another audience or nonce or past their time', async () => {
    const { binding, fields } = await init()
    const url = await signIn(fields, { name: 'Late', email: 'late@dev-idp.example', action: 'login' })
    await withClock(t.database, new Date(Date.now() + 61_000), async () => {
      expect(outcome(await callback(url, binding))).toBe('error:token_exchange_failed')
    })

    // A real token of the provider, checked the way the callback checks it.
    const { fields: f2 } = await init()
    const code = (await signIn(f2, { name: 'Ada', email: 'ada@dev-idp.example', action: 'login' })).searchParams.get('code')!
    // The test does not know the verifier: ask for a token the way the callback would have, by
    // reading the stored state row.
    const row = await t.database.db.selectFrom('oauth_states').select(['code_verifier', 'nonce']).where('used_at', 'is', null).orderBy('created_at', 'desc').executeTakeFirstOrThrow()
    const res = await t.app.inject({
      method: 'POST',
      url: '/dev/idp/token',
      headers: { ...FORM, authorization: `Basic ${Buffer.from(`${DEV_IDP_CLIENT_ID}:${devIdpClientSecret(t.database.config.sessionSecret!)}`).toString('base64')}` },
      payload: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: `${ORIGIN}/oauth/callback`, code_verifier: row.code_verifier }).toString(),
    })
    expect(res.statusCode, res.body).toBe(200)
    const idToken = res.json().id_token as string
    // Checked with jose, apart from our relying party (its own checks: domain/oauth/oidc-client.test.ts).
    const jwks = createLocalJWKSet((await t.app.inject({ method: 'GET', url: '/dev/idp/jwks' })).json() as JSONWebKeySet)
    const options = { issuer: `${ORIGIN}/dev/idp`, audience: DEV_IDP_CLIENT_ID, algorithms: ['RS256'], clockTolerance: 60 }
    const { payload, protectedHeader } = await jwtVerify(idToken, jwks, options)
    expect(payload).toMatchObject({ email: 'ada@dev-idp.example', email_verified: true, nonce: row.nonce })
    expect(protectedHeader.alg).toBe('RS256')
    await expect(jwtVerify(idToken, jwks, { ...options, audience: 'another-client' })).rejects.toThrow(/"aud"/)
    await expect(jwtVerify(idToken, jwks, { ...options, currentDate: new Date(Date.now() + 3_600_000) })).rejects.toThrow(/"exp"/)
    await expect(jwtVerify(idToken, jwks, { ...options, issuer: 'https://id.example' })).rejects.toThrow(/"iss"/)
  })

  it('reports a cancel at the provider and an unknown service, and keeps redirect_url on the site', async () => {
    const { binding, fields } = await init()
    const res = await t.app.inject({ method: 'POST', url: '/dev/idp/authorize', headers: FORM, payload: new URLSearchParams({ ...fields, action: 'cancel' }).toString() })
    const url = new URL(res.headers.location as string)
    expect(url.searchParams.get('error')).toBe('access_denied')
    expect(outcome(await callback(url, binding))).toBe('error:access_denied')

    const unknown = await t.app.inject({ method: 'GET', url: '/oauth/init?service=myspace&redirect_url=https%3A%2F%2Fevil.test%2F' })
    expect(unknown.statusCode).toBe(404)
    expect(outcome(unknown)).toBe('error:unknown_provider')
    expect(unknown.body).toContain('var next = "/"')
    expect(unknown.body).not.toContain('evil.test')
  })

  it('shows the login page again with what is wrong when the name or e-mail is bad', async () => {
    const { fields } = await init()
    const res = await t.app.inject({ method: 'POST', url: '/dev/idp/authorize', headers: FORM, payload: new URLSearchParams({ ...fields, name: ' ', email: 'not-an-email', action: 'login' }).toString() })
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('aria-invalid="true"')
    expect(res.body).toContain('Enter an e-mail address')
  })

  it('links a new identity to the player already logged in; a banned player gets no session', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: FORM, remoteAddress: freshIp(), payload: new URLSearchParams({ login: 'demo@example.com', password: DEMO_PASSWORD }).toString() })
    const demo = cookiePair(login.headers['set-cookie'], SESSION_COOKIE)!
    const demoUid = (await getInfo(demo)).uid
    const linked = await fullLogin({ name: 'Demo', email: 'demo-link@dev-idp.example' }, demo)
    expect(linked.res.body).toContain('"created":false')
    expect((await getInfo(linked.session)).uid).toBe(demoUid)

    await t.database.db.updateTable('accounts').set({ banned_at: new Date() }).where('id', '=', BigInt(demoUid)).execute()
    try {
      const blocked = await fullLogin({ name: 'Demo', email: 'demo-link@dev-idp.example' })
      expect(outcome(blocked.res)).toBe('error:account_blocked')
      expect(blocked.session).toBeUndefined()
    } finally {
      await t.database.db.updateTable('accounts').set({ banned_at: null }).where('id', '=', BigInt(demoUid)).execute()
    }
  })

  it('has no development provider in production', async () => {
    const production = await buildTestApp(t.database, { config: { ...t.database.config, appEnv: 'production', providers: { ...t.database.config.providers, identity: null } } })
    try {
      const settings = await production.inject({ method: 'GET', url: '/api/oauth/getsettings' })
      expect(settings.json().data.services).toEqual([])
      expect((await production.inject({ method: 'GET', url: '/dev/idp/.well-known/openid-configuration' })).statusCode).toBe(404)
      expect(outcome(await production.inject({ method: 'GET', url: '/oauth/init?service=dev' }))).toBe('error:unknown_provider')
    } finally {
      await production.close()
    }
  })
})
