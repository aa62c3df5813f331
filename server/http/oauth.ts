import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { OAUTH_CALLBACK_PATH, OAUTH_INIT_PATH, SOCIAL_AUTH_MESSAGE, type SocialAuthErrorCode, type SocialAuthMessage, type SocialService, type TypeAuth } from '../../src/services/api/contract/oauth'
import { isLocale, DEFAULT_LOCALE } from '../../src/shared/locales'
import { LOCALE_COOKIE } from '../../src/shared/cookies'
import { safeRedirectTarget } from '../../src/shared/redirect'
import { authThrottleMultiplier, clock, DEV_OAUTH_PROVIDER_ID, type Config } from '../config'
import { PlayerBannedError, getAccountSnapshot } from '../domain/account/info'
import { linkOrCreatePlayer } from '../domain/oauth/accounts'
import { devIdpClientSecret, devIdpIssuer, DEV_IDP_CLIENT_ID } from '../domain/oauth/dev-idp'
import { OAuthError } from '../domain/oauth/errors'
import { consumeState, exchange, purgeStates, startLogin } from '../domain/oauth/flow'
import { OidcClient } from '../domain/oauth/oidc-client'
import { consume, ipSubject } from '../domain/ratelimit/limits'
import { isDevIdpEnabled } from './dev-idp'
import { isHttps } from './https'
import { siteOrigin } from './origin'
import { startPlayerSession } from './session'

/**
 * The social-login window (SPEC §2.3, §4 'Social login', §7): GET /oauth/init?service=&redirect_url=&type_auth=
 * sends the browser to the provider; GET /oauth/callback comes back with the code, logs the player
 * in with a rotated session, and answers a tiny page that reports to the opener (same origin only)
 * and closes the window, or, with no opener, goes to redirect_url.
 */

/** Binds a started login to the browser that started it (login CSRF, RFC 6749 §10.12). */
const BINDING_COOKIE = 'oauth_binding'
const SECURE_BINDING_COOKIE = '__Host-oauth_binding'
const BINDING_RE = /^[A-Za-z0-9_-]{43}$/

/** The OpenID providers this site offers, and an OidcClient for each (kept per issuer). */
export class SocialProviders {
  private readonly clients = new Map<string, OidcClient>()

  constructor(private readonly app: FastifyInstance) {}

  /** SPEC §2.3 'Social list items have id, icon and name'; the development provider first. */
  services(): SocialService[] {
    const list: SocialService[] = []
    if (isDevIdpEnabled(this.app.config)) list.push({ id: DEV_OAUTH_PROVIDER_ID, name: 'Dev ID', icon: 'user' })
    for (const p of this.app.config.oauthProviders) list.push({ id: p.id, name: p.name, icon: p.id })
    return list
  }

  client(id: string, origin: string): OidcClient | null {
    if (id === DEV_OAUTH_PROVIDER_ID) {
      if (!isDevIdpEnabled(this.app.config)) return null
      const issuer = devIdpIssuer(origin)
      return this.cached(`dev ${issuer}`, () => ({
        id,
        name: 'Dev ID',
        issuer,
        discoveryUrl: `${issuer}/.well-known/openid-configuration`,
        clientId: DEV_IDP_CLIENT_ID,
        clientSecret: devIdpClientSecret(this.app.config.sessionSecret ?? ''),
        scopes: 'openid email profile',
        // The provider is this very server: its HTTP endpoints are called in-process.
        fetch: this.inProcessFetch,
      }))
    }
    const configured = this.app.config.oauthProviders.find((p) => p.id === id)
    if (!configured) return null
    return this.cached(id, () => ({ ...configured, fetch: globalThis.fetch }))
  }

  private cached(key: string, make: () => ConstructorParameters<typeof OidcClient>[0]): OidcClient {
    let client = this.clients.get(key)
    if (!client) {
      client = new OidcClient(make())
      this.clients.set(key, client)
    }
    return client
  }

