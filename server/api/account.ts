import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../db/schema'
import {
  getBalance,
  getcurrencyrates,
  getDepositSummary,
  getInfo,
  getprofileinfo,
  getToken,
  PROFILE_FIELDS,
  setCurrency,
  changepassword,
  changeSubscription,
  changelocale,
  selfExclude,
  getRealityCheck,
  setRealityCheck,
  changeTwoFactorAuth,
  confirmContact,
  confirmTwoFactorAuth,
  CONTACT_CONFIRMATION_ERROR_CODE,
  sendconfirmationtocontact,
  unsubscribe,
  UNSUBSCRIBE_ERROR_CODE,
  VISITOR,
  type AccountInfo,
} from '../../src/services/api/contract/account'
import { ApiError } from '../../src/shared/errors'
import { addcontact, changeemail, changefakename, endSession, getContactPhoneSettings, getSessionLimit, getSessions, PROFILE_ERROR_CODE, saveProfileInfo, setSessionLimit, type SessionLimitInfo } from '../../src/services/api/contract/profile'
import { readSessionLimit, setSessionLimit as saveSessionLimit, type SessionLimitState } from '../domain/account/session-limit'
import { isSessionLimitMinutes } from '../../src/shared/session-limit'
import { addContact, phoneSettings } from '../domain/account/contacts'
import { changeEmail } from '../domain/account/email-change'
import { createSmsSender, SmsUnavailableError } from '../domain/sms/sender'
import { readProfile } from '../domain/account/profile'
import { changeFakename, FakenameTooSoonError, saveProfile } from '../domain/account/profile-settings'
import type { Money } from '../../src/shared/money'
import { minorToMajor } from '../../src/shared/money'
import type { WalletKind } from '../db/schema'
import { depositSummary } from '../domain/account/deposits'
import { getAccountSnapshot, type AccountSnapshot } from '../domain/account/info'
import { balancesToMoney, playerBalances, setPlayerCurrency } from '../domain/wallet/balances'
import { availableCurrencies, RATE_BASE_CURRENCY } from '../domain/wallet/currencies'
import { assertCurrencyChangeAllowed } from '../domain/payments/currency-change'
import { confirmSetup, disable as disableTwoFactor, startSetup } from '../domain/account/two-factor'
import { changePassword } from '../domain/account/password-change'
import { selfExcludeByPlayer } from '../domain/account/self-exclusion'
import { qrDataUri } from '../domain/payments/qr'
import { destroyPlayerSessions, endPlayerSession, listPlayerSessions } from '../domain/session/sessions'
import { deviceName } from '../domain/session/device'
import { endSession as endHttpSession, rotateCurrentSession } from '../http/session'
import { playerCalls, registerCall } from './registrar'
import { requireFeature } from './features'
import { SOCKET_TOKEN_TTL_SECONDS, signSocketToken } from '../realtime/token'
import { clock, e2eTestOverrides } from '../config'
import { readRealityCheck, setRealityCheckMinutes, TEST_REALITY_CHECK_COOKIE } from '../domain/account/reality-check'
import { testCookieSeconds } from '../domain/session/idle'
import { isRealityCheckMinutes } from '../../src/shared/reality-check'
import { confirmContactWithCode, ContactConfirmationError, purgeContactConfirmations, sendContactConfirmation } from '../domain/account/contact-confirmation'
import { changeSubscription as changeContactSubscription, UnknownContactError, unsubscribeWithToken, UnsubscribeTokenError } from '../domain/account/subscriptions'
import { createMailer } from '../domain/mail/outbox'
import { pushSenderOf } from './push'
import { PLAYER_REQUIRED } from '../../src/services/api/contract/define'

/**
 * Account area (SPEC §7 'Account'): thin handlers over server/domain/account. Mounted with the
 * area's other parts (registration.ts, the deposit limits in cashier.ts) under /api/account.
 */
