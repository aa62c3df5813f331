import type { FastifyInstance } from 'fastify'
import { CHAT_ERROR_CODE, getChat, getSettings, readChat, sendChatMessage, sendFeedback } from '../../src/services/api/contract/support'
import { ApiError } from '../../src/shared/errors'
import { authThrottleMultiplier, clock } from '../config'
import { ThrottledError } from '../domain/auth/errors'
import { siteOrigin } from '../domain/auth/recovery'
import { chatSection } from '../domain/content/sections'
import { createMailer } from '../domain/mail/outbox'
import { CHAT_MAIL_BATCH, getThread, mailUnreadAnswers, markRead, sendMessage } from '../domain/support/chat'
import { sendFeedback as sendFeedbackMessage } from '../domain/support/feedback'
import { playerCalls, registerCall } from './registrar'

/** Support area (SPEC §7 'Support'): thin handlers over server/domain/support. */
export function supportCalls(app: FastifyInstance): void {
  const mailer = createMailer(app.config, app.log, clock(app.config))
  app.addHook('onClose', () => mailer.idle())
  // On one instance: support answers a player has not read on the site, mailed once (docs/support-chat.md).
  app.jobs.register({
    name: 'support-chat-mail',
    everyMs: 30_000,
    runOnStart: false,
    run: async () => {
      const now = clock(app.config)
      while ((await mailUnreadAnswers(app.db, mailer, now(), { origin: siteOrigin(app.config) })) === CHAT_MAIL_BATCH);
    },
  })

  registerCall(app, sendFeedback, async ({ params, playerId, request, db, config, now, locale }) => {
    const reference = await sendFeedbackMessage(
      { db, config, now, mailer, multiplier: authThrottleMultiplier(config) },
      { playerId, email: params.email ?? '', topic: params.topic, message: params.message, locale, ip: request.ip },
    )
    return { reference }
  })

  // The chat section of the site config, for the caller's locale: which chat, and how it loads.
  registerCall(app, getSettings, async ({ locale }) => {
    const chat = await app.content.section(chatSection, locale)
    return { kind: chat.kind, consent_category: chat.consentCategory, lazy_load_ms: chat.lazyLoadMs, config: chat.config }
  })

  playerCalls(app, (players) => {
    registerCall(players, getChat, async ({ db, playerId, params }) => getThread(db, playerId, 'player', params.after))
    registerCall(players, sendChatMessage, async ({ db, playerId, params, config, now }) => {
      try {
        const message = await sendMessage(db, { playerId, author: 'player', body: params.body, key: params.key, now, multiplier: authThrottleMultiplier(config) }, app.live)
        return { message }
      } catch (err) {
        if (!(err instanceof ThrottledError)) throw err
        // The throttle's own 429, with the chat's code: the panel says "slow down", not "too many login attempts".
        throw new ApiError({
          type: 'TooManyRequestsException',
          code: CHAT_ERROR_CODE.tooMany,
          message: 'Too many messages, wait a moment',
          resendTime: err.retryAfterSeconds,
          errorData: { retry_after: err.retryAfterSeconds },
        })
      }
    })
    registerCall(players, readChat, async ({ db, playerId, params }) => ({ unread: await markRead(db, playerId, 'player', params.through, app.live) }))
  })
}
