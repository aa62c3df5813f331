import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { recordCoverage } from '../../testing/coverage'
import { ModelHarness, fixtureEvents, type GestureTable, ruleCollector, dispatchGestures } from '../../testing/model'
import { BALANCE_CHANGED, type CashierFailure } from '../cashier.types'
import { walletMachine } from './wallet.machine'
import { currencyRefusals, sampleRates, walletOutcomes, walletSamples, zeroBalances, type WalletOutcome } from './wallet.samples'
import { cashierFailure } from '../cashier.samples'
import { mayChoose, refusalOf } from './wallet.rules'
import { selectChoice, selectCurrencyStep, selectIsChanging, selectRefusal, selectWalletView } from './wallet.selectors'
import type { Balance, LoadRatesResult, SetCurrencyInput, SetCurrencyResult, WalletEvent, WalletInput } from './wallet.types'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'

type Snapshot = SnapshotFrom<typeof walletMachine>

const rates = sampleRates
const balances = zeroBalances
const refusals = currencyRefusals
const failure = (type: CashierFailure['type'], code: string | null): CashierFailure => cashierFailure(type, code).error

function startSut(input: WalletInput) {
  const load = controllable<unknown, LoadRatesResult>()
  const set = controllable<SetCurrencyInput, SetCurrencyResult>()
  const published: Balance[] = []
  const reported: unknown[] = []
  const ref = createActor(
    walletMachine.provide({
      actors: { loadRates: load.actor, setCurrency: set.actor },
      actions: {
        publishBalances: (_, { balances }) => void published.push(balances),
        reportError: (_, { error }) => void reported.push(error),
      },
    }),
    { input },
  ).start()
  return { ref, load, set, published, reported }
}
type Sut = ReturnType<typeof startSut>

const fixtures = walletSamples
const outcomes = walletOutcomes
type Outcome = WalletOutcome

const gestures = {
  'wallet.retry': (sut: Sut, e) => sut.ref.send(e),
  'currency.choose': (sut: Sut, e) => sut.ref.send(e),
  'currency.confirm': (sut: Sut, e) => sut.ref.send(e),
  'currency.cancel': (sut: Sut, e) => sut.ref.send(e),
  'account.sync': (sut: Sut, e) => sut.ref.send(e),
} satisfies GestureTable<WalletEvent, Sut, Snapshot>
const outcomeGestures = {
  ...settleGestures('loadRates', (sut: Sut) => sut.load),
  ...settleGestures('setCurrency', (sut: Sut) => sut.set),
} satisfies GestureTable<Outcome, Sut, Snapshot>
const isOutcome = (e: { type: string }): e is Outcome => e.type.startsWith('xstate.')

const serializeState = (s: Snapshot) =>
  JSON.stringify({ value: s.value, currency: s.context.currency, choice: s.context.choice, failure: s.context.failure?.code ?? null, rates: s.context.rates !== null })

function harnessFor(input: WalletInput) {
  return new ModelHarness<typeof walletMachine, Sut, Outcome>({
    machine: walletMachine,
    input,
    events: (s) => [...fixtureEvents<WalletEvent, Snapshot>(fixtures, s), ...fixtureEvents<Outcome, Snapshot>(outcomes, s)],
    filterEvents: (s, e) => {
      if (e.type.startsWith('xstate.done.actor.') || e.type.startsWith('xstate.error.actor.')) {
        const id = e.type.replace(/^xstate\.(done|error)\.actor\./, '')
        return id in s.children
      }
      // s.can() is false for a transition that does nothing, as changing's account.sync (it holds
      // the root's sync off while the answer is awaited); the walk sends it anyway to prove that.
      return !isOutcome(e) && (s.can(e) || e.type === 'account.sync')
    },
    serializeState,
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from, event }) => {
      const s = sut.ref.getSnapshot()
      expect(serializeState(s)).toBe(serializeState(state))
      const { broken, rule } = ruleCollector()
      rule('rates flag only while reading', (selectWalletView(s) === 'loading') === s.matches('loading'))
      rule('changing flag only while setCurrency runs', selectIsChanging(s) === ('setCurrency' in s.children))
      rule('a refusal is shown only when refused', (selectRefusal(s) !== null) === s.matches({ ready: 'refused' }))
      rule('never asks for an unoffered currency', sut.set.calls.every((c) => rates.rates.some((r) => r.currency === c.currency)))
      rule('a pick awaiting confirmation is another offered currency', !s.matches({ ready: 'confirming' }) || mayChoose(rates, s.context.currency, selectChoice(s) ?? ''))
      if (from && event?.type === 'currency.choose' && event.currency === from.context.currency) rule('picking the own currency drops the pick', selectChoice(s) === null)
      const published = sut.published.splice(0)
      if (from && event?.type === 'xstate.done.actor.setCurrency' && s.matches({ ready: 'changed' })) {
        rule('a change publishes the new balances once', published.length === 1 && published[0]!.balance_main.currency === from.context.choice)
        rule('the page takes the new currency', s.context.currency === from.context.choice)
      } else rule('nothing else publishes', published.length === 0)
      if (from && event?.type === 'currency.confirm') rule('confirm sets the chosen currency', sut.set.calls.at(-1)?.currency === from.context.choice)
      expect(broken).toEqual([])
    },
  })
}