export function accountCalls(app: FastifyInstance): void {
  const mailer = createMailer(app.config, app.log, clock(app.config))
  const sms = createSmsSender(app.config, app.log)
  app.addHook('onClose', () => mailer.idle())
  // Hourly, on one instance: confirmation codes a day past expiry.
  app.jobs.register({
    name: 'contact-confirmation-cleanup',
    everyMs: 3_600_000,
    runOnStart: false,
    run: async () => {
      await purgeContactConfirmations(app.db, new Date(clock(app.config)().getTime() - 86_400_000))
    },
  })

  registerCall(app, confirmContact, async ({ params, request, db, config, now }) => {
    await confirmContactWithCode({ db, config, now }, { contact: params.contact, code: params.code, ip: request.ip }).catch(confirmationError)
    return 1 as const
  })

  registerCall(app, unsubscribe, async ({ params, db, config }) => unsubscribeWithToken(db, config, params.token).catch(unsubscribeError))

  registerCall(app, getInfo, async ({ request, db }) => {
    if (request.playerId === null) return { ...VISITOR }
    const snapshot = await getAccountSnapshot(db, request.playerId)
    return snapshot ? toAccountInfo(snapshot) : { ...VISITOR }
  })

  registerCall(app, getContactPhoneSettings, async ({ request, db }) => {
    const own = request.playerId === null ? null : ((await db.selectFrom('accounts').select('country_code').where('id', '=', request.playerId).executeTakeFirst())?.country_code ?? null)
    return phoneSettings(own)
  })

  registerCall(app, getcurrencyrates, async ({ db }) => ({
    base: RATE_BASE_CURRENCY,
    rates: (await availableCurrencies(db)).map((c) => ({ currency: c.code, exponent: c.exponent, rate: c.rate })),
  }))

  playerCalls(app, (players) => {
    registerCall(players, sendconfirmationtocontact, async ({ params, playerId, db, config, now }) => {
      const sent = await sendContactConfirmation({ db, config, now, mailer, sms }, playerId, params.contact).catch(confirmationError)
      return { contact: sent.contact, resend_time: sent.resendTime }
    })

    registerCall(players, getprofileinfo, async ({ playerId, db, params, now }) => {
      const asked = new Set((params.fields ?? '').split(',').map((f) => f.trim()).filter((f) => (PROFILE_FIELDS as readonly string[]).includes(f)))
      const profile = await readProfile(db, playerId, asked, now)
      if (!profile) throw new ApiError({ ...PLAYER_REQUIRED, message: 'Log in to see your profile.' })
      return profile
    })

    registerCall(players, addcontact, async ({ params, playerId, db }) => {
      await addContact(db, playerId, { contact: params.contact, phoneCountryCode: params.phone_country_code })
      return 1 as const
    })

    registerCall(players, changeemail, async ({ params, playerId, db, config, now }) => {
      const sent = await changeEmail({ db, config, now, mailer, sms, push: pushSenderOf(app) }, playerId, { email: params.email, password: params.password })
      return { contact: sent.contact, resend_time: sent.resendTime }
    })

    registerCall(players, saveProfileInfo, async ({ params, playerId, db, now }) => {
      await saveProfile(db, playerId, params, now)
      return 1 as const
    })

    registerCall(players, changefakename, async ({ params, playerId, db, now }) => {
      await changeFakename(db, playerId, params.fakename, now).catch(fakenameError)
      return 1 as const
    })

    registerCall(players, getBalance, async ({ playerId, db }) => {
      const balances = await playerBalances(db, playerId)
      if (!balances) throw new ApiError({ ...PLAYER_REQUIRED, message: 'Log in to see your balance.' })
      return balancesToMoney(balances)
    })

    registerCall(players, setCurrency, async ({ playerId, db, params, now }) => {
      const changed = await setPlayerCurrency(db, playerId, params.currency, (trx, from) => assertCurrencyChangeAllowed(trx, playerId, from, now))
      return balancesToMoney(changed)
    })

    registerCall(players, getDepositSummary, async ({ playerId, db }) => {
      const { count, firstAt } = await depositSummary(db, playerId)
      return { deposit_count: count, first_deposit_at: firstAt?.toISOString() ?? null }
    })

    registerCall(players, changepassword, async ({ params, playerId, request, reply, db, config, now }) => {
      const ended = await changePassword({ db, config, now, mailer, push: pushSenderOf(app) }, playerId, {
        currentPassword: params.current_password,
        password: params.password,
        keepSessionId: request.session?.id,
      })
      // A credential change: this session goes on under a new token (ARCHITECTURE §5).
      await rotateCurrentSession(request, reply, { db, config })
      return { other_sessions_ended: ended }
    })

    registerCall(players, changeSubscription, async ({ params, playerId, db, config, now }) => {
      await changeContactSubscription({ db, config, now, mailer }, playerId, params.contact, params.subscription).catch(contactError)
      return 1 as const
    })

    registerCall(players, changelocale, async ({ params, playerId, db }) => {
      await db.updateTable('accounts').set({ locale: params.locale }).where('id', '=', playerId).execute()
      return 1 as const
    })

    registerCall(players, selfExclude, async ({ params, playerId, request, reply, db, config, now, locale }) => {
      await requireFeature(app, locale, 'responsibleGaming')
      const status = await selfExcludeByPlayer({ db, config, now }, playerId, { period: params.period, password: params.password })
      // Its sessions are gone already; this response also takes the cookie away.
      await endHttpSession(request, reply, { db, config })
      return { self_excluded_until: status.self_excluded_until }
    })

    const realityCheck = (request: FastifyRequest, db: Kysely<DB>, playerId: bigint, now: Date) => {
      if (!request.session) throw new ApiError({ ...PLAYER_REQUIRED, message: 'Log in to see your reality check.' })
      const test = e2eTestOverrides(app.config) ? testCookieSeconds(request.cookies?.[TEST_REALITY_CHECK_COOKIE]) : null
      return readRealityCheck(db, playerId, { startedAt: request.session.createdAt }, now, test)
    }
    registerCall(players, getRealityCheck, ({ playerId, request, db, now }) => realityCheck(request, db, playerId, now))
    registerCall(players, setRealityCheck, async ({ params, playerId, request, db, now, locale }) => {
      await requireFeature(app, locale, 'responsibleGaming')
      const minutes = Number(params.interval_minutes)
      await setRealityCheckMinutes(db, playerId, isRealityCheckMinutes(minutes) ? minutes : null)
      return realityCheck(request, db, playerId, now)
    })

    const sessionLimit = (request: FastifyRequest, state: SessionLimitState): SessionLimitInfo => {
      if (!request.session) throw new ApiError({ ...PLAYER_REQUIRED, message: 'Log in to see your session limit.' })
      const started = request.session.createdAt
      return {
        minutes: state.minutes,
        scheduled_minutes: state.scheduled?.minutes ?? null,
        effective_at: state.scheduled?.effectiveAt.toISOString() ?? null,
        session_started_at: started.toISOString(),
        ends_at: state.minutes === null ? null : new Date(started.getTime() + state.minutes * 60_000).toISOString(),
      }
    }
    registerCall(players, getSessionLimit, async ({ playerId, request, db, now }) => sessionLimit(request, await readSessionLimit(db, playerId, now)))
    registerCall(players, setSessionLimit, async ({ params, playerId, request, db, now, locale }) => {
      await requireFeature(app, locale, 'responsibleGaming')
      const minutes = Number(params.minutes)
      return sessionLimit(request, await saveSessionLimit(db, playerId, isSessionLimitMinutes(minutes) ? minutes : null, now))
    })

    registerCall(players, getSessions, async ({ playerId, request, db, config, now }) => {
      const policy = request.sessionPolicy ?? config.session
      const sessions = await listPlayerSessions(db, playerId, request.session?.id, now, policy)
      return {
        sessions: sessions.map((s) => ({
          id: s.publicId,
          current: s.current,
          created_at: s.createdAt.toISOString(),
          last_seen_at: s.lastSeenAt.toISOString(),
          ip: s.ip,
          time_zone: s.timeZone,
          ...deviceName(s.userAgent),
        })),
      }
    })

    registerCall(players, endSession, async ({ params, playerId, request, db }) => {
      if (params.id !== undefined) {
        if (!(await endPlayerSession(db, playerId, params.id, request.session?.id))) {
          throw new ApiError({ type: 'InvalidParameterException', code: 'invalid_parameters', message: 'Invalid parameters', invalidParameters: { id: ['unknown'] } })
        }
        return { ended: 1 }
      }
      if (!params.others) throw missing('id')
      return { ended: await destroyPlayerSessions(db, playerId, request.session?.id) }
    })

    registerCall(players, changeTwoFactorAuth, async ({ params, playerId, db, config, now, locale }) => {
      if (params.enable) {
        // Switched off, no new set-up starts; a player who has it keeps it (and may turn it off).
        await requireFeature(app, locale, 'twoFactor')
        if (!params.password) throw missing('password')
        const pending = await startSetup({ db, config, now }, playerId, params.password)
        return { two_factor_auth: false, pending: { secret: pending.secret, otpauth_uri: pending.otpauthUri, qr: qrDataUri(pending.otpauthUri) } }
      }
      if (!params.code) throw missing('code')
      await disableTwoFactor({ db, config, now }, playerId, params.code)
      return { two_factor_auth: false, pending: null }
    })

    registerCall(players, confirmTwoFactorAuth, async ({ params, playerId, request, reply, db, config, now, locale }) => {
      await requireFeature(app, locale, 'twoFactor')
      const codes = await confirmSetup({ db, config, now }, playerId, params.code, request.session?.id)
      // A privilege change: this session goes on under a new token (ARCHITECTURE §5).
      await rotateCurrentSession(request, reply, { db, config })
      return { two_factor_auth: true as const, recovery_codes: codes }
    })

    registerCall(players, getToken, ({ playerId, request, config, now }) => {
      if (!request.session) throw new ApiError({ ...PLAYER_REQUIRED, message: 'Log in to follow your balance.' })
      if (!config.sessionSecret) throw new Error('SESSION_SECRET is not set')
      const expiresAt = Math.floor(now.getTime() / 1000) + SOCKET_TOKEN_TTL_SECONDS
      const token = signSocketToken(config.sessionSecret, { playerId, sessionId: request.session.id, expiresAt })
      return { token, expires_in: SOCKET_TOKEN_TTL_SECONDS }
    })
  })
}

