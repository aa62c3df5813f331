import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { clock, type Config } from '../config'
import { siteOrigin } from './origin'
import {
  checkAuthorizationRequest,
  checkDevIdentity,
  devIdpClientSecret,
  devIdpIssuer,
  discoveryDocument,
  DEV_IDP_PATH,
  issueCode,
  loadSigningKey,
  redeemCode,
  type AuthorizationRequest,
} from '../domain/oauth/dev-idp'

/**
 * The development identity provider's HTTP face (server/domain/oauth/dev-idp.ts): discovery,
 * JWKS, the authorization endpoint with its login page, and the token endpoint. It answers only
 * outside production and while IDENTITY_PROVIDER is `dev` (demo's default; production refuses to
 * start with it); otherwise every path is a 404.
 */

export function isDevIdpEnabled(config: Pick<Config, 'appEnv' | 'providers'>): boolean {
  return config.appEnv !== 'production' && config.providers.identity === 'dev'
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

const origin = (request: FastifyRequest, config: Config): string => siteOrigin(request, config)

const AUTH_PARAMS = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'nonce', 'code_challenge', 'code_challenge_method'] as const

function authRequestOf(source: unknown): AuthorizationRequest {
  const record = (source && typeof source === 'object' ? source : {}) as Record<string, unknown>
  const out: Record<string, string> = {}
  for (const key of AUTH_PARAMS) if (typeof record[key] === 'string') out[key] = record[key] as string
  return out
}

/** A few people to pick with one click; any name and e-mail typed in works the same. */
const PRESETS = [
  { name: 'Ada Lovelace', email: 'ada@dev-idp.example' },
  { name: 'Alan Turing', email: 'alan@dev-idp.example' },
]

function loginPage(req: AuthorizationRequest, values: { name: string; email: string }, problems: { name?: string; email?: string } | null): string {
  const hidden = AUTH_PARAMS.filter((k) => req[k] !== undefined)
    .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(req[k]!)}">`)
    .join('\n')
  const field = (name: 'name' | 'email', label: string, type: string, autocomplete: string) => `
    <label for="${name}">${label}</label>
    <input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" value="${escapeHtml(values[name])}"${problems?.[name] ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''} maxlength="${name === 'name' ? 80 : 254}">
    ${problems?.[name] ? `<p class="error" id="${name}-error">${escapeHtml(problems[name]!)}</p>` : ''}`
  const presets = PRESETS.map(
    (p) => `<button type="submit" class="preset" name="preset" value="${escapeHtml(p.email)}"><b>${escapeHtml(p.name)}</b><span>${escapeHtml(p.email)}</span></button>`,
  ).join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Dev ID: sign in</title>
