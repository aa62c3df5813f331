import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  advanceSportsbookClock,
  answerChat,
  correctSportsResult,
  getPlayerChat,
  listChats,
  readPlayerChat,
  grantFreeBet,
  approveWithdrawal,
  banPlayer,
  confirmPlayerEmail,
  listFeedback,
  listVerificationDocuments,
  getPlayerStatus,
  grantFreeSpins,
  rejectWithdrawal,
  OPERATOR_ERROR_CODE,
  reloadContent,
  selfExcludePlayer,
  setPlayerVerification,
  setSportsPrice,
  unbanPlayer,
} from '../../src/services/api/contract/operator'
import type { SbLive } from '../../src/services/api/contract/sportsbook'
import { PRICE_SCALE } from '../../src/shared/sportsbook/odds'
import { ApiError } from '../../src/shared/errors'
import { banPlayer as ban, playerIdByLogin, selfExclude, statusByLogin, unbanPlayer as unban } from '../domain/account/status'
import { confirmEmail, setVerified } from '../domain/account/verification'
import { kycProvider } from '../domain/kyc/configured'
import { KYC_DOCUMENTS_PATH, verificationDocuments } from '../domain/kyc/verification'
import { listFeedback as readFeedback } from '../domain/support/feedback'
import { chatPlayerLogin, getThread, listChats as readChats, markRead, sendMessage, UnknownChatPlayerError } from '../domain/support/chat'
import { grantFreeSpins as grant } from '../domain/games/free-spins'
import { decideWithdrawal } from '../domain/payments/withdrawals'
import { paymentProvider } from '../domain/payments/configured'
import { ContentLoadError } from '../domain/content/source'
import { reloadEverywhere } from '../domain/content/reload'
import { advanceFeedClock } from '../domain/sportsbook/clock'
import { publishBoard } from '../domain/sportsbook/feed'
import { setOutcomePrice } from '../domain/sportsbook/store'
import { grantFreeBet as grantBet } from '../domain/sportsbook/bonuses'
import { SportsbookError } from '../domain/sportsbook/errors'
import { correctResult, settleOpenBets } from '../domain/sportsbook/settle-bets'
import { walletOptions } from '../domain/wallet/seamless'
import { e2eTestOverrides } from '../config'
import { markScopeAccess, registerCall } from './registrar'

/**
 * Operator area: ban, lift a ban, self-exclude, read a player's status, record an identity check
 * or a confirmed e-mail, decide withdrawals. Staff tools call it with
 * `Authorization: Bearer <OPERATOR_TOKEN>`; without OPERATOR_TOKEN the calls are not mounted and
 * answer 404 like any unknown call. Not a browser API: nothing on the site sends the token.
 */
