import type { AmountError } from '../../../src/shared/money'

/**
 * Why the wallet refused a request. Expected refusals that a provider must be able to replay
 * (insufficient funds) are not errors: they are stored and answered as `declined` values.
 * These are the requests that cannot be stored at all: malformed, for the wrong player or
 * currency, a reused transaction id with another body, or a stake without a live session.
 */
export const WALLET_ERROR_CODES = [
  /** The same provider transaction id came with a different body. */
  'idempotency_conflict',
  /** A stake needs the player's live session; wins and rollbacks do not. */
  'session_expired',
  'unknown_player',
  'player_blocked',
  'unknown_currency',
  /** A real-money stake in a currency that is not the player's current one. */
  'currency_mismatch',
  /** The transaction a rollback names belongs to another player or currency. */
  'transaction_mismatch',
  /** Only stakes (debits) are rolled back; a win is reversed by the provider with a new debit. */
  'not_rollbackable',
  'invalid_request',
  'invalid_amount',
  /** A credit would push a balance past what an int8 holds. */
  'balance_overflow',
] as const
export type WalletErrorCode = (typeof WALLET_ERROR_CODES)[number]

export class WalletError extends Error {
  override name = 'WalletError'
  constructor(
    readonly code: WalletErrorCode,
    message: string,
    /** For invalid_amount and invalid_request: field -> codes, as SPEC §8 invalid_parameters. */
    readonly fields: Record<string, string[]> | null = null,
  ) {
    super(message)
  }

  static fromAmount(err: AmountError, field = 'amount'): WalletError {
    return new WalletError('invalid_amount', err.message, { [field]: [err.code] })
  }
}
