import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ApiError } from '../../src/shared/errors'
import { AUTH_ERROR_CODE, login, logout, register, resetPassword, restore } from '../../src/services/api/contract/auth'
import { clock, e2eTestOverrides, type Config } from '../config'
import { getAccountSnapshot, PlayerBannedError } from '../domain/account/info'
import { mailNewPlayer } from '../domain/account/welcome'
import { authenticate, warmDummyHash } from '../domain/auth/login'
import { purgeResetTokens, requestPasswordReset, resetPassword as resetPasswordWithToken } from '../domain/auth/recovery'
import { registerPlayer } from '../domain/auth/register'
import { createMailer } from '../domain/mail/outbox'
import { InitDataError } from '../domain/messenger/init-data'
import { MessengerDisabledError, signInWithMessenger } from '../domain/messenger/sign-in'
import { purgeRateLimits } from '../domain/ratelimit/limits'
import { endSession, rotateCurrentSession, startPlayerSession } from '../http/session'
import { toAccountInfo } from './account'
import { assertSameOrigin, registerCall } from './registrar'

/**
 * Auth area (SPEC §7 'Auth'): thin handlers over server/domain/auth. The session is rotated on
 * every login and registration (startPlayerSession), so a token planted before it is worthless.
 */
export function authCalls(app: FastifyInstance): void {
  const mailer = createMailer(app.config, app.log, clock(app.config))
  app.addHook('onClose', () => mailer.idle())

  // Hourly, on one instance: throttle counters idle for two days (longer than any policy
  // remembers) and reset links over a day old.
  app.jobs.register({
    name: 'auth-cleanup',
    everyMs: 3_600_000,
    runOnStart: false,
    run: async () => {
      const dayAgo = new Date(clock(app.config)().getTime() - 86_400_000)
      await Promise.all([purgeRateLimits(app.db, new Date(dayAgo.getTime() - 86_400_000)), purgeResetTokens(app.db, dayAgo)])
    },
  })
  // The first unknown-account login would otherwise pay for making the dummy hash, and show it.
  warmDummyHash(app.config).catch((err: unknown) => app.log.error({ err }, 'could not prepare the dummy password hash'))

  const accountInfo = async (db: FastifyInstance['db'], playerId: bigint) => {
    const snapshot = await getAccountSnapshot(db, playerId)
    if (!snapshot) throw new Error(`Player ${playerId} vanished right after logging in`)
    return toAccountInfo(snapshot)
  }

  registerCall(app, login, async ({ params, request, reply, db, config, now }) => {
    let playerId: bigint
    try {
      playerId = await authenticate({ db, config: withTestThrottle(request, config), now }, { ...params, ip: request.ip })
    } catch (err) {
      // Both factors were right but the player is banned: the answer is UserBannedException, and
      // the session is bound to the player all the same, so every page shows the blocked page
      // (SPEC §2.2, §8) until they log out. The session can do nothing else (http/session.ts).
      if (err instanceof PlayerBannedError) await startPlayerSession(request, reply, { db, config }, err.playerId)
      throw err
    }
    await startPlayerSession(request, reply, { db, config }, playerId)
    return accountInfo(db, playerId)
  })

  registerCall(app, logout, async ({ request, reply, db, config }) => {
    // A GET by the SPEC, so the registrar does not check its origin; a logout link on another
    // site should not end the player's session either (a navigation names its Referer).
    assertSameOrigin(request, config)
    await endSession(request, reply, { db, config })
    return 1 as const
  })

  registerCall(app, register, async ({ params, request, reply, db, config, now, locale }) => {
    if ('is_tg' in params) {
      // SPEC §4 'Messenger mini-app': registers on the first launch, logs in on the next ones.
      const { playerId } = await signInWithMessenger({ db, config, now, ip: request.ip, locale }, params).catch(messengerError)
      await startPlayerSession(request, reply, { db, config }, playerId)
      return accountInfo(db, playerId)
    }
    const playerId = await registerPlayer({ db, config, now, ip: request.ip, locale }, params)
    await startPlayerSession(request, reply, { db, config }, playerId)
    // The confirmation code (and the news-and-offers mail when opted in). The account exists
    // either way: a mail that cannot be written is logged, and can be asked for again.
    await mailNewPlayer({ db, config, now, mailer }, playerId).catch((err: unknown) => request.log.error({ err, playerId: String(playerId) }, 'welcome mail failed'))
    return accountInfo(db, playerId)
  })

  registerCall(app, restore, async ({ params, request, db, config, now }) => {
    const identifier = params.login ?? params.email
    if (!identifier) {
      throw new ApiError({
        type: 'InvalidParameterException',
        code: 'invalid_parameters',
        message: 'Invalid parameters',
        invalidParameters: { login: ['required'] },
      })
    }
    // The e2e journey to the throttled view sets its own multiplier, as login's does.
    await requestPasswordReset({ db, config: withTestThrottle(request, config), now, ip: request.ip, mailer }, identifier)
    return 1 as const
  })

  registerCall(app, resetPassword, async ({ params, request, reply, db, config, now }) => {
    const playerId = await resetPasswordWithToken({ db, config, now, currentSession: request.session }, params.token, params.password)
    // The password changed: a session this player kept gets a new token (ARCHITECTURE §5).
    if (request.session?.playerId === playerId) await rotateCurrentSession(request, reply, { db, config })
    return 1 as const
  })
}

/** The messenger sign-in's refusals as the §8 errors of the auth contract. */
function messengerError(err: unknown): never {
  if (err instanceof InitDataError) {
    const expired = err.reason === 'expired'
    throw new ApiError({
      type: 'AuthorizationException',
      code: expired ? AUTH_ERROR_CODE.messengerExpired : AUTH_ERROR_CODE.messengerInvalid,
      message: expired ? 'Messenger sign-in data has expired' : 'Messenger sign-in data is not valid',
    })
  }
  if (err instanceof MessengerDisabledError) {
    throw new ApiError({ type: 'AccessDeniedException', code: AUTH_ERROR_CODE.messengerDisabled, message: err.message })
  }
  throw err
}

/**
 * Cookie an e2e browser context sets to choose its own auth throttle multiplier, for login and
 * recovery requests (the e2e server raises it for everyone, since every journey comes from
 * 127.0.0.1; a journey about the throttle itself sets it back to 1). Read only when E2E_TEST_OVERRIDES is on, which production refuses.
 */
export const TEST_THROTTLE_COOKIE = 'test_auth_throttle_multiplier'

function withTestThrottle(request: FastifyRequest, config: Config): Config {
  if (!e2eTestOverrides(config)) return config
  const wanted = Number(request.cookies?.[TEST_THROTTLE_COOKIE])
  return Number.isFinite(wanted) && wanted > 0 && wanted <= 100 ? { ...config, authThrottleMultiplier: wanted } : config
}