  /** A fetch that dispatches to this app, keeping the Host so the provider sees the same origin. */
  private readonly inProcessFetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const headers: Record<string, string> = { host: url.host }
    new Headers(init?.headers).forEach((value, key) => (headers[key] = value))
    const res = await this.app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: url.pathname + url.search,
      headers,
      // openid-client posts its forms as URLSearchParams.
      ...(typeof init?.body === 'string' || init?.body instanceof URLSearchParams ? { payload: init.body.toString() } : {}),
    })
    return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? '') } })
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/** JSON for a <script> body: nothing in it can close the element or start a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

/**
 * The page the window ends on. Its script (this request's CSP nonce) tells the opener by
 * postMessage to our own origin only, and every tab of the site by BroadcastChannel (a provider's
 * pages may have cut the window off from its opener), then closes the window. A window that
 * cannot close, or had no opener, goes to `next` instead.
 */
// The callback URL carries the code and state: the page's <meta name="referrer"> keeps them out of
// any Referer (the site-wide header is strict-origin-when-cross-origin).
function resultPage(request: FastifyRequest, reply: FastifyReply, message: SocialAuthMessage, next: string, status = 200): FastifyReply {
  const origin = siteOrigin(request, request.server.config)
  const ok = message.status === 'success'
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${ok ? 'Signed in' : 'Sign-in failed'}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#12131a;color:#f2f2f5;text-align:center;padding:1rem}a{color:#8fb3ff}</style>
</head>
<body data-social-auth="${message.status}"${ok ? '' : ` data-code="${escapeHtml(message.code)}"`}>
<main><p>${ok ? 'You are signed in. This window closes by itself.' : 'Sign-in did not work. You can close this window and try again.'}</p>
<p><a href="${escapeHtml(next)}">Continue</a></p></main>
<script nonce="${request.cspNonce}">
(function () {
  var message = ${scriptJson(message)};
  var origin = ${scriptJson(origin)};
  var next = ${scriptJson(next)};
  var told = false;
  try { if (window.opener && !window.opener.closed) { window.opener.postMessage(message, origin); told = true; } } catch (e) {}
  try { var channel = new BroadcastChannel(${scriptJson(SOCIAL_AUTH_MESSAGE)}); channel.postMessage(message); channel.close(); } catch (e) {}
  if (told) { window.close(); setTimeout(function () { location.replace(next); }, 500); }
  else { location.replace(next); }
})();
</script>
</body>
</html>
`
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .type('text/html; charset=utf-8')
    .send(html)
}

function bindingCookieName(request: FastifyRequest, config: Config): string {
  return isHttps(request, config) ? SECURE_BINDING_COOKIE : BINDING_COOKIE
}

function requestLocale(request: FastifyRequest) {
  const fromCookie = request.cookies?.[LOCALE_COOKIE]
  return isLocale(fromCookie) ? fromCookie : DEFAULT_LOCALE
}

const failureCode = (err: unknown): SocialAuthErrorCode | null => (err instanceof OAuthError ? err.reason : err instanceof PlayerBannedError ? 'account_blocked' : null)

export function registerOAuth(app: FastifyInstance): SocialProviders {
  const providers = new SocialProviders(app)
  const now = clock(app.config)

  // Hourly, on one instance: sign-in states an hour old.
  app.jobs.register({
    name: 'oauth-state-cleanup',
    everyMs: 3_600_000,
    runOnStart: false,
    run: () => purgeStates(app.db, new Date(now().getTime() - 3_600_000)).then(() => {}),
  })

  app.get(OAUTH_INIT_PATH, async (request, reply) => {
    const query = request.query as Record<string, unknown>
    const origin = siteOrigin(request, app.config)
    const policy = { origin, allowedOrigins: app.config.redirectAllowlist }
    const returnTo = safeRedirectTarget(typeof query.redirect_url === 'string' ? query.redirect_url : null, policy)
    const next = returnTo ?? '/'
    const typeAuth: TypeAuth = query.type_auth === 'registration' ? 'registration' : 'login'
    const at = now()
    const fail = (code: SocialAuthErrorCode, status: number) => resultPage(request, reply, { type: SOCIAL_AUTH_MESSAGE, status: 'error', code }, next, status)

    const client = typeof query.service === 'string' ? providers.client(query.service, origin) : null
    if (!client) return fail('unknown_provider', 404)
    // Each init stores a row: bounded per address, like every other unauthenticated write.
    const verdict = await consume(app.db, [{ key: `oauth-init:${ipSubject(request.ip)}`, policy: { kind: 'window', limit: 30 * authThrottleMultiplier(app.config), windowMs: 600_000 } }], at)
    if (!verdict.allowed) return fail('too_many_requests', 429)

    const cookieName = bindingCookieName(request, app.config)
    const existing = request.cookies?.[cookieName]
    const binding = existing && BINDING_RE.test(existing) ? existing : randomBytes(32).toString('base64url')
    try {
      const url = await startLogin(app.db, { client, redirectUri: `${origin}${OAUTH_CALLBACK_PATH}`, returnTo, typeAuth, binding, now: at })
      reply.setCookie(cookieName, binding, { httpOnly: true, sameSite: 'lax', path: '/', secure: isHttps(request, app.config), maxAge: 600 })
      return reply.header('cache-control', 'no-store').redirect(url, 302)
    } catch (err) {
      const code = failureCode(err)
      if (!code) throw err
      request.log.warn({ err }, 'social login could not start')
      return fail(code, 502)
    }
  })

  app.get(OAUTH_CALLBACK_PATH, async (request, reply) => {
    const query = request.query as Record<string, unknown>
    const text = (v: unknown) => (typeof v === 'string' ? v : undefined)
    const at = now()
    const origin = siteOrigin(request, app.config)
    let next = '/'
    try {
      const pending = await consumeState(app.db, { state: text(query.state), binding: request.cookies?.[bindingCookieName(request, app.config)], now: at })
      next = pending.returnTo ?? '/'
      if (query.error !== undefined) throw new OAuthError('access_denied', `provider said ${String(query.error).slice(0, 100)}`)
      const client = providers.client(pending.provider, origin)
      if (!client || client.settings.issuer !== pending.issuer) throw new OAuthError('unknown_provider', `${pending.provider} is no longer configured here`)
      const claims = await exchange(client, pending, text(query.code), at)
      const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 254) : null)
      const { playerId, created } = await linkOrCreatePlayer(app.db, {
        identity: {
          provider: pending.provider,
          subject: claims.sub,
          email: str(claims.email),
          emailVerified: claims.email_verified === true,
          name: str(claims.name),
          givenName: str(claims.given_name),
          familyName: str(claims.family_name),
        },
        currentPlayerId: request.playerId,
        locale: requestLocale(request),
        now: at,
      })
      // Throws PlayerBannedError for a blocked account, before any session is made.
      await getAccountSnapshot(app.db, playerId)
      await startPlayerSession(request, reply, { db: app.db, config: app.config }, playerId)
      return resultPage(request, reply, { type: SOCIAL_AUTH_MESSAGE, status: 'success', created, type_auth: pending.typeAuth }, next)
    } catch (err) {
      const code = failureCode(err)
      if (!code) throw err
      request.log.info({ reason: code, detail: err instanceof OAuthError ? err.detail : undefined }, 'social login refused')
      return resultPage(request, reply, { type: SOCIAL_AUTH_MESSAGE, status: 'error', code }, next, 400)
    }
  })

  // api/oauth.ts lists the services from it.
  app.decorate('socialProviders', providers)
  return providers
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The social-login providers (server/http/oauth.ts). */
    socialProviders: SocialProviders
  }
}