describeModel('walletMachine', harnessFor({ currency: 'USD' }), { minShortestPaths: 15, timeoutMs: 120_000 })

describe('wallet rules (SPEC §3 Account info, §7 setCurrency)', () => {
  it('offers only the site\'s other currencies', () => {
    expect(mayChoose(rates, 'USD', 'EUR')).toBe(true)
    expect(mayChoose(rates, 'USD', 'USD')).toBe(false)
    expect(mayChoose(rates, 'USD', 'GBP')).toBe(false)
    expect(mayChoose(null, 'USD', 'EUR')).toBe(false)
  })

  it('explains a refusal by its code, never by its message', () => {
    expect(refusalOf(refusals.depositLimit)).toBe('depositLimit')
    expect(refusalOf(refusals.pendingWithdrawal)).toBe('pendingWithdrawal')
    expect(refusalOf(failure('InvalidRequestException', 'currency_locked_by_loss_limit'))).toBe('lossLimit')
    expect(refusalOf(refusals.unavailable)).toBe('unavailable')
    expect(refusalOf(failure('AuthorizationException', 'not_logged_in'))).toBe('signedOut')
    expect(refusalOf(failure('BillingUnavailableException', null))).toBe('other')
  })

  it('a confirmed change publishes the new balances; a refusal keeps the currency and says why', async () => {
    const sut = startSut({ currency: 'USD' })
    recordCoverage(sut.ref)
    sut.load.resolve({ ok: true, rates })
    await flush()
    sut.ref.send({ type: 'currency.choose', currency: 'EUR' })
    expect(selectCurrencyStep(sut.ref.getSnapshot())).toBe('confirming')
    expect(sut.set.calls).toEqual([])
    sut.ref.send({ type: 'currency.confirm' })
    sut.set.resolve({ ok: false, error: refusals.depositLimit })
    await flush()
    expect(selectCurrencyStep(sut.ref.getSnapshot())).toBe('refused')
    expect(selectRefusal(sut.ref.getSnapshot())).toBe('depositLimit')
    expect(sut.ref.getSnapshot().context.currency).toBe('USD')
    sut.ref.send({ type: 'currency.choose', currency: 'JPY' })
    sut.ref.send({ type: 'currency.confirm' })
    sut.set.resolve({ ok: true, balances: balances('JPY') })
    await flush()
    expect(sut.set.calls).toEqual([{ currency: 'EUR' }, { currency: 'JPY' }])
    expect(sut.published).toEqual([balances('JPY')])
    expect(sut.ref.getSnapshot().context.currency).toBe('JPY')
  })
})


describe('the page the wallet runs in', () => {
  it('is told the balances of the new currency, for the root actor', async () => {
    const load = controllable<unknown, LoadRatesResult>()
    const set = controllable<SetCurrencyInput, SetCurrencyResult>()
    const ref = createActor(walletMachine.provide({ actors: { loadRates: load.actor, setCurrency: set.actor } }), { input: { currency: 'USD' } }).start()
    const told: unknown[] = []
    ref.on(BALANCE_CHANGED, (event) => void told.push(event))
    load.resolve({ ok: true, rates: sampleRates })
    await flush()
    ref.send({ type: 'currency.choose', currency: 'EUR' })
    ref.send({ type: 'currency.confirm' })
    expect(told).toEqual([])
    set.resolve({ ok: true, balances: zeroBalances('EUR') })
    await flush()
    expect(told).toEqual([{ type: BALANCE_CHANGED, balances: zeroBalances('EUR') }])
  })
})
