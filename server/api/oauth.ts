import type { FastifyInstance } from 'fastify'
import { completeRegistration, COMPLETE_REGISTRATION_ERROR_CODE, getsettings } from '../../src/services/api/contract/oauth'
import { ApiError } from '../../src/shared/errors'
import { getAccountSnapshot } from '../domain/account/info'
import { mailNewPlayer } from '../domain/account/welcome'
import { createMailer } from '../domain/mail/outbox'
import { completeRegistration as complete, RegistrationAlreadyCompletedError } from '../domain/oauth/complete'
import { toAccountInfo } from './account'
import { playerCalls, registerCall } from './registrar'
import { clock } from '../config'

/**
 * The oauth area: the social buttons to offer and completing a social registration (SPEC §2.3).
 * The login itself is the /oauth/init window (server/http/oauth.ts), not a call.
 */
export function oauthCalls(app: FastifyInstance): void {
  const mailer = createMailer(app.config, app.log, clock(app.config))
  app.addHook('onClose', () => mailer.idle())

  registerCall(app, getsettings, ({ config }) => ({
    // Without the window routes (another platform's API) there is nothing to offer.
    services: app.hasDecorator('socialProviders') ? app.socialProviders.services() : [],
    redirect_allowlist: config.redirectAllowlist,
  }))

  playerCalls(app, (players) => {
    registerCall(players, completeRegistration, async ({ params, playerId, request, db, config, now }) => {
      try {
        await complete(db, playerId, { currency: params.currency, terms: params.terms, notify: params.notify ?? false })
      } catch (err) {
        if (err instanceof RegistrationAlreadyCompletedError) {
          throw new ApiError({ type: 'InvalidRequestException', code: COMPLETE_REGISTRATION_ERROR_CODE.alreadyCompleted, message: err.message })
        }
        throw err
      }
      // As after a registration with a password: the code for an address the provider did not
      // vouch for, and the news-and-offers mail when the player opted in now.
      await mailNewPlayer({ db, config, now, mailer }, playerId).catch((err: unknown) => request.log.error({ err, playerId: String(playerId) }, 'welcome mail failed'))
      const snapshot = await getAccountSnapshot(db, playerId)
      if (!snapshot) throw new Error(`Player ${playerId} vanished while completing registration`)
      return toAccountInfo(snapshot)
    })
  })
}