<style>
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;background:#eef0f6;color:#1b1d26;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;padding:16px}
@media (min-height:640px){body{align-items:center}}
main{width:100%;max-width:400px;background:#fff;border-radius:14px;box-shadow:0 6px 28px rgba(20,24,40,.12);padding:24px}
.brand{display:flex;align-items:center;gap:10px;margin:0 0 4px;font-size:20px;font-weight:700}
.brand i{display:inline-grid;place-items:center;width:32px;height:32px;border-radius:8px;background:#3b5bdb;color:#fff;font-style:normal;font-size:15px}
.note{margin:0 0 16px;color:#545a6d;font-size:13px}
label{display:block;font-weight:600;margin:12px 0 4px}
input[type=text],input[type=email]{width:100%;padding:10px 12px;border:1px solid #c5cad8;border-radius:8px;font:inherit}
input:focus-visible,button:focus-visible{outline:3px solid #8fa8ff;outline-offset:1px}
input[aria-invalid=true]{border-color:#c92a2a}
.error{color:#c92a2a;margin:4px 0 0;font-size:13px}
.actions{display:flex;flex-direction:row-reverse;gap:8px;margin-top:18px}
.actions button{flex:1;padding:11px 12px;border-radius:8px;font:inherit;font-weight:600;cursor:pointer;border:1px solid #3b5bdb}
.primary{background:#3b5bdb;color:#fff}
.secondary{background:#fff;color:#3b5bdb}
h2{font-size:13px;text-transform:uppercase;letter-spacing:.04em;color:#545a6d;margin:20px 0 8px}
.presets{display:grid;gap:8px}
.preset{display:flex;flex-direction:column;align-items:flex-start;text-align:left;padding:8px 12px;border:1px solid #d5d9e5;border-radius:8px;background:#f7f8fc;font:inherit;cursor:pointer;color:inherit}
.preset span{color:#545a6d;font-size:13px}
</style>
</head>
<body>
<main data-testid="dev-idp">
<p class="brand"><i aria-hidden="true">ID</i>Dev ID</p>
<p class="note">The development identity provider. Sign in as anyone: the same e-mail is always the same person. Demo and staging only.</p>
<form method="post" action="${DEV_IDP_PATH}/authorize" novalidate>
${hidden}
${field('name', 'Name', 'text', 'name')}
${field('email', 'E-mail', 'email', 'email')}
<div class="actions">
  <!-- Sign in first: Enter in a field submits with the first submit button. -->
  <button type="submit" class="primary" name="action" value="login">Sign in</button>
  <button type="submit" class="secondary" name="action" value="cancel">Cancel</button>
</div>
<h2>Or pick someone</h2>
<div class="presets">
${presets}
</div>
</form>
</main>
</body>
</html>
`
}

function errorPage(reply: FastifyReply, message: string): FastifyReply {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev ID: bad request</title></head><body><h1>Bad authorization request</h1><p>${escapeHtml(message)}</p></body></html>`)
}

function redirectBack(reply: FastifyReply, redirectUri: string, params: Record<string, string | undefined>): FastifyReply {
  const url = new URL(redirectUri)
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v)
  return reply.header('cache-control', 'no-store').redirect(url.toString(), 302)
}

export function registerDevIdp(app: FastifyInstance): void {
  const now = clock(app.config)
  const enabled = () => isDevIdpEnabled(app.config)
  const notFound = (reply: FastifyReply) => reply.code(404).send({ error: { type: 'MethodNotFoundException', message: 'Not found', code: 'not_found' } })

  app.get(`${DEV_IDP_PATH}/.well-known/openid-configuration`, async (request, reply) => {
    if (!enabled()) return notFound(reply)
    return reply.header('cache-control', 'public, max-age=300').send(discoveryDocument(devIdpIssuer(origin(request, app.config))))
  })

  app.get(`${DEV_IDP_PATH}/jwks`, async (_request, reply) => {
    if (!enabled()) return notFound(reply)
    const key = await loadSigningKey(app.db, now())
    return reply.header('cache-control', 'public, max-age=300').send({ keys: [key.publicJwk] })
  })

  app.get(`${DEV_IDP_PATH}/authorize`, async (request, reply) => {
    if (!enabled()) return notFound(reply)
    const req = authRequestOf(request.query)
    const check = checkAuthorizationRequest(req, origin(request, app.config))
    if (!check.ok) return check.redirect ? redirectBack(reply, req.redirect_uri!, { error: check.error, state: req.state }) : errorPage(reply, check.error)
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow')
    return reply.type('text/html; charset=utf-8').send(loginPage(req, { name: '', email: '' }, null))
  })

  app.post(`${DEV_IDP_PATH}/authorize`, async (request, reply) => {
    if (!enabled()) return notFound(reply)
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>
    const req = authRequestOf(body)
    const issuerOrigin = origin(request, app.config)
    const check = checkAuthorizationRequest(req, issuerOrigin)
    if (!check.ok) return check.redirect ? redirectBack(reply, req.redirect_uri!, { error: check.error, state: req.state }) : errorPage(reply, check.error)
    const iss = devIdpIssuer(issuerOrigin)
    if (body.action === 'cancel') return redirectBack(reply, req.redirect_uri!, { error: 'access_denied', state: req.state, iss })
    const preset = PRESETS.find((p) => p.email === body.preset)
    const identity = preset ?? { name: typeof body.name === 'string' ? body.name : '', email: typeof body.email === 'string' ? body.email : '' }
    const problems = checkDevIdentity(identity)
    if (problems) {
      reply.code(400).header('cache-control', 'no-store')
      return reply.type('text/html; charset=utf-8').send(loginPage(req, identity, problems))
    }
    const code = await issueCode(app.db, {
      request: { client_id: req.client_id!, redirect_uri: req.redirect_uri!, code_challenge: req.code_challenge!, nonce: req.nonce },
      identity,
      now: now(),
    })
    // RFC 9207: the issuer travels with the code, so a client can tell providers apart.
    return redirectBack(reply, req.redirect_uri!, { code, state: req.state, iss })
  })

  app.post(`${DEV_IDP_PATH}/token`, async (request, reply) => {
    if (!enabled()) return notFound(reply)
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined)
    let clientId = str(body.client_id)
    let clientSecret = str(body.client_secret)
    const basic = /^Basic ([A-Za-z0-9+/=]+)$/.exec(request.headers.authorization ?? '')
    if (basic) {
      const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8')
      const colon = decoded.indexOf(':')
      if (colon > 0) {
        clientId = decodeURIComponent(decoded.slice(0, colon))
        clientSecret = decodeURIComponent(decoded.slice(colon + 1))
      }
    }
    const result = await redeemCode(app.db, {
      grantType: str(body.grant_type),
      code: str(body.code),
      redirectUri: str(body.redirect_uri),
      codeVerifier: str(body.code_verifier),
      clientId,
      clientSecret,
      expectedSecret: devIdpClientSecret(app.config.sessionSecret ?? ''),
      issuer: devIdpIssuer(origin(request, app.config)),
      now: now(),
    })
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache')
    return result.ok ? reply.send(result.body) : reply.code(result.status).send(result.body)
  })
}
