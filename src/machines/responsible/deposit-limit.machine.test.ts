import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { ModelHarness, fixtureEvents, type FixtureTable, type GestureTable } from '../testing/model'
import type { CashierFailure } from '../cashier/cashier.types'
import type { NoInput } from '../cashier/deposit.types'
import { depositLimitMachine } from './deposit-limit.machine'
import { isUnchanged, saveOutcome, validateLimit } from './deposit-limit.rules'
import { selectCanKeepLimit, selectCanRemoveLimit, selectLimitBusy, selectLimitView } from './deposit-limit.selectors'
import type {
  DepositLimit,
  DepositLimitActionParams,
  DepositLimitEvent,
  LoadDepositLimitResult,
  SaveDepositLimitInput,
  SaveDepositLimitResult,
} from './deposit-limit.types'
import { controllable } from '../testing/controllable'

type Snapshot = SnapshotFrom<typeof depositLimitMachine>

// ── fixtures of the world ────────────────────────────────────────────────────

const usd = (amount: string) => ({ amount, currency: 'USD' })
const none: DepositLimit = { available_amount: null, can_edit: true, expired_at: null, limit_amount: null, period: 'none', scheduled: null }
const daily100: DepositLimit = { available_amount: usd('60.00'), can_edit: true, expired_at: '2024-05-02T10:00:00Z', limit_amount: usd('100.00'), period: 1, scheduled: null }
const daily50: DepositLimit = { ...daily100, limit_amount: usd('50.00'), available_amount: usd('10.00') }
const raisePending: DepositLimit = { ...daily100, scheduled: { period: 7, limit_amount: usd('500.00'), effective_at: '2024-05-02T10:00:00Z' } }
const removalPending: DepositLimit = { ...daily100, scheduled: { period: 'none', limit_amount: null, effective_at: '2024-05-02T10:00:00Z' } }

const failure = (type: CashierFailure['type'], code: CashierFailure['code'], invalidParameters: CashierFailure['invalidParameters'] = null): CashierFailure => ({ type, code, invalidParameters, errorData: null })
const locked = { ok: false as const, error: failure('InvalidParameterException', 'deposit_limit_locked') }
const badAmount = { ok: false as const, error: failure('InvalidParameterException', 'invalid_amount', { limit_amount: ['maxValue'] }) }
const unavailable = { ok: false as const, error: failure('BillingUnavailableException', null) }

// ── the system under test ────────────────────────────────────────────────────

const flush = () => new Promise((resolve) => setImmediate(resolve))

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

const fixtures = {
  'limit.period.change': [
    { type: 'limit.period.change', period: 1 },
    { type: 'limit.period.change', period: 7 },
  ],
  'limit.amount.change': [
    { type: 'limit.amount.change', value: '50' },
    { type: 'limit.amount.change', value: '12.5' },
  ],
  'limit.submit': [{ type: 'limit.submit' }],
  'limit.remove': [{ type: 'limit.remove' }],
  'limit.keep': [{ type: 'limit.keep' }],
  'limit.retry': [{ type: 'limit.retry' }],
} satisfies FixtureTable<DepositLimitEvent>

type Outcome =
  | { type: 'xstate.done.actor.loadDepositLimit'; output: LoadDepositLimitResult }
  | { type: 'xstate.error.actor.loadDepositLimit'; error: unknown }
  | { type: 'xstate.done.actor.saveDepositLimit'; output: SaveDepositLimitResult }
  | { type: 'xstate.error.actor.saveDepositLimit'; error: unknown }

