import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type SnapshotFrom } from 'xstate'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { depositLimitOfferMachine } from './deposit-limit-offer.machine'
import {
  depositLimitOfferOutcomes as outcomes,
  depositLimitOfferSamples as fixtures,
  offerNoLimit,
  weekly200,
  type DepositLimitOfferOutcome,
} from './deposit-limit-offer.samples'
import { validateLimit } from '../deposit-limit/deposit-limit.rules'
import { selectOfferBusy, selectOfferView } from '../deposit-limit/deposit-limit.selectors'
import {
  DEPOSIT_LIMIT_SAVED,
  type DepositLimitActionParams,
  type DepositLimitOfferEvent,
  type DepositLimitOfferInput,
  type SaveDepositLimitInput,
  type SaveDepositLimitResult,
} from '../deposit-limit/deposit-limit.types'
import { controllable, flush, settleGestures } from '../../testing/controllable'

type Snapshot = SnapshotFrom<typeof depositLimitOfferMachine>

const none = offerNoLimit

type Effect = { [K in keyof DepositLimitActionParams]: { type: K; params: DepositLimitActionParams[K] } }[keyof DepositLimitActionParams]

function startSut(input: DepositLimitOfferInput) {
  const save = controllable<SaveDepositLimitInput, SaveDepositLimitResult>()
  const effects: Effect[] = []
  const record =
    <K extends keyof DepositLimitActionParams>(type: K) =>
    (_: unknown, params: DepositLimitActionParams[K]) =>
      void effects.push({ type, params } as Effect)
  const ref = createActor(
    depositLimitOfferMachine.provide({ actions: { limitSaved: record('limitSaved'), reportError: record('reportError') }, actors: { saveDepositLimit: save.actor } }),
    { input },
  ).start()
  return { ref, save, effects }
}
type Sut = ReturnType<typeof startSut>

type Outcome = DepositLimitOfferOutcome

const send = (sut: Sut, event: DepositLimitOfferEvent) => sut.ref.send(event)
const gestures = {
  'limitOffer.period.change': send, // the period select
  'limitOffer.amount.change': send, // typing the amount
  'limitOffer.submit': send, // 'Set limit'
  'limitOffer.skip': send, // 'Not now'
} satisfies GestureTable<DepositLimitOfferEvent, Sut, Snapshot>
const outcomeGestures = {
  ...settleGestures('saveDepositLimit', (sut: Sut) => sut.save),
} satisfies GestureTable<Outcome, Sut, Snapshot>

const isOutcome = (event: { type: string }): event is Outcome => event.type in outcomes
const serializeState = (s: Snapshot) =>
  JSON.stringify({ value: s.value, period: s.context.period, amount: s.context.amount, errors: Object.keys(s.context.fieldErrors), alert: s.context.alert?.messageId ?? null, limit: s.context.limit.period })

function harnessFor(input: DepositLimitOfferInput) {
  return new ModelHarness<typeof depositLimitOfferMachine, Sut, Outcome>({
    machine: depositLimitOfferMachine,
    input,
    events: (snapshot) => [...fixtureEvents<DepositLimitOfferEvent, Snapshot>(fixtures, snapshot), ...fixtureEvents<Outcome, Snapshot>(outcomes, snapshot)],
    filterEvents: (snapshot, event) => snapshot.status === 'active' && (!isOutcome(event) || 'saveDepositLimit' in snapshot.children),
    serializeState,
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from, event }) => {
      const snapshot = sut.ref.getSnapshot()
      expect(serializeState(snapshot)).toBe(serializeState(state))
      const { broken, rule } = ruleCollector()
      const view = selectOfferView(snapshot)
      rule('offered only at a first deposit without a limit', view !== 'offered' || (input.isFirstDeposit && input.limit.period === 'none'))
      rule('busy exactly while saving', selectOfferBusy(snapshot) === 'saveDepositLimit' in snapshot.children)
      const effects = sut.effects.splice(0)
      if (from && event) {
        const types = effects.map((e) => e.type)
        if (!('saveDepositLimit' in from.children) && 'saveDepositLimit' in snapshot.children) {
          rule('a valid form is sent', Object.keys(validateLimit(from.context, 'USD')).length === 0 && sut.save.calls.at(-1)?.period === from.context.period)
        }
        const savedOk = event.type === 'xstate.done.actor.saveDepositLimit' && (event as { output: SaveDepositLimitResult }).output.ok
        rule('limitSaved exactly when saved', types.includes('limitSaved') === savedOk)
        rule('saved shows the saved limit', view !== 'saved' || snapshot.context.limit.period !== 'none')
      }
      expect(broken, `after ${JSON.stringify(event)} in ${JSON.stringify(snapshot.value)}`).toEqual([])
    },
  })
}

