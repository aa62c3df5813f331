// Sample events and data of the withdraw flow: its model test walks them, the flows registry lists
// them, and the cashier view tests serve the same settings. Plain data, no test code.
import type { AnyMachineSnapshot } from 'xstate'
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { cashierFailure, cashierUnavailable, countingKeys, sampleBank, sampleCard, sampleCrypto } from '../cashier.samples'
import type { PaymentMethod, Withdrawal, WithdrawSettings } from '../cashier.types'
import { createWithdrawMachine, withdrawMachine } from './withdraw.machine'
import { withdrawAmount } from './withdraw.rules'
import type { LoadWithdrawSettingsResult, TokenizeCardResult, WithdrawalAnswer, WithdrawContext, WithdrawEvent } from './withdraw.types'

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

export const SAMPLE_IBAN = 'DE89370400440532013000'
/** What the provider's card fields answer for a valid new card. */
export const sampleVaultedCard = { token: 'sbcard_NDI0MjQyLi4uNDI0MnxWaXNh.0123456789abcdefghijkl', masked: '424242...4242', brand: 'Visa' }

/** A bank payout as makewithdrawal and cancelwithdrawal answer it. */
export const sampleWithdrawal = (amount: string, id = 'wd_2', status: Withdrawal['status'] = 'pending'): Withdrawal => ({
  id,
  status,
  amount: { amount, currency: 'EUR' },
  method: { sysname: 'sandbox_bank', name: 'Bank transfer' },
  requisite: 'DE89 ···· 3000',
  created_at: '2024-05-02T10:00:00Z',
  can_cancel: status === 'pending',
})

/** makewithdrawal's refusals (SPEC §8) the flow explains. */
export const withdrawRefusals = {
  kyc: cashierFailure('KycWithdrawalException', 'kyc_required', { errorData: { threshold: { amount: '100.00', currency: 'EUR' } } }),
  profile: cashierFailure('UserNeedProfileDataException', 'profile_data_required', { errorData: { operation: 'withdrawal', fields: ['first_name', 'birth_date'] } }),
  confirmContact: cashierFailure('UserNeedConfirmContactException', 'confirm_contact_required', { errorData: { contact_type: 'email' } }),
  limit: cashierFailure('WithdrawalLimitsExceededException', 'withdrawal_limit_exceeded', { errorData: { min: null, max: { amount: '50.00', currency: 'EUR' } } }),
  period: cashierFailure('WithdrawalLimitsPeriodExceededException', 'withdrawal_period_exceeded', {
    errorData: { period_days: 7, available_amount: { amount: '10.00', currency: 'EUR' }, reset_at: '2024-05-08T00:00:00Z' },
  }),
  fields: cashierFailure('InvalidParameterException', 'invalid_requisites', { invalidParameters: { iban: ['iban'] } }),
  tokenRefused: cashierFailure('InvalidParameterException', 'invalid_requisites', { invalidParameters: { card_token: ['cardNumber'] } }),
}

/** One sample per event (two methods); the model test adds more values of the same events (withdraw.machine.test.ts). */
export const withdrawSamples = {
  'withdraw.method.select': [
    { type: 'withdraw.method.select', sysname: 'sandbox_bank' },
    { type: 'withdraw.method.select', sysname: 'sandbox_card' },
  ],
  'withdraw.method.clear': [{ type: 'withdraw.method.clear' }],
  'withdraw.amount.change': [{ type: 'withdraw.amount.change', value: '50' }],
  'withdraw.amount.max': [{ type: 'withdraw.amount.max' }],
  'withdraw.requisite.change': [{ type: 'withdraw.requisite.change', name: 'iban', value: SAMPLE_IBAN }],
  'withdraw.pan.change': [{ type: 'withdraw.pan.change', pan: '4242 4242 4242 4242' }],
  'withdraw.submit': [{ type: 'withdraw.submit' }],
  'withdraw.new': [{ type: 'withdraw.new' }],
  'withdraw.cancel': [{ type: 'withdraw.cancel', id: 'wd_1' }],
  'withdraw.retry': [{ type: 'withdraw.retry' }],
} satisfies SampleTable<WithdrawEvent>

