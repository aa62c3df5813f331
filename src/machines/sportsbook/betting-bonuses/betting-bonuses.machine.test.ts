import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { recordCoverage } from '../../testing/coverage'
import { dispatchGestures, fixtureEvents, ModelHarness, type GestureTable } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { bettingBonusesMachine } from './betting-bonuses.machine'
import { canActivate, canRemove, isExpired, usableFirst, withBonus } from './betting-bonuses.rules'
import { bettingBonusesOutcomes, bettingBonusesSamples, sampleBonuses, type BettingBonusesOutcome } from './betting-bonuses.samples'
import { selectActionError, selectBonuses, selectBonusesView, selectBusyBonus, selectConfirmingRemove } from './betting-bonuses.selectors'
import { BETTING_BONUS_ACTIVATED_DIALOG_ID, type BettingBonusesEvent, type BonusActionInput, type BonusActionResult, type LoadBonusesResult } from './betting-bonuses.types'

type Snapshot = SnapshotFrom<typeof bettingBonusesMachine>

function startSut() {
  const load = controllable<void, LoadBonusesResult>()
  const activate = controllable<BonusActionInput, BonusActionResult>()
  const remove = controllable<BonusActionInput, BonusActionResult>()
  const opened: unknown[] = []
  const dialogs = { send: (event: { type: string }) => void opened.push(event) } as never
  const slipped: unknown[] = []
  const betslip = { send: (event: unknown) => void slipped.push(event) } as never
  const ref = createActor(bettingBonusesMachine.provide({ actors: { loadBonuses: load.actor, activateBonus: activate.actor, removeBonus: remove.actor }, actions: { reportError: () => {} } }), {
    input: { dialogs, betslip: () => betslip },
  })
  recordCoverage(ref)
  ref.start()
  return { ref, load, activate, remove, opened, slipped }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, e: BettingBonusesEvent) => sut.ref.send(e)
const gestures = {
  'bonuses.retry': send,
  'bonus.activate': send,
  'bonus.remove': send,
  'bonus.remove.confirm': send,
  'bonus.remove.cancel': send,
} satisfies GestureTable<BettingBonusesEvent, Sut, Snapshot>
const outcomeGestures = {
  ...settleGestures('loadBonuses', (sut: Sut) => sut.load),
  ...settleGestures('activateBonus', (sut: Sut) => sut.activate),
  ...settleGestures('removeBonus', (sut: Sut) => sut.remove),
} satisfies GestureTable<BettingBonusesOutcome, Sut, Snapshot>

const serializeState = (s: Snapshot) =>
  JSON.stringify({ value: s.value, bonuses: s.context.bonuses.map((b) => `${b.id}:${b.status}`), target: s.context.target, error: s.context.actionError?.id ?? null, failure: s.context.failure?.type ?? null })

const harness = new ModelHarness<typeof bettingBonusesMachine, Sut, BettingBonusesOutcome>({
  machine: bettingBonusesMachine,
  input: {},
  events: (s) => [...fixtureEvents<BettingBonusesEvent, Snapshot>(bettingBonusesSamples, s), ...fixtureEvents<BettingBonusesOutcome, Snapshot>(bettingBonusesOutcomes, s)],
  filterEvents: (s, e) => {
    const actor = /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(e.type)?.[1]
    return actor !== undefined ? actor in s.children : s.can(e as BettingBonusesEvent)
  },
  serializeState,
  createSut: startSut,
  gestures: dispatchGestures(gestures, outcomeGestures),
  check: (sut, { state }) => {
    const s = sut.ref.getSnapshot()
    expect(serializeState(s)).toBe(serializeState(state))
    // One free bet on the slip at most, whatever was answered.
    expect(s.context.bonuses.filter((b) => b.status === 'active').length).toBeLessThanOrEqual(1)
    // Only a bonus the player could use is ever activated, only one not used or given up is removed.
    expect(sut.activate.calls.every((c) => c.id === '11')).toBe(true)
    expect(sut.remove.calls.every((c) => c.id === '12')).toBe(true)
    // The dialog opens once per accepted activation, never for a refusal.
    const accepted = s.context.bonuses.some((b) => b.id === '11' && b.status === 'active')
    if (!accepted) expect(sut.opened).toEqual([])
    expect(selectBusyBonus(s) !== null).toBe(s.matches({ list: 'activating' }) || s.matches({ list: 'removing' }))
    expect(selectConfirmingRemove(s) !== null).toBe(s.matches({ list: 'confirmingRemove' }))
    expect(selectBonusesView(s) === 'list').toBe(s.matches('list'))
  },
})

