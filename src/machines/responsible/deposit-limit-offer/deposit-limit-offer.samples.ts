// Sample events of the first deposit's limit offer, walked by its model test and by the flows registry.
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { cashierFailure, usd } from '../deposit-limit/deposit-limit.samples'
import type { DepositLimit, DepositLimitOfferEvent, SaveDepositLimitResult } from '../deposit-limit/deposit-limit.types'
import { depositLimitOfferMachine } from './deposit-limit-offer.machine'

export const offerNoLimit: DepositLimit = { available_amount: null, can_edit: true, expired_at: null, limit_amount: null, period: 'none', scheduled: null }
export const weekly200: DepositLimit = { available_amount: usd('200.00'), can_edit: true, expired_at: '2024-05-08T10:00:00Z', limit_amount: usd('200.00'), period: 7, scheduled: null }

export const depositLimitOfferSamples = {
  'limitOffer.period.change': [{ type: 'limitOffer.period.change', period: 7 }],
  'limitOffer.amount.change': [
    { type: 'limitOffer.amount.change', value: '200' },
    { type: 'limitOffer.amount.change', value: 'abc' },
  ],
  'limitOffer.submit': [{ type: 'limitOffer.submit' }],
  'limitOffer.skip': [{ type: 'limitOffer.skip' }],
} satisfies SampleTable<DepositLimitOfferEvent>

const SAVE_DONE = doneEventType(depositLimitOfferMachine, 'saveDepositLimit')
const SAVE_ERROR = errorEventType(depositLimitOfferMachine, 'saveDepositLimit')
export type DepositLimitOfferOutcome = { type: typeof SAVE_DONE; output: SaveDepositLimitResult } | { type: typeof SAVE_ERROR; error: unknown }
export const depositLimitOfferOutcomes = {
  [SAVE_DONE]: [
    { type: SAVE_DONE, output: { ok: true, limit: weekly200 } },
    { type: SAVE_DONE, output: { ok: false, error: cashierFailure('InvalidParameterException', 'invalid_amount', { limit_amount: ['maxValue'] }) } },
    { type: SAVE_DONE, output: { ok: false, error: cashierFailure('BillingUnavailableException', null) } },
  ],
  [SAVE_ERROR]: [{ type: SAVE_ERROR, error: 'network down' }],
} satisfies SampleTable<DepositLimitOfferOutcome>

export const depositLimitOfferEntry = defineEntry<typeof depositLimitOfferMachine, DepositLimitOfferOutcome>({
  name: 'deposit-limit-offer',
  area: 'responsible',
  spec: '§3 Deposit limit, §9 periods (offered at the first deposit)',
  description: 'Inside the first deposit: the offer to set a deposit limit, set (applies at once and reaches the deposit flow) or skipped',
  machine: depositLimitOfferMachine,
  input: { currency: 'EUR', limit: offerNoLimit, isFirstDeposit: true },
  // Not a first deposit: the offer stays hidden.
  otherInputs: [{ currency: 'EUR', limit: offerNoLimit, isFirstDeposit: false }],
  // Whether an amount is typed decides whether a submit is sent.
  serializeState: (snapshot) => {
    const c = snapshot.context as { amount: string; period: number }
    return JSON.stringify({ value: snapshot.value, amount: c.amount !== '', period: c.period })
  },
  events: depositLimitOfferSamples,
  outcomes: depositLimitOfferOutcomes,
})
