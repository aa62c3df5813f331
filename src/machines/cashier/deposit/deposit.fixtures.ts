// Sample data of the deposit and withdraw flows, shared by their tests and the registry's samples
// (plain data, no test code, so src/machines/registry.ts may import it).
import type { DepositOffer, DepositSettings, PaymentMethod, WithdrawSettings } from '../cashier.types'

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

/** A 7-day limit of 200 € with 150 € left. */
export const sampleDepositSettings: DepositSettings = {
  currency: 'EUR',
  amounts: { EUR: ['10', '50', '100', '10000'], USD: ['10', '50'] },
  default_amount: '50',
  deposit_limit: {
    available_amount: { amount: '150.00', currency: 'EUR' },
    can_edit: true,
    expired_at: '2024-06-08T00:00:00Z',
    limit_amount: { amount: '200.00', currency: 'EUR' },
    period: 7,
    scheduled: null,
  },
  is_first_deposit: false,
}

export const sampleOffers: DepositOffer[] = [
  {
    id: 11,
    trigger: {
      action: 'deposit',
      user_satisfies_params: true,
      params: { exclude_methods: ['sandbox_wallet'], min_amount: [{ amount: '20', currency: 'EUR' }] },
    },
    description: { title: '100 % up to 200 €', text: '', image: null },
    promotions: [{ type: 'bonus_percent', value: '100' }],
  },
  {
    id: 12,
    trigger: { action: 'deposit', user_satisfies_params: false, params: { exclude_methods: [] } },
    description: { title: 'Fifth deposit: 50 free spins', text: '', image: null },
    promotions: [{ type: 'freespins', value: '50' }],
  },
]

/** The card method for payouts, with no saved card yet: a payout goes to a new card, typed into the provider's card fields. */
export const sampleWithdrawCard: PaymentMethod = { ...sampleCard, id: 5, sysname: 'sandbox_card', requisites: [{ name: 'card_number', input: 'card', rules: ['required'] }], saved_requisites: [] }

export const sampleWithdrawSettings: WithdrawSettings = {
  currency: 'EUR',
  withdrawable: { amount: '120.00', currency: 'EUR' },
  methods: [sampleBank, sampleCrypto, sampleWithdrawCard],
  card_vault: { url: '/sandbox/cards' },
  auto_approve_below: { amount: '50.00', currency: 'EUR' },
  kyc_threshold: { amount: '100.00', currency: 'EUR' },
  is_verified: false,
  requires_confirmed_contact: true,
  period_limit: null,
  buttons: { confirm_contact: { show: true, link: '/confirmation' }, kyc: { show: true, link: '/profile/verification' } },
  pending: [
    {
      id: 'wd_1',
      status: 'pending',
      amount: { amount: '30.00', currency: 'EUR' },
      method: { sysname: 'sandbox_bank', name: 'Bank transfer' },
      requisite: 'DE89 ···· 3000',
      created_at: '2024-05-01T10:00:00Z',
      can_cancel: true,
    },
  ],
}