const SETTINGS = doneEventType(withdrawMachine, 'loadWithdrawSettings')
const SETTINGS_FAILED = errorEventType(withdrawMachine, 'loadWithdrawSettings')
const TOKENIZED = doneEventType(withdrawMachine, 'tokenizeCard')
const TOKENIZE_FAILED = errorEventType(withdrawMachine, 'tokenizeCard')
const WITHDRAWN = doneEventType(withdrawMachine, 'makeWithdrawal')
const WITHDRAW_FAILED = errorEventType(withdrawMachine, 'makeWithdrawal')
const CANCELLED = doneEventType(withdrawMachine, 'cancelWithdrawal')
const CANCEL_FAILED = errorEventType(withdrawMachine, 'cancelWithdrawal')
export type WithdrawOutcome =
  | { type: typeof SETTINGS; output: LoadWithdrawSettingsResult }
  | { type: typeof SETTINGS_FAILED; error: unknown }
  | { type: typeof TOKENIZED; output: TokenizeCardResult }
  | { type: typeof TOKENIZE_FAILED; error: unknown }
  | { type: typeof WITHDRAWN; output: WithdrawalAnswer }
  | { type: typeof WITHDRAW_FAILED; error: unknown }
  | { type: typeof CANCELLED; output: WithdrawalAnswer }
  | { type: typeof CANCEL_FAILED; error: unknown }

/** The answer to a request for what the context asks: the server accepts it as it came. */
export const withdrawalAccepted = (s: AnyMachineSnapshot, id = 'wd_2', status: Withdrawal['status'] = 'pending'): WithdrawalAnswer => ({
  ok: true,
  withdrawal: sampleWithdrawal(withdrawAmount(s.context as WithdrawContext) ?? '', id, status),
  balance: { amount: '70.00', currency: 'EUR' },
})

/** One answer of each kind; the model test adds every other refusal (withdraw.machine.test.ts). */
export const withdrawOutcomes = {
  [SETTINGS]: [
    { type: SETTINGS, output: { ok: true, settings: sampleWithdrawSettings } },
    { type: SETTINGS, output: cashierUnavailable },
  ],
  [SETTINGS_FAILED]: [{ type: SETTINGS_FAILED, error: 'network down' }],
  [TOKENIZED]: [
    { type: TOKENIZED, output: { ok: true, card: sampleVaultedCard } },
    { type: TOKENIZED, output: { ok: false, reason: 'refused', messageId: 'cardNumber' } },
  ],
  [TOKENIZE_FAILED]: [{ type: TOKENIZE_FAILED, error: 'network down' }],
  [WITHDRAWN]: (s: AnyMachineSnapshot) => [
    { type: WITHDRAWN, output: withdrawalAccepted(s) },
    { type: WITHDRAWN, output: withdrawRefusals.kyc },
    { type: WITHDRAWN, output: withdrawRefusals.fields },
  ],
  [WITHDRAW_FAILED]: [{ type: WITHDRAW_FAILED, error: 'network down' }],
  [CANCELLED]: [
    { type: CANCELLED, output: { ok: true, withdrawal: sampleWithdrawal('30.00', 'wd_1', 'cancelled'), balance: { amount: '150.00', currency: 'EUR' } } },
    { type: CANCELLED, output: cashierUnavailable },
  ],
  [CANCEL_FAILED]: [{ type: CANCEL_FAILED, error: 'network down' }],
} satisfies SampleTable<WithdrawOutcome>

export const withdrawEntry = defineEntry<typeof withdrawMachine, WithdrawOutcome>({
  name: 'withdraw',
  area: 'cashier',
  spec: '§2.1 withdraw, §7 Cashier, §4 loading flag withdraw, §5 Sum / IBAN, §8 withdrawal errors and button settings',
  description:
    'Cashier withdrawal: method, requisites (IBAN, crypto address, a saved card or a new one through the provider card fields), amount within the balance, the reserve, KYC / confirm-contact / limit refusals, cancel a pending one',
  machine: withdrawMachine,
  // The number of a new card: it goes to the provider's card fields only.
  redact: ['pan'],
  // Each method's own field only, and a method chosen from none: the bank and the new card both stay
  // reachable without the graph multiplying every requisite by every method.
  filterEvents: (snapshot, event) => {
    const context = snapshot.context as WithdrawContext
    if (event.type === 'withdraw.pan.change') return context.method === 'sandbox_card' && context.pan === ''
    if (event.type === 'withdraw.requisite.change') return context.method === 'sandbox_bank'
    if (event.type === 'withdraw.method.select') return context.method === null
    // 'Everything' follows the withdrawable amount, which each request lowers: one method tries it.
    if (event.type === 'withdraw.amount.max') return context.method !== 'sandbox_card'
    return true
  },
  graphMachine: () => createWithdrawMachine({ generateKey: countingKeys() }),
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: WithdrawContext }
    return JSON.stringify({
      value,
      method: context.method,
      amount: context.amount,
      requisites: context.requisites,
      pan: context.pan !== '',
      vaulted: context.vaulted !== null,
      pending: context.settings?.pending.length ?? 0,
      alert: context.alert?.messageId ?? null,
      key: context.attemptKey !== null,
    })
  },
  events: withdrawSamples,
  outcomes: withdrawOutcomes,
})