/** The confirmation domain's refusals as the §8 errors of the account contract. */
function confirmationError(err: unknown): never {
  if (err instanceof SmsUnavailableError) {
    throw new ApiError({ type: 'ApplicationUnavailableException', code: 'sms_unavailable', message: 'Text messages cannot be sent now.' })
  }
  if (!(err instanceof ContactConfirmationError)) throw err
  if (err.problem === 'alreadyConfirmed') {
    throw new ApiError({ type: 'InvalidRequestException', code: CONTACT_CONFIRMATION_ERROR_CODE.alreadyConfirmed, message: 'This address is confirmed already.' })
  }
  const field = err.problem === 'contact' ? 'contact' : 'code'
  const code = err.problem === 'contact' || err.problem === 'format' ? (err.messageId ?? 'invalid') : err.problem
  throw new ApiError({
    type: 'InvalidParameterException',
    code: CONTACT_CONFIRMATION_ERROR_CODE.invalidParameters,
    message: 'Invalid parameters',
    invalidParameters: { [field]: [code] },
  })
}

/** The nickname's monthly rule, with the day it may change again. */
function fakenameError(err: unknown): never {
  if (!(err instanceof FakenameTooSoonError)) throw err
  throw new ApiError({
    type: 'AccessDeniedException',
    code: PROFILE_ERROR_CODE.fakenameTooSoon,
    message: 'Your nickname can change once a month.',
    errorData: { next_change_at: err.nextChangeAt.toISOString() },
  })
}

