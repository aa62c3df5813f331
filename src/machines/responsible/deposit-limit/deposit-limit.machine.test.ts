import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import type { CashierFailure } from '../../cashier/cashier.types'
import type { NoInput } from '../../cashier/deposit/deposit.types'
import { depositLimitMachine } from './deposit-limit.machine'
import {
  daily100,
  daily50,
  dailyRow,
  depositLimitOutcomes as outcomes,
  depositLimitSamples as fixtures,
  limitsOf,
  monthlyRow,
  noLimit,
  pendingAt,
  raisePending,
  removalPending,
  usd,
  type DepositLimitOutcome,
} from './deposit-limit.samples'
import { buildSaveInput, canRemove, formFromLimit, hasPendingChange, isUnchanged, limitFieldErrors, limitRows, saveOutcome, validateLimit } from './deposit-limit.rules'
import { selectCanKeepLimit, selectCanRemoveLimit, selectFormChangesLimit, selectLimitBusy, selectLimitRows, selectLimitView } from './deposit-limit.selectors'
import type {
  DepositLimitActionParams,
  DepositLimitEvent,
  LoadDepositLimitResult,
  SaveDepositLimitInput,
  SaveDepositLimitResult,
} from './deposit-limit.types'
import { controllable, flush, settleGestures } from '../../testing/controllable'

type Snapshot = SnapshotFrom<typeof depositLimitMachine>

// ── fixtures of the world ────────────────────────────────────────────────────

const none = noLimit

// ── the system under test ────────────────────────────────────────────────────


type Effect = { [K in keyof DepositLimitActionParams]: { type: K; params: DepositLimitActionParams[K] } }[keyof DepositLimitActionParams]

function startSut() {
  const load = controllable<NoInput, LoadDepositLimitResult>()
  const save = controllable<SaveDepositLimitInput, SaveDepositLimitResult>()
  const effects: Effect[] = []
  const record =
    <K extends keyof DepositLimitActionParams>(type: K) =>
    (_: unknown, params: DepositLimitActionParams[K]) =>
      void effects.push({ type, params } as Effect)
  const ref = createActor(
    depositLimitMachine.provide({
      actions: { limitSaved: record('limitSaved'), reportError: record('reportError') },
      actors: { loadDepositLimit: load.actor, saveDepositLimit: save.actor },
    }),
    { input: { currency: 'USD' } },
  ).start()
  return { ref, load, save, effects }
}
type Sut = ReturnType<typeof startSut>

// ── model ────────────────────────────────────────────────────────────────────

type Outcome = DepositLimitOutcome

const send = (sut: Sut, event: DepositLimitEvent) => sut.ref.send(event)
const gestures = {
  'limit.period.change': send, // the period select, or a listed limit's 'Change' 
  'limit.amount.change': send, // typing the amount
  'limit.submit': send, // 'Save limit'
  'limit.remove': send, // a listed limit's 'Remove'
  'limit.keep': send, // a listed limit's 'Keep my current limit'
  'limit.retry': send, // 'Try again' after a failed load
} satisfies GestureTable<DepositLimitEvent, Sut, Snapshot>

const outcomeGestures = {
  ...settleGestures('loadDepositLimit', (sut: Sut) => sut.load),
  ...settleGestures('saveDepositLimit', (sut: Sut) => sut.save),
} satisfies GestureTable<Outcome, Sut, Snapshot>

const isOutcome = (event: { type: string }): event is Outcome => event.type in outcomes
const runs = (snapshot: Snapshot, event: Outcome) => event.type.replace(/^xstate\.(done|error)\.actor\./, '') in snapshot.children

const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    limit: s.context.limit ? limitRows(s.context.limit).map((r) => [r.period, r.limit.amount, r.scheduled ? (r.scheduled.limit?.amount ?? 'remove') : null]) : null,
    period: s.context.period,
    amount: s.context.amount,
    errors: Object.keys(s.context.fieldErrors),
    alert: s.context.alert?.messageId ?? null,
    outcome: s.context.outcome,
  })

