import { describe, expect, it } from 'vitest'
import { BALANCE_CHANGED } from '../cashier.types'
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate'
import { recordCoverage } from '../../testing/coverage'
import { keyed } from '../../flow-entry'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { paymentResultMachine } from './payment-result.machine'
import { found, paymentResultOutcomes, paymentResultSamples, POLL, type PaymentResultOutcome } from './payment-result.samples'
import { needsOtherPage, pageForStatus } from './payment-result.rules'
import { selectCanRetry, selectLoadingReceipt, selectPaymentResultView, selectShowsLoader, selectTransaction } from './payment-result.selectors'
import {
  PAYMENT_POLL_INTERVAL_MS,
  PAYMENT_POLL_MAX_ATTEMPTS,
  PAYMENT_RESULT_MOVED,
  type LoadTransactionInput,
  type LoadTransactionResult,
  type PaymentResultEvent,
  type PaymentResultInput,
} from './payment-result.types'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'

type Snapshot = SnapshotFrom<typeof paymentResultMachine>

function startSut(input: PaymentResultInput) {
  const clock = new SimulatedClock()
  const load = controllable<LoadTransactionInput, LoadTransactionResult>()
  const effects: { type: string; params?: unknown }[] = []
  const ref = createActor(
    paymentResultMachine.provide({
      actions: {
        goToResult: (_, params) => void effects.push({ type: 'goToResult', params }),
        refreshBalance: () => void effects.push({ type: 'refreshBalance' }),
        reportError: () => void effects.push({ type: 'reportError' }),
      },
      actors: { loadTransaction: load.actor },
    }),
    { input, clock },
  ).start()
  return { ref, clock, load, effects }
}
type Sut = ReturnType<typeof startSut>

const fixtures = paymentResultSamples
const outcomes = paymentResultOutcomes
type Outcome = PaymentResultOutcome
const gestures = { 'payment.retry': (sut: Sut, e: PaymentResultEvent) => sut.ref.send(e) } satisfies GestureTable<PaymentResultEvent, Sut, Snapshot>
const isOutcome = (e: { type: string }): e is Outcome => e.type.startsWith('xstate.')
const outcomeGestures = {
  ...settleGestures('loadTransaction', (sut: Sut) => sut.load),
  ...keyed(POLL, (sut: Sut, event: { type: string }) => sut.ref.send(event as never)), // the delay ending, without moving the clock
}

const serializeState = (s: Snapshot) =>
  JSON.stringify({ value: s.value, status: s.context.transaction?.status ?? null, attempts: s.context.attempts })

function harnessFor(input: PaymentResultInput) {
  return new ModelHarness<typeof paymentResultMachine, Sut, Outcome>({
    machine: paymentResultMachine,
    input,
    events: (s) => [...fixtureEvents<PaymentResultEvent, Snapshot>(fixtures, s), ...fixtureEvents<Outcome, Snapshot>(outcomes, s)],
    filterEvents: (s, e) => (e.type === POLL ? s.matches('waiting') : isOutcome(e) ? 'loadTransaction' in s.children : s.can(e)),
    serializeState,
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from, event }) => {
      const s = sut.ref.getSnapshot()
      expect(serializeState(s)).toBe(serializeState(state))
      const { broken, rule } = ruleCollector()
      rule('receipt flag while reading first', selectLoadingReceipt(s) === s.matches('loading'))
      rule('loader while unsettled', selectShowsLoader(s) === (s.matches('loading') || s.matches('waiting') || s.matches('polling')))
      rule('at most the cap', s.context.attempts <= s.context.maxAttempts)
      rule('reads the route transaction', sut.load.calls.every((c) => c.id === input.transactionId))
      const effects = sut.effects.splice(0)
      if (from && event && s.matches('settled') && !from.matches('settled')) {
        const t = selectTransaction(s)!
        const expected = [
          ...(t.status === 'success' ? [{ type: 'refreshBalance' }] : []),
          ...(needsOtherPage(input.page, t) ? [{ type: 'goToResult', params: { page: pageForStatus(t), transactionId: 'tx_1' } }] : []),
        ]
        rule('settled effects', JSON.stringify(effects) === JSON.stringify(expected))
      } else rule('no effects but reports', effects.every((e) => e.type === 'reportError'))
      expect(broken).toEqual([])
    },
  })
}