const outcomes = {
  'xstate.done.actor.loadDepositLimit': [
    { type: 'xstate.done.actor.loadDepositLimit', output: { ok: true, limit: none } },
    { type: 'xstate.done.actor.loadDepositLimit', output: { ok: true, limit: raisePending } },
    { type: 'xstate.done.actor.loadDepositLimit', output: unavailable },
  ],
  'xstate.error.actor.loadDepositLimit': [{ type: 'xstate.error.actor.loadDepositLimit', error: 'network down' }],
  'xstate.done.actor.saveDepositLimit': [
    { type: 'xstate.done.actor.saveDepositLimit', output: { ok: true, limit: daily50 } },
    { type: 'xstate.done.actor.saveDepositLimit', output: { ok: true, limit: removalPending } },
    { type: 'xstate.done.actor.saveDepositLimit', output: locked },
    { type: 'xstate.done.actor.saveDepositLimit', output: badAmount },
  ],
  'xstate.error.actor.saveDepositLimit': [{ type: 'xstate.error.actor.saveDepositLimit', error: 'network down' }],
} satisfies FixtureTable<Outcome>

const send = (sut: Sut, event: DepositLimitEvent) => sut.ref.send(event)
const gestures = {
  'limit.period.change': send, // the period select
  'limit.amount.change': send, // typing the amount
  'limit.submit': send, // 'Save limit'
  'limit.remove': send, // 'Remove limit'
  'limit.keep': send, // 'Keep the current limit'
  'limit.retry': send, // 'Try again' after a failed load
} satisfies GestureTable<DepositLimitEvent, Sut, Snapshot>

const answer = (pick: (sut: Sut) => { resolve: (o: never) => void }) => async (sut: Sut, event: { output?: unknown }) => {
  pick(sut).resolve(event.output as never)
  await flush()
}
const crash = (pick: (sut: Sut) => { reject: (e: unknown) => void }) => async (sut: Sut, event: { error: unknown }) => {
  pick(sut).reject(event.error)
  await flush()
}
const outcomeGestures = {
  'xstate.done.actor.loadDepositLimit': answer((s) => s.load),
  'xstate.error.actor.loadDepositLimit': crash((s) => s.load),
  'xstate.done.actor.saveDepositLimit': answer((s) => s.save),
  'xstate.error.actor.saveDepositLimit': crash((s) => s.save),
} satisfies GestureTable<Outcome, Sut, Snapshot>

const isOutcome = (event: { type: string }): event is Outcome => event.type in outcomes
const runs = (snapshot: Snapshot, event: Outcome) => event.type.replace(/^xstate\.(done|error)\.actor\./, '') in snapshot.children

const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    limit: s.context.limit ? [s.context.limit.period, s.context.limit.limit_amount?.amount ?? null, s.context.limit.scheduled?.period ?? null] : null,
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
  gestures: async (sut, event, from) => {
    if (isOutcome(event)) await (outcomeGestures[event.type] as (s: Sut, e: Outcome, f: Snapshot) => Promise<void>)(sut, event, from)
    else (gestures[event.type] as (s: Sut, e: DepositLimitEvent, f: Snapshot) => void)(sut, event, from)
  },
  check: (sut, { state, from, event }) => {
    const snapshot = sut.ref.getSnapshot()
    expect(serializeState(snapshot)).toBe(serializeState(state))
    const { context } = snapshot
    const broken: string[] = []
    const rule = (name: string, ok: boolean) => void (ok || broken.push(name))
    const running = Object.keys(snapshot.children)
    rule('one request at a time', running.length <= 1)
    rule('busy exactly while saving', selectLimitBusy(snapshot) === running.includes('saveDepositLimit'))
    rule('the form is shown only with a loaded limit', selectLimitView(snapshot) !== 'ready' || context.limit !== null)
    rule('remove only with a limit that is not already being removed', !selectCanRemoveLimit(snapshot) || (context.limit?.period !== 'none' && context.limit?.scheduled?.period !== 'none'))
    rule('keep only with a pending change', selectCanKeepLimit(snapshot) === (selectLimitView(snapshot) === 'ready' && !selectLimitBusy(snapshot) && context.limit?.scheduled != null))
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
        if (event.type === 'limit.remove') rule('remove sends none', sent.period === 'none')
        if (event.type === 'limit.keep') rule('keep sends the limit in force', sent.period === from.context.limit?.period)
      }
      const savedOk = event.type === 'xstate.done.actor.saveDepositLimit' && (event as { output: SaveDepositLimitResult }).output.ok
      rule('limitSaved exactly when the server saved', types.includes('limitSaved') === savedOk)
      if (savedOk) rule('an outcome is shown after a save', context.outcome !== null)
      if (event.type.startsWith('xstate.error.actor.')) rule('a bug is reported', types.includes('reportError'))
    }
    expect(broken, `after ${JSON.stringify(event)} in ${JSON.stringify(snapshot.value)}`).toEqual([])
  },
})

