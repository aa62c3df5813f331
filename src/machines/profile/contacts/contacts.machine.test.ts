import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { contactsMachine } from './contacts.machine'
import { COUNTRIES, EMAIL, UNCONFIRMED_PHONE, contactsEntry, contactsOutcomes, contactsSamples, smsDown, taken, tooSoon, type ContactsOutcome } from './contacts.samples'
import { selectContactsAlert, selectPhoneCountry, selectPhoneError, selectPhoneFormOpen, selectPhoneNumber } from './contacts.selectors'
import { PHONE_CODE_SENT, type AddPhoneInput, type AddPhoneResult, type ContactsEvent, type LoadContactsResult, type SendPhoneCodeResult } from './contacts.types'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'
import { phoneError } from './contacts.rules'

type Snapshot = SnapshotFrom<typeof contactsMachine>

function startSut() {
  const load = controllable<unknown, LoadContactsResult>()
  const add = controllable<AddPhoneInput, AddPhoneResult>()
  const send = controllable<{ contact: string }, SendPhoneCodeResult>()
  const sent: string[] = []
  const ref = createActor(contactsMachine.provide({ actors: { loadContacts: load.actor, addPhone: add.actor, sendPhoneCode: send.actor }, actions: { reportError: () => undefined } }))
  ref.on(PHONE_CODE_SENT, (event) => void sent.push(event.contact))
  ref.start()
  return { ref, load, add, send, sent }
}
type Sut = ReturnType<typeof startSut>

const dispatch = (sut: Sut, event: ContactsEvent) => sut.ref.send(event)
const gestures = {
  'phone.add': dispatch, // 'Add a phone' / 'Change phone'
  'phone.country.change': dispatch, // the country select
  'phone.number.change': dispatch, // typing the number
  'phone.paste': dispatch, // pasting a whole number into the field
  'phone.submit': dispatch, // 'Save and send a code'
  'phone.cancel': dispatch, // 'Cancel'
  'phone.confirm': dispatch, // 'Confirm' beside an unconfirmed phone
  'contacts.retry': dispatch, // 'Try again' after the contacts could not be read
} satisfies GestureTable<ContactsEvent, Sut, Snapshot>
const outcomeGestures = {
  ...settleGestures('loadContacts', (sut: Sut) => sut.load),
  ...settleGestures('addPhone', (sut: Sut) => sut.add),
  ...settleGestures('sendPhoneCode', (sut: Sut) => sut.send),
} satisfies GestureTable<ContactsOutcome, Sut, Snapshot>
const isOutcome = (event: { type: string }): event is ContactsOutcome => event.type in contactsOutcomes
const serializeState = contactsEntry.serializeState!
const callOf: Record<string, string> = { loading: 'loadContacts', saving: 'addPhone', sendingNew: 'sendPhoneCode', sending: 'sendPhoneCode' }

const harness = new ModelHarness<typeof contactsMachine, Sut, ContactsOutcome>({
  machine: contactsMachine,
  events: (snapshot) => [...fixtureEvents<ContactsEvent, Snapshot>(contactsSamples, snapshot), ...fixtureEvents<ContactsOutcome, Snapshot>(contactsOutcomes, snapshot)],
  filterEvents: (snapshot, event) => snapshot.status === 'active' && (!isOutcome(event) || event.type.includes(callOf[String(snapshot.value)] ?? '\u0000')),
  serializeState: (s) => serializeState(s as never),
  createSut: () => startSut(),
  gestures: dispatchGestures(gestures, outcomeGestures),
  check: (sut, { state, from }) => {
    const snapshot = sut.ref.getSnapshot()
    expect(serializeState(snapshot as never)).toBe(serializeState(state as never))
    const { broken, rule } = ruleCollector()
    rule('one call at a time, only while loading, saving or sending', Object.keys(snapshot.children).length === (String(snapshot.value) in callOf ? 1 : 0))
    rule('only a number its country takes is saved', sut.add.calls.every((c) => phoneError({ countries: COUNTRIES, country: c.country, number: c.number }) === null))
    rule('a refusal keeps the number typed', !(from?.matches('saving') && snapshot.matches('editing')) || selectPhoneNumber(snapshot) === from.context.number)
    rule('the page moves on only once a code is on its way', sut.sent.length === (snapshot.matches('codeSent') ? 1 : 0))
    expect(broken).toEqual([])
  },
})

describeModel('contactsMachine', harness, { minShortestPaths: 8 })

describe('contactsMachine: the phone form', () => {
  async function loaded(contacts = [EMAIL]) {
    const sut = startSut()
    sut.load.resolve({ ok: true, contacts, countries: COUNTRIES, defaultCountry: 'US' })
    await flush()
    return sut
  }

  it('a pasted number finds its country and takes its mask; the code goes to it in E.164', async () => {
    const sut = await loaded()
    sut.ref.send({ type: 'phone.add' })
    expect(selectPhoneCountry(sut.ref.getSnapshot())).toBe('US')
    sut.ref.send({ type: 'phone.paste', text: '0049 151 12345678' })
    expect(selectPhoneCountry(sut.ref.getSnapshot())).toBe('DE')
    expect(selectPhoneNumber(sut.ref.getSnapshot())).toBe('151 12345678')
    sut.ref.send({ type: 'phone.submit' })
    expect(sut.add.calls.at(-1)).toEqual({ number: '151 12345678', country: 'DE' })
    sut.add.resolve({ ok: true })
    await flush()
    expect(sut.send.calls.at(-1)).toEqual({ contact: '+4915112345678' })
    sut.send.resolve({ ok: true, contact: '+4915112345678' })
    await flush()
    expect(sut.sent).toEqual(['+4915112345678'])
  })

  it('refuses a short number before sending, and another account’s number with the server’s reason', async () => {
    const sut = await loaded()
    sut.ref.send({ type: 'phone.add' })
    sut.ref.send({ type: 'phone.number.change', value: '12' })
    sut.ref.send({ type: 'phone.submit' })
    expect(selectPhoneError(sut.ref.getSnapshot())?.messageId).toBe('phone')
    expect(sut.add.calls).toEqual([])
    sut.ref.send({ type: 'phone.number.change', value: '(201) 555-0123' })
    sut.ref.send({ type: 'phone.submit' })
    sut.add.resolve(taken)
    await flush()
    expect(selectPhoneFormOpen(sut.ref.getSnapshot())).toBe(true)
    expect(selectPhoneError(sut.ref.getSnapshot())?.values).toMatchObject({ code: 'taken' })
    expect(selectPhoneNumber(sut.ref.getSnapshot())).toBe('(201) 555-0123')
  })

  it('an unconfirmed phone gets a new code; a code sent a moment ago still moves on; no SMS says so', async () => {
    const sut = await loaded([EMAIL, UNCONFIRMED_PHONE])
    sut.ref.send({ type: 'phone.confirm' })
    expect(sut.send.calls.at(-1)).toEqual({ contact: '+4915112345678' })
    sut.send.resolve(smsDown)
    await flush()
    expect(selectContactsAlert(sut.ref.getSnapshot())).toBe('sendFailed')
    sut.ref.send({ type: 'phone.confirm' })
    sut.send.resolve(tooSoon)
    await flush()
    expect(sut.sent).toEqual(['+4915112345678'])
  })
})