describeModel('bettingBonusesMachine', harness, { minShortestPaths: 6 })

describe('bettingBonusesMachine', () => {
  it('an accepted activation opens the activated dialog with the free bet, and the other one goes back', async () => {
    const sut = startSut()
    sut.load.resolve({ ok: true, bonuses: sampleBonuses })
    await flush()
    sut.ref.send({ type: 'bonus.activate', id: '11' })
    expect(selectBusyBonus(sut.ref.getSnapshot())).toBe('11')
    sut.activate.resolve({ ok: true, bonus: { ...sampleBonuses[0]!, status: 'active' } })
    await flush()
    expect(sut.opened).toEqual([
      { type: 'dialog.open', dialog: { id: BETTING_BONUS_ACTIVATED_DIALOG_ID, kind: 'betting-bonus-activated', props: { amount: '5.00', currency: 'EUR', min_price: 1500 } } },
    ])
    expect(selectBonuses(sut.ref.getSnapshot()).map((b) => `${b.id}:${b.status}`)).toEqual(['11:active', '12:available', '13:used'])
    // The betslip stakes with it.
    expect(sut.slipped).toEqual([{ type: 'slip.freeBet', freeBet: { id: '11', amount: '5.00', currency: 'EUR', minPrice: 1500, expiresAt: sampleBonuses[0]!.expires_at } }])
    // Removing another bonus leaves the slip's free bet; removing the one on the slip takes it off.
    for (const id of ['12', '11']) {
      sut.ref.send({ type: 'bonus.remove', id })
      sut.ref.send({ type: 'bonus.remove.confirm' })
      sut.remove.resolve({ ok: true, bonus: { ...sampleBonuses.find((b) => b.id === id)!, status: 'removed' } })
      await flush()
    }
    expect(sut.slipped).toHaveLength(2)
    expect(sut.slipped[1]).toEqual({ type: 'slip.freeBet', freeBet: null })
  })

  it('a refusal stays at its bonus and moves nothing', async () => {
    const sut = startSut()
    sut.load.resolve({ ok: true, bonuses: sampleBonuses })
    await flush()
    sut.ref.send({ type: 'bonus.remove', id: '12' })
    sut.ref.send({ type: 'bonus.remove.confirm' })
    sut.remove.resolve({ ok: false, error: { type: 'InvalidParameterException', code: 'betting_bonus_unavailable' } })
    await flush()
    expect(selectActionError(sut.ref.getSnapshot())).toEqual({ id: '12', action: 'remove', failure: { type: 'InvalidParameterException', code: 'betting_bonus_unavailable' } })
    expect(sut.ref.getSnapshot().context.bonuses).toEqual(sampleBonuses)
  })
})

describe('betting bonus rules', () => {
  const now = new Date('2026-11-27T12:00:00Z')
  it('only an available, unexpired bonus is activated; used, expired and removed ones are not removed', () => {
    expect(canActivate(sampleBonuses, '11', now)).toBe(true)
    expect(canActivate(sampleBonuses, '12', now)).toBe(false)
    expect(canActivate([{ ...sampleBonuses[0]!, expires_at: '2026-11-27T11:59:59Z' }], '11', now)).toBe(false)
    expect(canActivate(sampleBonuses, 'nope', now)).toBe(false)
    expect(canRemove(sampleBonuses, '11')).toBe(true)
    expect(canRemove(sampleBonuses, '12')).toBe(true)
    expect(canRemove(sampleBonuses, '13')).toBe(false)
    expect(isExpired({ ...sampleBonuses[0]!, expires_at: null }, now)).toBe(false)
  })
  it('one active at a time; usable ones first', () => {
    const next = withBonus(sampleBonuses, { ...sampleBonuses[0]!, status: 'active' })
    expect(next.map((b) => b.status)).toEqual(['active', 'available', 'used'])
    expect(usableFirst([sampleBonuses[2]!, sampleBonuses[0]!]).map((b) => b.id)).toEqual(['11', '13'])
  })
})