// The offer (at a first deposit without a limit) reaches every state but `hidden`, which the inputs
// below start in; so the set-ups reach the chart together.
describeModel(
  'depositLimitOfferMachine',
  {
    'at a first deposit without a limit': harnessFor({ currency: 'USD', limit: none, isFirstDeposit: true }),
    'after a first deposit': harnessFor({ currency: 'USD', limit: none, isFirstDeposit: false }),
    'with a limit already set': harnessFor({ currency: 'USD', limit: weekly200, isFirstDeposit: true }),
  },
  {
    minShortestPaths: { 'at a first deposit without a limit': 20, 'after a first deposit': 0, 'with a limit already set': 0 },
    reach: 'together',
    timeoutMs: 60_000,
  },
)

describe('deposit limit offer machine, where it is not offered', () => {
  it('is not offered after a first deposit, nor with a limit already set', async () => {
    for (const input of [{ currency: 'USD', limit: none, isFirstDeposit: false }, { currency: 'USD', limit: weekly200, isFirstDeposit: true }]) {
      const harness = harnessFor(input)
      expect(harness.unreachedStates()).not.toContain('depositLimitOffer.hidden')
      await harness.walkShortestPaths()
      const sut = startSut(input)
      expect(selectOfferView(sut.ref.getSnapshot())).toBe('hidden')
      expect(sut.ref.getSnapshot().status).toBe('done')
    }
  })

  it('sets a weekly limit and tells the deposit flow', async () => {
    const sut = startSut({ currency: 'USD', limit: none, isFirstDeposit: true })
    sut.ref.send({ type: 'limitOffer.period.change', period: 7 })
    sut.ref.send({ type: 'limitOffer.submit' })
    expect(sut.save.calls).toEqual([])
    expect(sut.ref.getSnapshot().context.fieldErrors.amount?.messageId).toBe('required')
    sut.ref.send({ type: 'limitOffer.amount.change', value: '200' })
    sut.ref.send({ type: 'limitOffer.submit' })
    expect(sut.save.calls).toEqual([{ period: 7, limit_amount: '200' }])
    sut.save.resolve({ ok: true, limit: weekly200 })
    await flush()
    expect(selectOfferView(sut.ref.getSnapshot())).toBe('saved')
    expect(sut.effects).toContainEqual({ type: 'limitSaved', params: { limit: weekly200 } })
  })
})

describe('depositLimitOfferMachine: default actions', () => {
  it('hands the saved limit to whoever listens (the deposit form), without a provided action', async () => {
    const ref = createActor(depositLimitOfferMachine.provide({ actors: { saveDepositLimit: fromPromise<SaveDepositLimitResult, SaveDepositLimitInput>(async () => ({ ok: true, limit: weekly200 })) } }), {
      input: { currency: 'USD', limit: none, isFirstDeposit: true },
    })
    const heard: unknown[] = []
    ref.on(DEPOSIT_LIMIT_SAVED, (event) => void heard.push(event.limit))
    ref.start()
    ref.send({ type: 'limitOffer.amount.change', value: '200' })
    ref.send({ type: 'limitOffer.submit' })
    await flush()
    expect(selectOfferView(ref.getSnapshot())).toBe('saved')
    expect(heard).toEqual([weekly200])
  })
})
