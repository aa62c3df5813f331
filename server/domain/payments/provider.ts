
/**
 * The payment adapter (ARCHITECTURE §5): what the cashier asks of a payment provider. The cashier
 * (server/domain/payments/cashier.ts) owns transactions, idempotency and the ledger; a provider
 * only says how a payment starts and, later, how it ended (webhooks). Card numbers never reach
 * the cashier: a provider's hosted page collects them and hands back a token and a mask.
 */

export interface DepositStart {
  transactionId: string
  playerId: bigint
  /** Minor units. */
  amount: bigint
  currency: string
  method: { sysname: string; kind: 'card' | 'ewallet' | 'bank' | 'crypto' }
  /** A saved card's provider token when the player chose one; null otherwise. */
  savedCardToken: string | null
}

/** How a deposit goes on: settled at once, or the player is sent to the provider's page. */
export type DepositStartResult =
  | { status: 'success' | 'pending'; reference: string }
  | { status: 'failed'; reference: string | null; failureCode: string }
  | { status: 'redirect'; reference: string; redirectUrl: string }

export interface PayoutStart {
  transactionId: string
  playerId: bigint
  amount: bigint
  currency: string
  method: { sysname: string; kind: 'card' | 'ewallet' | 'bank' | 'crypto' }
  requisite: string | null
}

export type PayoutResult = { status: 'success' | 'pending'; reference: string } | { status: 'failed'; reference: string | null; failureCode: string }

/** A provider's verified notice that a transaction ended. */
export interface WebhookEvent {
  eventId: string
  transactionId: string
  status: 'success' | 'failed' | 'cancelled'
  reference: string | null
  failureCode: string | null
}

export interface PaymentProvider {
  readonly name: string
  startDeposit(input: DepositStart): Promise<DepositStartResult>
  startPayout(input: PayoutStart): Promise<PayoutResult>
  /**
   * Checks a webhook's signature and freshness over the exact bytes received and parses it.
   * Throws WebhookRejected when it is forged, stale or malformed.
   */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>, now: Date): WebhookEvent
}

export class WebhookRejected extends Error {
  override name = 'WebhookRejected'
  constructor(readonly reason: 'bad_signature' | 'stale' | 'malformed') {
    super(`Webhook rejected: ${reason}`)
  }
}
