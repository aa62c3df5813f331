// Sample events and data of the deposit flow: its model test walks them, the flows registry lists
// them, and the cashier view tests serve the same settings and offers. Plain data, no test code.
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { cashierFailure, cashierUnavailable, countingKeys, sampleCard, sampleWallet } from '../cashier.samples'
import type { DepositOffer, DepositResult, DepositSettings } from '../cashier.types'
import { createDepositMachine, depositMachine } from './deposit.machine'
import type {
  DepositContext,
  DepositEvent,
  LoadDepositMethodsResult,
  LoadDepositOffersResult,
  LoadDepositSettingsResult,
  MakeDepositResult,
} from './deposit.types'

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

/** makedeposit's answer with the given status; a success carries the new balance. */
export const depositResult = (status: DepositResult['status'], patch: Partial<DepositResult> = {}): MakeDepositResult => ({
  ok: true,
  result: {
    status,
    transaction_id: `tx_${status}`,
    redirect_url: status === 'redirect' || status === 'newwindow' ? `https://sandbox.pay.example/hosted/${status}` : null,
    mobile: status === 'mobile' ? { deep_link: 'sandboxbank://pay/1', qr: null, instructions: 'Open your bank app' } : null,
    balance: status === 'success' ? { amount: '150.00', currency: 'EUR' } : null,
    failure_code: status === 'failed' ? 'declined' : null,
    ...patch,
  },
})
/** Over the deposit limit: 20 € left today. */
export const depositLimitRefused = cashierFailure('BillingDepositLimitExceededException', 'deposit_limit_exceeded', {
  errorData: { available_amount: { amount: '20.00', currency: 'EUR' }, expired_at: null, period: 1 },
})
/** The provider refused the card number. */
export const depositFieldsRefused = cashierFailure('InvalidParameterException', 'invalid_requisites', { invalidParameters: { 'requisites.card_number': ['cardNumber'] } })
export const depositDeclined = cashierFailure('BillingTransactionDeclinedException', null)
export const depositProfileRefused = cashierFailure('UserNeedProfileDataException', 'profile_data_required', { errorData: { operation: 'deposit', fields: ['birth_date'] } })

/** One sample per event; the model test adds more values of the same events (deposit.machine.test.ts). */
export const depositSamples = {
  'deposit.method.select': [{ type: 'deposit.method.select', sysname: 'sandbox_card' }],
  'deposit.method.clear': [{ type: 'deposit.method.clear' }],
  'deposit.amount.change': [{ type: 'deposit.amount.change', value: '200' }],
  'deposit.amount.preset': [{ type: 'deposit.amount.preset', amount: '100' }],
  'deposit.offer.select': [{ type: 'deposit.offer.select', id: 11 }],
  'deposit.requisite.change': [{ type: 'deposit.requisite.change', name: 'card_number', value: 'new' }],
  'deposit.submit': [{ type: 'deposit.submit' }],
  'deposit.retry': [{ type: 'deposit.retry' }],
  // 'Set limit' in the first-deposit offer: a daily 20 €.
  'deposit.limit.set': [
    {
      type: 'deposit.limit.set',
      limit: { ...sampleDepositSettings.deposit_limit, period: 1, limit_amount: { amount: '20.00', currency: 'EUR' }, available_amount: { amount: '20.00', currency: 'EUR' } },
    },
  ],
} satisfies SampleTable<DepositEvent>

const SETTINGS = doneEventType(depositMachine, 'loadDepositSettings')
const SETTINGS_FAILED = errorEventType(depositMachine, 'loadDepositSettings')
const METHODS = doneEventType(depositMachine, 'loadDepositMethods')
const METHODS_FAILED = errorEventType(depositMachine, 'loadDepositMethods')
const OFFERS = doneEventType(depositMachine, 'loadDepositOffers')
const OFFERS_FAILED = errorEventType(depositMachine, 'loadDepositOffers')
const DEPOSIT = doneEventType(depositMachine, 'makeDeposit')
const DEPOSIT_FAILED = errorEventType(depositMachine, 'makeDeposit')
export type DepositOutcome =
  | { type: typeof SETTINGS; output: LoadDepositSettingsResult }
  | { type: typeof SETTINGS_FAILED; error: unknown }
  | { type: typeof METHODS; output: LoadDepositMethodsResult }
  | { type: typeof METHODS_FAILED; error: unknown }
  | { type: typeof OFFERS; output: LoadDepositOffersResult }
  | { type: typeof OFFERS_FAILED; error: unknown }
  | { type: typeof DEPOSIT; output: MakeDepositResult }
  | { type: typeof DEPOSIT_FAILED; error: unknown }

export const depositOutcomes = {
  [SETTINGS]: [
    { type: SETTINGS, output: { ok: true, settings: sampleDepositSettings } },
    { type: SETTINGS, output: cashierUnavailable },
  ],
  [SETTINGS_FAILED]: [{ type: SETTINGS_FAILED, error: 'network down' }],
  [METHODS]: [
    { type: METHODS, output: { ok: true, methods: [sampleCard, sampleWallet] } },
    { type: METHODS, output: cashierUnavailable },
  ],
  [METHODS_FAILED]: [{ type: METHODS_FAILED, error: 'network down' }],
  [OFFERS]: [
    { type: OFFERS, output: { ok: true, offers: sampleOffers } },
    { type: OFFERS, output: cashierUnavailable },
  ],
  [OFFERS_FAILED]: [{ type: OFFERS_FAILED, error: 'network down' }],
  [DEPOSIT]: [
    ...(['success', 'pending', 'failed', 'cancelled', 'redirect', 'newwindow', 'mobile'] as const).map((status) => ({ type: DEPOSIT, output: depositResult(status) })),
    { type: DEPOSIT, output: depositLimitRefused },
    { type: DEPOSIT, output: depositFieldsRefused },
    { type: DEPOSIT, output: depositDeclined },
    { type: DEPOSIT, output: depositProfileRefused },
    { type: DEPOSIT, output: cashierUnavailable },
  ],
  [DEPOSIT_FAILED]: [{ type: DEPOSIT_FAILED, error: 'network down' }],
} satisfies SampleTable<DepositOutcome>

export const depositEntry = defineEntry<typeof depositMachine, DepositOutcome>({
  name: 'deposit',
  area: 'cashier',
  spec: '§2.1 deposit, §3 Deposit values / amounts / limit / offer, §4 cashier loading flags, §5 Sum, §8',
  description: 'Cashier deposit: methods, presets, offers, requisites, one idempotent makedeposit per attempt, then the result page or the provider',
  machine: depositMachine,
  graphMachine: () => createDepositMachine({ generateKey: countingKeys() }),
  input: { preselect: null, returnUrl: '/cashier' },
  // What the guards read: the loaded parts, the method, the amount, the offer, the key.
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: DepositContext }
    return JSON.stringify({
      value,
      loaded: [context.settings !== null, context.methods.length, context.offers.length],
      method: context.method,
      amount: context.amount,
      offerId: context.offerId,
      requisites: context.requisites,
      alert: context.alert?.messageId ?? null,
      key: context.attemptKey !== null,
    })
  },
  events: depositSamples,
  outcomes: depositOutcomes,
})
