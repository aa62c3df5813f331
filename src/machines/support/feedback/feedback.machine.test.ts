import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { dispatchGestures, fixtureEvents, ModelHarness, ruleCollector, type GestureTable } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { feedbackMachine } from './feedback.machine'
import { validateFeedback } from './feedback.rules'
import { badEmail, feedbackOutcomes, feedbackSamples, MESSAGE, serializeFeedback, type FeedbackOutcome } from './feedback.samples'
import { selectFeedbackAlert, selectFeedbackBusy, selectFeedbackErrors, selectFeedbackReference } from './feedback.selectors'
import type { FeedbackEvent, FeedbackInput, SubmitFeedbackInput, SubmitFeedbackResult } from './feedback.types'

type Snapshot = SnapshotFrom<typeof feedbackMachine>

function startSut(input: FeedbackInput) {
  const submit = controllable<SubmitFeedbackInput, SubmitFeedbackResult>()
  const errors: unknown[] = []
  const ref = createActor(feedbackMachine.provide({ actors: { submitFeedback: submit.actor }, actions: { reportError: (_, params) => void errors.push(params.error) } }), { input }).start()
  return { ref, submit, errors }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, event: FeedbackEvent) => sut.ref.send(event)
const gestures = {
  'feedback.field.change': send, // typing in a field, choosing a topic
  'feedback.submit': send, // 'Send'
  'feedback.again': send, // 'Write another message'
} satisfies GestureTable<FeedbackEvent, Sut, Snapshot>
const outcomeGestures = { ...settleGestures('submitFeedback', (sut: Sut) => sut.submit) } satisfies GestureTable<FeedbackOutcome, Sut, Snapshot>
const isOutcome = (event: { type: string }): event is FeedbackOutcome => event.type in feedbackOutcomes

function harnessFor(input: FeedbackInput) {
  return new ModelHarness<typeof feedbackMachine, Sut, FeedbackOutcome>({
    machine: feedbackMachine,
    input,
    events: (s) => [...fixtureEvents<FeedbackEvent, Snapshot>(feedbackSamples, s), ...fixtureEvents<FeedbackOutcome, Snapshot>(feedbackOutcomes, s)],
    filterEvents: (s, e) => (isOutcome(e) ? s.matches('submitting') : !(input.loggedIn && e.type === 'feedback.field.change' && e.name === 'email')),
    serializeState: serializeFeedback,
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from, event }) => {
      const s = sut.ref.getSnapshot()
      expect(serializeFeedback(s)).toBe(serializeFeedback(state))
      const { broken, rule } = ruleCollector()
      const running = Object.keys(s.children)
      rule('busy exactly while the request runs', selectFeedbackBusy(s) === (running.length === 1))
      rule('the reference shows only once sent', (selectFeedbackReference(s) !== null) === s.matches('sent'))
      if (s.matches('failed')) rule('failed shows an alert', selectFeedbackAlert(s) !== null)
      if (from && running.length === 1 && Object.keys(from.children).length === 0) {
        const sent = sut.submit.calls.at(-1)
        rule('only a valid form is sent', !!sent && Object.keys(validateFeedback(sent, sent.needsEmail)).length === 0)
        rule('a player sends no address of their own', !input.loggedIn || sent?.needsEmail === false)
      }
      if (from && !s.matches('sent') && event?.type !== 'feedback.again' && event?.type !== 'feedback.field.change')
        rule('a refusal keeps what was typed', JSON.stringify(s.context.values) === JSON.stringify(from.context.values))
      expect(broken).toEqual([])
    },
  })
}

describeModel(
  'feedbackMachine',
  { 'a visitor': harnessFor({ loggedIn: false }), 'a player': harnessFor({ loggedIn: true }) },
  { minShortestPaths: { 'a visitor': 6, 'a player': 4 }, timeoutMs: 120_000, reach: 'together' },
)

describe('feedback form', () => {
  it('asks a visitor for an address, and puts the server’s refusal on its field', async () => {
    const sut = startSut({ loggedIn: false })
    sut.ref.send({ type: 'feedback.field.change', name: 'topic', value: 'payments' })
    sut.ref.send({ type: 'feedback.field.change', name: 'message', value: MESSAGE })
    sut.ref.send({ type: 'feedback.submit' })
    expect(selectFeedbackErrors(sut.ref.getSnapshot()).email?.messageId).toBe('required')
    expect(sut.submit.calls).toEqual([])
    sut.ref.send({ type: 'feedback.field.change', name: 'email', value: 'someone@example.com' })
    sut.ref.send({ type: 'feedback.submit' })
    expect(sut.submit.calls).toEqual([{ email: 'someone@example.com', topic: 'payments', message: MESSAGE, needsEmail: true }])
    sut.submit.resolve(badEmail)
    await flush()
    expect(selectFeedbackErrors(sut.ref.getSnapshot()).email).toBeDefined()
    expect(sut.ref.getSnapshot().context.values.message).toBe(MESSAGE)
  })

  it('a player needs no address; a sent message is confirmed and the form empties', async () => {
    const sut = startSut({ loggedIn: true })
    sut.ref.send({ type: 'feedback.field.change', name: 'topic', value: 'other' })
    sut.ref.send({ type: 'feedback.field.change', name: 'message', value: 'short' })
    sut.ref.send({ type: 'feedback.submit' })
    expect(selectFeedbackErrors(sut.ref.getSnapshot()).message?.messageId).toBe('minLength')
    sut.ref.send({ type: 'feedback.field.change', name: 'message', value: MESSAGE })
    sut.ref.send({ type: 'feedback.submit' })
    sut.submit.resolve({ ok: true, reference: 'FB-7' })
    await flush()
    expect(selectFeedbackReference(sut.ref.getSnapshot())).toBe('FB-7')
    expect(sut.ref.getSnapshot().context.values.message).toBe('')
  })
})