function unsubscribeError(err: unknown): never {
  if (!(err instanceof UnsubscribeTokenError)) throw err
  throw new ApiError({
    type: 'InvalidParameterException',
    code: UNSUBSCRIBE_ERROR_CODE.invalidToken,
    message: err.message,
    invalidParameters: { token: ['invalid'] },
  })
}

/** A subscription change for a contact that is not the player's. */
function contactError(err: unknown): never {
  if (!(err instanceof UnknownContactError)) throw err
  throw new ApiError({ type: 'InvalidParameterException', code: 'invalid_parameters', message: 'Invalid parameters', invalidParameters: { contact: ['unknown'] } })
}

function missing(field: string): ApiError {
  return new ApiError({ type: 'InvalidParameterException', code: 'invalid_parameters', message: 'Invalid parameters', invalidParameters: { [field]: ['required'] } })
}

export function toAccountInfo({ account, balances, exponent }: AccountSnapshot): AccountInfo {
  const money = (kind: WalletKind): Money | null => {
    const minor = balances[kind]
    return minor === undefined ? null : { amount: minorToMajor(minor, exponent), currency: account.currency }
  }
  return {
    uid: Number(account.id),
    reg_time: account.created_at.toISOString(),
    login: account.login,
    fakename: account.fakename,
    is_subscribed: account.is_subscribed,
    // The main balance always exists for a player (SPEC §3: it carries the player's currency).
    balance_main: money('main') ?? { amount: minorToMajor(0n, exponent), currency: account.currency },
    balance_bonus: money('bonus'),
    balance_betting_bonus: money('betting_bonus'),
    balance_fun: money('fun'),
    is_on_verification: account.is_on_verification,
    is_verified: account.is_verified,
    is_kyc_block_enabled: account.is_kyc_block_enabled,
    is_registration_completed: account.is_registration_completed,
    country_code: account.country_code,
    locale: account.locale,
    two_factor_auth: account.two_factor_secret !== null,
    is_betting: account.is_betting,
  }
}