describeModel(
  'paymentResultMachine',
  {
    'paypending/{transaction}': harnessFor({ page: 'paypending', transactionId: 'tx_1', maxAttempts: 2 }),
    'paysuccess/{transaction}': harnessFor({ page: 'paysuccess', transactionId: 'tx_1', maxAttempts: 1 }),
    'paymobile/{transaction}': harnessFor({ page: 'paymobile', transactionId: 'tx_1', maxAttempts: 3 }),
  },
  { minShortestPaths: 8, timeoutMs: 60_000 },
)

describe('payment result rules (SPEC §2.1, §2.5, §4)', () => {
  it('polls a pending payment every 3 s until it settles, then follows the transaction', async () => {
    const sut = startSut({ page: 'paypending', transactionId: 'tx_1' })
    recordCoverage(sut.ref)
    sut.load.resolve(found('pending'))
    await flush()
    expect(selectPaymentResultView(sut.ref.getSnapshot())).toBe('waiting')
    sut.clock.increment(PAYMENT_POLL_INTERVAL_MS - 1)
    expect(sut.load.calls).toHaveLength(1)
    sut.clock.increment(1)
    expect(sut.load.calls).toHaveLength(2)
    sut.load.resolve(found('success'))
    await flush()
    expect(sut.effects).toEqual([{ type: 'refreshBalance' }, { type: 'goToResult', params: { page: 'paysuccess', transactionId: 'tx_1' } }])
  })

  it('gives up after the cap and lets the player retry', async () => {
    const sut = startSut({ page: 'paypending', transactionId: 'tx_1' })
    recordCoverage(sut.ref)
    sut.load.resolve(found('pending'))
    await flush()
    for (let i = 0; i < PAYMENT_POLL_MAX_ATTEMPTS; i++) {
      sut.clock.increment(PAYMENT_POLL_INTERVAL_MS)
      sut.load.resolve(found('pending'))
      await flush()
    }
    sut.clock.increment(PAYMENT_POLL_INTERVAL_MS)
    expect(sut.load.calls).toHaveLength(PAYMENT_POLL_MAX_ATTEMPTS + 1)
    expect(selectPaymentResultView(sut.ref.getSnapshot())).toBe('stillPending')
    expect(selectCanRetry(sut.ref.getSnapshot())).toBe(true)
  })

  it('a paysuccess link to a failed payment shows payfail; the same page stays', async () => {
    const sut = startSut({ page: 'paysuccess', transactionId: 'tx_1' })
    sut.load.resolve(found('failed'))
    await flush()
    expect(sut.effects).toEqual([{ type: 'goToResult', params: { page: 'payfail', transactionId: 'tx_1' } }])
    const same = startSut({ page: 'payfail', transactionId: 'tx_1' })
    same.load.resolve(found('failed'))
    await flush()
    expect(same.effects).toEqual([])
    expect(selectPaymentResultView(same.ref.getSnapshot())).toBe('settled')
  })
})

// Rule tests drive actors of their own: their recordings are written once they are done.

describe('the page the result runs in', () => {
  it('is told to refresh the balance and to replace itself with the page of the real status', async () => {
    const load = controllable<LoadTransactionInput, LoadTransactionResult>()
    const ref = createActor(paymentResultMachine.provide({ actors: { loadTransaction: load.actor } }), { input: { page: 'paypending', transactionId: 'tx_1' } }).start()
    const told: unknown[] = []
    ref.on('*', (event) => void told.push(event))
    load.resolve(found('success'))
    await flush()
    expect(told).toEqual([
      { type: BALANCE_CHANGED, balances: null },
      { type: PAYMENT_RESULT_MOVED, path: '/cashier/paysuccess/tx_1' },
    ])
  })
})
