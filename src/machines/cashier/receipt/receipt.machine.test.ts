import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures } from '../../testing/model'
import { receiptMachine } from './receipt.machine'
import { receiptOutcomes, receiptSamples, type ReceiptOutcome } from './receipt.samples'
import { isTransactionId } from './receipt.rules'
import { selectLoadingReceipt, selectReceipt, selectReceiptView } from './receipt.selectors'
import type { LoadReceiptInput, LoadReceiptResult, ReceiptEvent, ReceiptInput } from './receipt.types'
import { controllable, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'

type Snapshot = SnapshotFrom<typeof receiptMachine>

function startSut(input: ReceiptInput) {
  const load = controllable<LoadReceiptInput, LoadReceiptResult>()
  const ref = createActor(receiptMachine.provide({ actors: { loadReceipt: load.actor }, actions: { reportError: () => {} } }), { input }).start()
  return { ref, load }
}
type Sut = ReturnType<typeof startSut>

const fixtures = receiptSamples
const outcomes = receiptOutcomes
type Outcome = ReceiptOutcome
const gestures = { 'receipt.retry': (sut: Sut, e: ReceiptEvent) => sut.ref.send(e) } satisfies GestureTable<ReceiptEvent, Sut, Snapshot>
const outcomeGestures = settleGestures('loadReceipt', (sut: Sut) => sut.load) satisfies GestureTable<Outcome, Sut, Snapshot>

const serializeState = (s: Snapshot) => JSON.stringify({ value: s.value, tx: s.context.transaction?.id ?? null })

function harnessFor(input: ReceiptInput) {
  return new ModelHarness<typeof receiptMachine, Sut, Outcome>({
    machine: receiptMachine,
    input,
    events: (s) => [...fixtureEvents<ReceiptEvent, Snapshot>(fixtures, s), ...fixtureEvents<Outcome, Snapshot>(outcomes, s)],
    filterEvents: (s, e) => (e.type.startsWith('xstate.') ? 'loadReceipt' in s.children : s.can(e as ReceiptEvent)),
    serializeState,
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state }) => {
      const s = sut.ref.getSnapshot()
      expect(serializeState(s)).toBe(serializeState(state))
      expect(selectLoadingReceipt(s)).toBe(selectReceiptView(s) === 'loading')
      expect(selectReceipt(s) !== null).toBe(selectReceiptView(s) === 'shown')
      // Only a possible id is ever asked for, and only the one in the address.
      expect(sut.load.calls.every((c) => c.id === input.id && isTransactionId(c.id))).toBe(true)
    },
  })
}

describeModel(
  'receiptMachine',
  { 'id ptx_1': harnessFor({ id: 'ptx_1' }), 'id ../etc/passwd': harnessFor({ id: '../etc/passwd' }), 'id null': harnessFor({ id: null }) },
  { minShortestPaths: 0, reach: { alone: 'id ptx_1' } },
)

describe('receiptMachine', () => {
  it('an id that cannot be a transaction is not found without asking', () => {
    const sut = startSut({ id: 'x'.repeat(65) })
    expect(selectReceiptView(sut.ref.getSnapshot())).toBe('notFound')
    expect(sut.load.calls).toEqual([])
  })
})

