import type { FastifyInstance } from 'fastify'
import type { CardVaultAnswer } from '../../src/services/api/contract/cashier'
import { assertSameOrigin } from '../api/registrar'
import { SANDBOX_CARDS_PATH, SandboxProvider } from '../domain/payments/sandbox/provider'
import { isSandboxPayEnabled } from './sandbox-pay'

/**
 * The sandbox provider's card fields (server/domain/payments/sandbox/provider.ts), mounted with its
 * hosted page: POST /sandbox/cards with form data `card_number` answers 200 { token, masked, brand }
 * for a number that passes Luhn, 422 { error: { field: 'card_number', code } } otherwise. The
 * cashier's page posts here directly for a payout to a new card, so the number never passes
 * through our API: nothing stores it and nothing logs it (the request log holds the path only, and
 * no answer or error repeats the number).
 */
export function registerSandboxCards(app: FastifyInstance): void {
  if (!isSandboxPayEnabled(app.config)) return
  const provider = new SandboxProvider(app.config)

  app.post(SANDBOX_CARDS_PATH, async (request, reply) => {
    assertSameOrigin(request, app.config)
    reply.header('cache-control', 'no-store')
    const body = request.body
    const raw = body && typeof body === 'object' ? (body as Record<string, unknown>).card_number : undefined
    const digits = typeof raw === 'string' ? raw.slice(0, 40).replace(/[\s-]/g, '') : ''
    if (!digits) return reply.code(422).send({ error: { field: 'card_number', code: 'required' } })
    const card = /^\d+$/.test(digits) ? provider.vaultCard(digits) : null
    if (!card) return reply.code(422).send({ error: { field: 'card_number', code: 'cardNumber' } })
    return { token: card.token, masked: card.masked, brand: card.brand } satisfies CardVaultAnswer
  })
}
