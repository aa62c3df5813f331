import type { FastifyInstance } from 'fastify'
import { sendFeedback } from '../../src/services/api/contract/support'
import { authThrottleMultiplier, clock } from '../config'
import { createMailer } from '../domain/mail/outbox'
import { sendFeedback as sendFeedbackMessage } from '../domain/support/feedback'
import { registerCall } from './registrar'

/** Support area (SPEC §7 'Support'): thin handlers over server/domain/support. */
export function supportCalls(app: FastifyInstance): void {
  const mailer = createMailer(app.config, app.log, clock(app.config))
  app.addHook('onClose', () => mailer.idle())

  registerCall(app, sendFeedback, async ({ params, playerId, request, db, config, now, locale }) => {
    const reference = await sendFeedbackMessage(
      { db, config, now, mailer, multiplier: authThrottleMultiplier(config) },
      { playerId, email: params.email ?? '', topic: params.topic, message: params.message, locale, ip: request.ip },
    )
    return { reference }
  })
}
