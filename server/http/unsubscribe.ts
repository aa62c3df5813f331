import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isLocale } from '../../src/shared/locales'
import { unsubscribeWithToken, UnsubscribeTokenError } from '../domain/account/subscriptions'

/**
 * RFC 8058 one-click: a mail client POSTs `List-Unsubscribe=One-Click` to the List-Unsubscribe
 * address, the /unsubscribe page with its token, without the player opening it. The page itself
 * (a GET) calls account/unsubscribe from the browser.
 */
export function registerOneClickUnsubscribe(app: FastifyInstance): void {
  const oneClick = async (request: FastifyRequest<{ Params: { locale?: string }; Querystring: { token?: unknown } }>, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store')
    if (request.params.locale !== undefined && !isLocale(request.params.locale)) return reply.code(404).type('text/plain').send('Not found')
    const token = typeof request.query.token === 'string' ? request.query.token : ''
    try {
      await unsubscribeWithToken(app.db, app.config, token)
    } catch (err) {
      if (err instanceof UnsubscribeTokenError) return reply.code(400).type('text/plain').send('This unsubscribe link is not valid.')
      throw err
    }
    return reply.type('text/plain').send('Unsubscribed.')
  }
  app.post('/unsubscribe', oneClick)
  app.post('/:locale/unsubscribe', oneClick)
}
