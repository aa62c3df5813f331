import type { FastifyInstance } from 'fastify'
import { createApplicant, getAccessToken, getVerificationStatus, setUserOnVerification } from '../../src/services/api/contract/verification'
import { isLocale } from '../../src/shared/locales'
import { clock } from '../config'
import { kycProvider } from '../domain/kyc/configured'
import {
  createApplicant as makeApplicant,
  documentFor,
  getAccessToken as makeToken,
  handleWebhookEvent,
  KYC_DOCUMENTS_PATH,
  kycWebhookPath,
  setUserOnVerification as putOnVerification,
  verificationState,
} from '../domain/kyc/verification'
import { requireFeature } from './features'
import { contentSecurityPolicy } from '../http/security'
import { hasOperatorToken } from './operator'
import { playerCalls, registerCall, sendError } from './registrar'

/**
 * Identity verification (SPEC §7 Identity verification, docs/verification.md): thin handlers over
 * server/domain/kyc. Every call is behind the site config's identityVerification switch.
 */
export function verificationCalls(app: FastifyInstance): void {
  const provider = kycProvider(app.config, app.db)
  playerCalls(app, (players) => {
    registerCall(players, getVerificationStatus, async ({ playerId, db, locale }) => {
      await requireFeature(app, locale, 'identityVerification')
      return verificationState(db, playerId)
    })
    registerCall(players, createApplicant, async ({ playerId, db, now, locale }) => {
      await requireFeature(app, locale, 'identityVerification')
      return makeApplicant({ db, provider, now }, playerId)
    })
    registerCall(players, getAccessToken, async ({ params, playerId, db, now, locale }) => {
      await requireFeature(app, locale, 'identityVerification')
      return makeToken({ db, provider, now }, playerId, params.externalActionId)
    })
  })
}

/** account/setUserOnVerification (SPEC §7 lists it under Account): mounted with the account area. */
export function verificationAccountCalls(app: FastifyInstance): void {
  const provider = kycProvider(app.config, app.db)
  playerCalls(app, (players) => {
    registerCall(players, setUserOnVerification, async ({ playerId, db, now, locale }) => {
      await requireFeature(app, locale, 'identityVerification')
      return putOnVerification({ db, provider, now }, playerId)
    })
  })
}

/** The webhook body may be no larger than this: a provider's notice is a few hundred bytes. */
const WEBHOOK_BODY_LIMIT = 16 * 1024

/**
 * The KYC provider's side of our site, outside /api: its signed webhooks at /kyc/webhook/<provider>,
 * and the documents it keeps, served at /kyc/documents/<id> to their owner and to staff. Mounted
 * while a KYC provider is configured.
 */
export function registerKycEndpoints(app: FastifyInstance): void {
  const provider = kycProvider(app.config, app.db)
  if (!provider) return
  const now = clock(app.config)

  void app.register(async (scope) => {
    // The signature covers the exact bytes sent, so the body is kept as text.
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body))
    scope.post(kycWebhookPath(provider.name), { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
      reply.header('cache-control', 'no-store')
      try {
        const raw = typeof request.body === 'string' ? request.body : ''
        // A forged, stale or malformed one throws WebhookRejected, answered 401 or 400.
        const event = provider.verifyWebhook(raw, request.headers, now())
        // Genuine, of a kind the check does not follow: acknowledged so that it is not sent again.
        if (!event) return { data: { received: true, duplicate: false, changed: false } }
        const done = await handleWebhookEvent(app.db, provider.name, event, now())
        if (done.duplicate) return { data: { received: true, duplicate: true, changed: false } }
        return { data: { received: true, duplicate: false, changed: done.changed, status: done.status } }
      } catch (err) {
        return sendError(err, request, reply)
      }
    })
  })

  const host = provider.sdkHost
  if (host) {
    app.get<{ Querystring: { lang?: string } }>(host.path, async (request, reply) => {
      const page = host.render(request.cspNonce, isLocale(request.query.lang) ? request.query.lang : 'en')
      // The vendor's script and frames are allowed on this page only; the token stays in the fragment.
      return reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', `${contentSecurityPolicy(request.cspNonce, [], page.origins)}; frame-src 'self' ${page.origins.join(' ')}`)
        .type('text/html; charset=utf-8')
        .send(page.html)
    })
  }

  app.get<{ Params: { id: string } }>(`${KYC_DOCUMENTS_PATH}/:id`, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const staff = hasOperatorToken(request, app.config.operatorToken)
    const doc = await documentFor({ db: app.db, provider }, request.params.id, { playerId: request.playerId, staff })
    if (!doc) return reply.code(404).send({ error: { type: 'MethodNotFoundException', message: 'Not found', code: 'not_found' } })
    return reply
      .header('content-type', doc.contentType)
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'same-origin')
      .send(doc.content)
  })
}