const harness = new ModelHarness<typeof depositLimitMachine, Sut, Outcome>({
  machine: depositLimitMachine,
  input: { currency: 'USD' },
  events: (snapshot) => [...fixtureEvents<DepositLimitEvent, Snapshot>(fixtures, snapshot), ...fixtureEvents<Outcome, Snapshot>(outcomes, snapshot)],
  filterEvents: (snapshot, event) => snapshot.status === 'active' && (!isOutcome(event) || runs(snapshot, event)),
  serializeState,
  createSut: startSut,
  gestures: dispatchGestures(gestures, outcomeGestures),
  check: (sut, { state, from, event }) => {
    const snapshot = sut.ref.getSnapshot()
    expect(serializeState(snapshot)).toBe(serializeState(state))
    const { context } = snapshot
    const { broken, rule } = ruleCollector()
    const running = Object.keys(snapshot.children)
    rule('one request at a time', running.length <= 1)
    rule('busy exactly while saving', selectLimitBusy(snapshot) === running.includes('saveDepositLimit'))
    rule('the form is shown only with a loaded limit', selectLimitView(snapshot) !== 'ready' || context.limit !== null)
    const ready = selectLimitView(snapshot) === 'ready' && !selectLimitBusy(snapshot)
    for (const p of [1, 7, 14, 30] as const) {
      rule(`remove ${p} only with a ${p}-day limit not already being removed`, selectCanRemoveLimit(snapshot, p) === (ready && canRemove(context.limit, p)))
      rule(`keep ${p} exactly with a pending change of the ${p}-day limit`, selectCanKeepLimit(snapshot, p) === (ready && hasPendingChange(context.limit, p)))
    }
    rule('the listed limits are the answer\'s, shortest period first', selectLimitRows(snapshot).map((r) => r.period).join() === [...(context.limit?.limits ?? [])].map((l) => l.period).sort((a, b) => a - b).join())
    rule('at most one listed limit binds', selectLimitRows(snapshot).filter((r) => r.binding).length <= 1)
    rule('the save button changes a limit exactly when the form\'s period has one', selectFormChangesLimit(snapshot) === selectLimitRows(snapshot).some((r) => r.period === context.period))
    const effects = sut.effects.splice(0)
    if (from && event) {
      const types = effects.map((e) => e.type)
      const started = running[0] !== undefined && !(running[0] in from.children) ? running[0] : undefined
      if (started === 'saveDepositLimit') {
        const sent = sut.save.calls.at(-1)!
        if (event.type === 'limit.submit') {
          rule('a valid whole amount is sent with the period', sent.period === from.context.period && 'limit_amount' in sent && /^\d+$/.test(sent.limit_amount))
          rule('never an invalid form', Object.keys(validateLimit(from.context, 'USD')).length === 0)
        }
        const asked = event as DepositLimitEvent
        if (asked.type === 'limit.remove') rule('remove sends that period with remove', sent.period === asked.period && 'remove' in sent)
        if (asked.type === 'limit.keep') {
          const row = limitRows(from.context.limit).find((r) => r.period === asked.period)
          rule('keep sends that period\'s limit in force', sent.period === asked.period && 'limit_amount' in sent && sent.limit_amount === row?.limit.amount)
        }
      }
      const savedOk = event.type === 'xstate.done.actor.saveDepositLimit' && (event as { output: SaveDepositLimitResult }).output.ok
      rule('limitSaved exactly when the server saved', types.includes('limitSaved') === savedOk)
      if (savedOk) rule('an outcome is shown after a save', context.outcome !== null)
      if (event.type.startsWith('xstate.error.actor.')) rule('a bug is reported', types.includes('reportError'))
    }
    expect(broken, `after ${JSON.stringify(event)} in ${JSON.stringify(snapshot.value)}`).toEqual([])
  },
})

describeModel('depositLimitMachine', harness, { minShortestPaths: 5, edgesTimeoutMs: 120_000 })

