// Rules of the receipt page.

/** A transaction id as the contract accepts it (TransactionId): anything else cannot be the player's. */
const TRANSACTION_ID = /^[A-Za-z0-9_-]{1,64}$/

export function isTransactionId(id: string | null): id is string {
  return id !== null && TRANSACTION_ID.test(id)
}