describe('deposit limit machine (model)', () => {
  it('reaches every state and takes every edge with the rules holding', async () => {
    expect(harness.unreachedStates()).toEqual([])
    await harness.walkShortestPaths()
    await harness.walkRemainingEdges()
  }, 120_000)
})

describe('deposit limit rules', () => {
  it('takes a whole amount above zero (SPEC §5 Sum)', () => {
    expect(validateLimit({ amount: '100' }, 'USD')).toEqual({})
    expect(validateLimit({ amount: '1,000' }, 'USD')).toEqual({})
    expect(validateLimit({ amount: '' }, 'USD').amount?.messageId).toBe('required')
    expect(validateLimit({ amount: '12.5' }, 'USD').amount?.messageId).toBe('invalid')
    expect(validateLimit({ amount: '0' }, 'USD').amount).toBeTruthy()
  })

  it('tells a lowering (applied) from a raise (scheduled) by the answer', () => {
    expect(saveOutcome({ period: 1, limit_amount: '50' }, daily50)).toBe('applied')
    expect(saveOutcome({ period: 7, limit_amount: '500' }, raisePending)).toBe('scheduled')
    expect(saveOutcome({ period: 'none' }, removalPending)).toBe('scheduled')
    // A lowering while a raise was pending replaces it; the answer has nothing scheduled.
    expect(saveOutcome({ period: 1, limit_amount: '80' }, { ...daily100, limit_amount: usd('80.00') })).toBe('applied')
    expect(saveOutcome({ period: 1, limit_amount: '100' }, daily100, true)).toBe('kept')
  })

  it('does not send the limit in force again', () => {
    expect(isUnchanged({ period: 1, amount: '100' }, daily100)).toBe(true)
    expect(isUnchanged({ period: 7, amount: '100' }, daily100)).toBe(false)
    expect(isUnchanged({ period: 1, amount: '100' }, raisePending)).toBe(false)
    expect(isUnchanged({ period: 1, amount: '100' }, none)).toBe(false)
  })

  it('sets, raises and withdraws the raise: the whole journey', async () => {
    const sut = startSut()
    sut.load.resolve({ ok: true, limit: none })
    await flush()
    sut.ref.send({ type: 'limit.amount.change', value: '100' })
    sut.ref.send({ type: 'limit.submit' })
    expect(sut.save.calls.at(-1)).toEqual({ period: 1, limit_amount: '100' })
    sut.save.resolve({ ok: true, limit: daily100 })
    await flush()
    expect(sut.ref.getSnapshot().context.outcome).toBe('applied')
    sut.ref.send({ type: 'limit.period.change', period: 7 })
    sut.ref.send({ type: 'limit.amount.change', value: '500' })
    sut.ref.send({ type: 'limit.submit' })
    sut.save.resolve({ ok: true, limit: raisePending })
    await flush()
    expect(sut.ref.getSnapshot().context.outcome).toBe('scheduled')
    // The form shows the limit in force again, not the pending one.
    expect(sut.ref.getSnapshot().context).toMatchObject({ period: 1, amount: '100' })
    sut.ref.send({ type: 'limit.keep' })
    expect(sut.save.calls.at(-1)).toEqual({ period: 1, limit_amount: '100.00' })
    sut.save.resolve({ ok: true, limit: daily100 })
    await flush()
    expect(sut.ref.getSnapshot().context.outcome).toBe('kept')
    expect(sut.effects.filter((e) => e.type === 'limitSaved')).toHaveLength(3)
  })
})
