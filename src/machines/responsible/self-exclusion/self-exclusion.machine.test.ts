import { describe, expect, it, vi } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { SELF_EXCLUSION_LEFT, selfExclusionMachine } from './self-exclusion.machine'
import { UNTIL, selfExclusionEntry, selfExclusionOutcomes, selfExclusionSamples, shorter, wrongPassword, type SelfExclusionOutcome } from './self-exclusion.samples'
import { selectExcludedUntil, selectExclusionAlert, selectExclusionBusy, selectExclusionErrors, selectExclusionStep } from './self-exclusion.selectors'
import type { ExclusionKind, SelfExclusionEvent, SubmitExclusionInput, SubmitExclusionResult } from './self-exclusion.types'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'
import { exclusionKind } from '../../../shared/self-exclusion'

type Snapshot = SnapshotFrom<typeof selfExclusionMachine>

function startSut(kind: ExclusionKind = 'self_exclusion') {
  const submit = controllable<SubmitExclusionInput, SubmitExclusionResult>()
  const ended: number[] = []
  const errors: unknown[] = []
  const ref = createActor(
    selfExclusionMachine.provide({
      actors: { submitExclusion: submit.actor },
      actions: { reportError: (_, params) => void errors.push(params.error) },
    }),
    { input: { kind } },
  )
  ref.on(SELF_EXCLUSION_LEFT, () => void ended.push(1))
  ref.start()
  return { ref, submit, ended, errors }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, event: SelfExclusionEvent) => sut.ref.send(event)
const gestures = {
  'exclusion.period': send, // choosing a period in the list
  'exclusion.continue': send, // 'Continue'
  'exclusion.back': send, // 'Back'
  'exclusion.password': send, // typing the password
  'exclusion.confirm': send, // 'Exclude me'
  'exclusion.leave': send, // 'OK' once excluded
} satisfies GestureTable<SelfExclusionEvent, Sut, Snapshot>
const outcomeGestures = { ...settleGestures('submitExclusion', (sut: Sut) => sut.submit) } satisfies GestureTable<SelfExclusionOutcome, Sut, Snapshot>
const isOutcome = (event: { type: string }): event is SelfExclusionOutcome => event.type in selfExclusionOutcomes
const serializeState = selfExclusionEntry.serializeState!

const harness = new ModelHarness<typeof selfExclusionMachine, Sut, SelfExclusionOutcome>({
  machine: selfExclusionMachine,
  events: (snapshot) => [...fixtureEvents<SelfExclusionEvent, Snapshot>(selfExclusionSamples, snapshot), ...fixtureEvents<SelfExclusionOutcome, Snapshot>(selfExclusionOutcomes, snapshot)],
  filterEvents: (snapshot, event) => snapshot.status === 'active' && (!isOutcome(event) || snapshot.matches('submitting')),
  serializeState: (s) => serializeState(s as never),
  createSut: () => startSut(),
  gestures: dispatchGestures(gestures, outcomeGestures),
  check: (sut, { state, from }) => {
    const snapshot = sut.ref.getSnapshot()
    expect(serializeState(snapshot as never)).toBe(serializeState(state as never))
    const { broken, rule } = ruleCollector()
    const running = Object.keys(snapshot.children)
    rule('busy exactly while the request runs', selectExclusionBusy(snapshot) === (running.length === 1))
    rule('nothing is sent without a period and a password', sut.submit.calls.every((c) => c.period !== undefined && c.password !== ''))
    rule('only a self-exclusion period is chosen on its form', snapshot.context.period === null || exclusionKind(snapshot.context.period) === 'self_exclusion')
    rule('the password is kept only on the confirming step', snapshot.matches('confirming') || snapshot.matches('submitting') || snapshot.context.password === '')
    rule('the session ends only after the exclusion is in force, once', sut.ended.length === (snapshot.status === 'done' ? 1 : 0))
    if (from && snapshot.matches('submitting') && !from.matches('submitting')) {
      rule('sends the chosen period', sut.submit.calls.at(-1)?.period === from.context.period)
    }
    expect(broken).toEqual([])
  },
})

