
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
  /**
   * For a crypto method: what the player sends in the coin, the amount converted at the cashier's
   * rate (minor units of `currency`, e.g. satoshi). Null for other methods.
   */
  payIn: { amount: bigint; currency: string; exponent: number } | null
}

/** What a mobile hand-off shows the player (the contract's MobileHandOff, amounts in major units). */
export interface HandOff {
  deep_link: string | null
  qr: string | null
  instructions: string
  address?: string | null
  pay_amount?: { amount: string; currency: string } | null
}

/**
 * How a deposit goes on: settled at once; or the player goes to the provider's page in this window
 * (redirect) or a new one (newwindow); or the payment is handed off to the player's phone (mobile),
 * where `secret` is the one-time secret of the hand-off's link, kept by us only as a hash.
 */
export type DepositStartResult =
  | { status: 'success' | 'pending'; reference: string }
  | { status: 'failed'; reference: string | null; failureCode: string }
  | { status: 'redirect' | 'newwindow'; reference: string; redirectUrl: string }
  | { status: 'mobile'; reference: string; handOff: HandOff; secret: string }

export interface PayoutStart {
  transactionId: string
  playerId: bigint
  /** Minor units paid out: the withdrawal's amount less the method's fee. */
  amount: bigint
  currency: string
  method: { sysname: string; kind: 'card' | 'ewallet' | 'bank' | 'crypto' }
  requisite: string | null
  /** For a card payout: the provider's token of the card (a saved card's, or one its card fields made); null otherwise. */
  cardToken: string | null
}

/** The card a token of the provider stands for, as far as we may know it: the mask and the brand. */
export interface TokenizedCard {
  masked: string
  brand: string
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
  /**
   * Idempotent by `transactionId`: a payout whose answer was lost is asked again
   * (retryStalledPayouts in withdrawals.ts), and the provider must answer as it did the first time.
   */
  startPayout(input: PayoutStart): Promise<PayoutResult>
  /**
   * Payouts to a card never charged here: the provider's card fields take the number in the
   * player's browser and answer a token and the mask (the number never reaches our server). The
   * cashier gives the browser `cardVaultUrl` and asks `readCardToken` which card a token stands
   * for (null: not a token of this provider). A provider without them pays out only to cards it
   * has charged.
   */
  readonly cardVaultUrl?: string
  readCardToken?(token: string): Promise<TokenizedCard | null>
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
