import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { notificationsMachine } from './notifications.machine'
import { EMAIL, PHONE, notificationsEntry, notificationsOutcomes, notificationsSamples, unavailable, type NotificationsOutcome } from './notifications.samples'
import { selectContacts, selectLoading, selectNotificationsAlert, selectSavedContact, selectSavingContact } from './notifications.selectors'
import type { LoadContactsResult, NotificationsEvent, SaveSubscriptionInput, SaveSubscriptionResult } from './notifications.types'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'

type Snapshot = SnapshotFrom<typeof notificationsMachine>

function startSut() {
  const load = controllable<unknown, LoadContactsResult>()
  const save = controllable<SaveSubscriptionInput, SaveSubscriptionResult>()
  const errors: unknown[] = []
  const ref = createActor(
    notificationsMachine.provide({ actors: { loadContacts: load.actor, saveSubscription: save.actor }, actions: { reportError: (_, params) => void errors.push(params.error) } }),
  ).start()
  return { ref, load, save, errors }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, event: NotificationsEvent) => sut.ref.send(event)
const gestures = {
  'subscription.toggle': send, // a contact's switch
  'notifications.retry': send, // 'Try again' after the contacts could not be read
} satisfies GestureTable<NotificationsEvent, Sut, Snapshot>
const outcomeGestures = {
  ...settleGestures('loadContacts', (sut: Sut) => sut.load),
  ...settleGestures('saveSubscription', (sut: Sut) => sut.save),
} satisfies GestureTable<NotificationsOutcome, Sut, Snapshot>
const isOutcome = (event: { type: string }): event is NotificationsOutcome => event.type in notificationsOutcomes
const serializeState = notificationsEntry.serializeState!

const harness = new ModelHarness<typeof notificationsMachine, Sut, NotificationsOutcome>({
  machine: notificationsMachine,
  events: (snapshot) => [...fixtureEvents<NotificationsEvent, Snapshot>(notificationsSamples, snapshot), ...fixtureEvents<NotificationsOutcome, Snapshot>(notificationsOutcomes, snapshot)],
  filterEvents: (snapshot, event) =>
    !isOutcome(event) || (snapshot.matches('loading') ? event.type.includes('loadContacts') : snapshot.matches('saving') && event.type.includes('saveSubscription')),
  serializeState: (s) => serializeState(s as never),
  createSut: () => startSut(),
  gestures: dispatchGestures(gestures, outcomeGestures),
  check: (sut, { state, from, event }) => {
    const snapshot = sut.ref.getSnapshot()
    expect(serializeState(snapshot as never)).toBe(serializeState(state as never))
    const { broken, rule } = ruleCollector()
    const running = Object.keys(snapshot.children)
    rule('one call at a time, and only while loading or saving', running.length === (snapshot.matches('loading') || snapshot.matches('saving') ? 1 : 0))
    // A switch shows the saved state: a failed save leaves the flags as they were.
    if (from?.matches('saving') && selectNotificationsAlert(snapshot) === 'saveFailed')
      rule('a failed save changes no flag', JSON.stringify(selectContacts(snapshot)) === JSON.stringify(from.context.contacts))
    if (from?.matches('ready') && event?.type === 'subscription.toggle' && snapshot.matches('saving'))
      rule('saves the change asked for', JSON.stringify(sut.save.calls.at(-1)) === JSON.stringify({ contact: event.contact, on: event.on }))
    expect(broken).toEqual([])
  },
})

describeModel('notificationsMachine', harness, { minShortestPaths: 3 })

describe('notificationsMachine: what the switches show', () => {
  it('a saved change moves only its switch; a switch to its own state sends nothing', async () => {
    const sut = startSut()
    sut.load.resolve({ ok: true, contacts: [EMAIL, PHONE] })
    await flush()
    sut.ref.send({ type: 'subscription.toggle', contact: EMAIL.contact, on: false })
    expect(sut.save.calls).toEqual([])
    sut.ref.send({ type: 'subscription.toggle', contact: EMAIL.contact, on: true })
    expect(selectSavingContact(sut.ref.getSnapshot())).toBe(EMAIL.contact)
    sut.save.resolve({ ok: true })
    await flush()
    expect(selectContacts(sut.ref.getSnapshot())?.map((c) => c.is_subscribed)).toEqual([true, true])
    expect(selectSavedContact(sut.ref.getSnapshot())).toBe(EMAIL.contact)
    sut.ref.send({ type: 'subscription.toggle', contact: PHONE.contact, on: false })
    sut.save.resolve(unavailable)
    await flush()
    expect(selectContacts(sut.ref.getSnapshot())?.map((c) => c.is_subscribed)).toEqual([true, true])
    expect(selectNotificationsAlert(sut.ref.getSnapshot())).toBe('saveFailed')
  })

  it('contacts that cannot be read offer a retry', async () => {
    const sut = startSut()
    sut.load.resolve(unavailable)
    await flush()
    expect(selectNotificationsAlert(sut.ref.getSnapshot())).toBe('loadFailed')
    sut.ref.send({ type: 'notifications.retry' })
    expect(selectLoading(sut.ref.getSnapshot())).toBe(true)
  })
})
