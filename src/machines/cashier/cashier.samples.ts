// Sample data several cashier flows share (their samples, model tests and view tests): payment
// methods, a failure of each kind the flows route on, a transaction as cashier/gettransaction
// returns it, and deterministic idempotency keys. Plain data, no test code: the /_flows page imports it.
import type { CashierFailure, PaymentMethod, Transaction } from './cashier.types'

/** An expected refusal as settleCashierCall returns it. */
export const cashierFailure = (type: CashierFailure['type'], code: string | null, extra: Partial<CashierFailure> = {}): { ok: false; error: CashierFailure } => ({
  ok: false,
  error: { type, code, invalidParameters: null, errorData: null, ...extra },
})

/** The payment system is down (SPEC §8 BillingUnavailableException). */
export const cashierUnavailable = cashierFailure('BillingUnavailableException', null)

/** A card deposit of 50 € in the given status; completed unless pending, declined when failed. */
export const sampleTransaction = (status: Transaction['status']): Transaction => ({
  id: 'tx_1',
  type: 'deposit',
  status,
  amount: { amount: '50.00', currency: 'EUR' },
  fee: { amount: '0.00', currency: 'EUR' },
  method: { sysname: 'sandbox_card', name: 'Card', kind: 'card' },
  requisite: '411111...1111',
  campaign_offer_id: null,
  created_at: '2024-05-01T10:00:00Z',
  updated_at: '2024-05-01T10:00:00Z',
  completed_at: status === 'pending' ? null : '2024-05-01T10:01:00Z',
  failure_code: status === 'failed' ? 'declined' : null,
  redirect_url: null,
})

/** cashier/gettransaction for an id no transaction of the player has. */
export const transactionNotFound = cashierFailure('MethodNotFoundException', 'transaction_not_found')

/** Keys 'attempt-0001-...' so printed paths and tests are the same on every run. */
export function countingKeys(): () => string {
  let n = 0
  return () => `attempt-${String(++n).padStart(4, '0')}-0123456789`
}

// ── payment methods ──────────────────────────────────────────────────────────

export const sampleCard: PaymentMethod = {
  id: 1,
  sysname: 'sandbox_card',
  kind: 'card',
  name: 'Visa / Mastercard',
  icon: { light: '/icons/card-light.svg', dark: '/icons/card-dark.svg' },
  description: { short: 'Instant', full: '' },
  limits: [{ currency: 'EUR', min: '10', max: '5000' }],
  fee: { percent: '0', fixed: [] },
  processing_minutes: 0,
  requisites: [{ name: 'card_number', input: 'card', rules: ['required', 'cardNumber'] }],
  saved_requisites: [{ field: 'card_number', value: '411111...1111', label: 'Visa ···· 1111', expires: '12/29' }],
}

export const sampleWallet: PaymentMethod = {
  id: 2,
  sysname: 'sandbox_wallet',
  kind: 'ewallet',
  name: 'Sandbox Wallet',
  icon: { light: '/icons/wallet-light.svg', dark: '/icons/wallet-dark.svg' },
  description: { short: 'Pay from your wallet', full: '' },
  limits: [{ currency: 'EUR', min: '20', max: null }],
  fee: { percent: '1.5', fixed: [] },
  processing_minutes: 0,
  requisites: [{ name: 'wallet_email', input: 'email', rules: ['required', 'email'] }],
  saved_requisites: [],
}

export const sampleBank: PaymentMethod = {
  id: 3,
  sysname: 'sandbox_bank',
  kind: 'bank',
  name: 'Bank transfer',
  icon: { light: '/icons/bank-light.svg', dark: '/icons/bank-dark.svg' },
  description: { short: '1 to 3 days', full: '' },
  limits: [{ currency: 'EUR', min: '20', max: '10000' }],
  fee: { percent: '0', fixed: [{ amount: '1.00', currency: 'EUR' }] },
  processing_minutes: 2880,
  requisites: [{ name: 'iban', input: 'iban', rules: ['required', 'iban'] }],
  saved_requisites: [],
}

export const sampleCrypto: PaymentMethod = {
  id: 4,
  sysname: 'sandbox_btc',
  kind: 'crypto',
  name: 'Bitcoin',
  icon: { light: '/icons/btc-light.svg', dark: '/icons/btc-dark.svg' },
  description: { short: 'After 2 confirmations', full: '' },
  limits: [{ currency: 'EUR', min: '20', max: null }],
  fee: { percent: '0', fixed: [] },
  processing_minutes: 30,
  requisites: [{ name: 'wallet_address', input: 'crypto_address', rules: ['required', 'cryptoAddress'], network: 'bitcoin' }],
  saved_requisites: [],
}
