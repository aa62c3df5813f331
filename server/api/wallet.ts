import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { ApiError } from '../../src/shared/errors'
import type { Config } from '../config'
import { WalletError } from '../domain/wallet/errors'
import { credit, debit, rollback, walletOptions, type WalletResult } from '../domain/wallet/seamless'
import { sendError } from './registrar'

/**
 * The seamless wallet over HTTP, for external game aggregators (in-house games and the sportsbook
 * call server/domain/wallet/seamless.ts in-process):
 *
 *   POST /platform/wallet/{provider}/{debit|credit|rollback}
 *   X-Signature: hex HMAC-SHA256 of the raw JSON body under the provider's secret
 *   { transaction_id, player_id, currency, amount, round_id?, game_id?, mode?, session_id?, reference_transaction_id? }
 *
 * The answer is `{ data: WalletAnswer }` with 200 for every stored outcome, a declined stake
 * included (status 'declined', error_code); a replay gets the first answer. Refusals are §8 error
 * bodies. A provider's secret is derived from SESSION_SECRET (walletProviderSecret), so nothing is
 * stored and rotating SESSION_SECRET rotates every provider's secret.
 */

export const WALLET_ACTIONS = ['debit', 'credit', 'rollback'] as const
type Action = (typeof WALLET_ACTIONS)[number]

export function walletProviderSecret(config: Pick<Config, 'sessionSecret'>, provider: string): string {
  if (!config.sessionSecret) throw new Error('SESSION_SECRET is not set')
  return createHmac('sha256', config.sessionSecret).update(`wallet-provider:${provider}`).digest('hex')
}

export function signWalletBody(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex')
}

function signatureMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'))
}

const unauthorised = () => new ApiError({ type: 'AuthorizationException', code: 'bad_signature', message: 'Missing or wrong X-Signature' })

function text(body: Record<string, unknown>, field: string, required: boolean): string | undefined {
  const value = body[field]
  if (value === undefined || value === null) {
    if (required) throw new WalletError('invalid_request', `${field} is required`, { [field]: ['required'] })
    return undefined
  }
  if (typeof value !== 'string') throw new WalletError('invalid_request', `${field} must be a string`, { [field]: ['invalid'] })
  return value
}

function playerId(body: Record<string, unknown>): bigint {
  const raw = body.player_id
  const value = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : raw
  if (typeof value !== 'string' || !/^[1-9]\d{0,18}$/.test(value)) throw new WalletError('invalid_request', 'player_id must be a positive id', { player_id: ['invalid'] })
  return BigInt(value)
}

function mode(body: Record<string, unknown>): 'real' | 'fun' | undefined {
  const value = text(body, 'mode', false)
  if (value !== undefined && value !== 'real' && value !== 'fun') throw new WalletError('invalid_request', 'mode must be real or fun', { mode: ['invalid'] })
  return value
}

function toWire({ answer }: WalletResult) {
  return {
    transaction_id: answer.transactionId,
    wallet_transaction_id: answer.walletTransactionId,
    status: answer.status,
    error_code: answer.errorCode,
    // With loss_limit_exceeded: what the player's loss limit still lets a stake take, and its period in days.
    ...(answer.lossLimit ? { loss_limit: { available: answer.lossLimit.available, period_days: answer.lossLimit.periodDays } } : {}),
    currency: answer.currency,
    balance: answer.balance,
    balances: answer.balances,
    parts: answer.parts,
  }
}

export function registerWalletEndpoint(app: FastifyInstance): void {
  app.register(async (scope) => {
    // The signature covers the exact bytes sent, so the body is kept as text and parsed here.
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body))

    scope.post<{ Params: { provider: string; action: string } }>('/platform/wallet/:provider/:action', async (request, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store')
      try {
        const { provider, action } = request.params
        if (!(WALLET_ACTIONS as readonly string[]).includes(action)) {
          throw new ApiError({ type: 'MethodNotFoundException', code: 'not_found', message: 'Unknown wallet action' })
        }
        const raw = typeof request.body === 'string' ? request.body : ''
        let expected: string
        try {
          expected = signWalletBody(walletProviderSecret(app.config, provider), raw)
        } catch {
          throw unauthorised()
        }
        if (!signatureMatches(expected, request.headers['x-signature'])) throw unauthorised()
        let body: Record<string, unknown>
        try {
          const parsed: unknown = JSON.parse(raw)
          if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object')
          body = parsed as Record<string, unknown>
        } catch {
          throw new ApiError({ type: 'InvalidRequestException', code: 'invalid_json', message: 'The body must be a JSON object' })
        }
        const base = {
          provider,
          transactionId: text(body, 'transaction_id', true)!,
          playerId: playerId(body),
          currency: text(body, 'currency', true)!,
          roundId: text(body, 'round_id', false) ?? null,
          gameId: text(body, 'game_id', false) ?? null,
        }
        const options = walletOptions(app.config)
        const result = await run(action as Action)
        return { data: toWire(result) }

        function run(which: Action): Promise<WalletResult> {
          switch (which) {
            case 'debit':
              return debit(app.db, { ...base, amount: body.amount as string, mode: mode(body), sessionId: text(body, 'session_id', false) ?? null }, options)
            case 'credit':
              return credit(app.db, { ...base, amount: body.amount as string, mode: mode(body) }, options)
            case 'rollback':
              return rollback(app.db, { ...base, referenceTransactionId: text(body, 'reference_transaction_id', true)! }, options)
          }
        }
      } catch (err) {
        return sendError(err, request, reply)
      }
    })
  })
}
