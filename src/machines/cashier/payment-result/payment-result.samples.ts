// Sample events of the payment result pages, walked by their model test and listed in the flows registry.
import { defineEntry, delayEvent, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { cashierUnavailable, sampleTransaction, transactionNotFound } from '../cashier.samples'
import type { Transaction } from '../cashier.types'
import { paymentResultMachine } from './payment-result.machine'
import type { LoadTransactionResult, PaymentResultEvent } from './payment-result.types'

export const found = (status: Transaction['status']): LoadTransactionResult => ({ ok: true, transaction: sampleTransaction(status) })

export const paymentResultSamples = { 'payment.retry': [{ type: 'payment.retry' }] } satisfies SampleTable<PaymentResultEvent>

const LOADED = doneEventType(paymentResultMachine, 'loadTransaction')
const FAILED = errorEventType(paymentResultMachine, 'loadTransaction')
/** The wait between two reads of a pending transaction ending. */
export const POLL = delayEvent(paymentResultMachine, 'pollInterval').type
export type PaymentResultOutcome =
  | { type: typeof LOADED; output: LoadTransactionResult }
  | { type: typeof FAILED; error: unknown }
  | { type: typeof POLL }

// A table of its own: a delay's event type is only known as a pattern, which a key of the
// outcomes' object literal would widen to every string.
const timers: SampleTable<{ type: typeof POLL }> = { [POLL]: [{ type: POLL }] }

export const paymentResultOutcomes = {
  [LOADED]: [
    { type: LOADED, output: found('pending') },
    { type: LOADED, output: found('success') },
    { type: LOADED, output: found('failed') },
    { type: LOADED, output: transactionNotFound },
    { type: LOADED, output: cashierUnavailable },
  ],
  [FAILED]: [{ type: FAILED, error: 'network down' }],
  ...timers,
} satisfies SampleTable<PaymentResultOutcome>

export const paymentResultEntry = defineEntry<typeof paymentResultMachine, PaymentResultOutcome>({
  name: 'payment-result',
  area: 'cashier',
  spec: '§2.1 pay* pages with {transaction}, §2.5, §4 Payment result pages, loading flag receipt',
  description: 'A payment result page reading the real transaction: polls a pending one until it settles (capped), then follows its outcome',
  machine: paymentResultMachine,
  // One read before giving up, so the sample walk reaches 'gaveUp'.
  input: { page: 'paypending', transactionId: 'tx_1', maxAttempts: 1 },
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: { attempts: number } }
    return JSON.stringify({ value, attempts: context.attempts })
  },
  events: paymentResultSamples,
  outcomes: paymentResultOutcomes,
})