export function operatorCalls(app: FastifyInstance): void {
  const token = app.config.operatorToken
  if (!token) return
  markScopeAccess(app, 'operator')
  // Before anything reads the request: without the token, nothing about the call is answered.
  app.addHook('onRequest', async (request) => authorize(request))
  // Unknown operator calls too, so that their names cannot be probed without the token.
  app.all('/*', async (request) => {
    throw new ApiError({ type: 'MethodNotFoundException', code: 'method_not_found', message: `No such call: ${request.method} ${request.url.split('?')[0]}` })
  })
  function authorize(request: FastifyRequest) {
    if (!hasOperatorToken(request, token)) {
      throw new ApiError({ type: 'AccessDeniedException', code: OPERATOR_ERROR_CODE.badToken, message: 'Operator token required' })
    }
    request.log.info({ operatorCall: request.url.split('?')[0] }, 'operator call')
  }

  registerCall(app, banPlayer, async ({ params, db, now }) => {
    return ban(db, params.login, params.ban_type, now)
  })
  registerCall(app, unbanPlayer, async ({ params, db, now }) => {
    return unban(db, params.login, now)
  })
  registerCall(app, selfExcludePlayer, async ({ params, db, now }) => {
    return selfExclude(db, params.login, params.period, now)
  })
  registerCall(app, getPlayerStatus, async ({ params, db, now }) => {
    return statusByLogin(db, params.login, now)
  })
  // The bonuses' own grants come later; this is how staff (and the e2e journeys) give a pack today.
  registerCall(app, grantFreeSpins, async ({ params, db, now }) =>
    grant(db, {
      login: params.login,
      game: params.game,
      count: params.count,
      stake: params.stake ?? null,
      key: params.key,
      expiresAt: params.expires_at ? new Date(params.expires_at) : null,
      descriptions: params.descriptions ?? {},
      now,
    }),
  )
  // The KYC and confirm-contact rules of withdrawals read these (server/domain/account/verification.ts).
  registerCall(app, setPlayerVerification, async ({ params, db }) => setVerified(db, params.login, params.verified === '1'))
  registerCall(app, confirmPlayerEmail, async ({ params, db, now }) => confirmEmail(db, params.login, now))
  // The KYC provider keeps the documents; the url serves one to staff with this same token.
  const kyc = kycProvider(app.config, app.db)
  registerCall(app, listVerificationDocuments, async ({ params, db }) => {
    const docs = await verificationDocuments({ db, provider: kyc }, await playerIdByLogin(db, params.login))
    return docs.map((d) => ({
      id: d.id,
      doc_type: d.docType,
      content_type: d.contentType,
      byte_size: d.byteSize,
      uploaded_at: d.uploadedAt.toISOString(),
      url: `${KYC_DOCUMENTS_PATH}/${encodeURIComponent(d.id)}`,
    }))
  })
  registerCall(app, listFeedback, async ({ params, db }) => readFeedback(db, params))
  // The built-in support chat (docs/support-chat.md): the operators' side of every conversation.
  registerCall(app, listChats, async ({ params, db }) => readChats(db, params.limit))
  registerCall(app, getPlayerChat, async ({ params, db }) =>
    knownPlayer(async () => {
      const playerId = BigInt(params.player_id)
      return { login: await chatPlayerLogin(db, playerId), thread: await getThread(db, playerId, 'operator', params.after) }
    }),
  )
  registerCall(app, answerChat, async ({ params, db, now }) =>
    knownPlayer(async () => ({ message: await sendMessage(db, { playerId: BigInt(params.player_id), author: 'operator', body: params.body, key: params.key, now }, app.live) })),
  )
  registerCall(app, readPlayerChat, async ({ params, db }) =>
    knownPlayer(async () => {
      const playerId = BigInt(params.player_id)
      await chatPlayerLogin(db, playerId)
      return { unread: await markRead(db, playerId, 'operator', params.through, app.live) }
    }),
  )
  // Withdrawals above the auto-approval amount wait for one of these (server/domain/payments/withdrawals.ts).
  registerCall(app, approveWithdrawal, async ({ params, db, config, now }) => decideWithdrawal(db, paymentProvider(config), params.id, 'approve', now))
  // Production's way to publish a content edit without a restart (CONTENT_WATCH does it per request in demo);
  // with REDIS_URL every instance reloads, and the answer says whether the others were told.
  registerCall(app, reloadContent, async () => {
    try {
      return await reloadEverywhere(app)
    } catch (error) {
      if (!(error instanceof ContentLoadError)) throw error
      throw new ApiError({
        type: 'InvalidRequestException',
        code: OPERATOR_ERROR_CODE.contentInvalid,
        message: `${error.message}\nThe site keeps serving the content it had.`,
        errorData: { problems: error.problems.map((p) => ({ file: p.file, field: p.field, reason: p.reason })) },
      })
    }
  })
  registerCall(app, rejectWithdrawal, async ({ params, db, config, now }) => decideWithdrawal(db, paymentProvider(config), params.id, 'reject', now))
  registerCall(app, grantFreeBet, async ({ params, db, locale, now }) => {
    const expiresAt = params.expires_at ? new Date(params.expires_at) : null
    if (expiresAt && (Number.isNaN(expiresAt.getTime()) || expiresAt <= now)) throw new SportsbookError('sportsbook_bonus_amount', 'The expiry is not a date to come', 'expires_at')
    const minPrice = params.min_odds === undefined ? undefined : Math.round(Number(params.min_odds) * 1000)
    if (minPrice !== undefined && (minPrice < 1010 || minPrice > 1_000_000)) throw new SportsbookError('sportsbook_bonus_odds', 'The least odds are 1.01 to 1000', 'min_odds')
    return grantBet(db, { login: params.login, amount: params.amount, minPrice, expiresAt, descriptions: params.descriptions, key: params.key }, locale, now)
  })
  registerCall(app, correctSportsResult, async ({ params, db }) => {
    const event = BigInt(params.event)
    await correctResult(db, event, params.result)
    // Settled here at once rather than by the next run of the job, so the answer counts them.
    let resettled = 0
    for (let n = await settleOpenBets(db, () => walletOptions(app.config)); n > 0; n = await settleOpenBets(db, () => walletOptions(app.config))) resettled += n
    return { event: params.event, resettled }
  })
  // A test's levers on the simulator, its clock and one price: mounted only under E2E_TEST_OVERRIDES (never in production).
  if (e2eTestOverrides(app.config)) {
    registerCall(app, advanceSportsbookClock, async ({ params, db }) => ({ offset_seconds: Math.floor((await advanceFeedClock(db, params.seconds * 1000)) / 1000) }))
    registerCall(app, setSportsPrice, async ({ params, db }) => {
      const price = Math.round(Number(params.odds) * PRICE_SCALE)
      const set = await setOutcomePrice(db, BigInt(params.outcome), price)
      // Told after the commit, as the feed tells its boards: a betslip holding the outcome sees the move.
      await publishBoard((topic, data) => app.live.publish(topic, data), set.eventId, { status: set.status, suspended: set.suspended, live: set.live as SbLive | null }, set.written)
      return { event: String(set.eventId), outcome: params.outcome, price, version: set.written.version }
    })
  }
}

/** The chat calls name a player by id: one no account has is the parameter's fault. */
async function knownPlayer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (!(err instanceof UnknownChatPlayerError)) throw err
    throw new ApiError({ type: 'InvalidParameterException', code: OPERATOR_ERROR_CODE.unknownPlayer, message: err.message, invalidParameters: { player_id: ['unknown'] } })
  }
}

/** Whether the request carries `Authorization: Bearer <token>` with the operator's token. */
export function hasOperatorToken(request: FastifyRequest, token: string | null): boolean {
  if (!token) return false
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
  // Hashes of equal length, so the comparison's time says nothing about the token.
  return given !== undefined && timingSafeEqual(digest(given), digest(token))
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest()
}