describeModel('selfExclusionMachine', harness, { minShortestPaths: 4 })

describe('selfExclusionMachine: the two confirmations (SPEC §9)', () => {
  const toConfirm = () => {
    const sut = startSut()
    sut.ref.send({ type: 'exclusion.continue' })
    expect(selectExclusionErrors(sut.ref.getSnapshot()).period?.messageId).toBe('required')
    sut.ref.send({ type: 'exclusion.period', period: '7d' })
    sut.ref.send({ type: 'exclusion.continue' })
    expect(selectExclusionStep(sut.ref.getSnapshot())).toBe('confirm')
    return sut
  }

  it('asks for the password, and sends the period with it', () => {
    const sut = toConfirm()
    sut.ref.send({ type: 'exclusion.confirm' })
    expect(selectExclusionErrors(sut.ref.getSnapshot()).password?.messageId).toBe('required')
    expect(sut.submit.calls).toEqual([])
    sut.ref.send({ type: 'exclusion.password', value: 'secret' })
    sut.ref.send({ type: 'exclusion.confirm' })
    expect(sut.submit.calls).toEqual([{ period: '7d', password: 'secret' }])
  })

  it('in force: says until when, forgets the password, and leaves only on OK', async () => {
    const sut = toConfirm()
    sut.ref.send({ type: 'exclusion.password', value: 'secret' })
    sut.ref.send({ type: 'exclusion.confirm' })
    sut.submit.resolve({ ok: true, until: UNTIL })
    await flush()
    expect(selectExclusionStep(sut.ref.getSnapshot())).toBe('excluded')
    expect(selectExcludedUntil(sut.ref.getSnapshot())).toBe(UNTIL)
    expect(sut.ref.getSnapshot().context.password).toBe('')
    expect(sut.ended).toEqual([])
    sut.ref.send({ type: 'exclusion.leave' })
    expect(sut.ended).toEqual([1])
  })

  it('a wrong password stays on the confirming step; a shorter period goes back to the choice and says until when', async () => {
    const sut = toConfirm()
    sut.ref.send({ type: 'exclusion.password', value: 'wrong' })
    sut.ref.send({ type: 'exclusion.confirm' })
    sut.submit.resolve(wrongPassword)
    await flush()
    expect(selectExclusionStep(sut.ref.getSnapshot())).toBe('confirm')
    expect(selectExclusionErrors(sut.ref.getSnapshot()).password).toBeDefined()
    sut.ref.send({ type: 'exclusion.confirm' })
    sut.submit.resolve(shorter)
    await flush()
    expect(selectExclusionStep(sut.ref.getSnapshot())).toBe('choose')
    expect(selectExclusionAlert(sut.ref.getSnapshot())).toEqual({ messageId: 'shorter', until: '2027-03-01T00:00:00.000Z', retryAfterSec: null })
    expect(sut.ref.getSnapshot().context.password).toBe('')
  })

  it('a crash is reported and the step stays', async () => {
    const sut = toConfirm()
    sut.ref.send({ type: 'exclusion.password', value: 'secret' })
    sut.ref.send({ type: 'exclusion.confirm' })
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    sut.submit.reject(new TypeError('bug'))
    await flush()
    error.mockRestore()
    expect(selectExclusionAlert(sut.ref.getSnapshot())?.messageId).toBe('somethingWrong')
    expect(sut.errors).toHaveLength(1)
  })
})

describe('selfExclusionMachine as a time-out (24 hours to 6 weeks)', () => {
  it('takes only time-out periods, and sends the one chosen', () => {
    const sut = startSut('timeout')
    sut.ref.send({ type: 'exclusion.period', period: '7d' })
    expect(sut.ref.getSnapshot().context.period).toBeNull()
    sut.ref.send({ type: 'exclusion.period', period: '48h' })
    sut.ref.send({ type: 'exclusion.continue' })
    sut.ref.send({ type: 'exclusion.password', value: 'secret' })
    sut.ref.send({ type: 'exclusion.confirm' })
    expect(sut.submit.calls).toEqual([{ period: '48h', password: 'secret' }])
  })
})
