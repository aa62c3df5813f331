// Sample events of the receipt page, walked by its model test and listed in the flows registry.
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { cashierFailure, cashierUnavailable, transactionNotFound } from '../cashier.samples'
import type { Transaction } from '../cashier.types'
import { receiptMachine } from './receipt.machine'
import type { LoadReceiptResult, ReceiptEvent } from './receipt.types'

/** An approved bank payout, as the history links to it. */
export const sampleReceipt: Transaction = {
  id: 'ptx_1',
  type: 'withdrawal',
  status: 'approved',
  amount: { amount: '40.00', currency: 'EUR' },
  fee: { amount: '0.00', currency: 'EUR' },
  method: { sysname: 'banktransfer', name: 'Bank transfer', kind: 'bank' },
  requisite: 'DE89 ···· 3000',
  campaign_offer_id: null,
  created_at: '2025-12-01T10:00:00Z',
  updated_at: '2025-12-01T10:00:00Z',
  completed_at: null,
  failure_code: null,
  redirect_url: null,
}

export const receiptSamples = { 'receipt.retry': [{ type: 'receipt.retry' }] } satisfies SampleTable<ReceiptEvent>

const LOADED = doneEventType(receiptMachine, 'loadReceipt')
const FAILED = errorEventType(receiptMachine, 'loadReceipt')
export type ReceiptOutcome = { type: typeof LOADED; output: LoadReceiptResult } | { type: typeof FAILED; error: unknown }

export const receiptOutcomes = {
  [LOADED]: [
    { type: LOADED, output: { ok: true, transaction: sampleReceipt } },
    { type: LOADED, output: transactionNotFound },
    // A missing route is a failure to load, not a missing transaction.
    { type: LOADED, output: cashierFailure('MethodNotFoundException', null) },
    { type: LOADED, output: cashierUnavailable },
  ],
  [FAILED]: [{ type: FAILED, error: 'network down' }],
} satisfies SampleTable<ReceiptOutcome>

export const receiptEntry = defineEntry<typeof receiptMachine, ReceiptOutcome>({
  name: 'receipt',
  area: 'cashier',
  spec: '§2.1 cashier/receipt, §3 Payment pages keyed by a transaction id, §4 loading flag receipt',
  description: 'The receipt of one transaction from the history: read once, not found for an impossible or foreign id, retry after a failure',
  machine: receiptMachine,
  input: { id: 'tx_1' },
  events: receiptSamples,
  outcomes: receiptOutcomes,
})