describe('deposit limit rules', () => {
  it('takes a whole amount above zero (SPEC §5 Sum)', () => {
    expect(validateLimit({ locale: 'en', amount: '100' }, 'USD')).toEqual({})
    expect(validateLimit({ locale: 'en', amount: '1,000' }, 'USD')).toEqual({})
    expect(validateLimit({ locale: 'en', amount: '' }, 'USD').amount?.messageId).toBe('required')
    expect(validateLimit({ locale: 'en', amount: '12.5' }, 'USD').amount?.messageId).toBe('wholeAmount')
    expect(validateLimit({ locale: 'en', amount: '0' }, 'USD').amount).toBeTruthy()
  })

  it('reads the amount in the page locale and never turns a decimal comma into a bigger number', () => {
    expect(validateLimit({ locale: 'es', amount: '10,5' }, 'EUR').amount?.messageId).toBe('wholeAmount')
    expect(validateLimit({ locale: 'de', amount: '1.000' }, 'EUR')).toEqual({})
    expect(buildSaveInput({ locale: 'de', period: 7, amount: '1.000' })).toEqual({ period: 7, limit_amount: '1000' })
    expect(validateLimit({ locale: 'en', amount: '1,0' }, 'USD').amount?.messageId).toBe('wholeAmount')
  })

  it("refuses a limit above the currency's maximum, the server's rule (src/shared/amount-limits.ts)", () => {
    expect(validateLimit({ locale: 'en', amount: '99999999999999' }, 'USD').amount).toMatchObject({ messageId: 'sumRange', values: { min: '1', max: '1000000', currency: 'USD' } })
    expect(validateLimit({ locale: 'en', amount: '1,000,001' }, 'USD').amount?.messageId).toBe('sumRange')
    expect(validateLimit({ locale: 'en', amount: '1,000,000' }, 'USD')).toEqual({})
    expect(validateLimit({ locale: 'en', amount: '21' }, 'BTC').amount).toMatchObject({ values: { max: '20', currency: 'BTC' } })
    // The server's refusal names the same maximum.
    const failure: CashierFailure = {
      type: 'InvalidParameterException',
      code: 'amount_out_of_bounds',
      invalidParameters: { limit_amount: ['maxValue'] },
      errorData: { min: null, max: { amount: '1000000.00', currency: 'USD' } },
    }
    expect(limitFieldErrors(failure)).toEqual({ amount: { rule: 'server', messageId: 'maxValue', values: { max: '1000000', currency: 'USD' } } })
  })

  it('tells a lowering (applied) from a raise or removal (scheduled) by that period\'s pending change', () => {
    expect(saveOutcome({ period: 1, limit_amount: '50' }, daily50)).toBe('applied')
    expect(saveOutcome({ period: 1, limit_amount: '200' }, raisePending)).toBe('scheduled')
    // Another period's pending change says nothing about this save.
    expect(saveOutcome({ period: 1, limit_amount: '50' }, removalPending)).toBe('applied')
    expect(saveOutcome({ period: 30, remove: true }, removalPending)).toBe('scheduled')
    expect(saveOutcome({ period: 'none' }, removalPending)).toBe('scheduled')
    // Adding a period: at once.
    expect(saveOutcome({ period: 30, limit_amount: '500' }, daily50)).toBe('applied')
    expect(saveOutcome({ period: 1, limit_amount: '100' }, daily100, true)).toBe('kept')
  })

  it('does not send a period\'s limit in force again', () => {
    expect(isUnchanged({ locale: 'en', period: 1, amount: '100' }, daily100)).toBe(true)
    expect(isUnchanged({ locale: 'en', period: 7, amount: '100' }, daily100)).toBe(false)
    expect(isUnchanged({ locale: 'en', period: 1, amount: '100' }, raisePending)).toBe(false)
    expect(isUnchanged({ locale: 'en', period: 30, amount: '500' }, raisePending)).toBe(true)
    expect(isUnchanged({ locale: 'en', period: 1, amount: '100' }, none)).toBe(false)
  })

  it('lists every period, the binding one marked; a one-limit platform\'s answer is one row', () => {
    expect(limitRows(daily50).map((r) => [r.period, r.binding])).toEqual([
      [1, true],
      [30, false],
    ])
    expect(limitRows(removalPending)[1]).toMatchObject({ period: 30, scheduled: { limit: null, period: 30, effectiveAt: pendingAt } })
    const { limits: _, ...legacy } = raisePending
    expect(limitRows(legacy)).toEqual([
      { period: 1, limit: usd('100.00'), available: usd('60.00'), used: null, expiresAt: '2024-05-02T10:00:00Z', scheduled: { limit: usd('200.00'), period: 1, effectiveAt: pendingAt }, binding: true },
    ])
    // A one-limit platform's daily limit moving to a weekly one after the cooling-off.
    expect(limitRows({ ...legacy, scheduled: { period: 7, limit_amount: usd('500.00'), effective_at: pendingAt } })[0]!.scheduled).toEqual({ limit: usd('500.00'), period: 7, effectiveAt: pendingAt })
    expect(limitRows({ ...none, limits: undefined })).toEqual([])
    // The form starts on the binding limit, to change it; with none, on a daily limit to add.
    expect(formFromLimit(removalPending)).toEqual({ period: 1, amount: '100' })
    expect(formFromLimit(none)).toEqual({ period: 1, amount: '' })
    expect(canRemove(removalPending, 30)).toBe(false)
    expect(canRemove(removalPending, 1)).toBe(true)
    expect(canRemove(removalPending, 7)).toBe(false)
  })

  it('adds a second limit, raises one, withdraws the raise, removes the other: the whole journey', async () => {
    const sut = startSut()
    sut.load.resolve({ ok: true, limit: none })
    await flush()
    sut.ref.send({ type: 'limit.amount.change', value: '100' })
    sut.ref.send({ type: 'limit.submit' })
    expect(sut.save.calls.at(-1)).toEqual({ period: 1, limit_amount: '100' })
    sut.save.resolve({ ok: true, limit: daily100 })
    await flush()
    expect(sut.ref.getSnapshot().context.outcome).toBe('applied')
    // Choosing a period without a limit empties the amount: a limit to add.
    sut.ref.send({ type: 'limit.period.change', period: 30 })
    expect(sut.ref.getSnapshot().context).toMatchObject({ period: 30, amount: '' })
    expect(selectFormChangesLimit(sut.ref.getSnapshot())).toBe(false)
    sut.ref.send({ type: 'limit.amount.change', value: '500' })
    sut.ref.send({ type: 'limit.submit' })
    expect(sut.save.calls.at(-1)).toEqual({ period: 30, limit_amount: '500' })
    sut.save.resolve({ ok: true, limit: limitsOf(dailyRow, monthlyRow) })
    await flush()
    expect(selectLimitRows(sut.ref.getSnapshot()).map((r) => r.period)).toEqual([1, 30])
    // 'Change' on the daily limit: its amount fills the form.
    sut.ref.send({ type: 'limit.period.change', period: 1 })
    expect(sut.ref.getSnapshot().context).toMatchObject({ period: 1, amount: '100' })
    sut.ref.send({ type: 'limit.amount.change', value: '200' })
    sut.ref.send({ type: 'limit.submit' })
    sut.save.resolve({ ok: true, limit: raisePending })
    await flush()
    expect(sut.ref.getSnapshot().context).toMatchObject({ outcome: 'scheduled', outcomePeriod: 1, period: 1, amount: '100' })
    expect(selectCanKeepLimit(sut.ref.getSnapshot(), 1)).toBe(true)
    expect(selectCanKeepLimit(sut.ref.getSnapshot(), 30)).toBe(false)
    sut.ref.send({ type: 'limit.keep', period: 1 })
    expect(sut.save.calls.at(-1)).toEqual({ period: 1, limit_amount: '100.00' })
    sut.save.resolve({ ok: true, limit: limitsOf(dailyRow, monthlyRow) })
    await flush()
    expect(sut.ref.getSnapshot().context.outcome).toBe('kept')
    sut.ref.send({ type: 'limit.remove', period: 30 })
    expect(sut.save.calls.at(-1)).toEqual({ period: 30, remove: true })
    sut.save.resolve({ ok: true, limit: removalPending })
    await flush()
    expect(sut.ref.getSnapshot().context).toMatchObject({ outcome: 'scheduled', outcomePeriod: 30 })
    expect(selectCanRemoveLimit(sut.ref.getSnapshot(), 30)).toBe(false)
    expect(sut.effects.filter((e) => e.type === 'limitSaved')).toHaveLength(5)
  })
})
