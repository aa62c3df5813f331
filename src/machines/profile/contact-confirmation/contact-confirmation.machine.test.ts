import { RESEND_TICK_MS } from '../../forms/resend-countdown'
import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate'
import { FOCUS_FIRST_ERROR } from '../../forms/focus-first-error'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { contactConfirmationMachine } from './contact-confirmation.machine'
import {
  CONFIRMATION_TICK,
  SAMPLE_EMAIL,
  authFailure,
  confirmationResults,
  contactConfirmationOutcomes as outcomes,
  contactConfirmationSamples as fixtures,
  fail,
  type ContactConfirmationOutcome,
} from './contact-confirmation.samples'
import { validateConfirmation } from './contact-confirmation.rules'
import {
  selectCanSend,
  selectConfirmationAlert,
  selectConfirmationDataState,
  selectConfirmationErrors,
  selectConfirmationValues,
  selectConfirmationView,
  selectIsBusy,
  selectResendIn,
} from './contact-confirmation.selectors'
import {
  CONTACT_CONFIRMED,
  type ConfirmCodeInput,
  type ConfirmCodeResult,
  type ContactConfirmationEvent,
  type ContactKind,
  type LoadContactResult,
  type SendCodeInput,
  type SendCodeResult,
} from './contact-confirmation.types'

type Snapshot = SnapshotFrom<typeof contactConfirmationMachine>

const EMAIL = SAMPLE_EMAIL
const failure = authFailure
const { loaded, codeExpired, already, throttled } = confirmationResults

function startSut(loggedIn = true) {
  const clock = new SimulatedClock()
  const load = controllable<{ kind: ContactKind }, LoadContactResult>()
  const send = controllable<SendCodeInput, SendCodeResult>()
  const confirm = controllable<ConfirmCodeInput, ConfirmCodeResult>()
  const effects: string[] = []
  const ref = createActor(
    contactConfirmationMachine.provide({
      actors: { loadContact: load.actor, sendCode: send.actor, confirmCode: confirm.actor },
      actions: { showSuccess: () => void effects.push('showSuccess'), reportError: () => void effects.push('reportError') },
    }),
    { input: { loggedIn }, clock },
  )
  ref.on(FOCUS_FIRST_ERROR, () => void effects.push('focusFirstError'))
  ref.start()
  return { ref, clock, load, send, confirm, effects }
}
type Sut = ReturnType<typeof startSut>

type Outcome = ContactConfirmationOutcome
const TICK = CONFIRMATION_TICK

const send = (sut: Sut, event: ContactConfirmationEvent) => sut.ref.send(event)
const gestures = {
  'confirmation.field.change': send, // typing the address or the code
  'confirmation.submit': send, // 'Confirm'
  'confirmation.send': send, // 'Send a new code'
  'confirmation.link': send, // the page opened from the mail's link
} satisfies GestureTable<ContactConfirmationEvent, Sut, Snapshot>
const tickGestures: GestureTable<{ type: typeof TICK }, Sut, Snapshot> = { [TICK]: (sut) => sut.clock.increment(RESEND_TICK_MS) } // a second passes
const outcomeGestures: GestureTable<Outcome, Sut, Snapshot> = {
  ...settleGestures('loadContact', (sut: Sut) => sut.load),
  ...settleGestures('sendCode', (sut: Sut) => sut.send),
  ...settleGestures('confirmCode', (sut: Sut) => sut.confirm),
  ...tickGestures,
}
const isOutcome = (event: { type: string }): event is Outcome => event.type in outcomes
const actorOf = (type: string) => /^xstate\.(done|error)\.actor\.(\w+)$/.exec(type)?.[2]

const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    values: s.context.values,
    locked: s.context.contactLocked,
    errors: Object.fromEntries(Object.entries(s.context.fieldErrors).map(([k, e]) => [k, `${e?.messageId}:${e?.values?.['code'] ?? ''}`])),
    alert: s.context.alert?.messageId ?? null,
    resend: s.context.resendTime,
    sentTo: s.context.sentTo,
  })

function harnessFor(loggedIn: boolean) {
  return new ModelHarness<typeof contactConfirmationMachine, Sut, Outcome>({
    machine: contactConfirmationMachine,
    input: { loggedIn },
    events: (snapshot) => [...fixtureEvents<ContactConfirmationEvent, Snapshot>(fixtures, snapshot), ...fixtureEvents<Outcome, Snapshot>(outcomes, snapshot)],
    filterEvents: (snapshot, event) => {
      if (snapshot.status !== 'active') return false
      if (!isOutcome(event)) return true
      if (event.type === TICK) return snapshot.matches({ ready: { timer: 'counting' } })
      const id = actorOf(event.type)
      return id !== undefined && id in snapshot.children
    },
    serializeState,
    createSut: () => startSut(loggedIn),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from, event }) => {
      const snapshot = sut.ref.getSnapshot()
      expect(serializeState(snapshot)).toBe(serializeState(state))
      const { broken, rule } = ruleCollector()
      const calls = Object.keys(snapshot.children)
      const view = selectConfirmationView(snapshot)
      rule('busy exactly while a send or a confirm runs', selectIsBusy(snapshot) === (calls.includes('sendCode') || calls.includes('confirmCode')))
      rule('no code kept once the flow ended', snapshot.status === 'active' || snapshot.context.values.code === '')
      rule('a send is possible only for a player with an address, with no countdown', !selectCanSend(snapshot) || (snapshot.context.loggedIn && snapshot.context.contactLocked && selectResendIn(snapshot) === 0))
      if (view === 'form' && snapshot.matches({ ready: { timer: 'counting' } })) rule('the countdown runs only above 0', selectResendIn(snapshot) > 0)

      const started = (id: string) => from !== undefined && !(id in from.children) && calls.includes(id)
      if (started('confirmCode')) {
        const input = sut.confirm.calls.at(-1)!
        rule('confirms a valid address and code only, trimmed', Object.keys(validateConfirmation(input)).length === 0 && input.code === input.code.trim())
      }
      if (started('sendCode')) rule('sends to the address shown', sut.send.calls.at(-1)!.contact === snapshot.context.values.contact && snapshot.context.contactLocked)

      const effects = sut.effects.splice(0).filter((e) => e !== 'reportError')
      const refused = event !== undefined && from !== undefined && Object.keys(selectConfirmationErrors(snapshot)).length > 0 && selectConfirmationDataState(snapshot) === 'confirmation.editing'
      const askedFocus =
        refused &&
        (event.type === 'confirmation.submit' ||
          event.type === 'confirmation.link' ||
          (event.type === 'xstate.done.actor.confirmCode' && Object.keys(selectConfirmationErrors(from)).length === 0))
      const expected = [...(askedFocus ? ['focusFirstError'] : []), ...(view === 'confirmed' && from && selectConfirmationView(from) !== 'confirmed' ? ['showSuccess'] : [])]
      rule(`effects ${JSON.stringify(effects)} are ${JSON.stringify(expected)}`, JSON.stringify(effects) === JSON.stringify(expected))
      expect(broken).toEqual([])
    },
  })
}

describeModel('contactConfirmationMachine', { 'a player': harnessFor(true), 'a visitor': harnessFor(false) }, {
  minShortestPaths: { 'a player': 20, 'a visitor': 8 },
  reach: { alone: 'a player' },
  timeoutMs: 60_000,
})

describe('contactConfirmationMachine: rules (SPEC §5 Email, Numeric code; §7)', () => {
  async function loadedSut() {
    const sut = startSut()
    sut.load.resolve(loaded)
    await flush()
    return sut
  }

  it("fills the player's address and offers a new code; a visitor types the address and is offered none", async () => {
    const sut = await loadedSut()
    expect(selectConfirmationValues(sut.ref.getSnapshot()).contact).toBe(EMAIL)
    expect(selectCanSend(sut.ref.getSnapshot())).toBe(true)
    sut.ref.send({ type: 'confirmation.field.change', name: 'contact', value: 'other@example.com' })
    expect(selectConfirmationValues(sut.ref.getSnapshot()).contact).toBe(EMAIL)

    const visitor = startSut(false)
    expect(selectConfirmationView(visitor.ref.getSnapshot())).toBe('form')
    expect(selectCanSend(visitor.ref.getSnapshot())).toBe(false)
    expect(visitor.load.calls).toEqual([])
  })

  it('checks the address and the six digits before sending, and asks the view to show the first error', async () => {
    const sut = await loadedSut()
    sut.ref.send({ type: 'confirmation.field.change', name: 'code', value: '12a' })
    sut.ref.send({ type: 'confirmation.submit' })
    expect(sut.confirm.calls).toEqual([])
    expect(selectConfirmationErrors(sut.ref.getSnapshot())).toEqual({ code: { rule: 'code', messageId: 'code', values: { length: 6 } } })
    expect(sut.effects).toEqual(['focusFirstError'])
    sut.ref.send({ type: 'confirmation.field.change', name: 'code', value: ' 123 456' })
    expect(selectConfirmationErrors(sut.ref.getSnapshot())).toEqual({})
    sut.ref.send({ type: 'confirmation.submit' })
    expect(sut.confirm.calls).toEqual([{ contact: EMAIL, code: '123456' }])
  })

  it('confirms the link from the mail at once, and leaves for the success page', async () => {
    const sut = startSut()
    sut.ref.send({ type: 'confirmation.link', contact: ` ${EMAIL}`, code: '654321' })
    expect(sut.load.calls).toHaveLength(1)
    expect(sut.confirm.calls).toEqual([{ contact: EMAIL, code: '654321' }])
    sut.confirm.resolve({ ok: true })
    await flush()
    expect(selectConfirmationView(sut.ref.getSnapshot())).toBe('confirmed')
    expect(sut.effects).toEqual(['showSuccess'])
    expect(sut.ref.getSnapshot().context.values.code).toBe('')
  })

  it("puts the server's verdict on the code onto the field", async () => {
    const sut = await loadedSut()
    sut.ref.send({ type: 'confirmation.field.change', name: 'code', value: '123456' })
    sut.ref.send({ type: 'confirmation.submit' })
    sut.confirm.resolve(codeExpired)
    await flush()
    expect(selectConfirmationErrors(sut.ref.getSnapshot()).code).toMatchObject({ rule: 'server', messageId: 'invalid', values: { code: 'expired' } })
    expect(sut.effects).toEqual(['focusFirstError'])
    sut.ref.send({ type: 'confirmation.submit' })
    sut.confirm.resolve(already)
    await flush()
    expect(selectConfirmationView(sut.ref.getSnapshot())).toBe('alreadyConfirmed')
  })

  it('counts resend_time down a second at a time, from a sent code and from a refusal as too soon', async () => {
    const sut = await loadedSut()
    sut.ref.send({ type: 'confirmation.send' })
    expect(sut.send.calls).toEqual([{ contact: EMAIL }])
    sut.send.resolve({ ok: true, contact: EMAIL, resendTime: 60 })
    await flush()
    expect(sut.ref.getSnapshot().context.sentTo).toBe(EMAIL)
    expect(selectResendIn(sut.ref.getSnapshot())).toBe(60)
    expect(selectCanSend(sut.ref.getSnapshot())).toBe(false)
    for (let i = 0; i < 59; i++) sut.clock.increment(RESEND_TICK_MS)
    expect(selectResendIn(sut.ref.getSnapshot())).toBe(1)
    sut.clock.increment(RESEND_TICK_MS)
    expect(selectCanSend(sut.ref.getSnapshot())).toBe(true)

    sut.ref.send({ type: 'confirmation.send' })
    sut.send.resolve(fail(failure('TooManyRequestsException', 'too_many_attempts', { resendTime: 42.3, retryAfterSec: 42.3 })))
    await flush()
    expect(selectResendIn(sut.ref.getSnapshot())).toBe(43)
    expect(selectConfirmationAlert(sut.ref.getSnapshot())).toBeNull()
  })

  it('says something went wrong for a failure that is no rule, and reports a bug', async () => {
    const sut = await loadedSut()
    sut.ref.send({ type: 'confirmation.field.change', name: 'code', value: '123456' })
    sut.ref.send({ type: 'confirmation.submit' })
    sut.confirm.resolve(throttled)
    await flush()
    expect(selectConfirmationAlert(sut.ref.getSnapshot())).toEqual({ messageId: 'tooManyRequests', retryAfterSec: 40 })
    sut.ref.send({ type: 'confirmation.submit' })
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    sut.confirm.reject(new TypeError('bug'))
    await flush()
    error.mockRestore()
    expect(selectConfirmationAlert(sut.ref.getSnapshot())?.messageId).toBe('somethingWrong')
    expect(sut.effects).toContain('reportError')
  })
})

describe('contactConfirmationMachine: default actions', () => {
  it('tells the page once the contact is confirmed, so it can leave for /confirmation/success', async () => {
    const ref = createActor(
      contactConfirmationMachine.provide({
        actors: { loadContact: fromPromise<LoadContactResult, { kind: ContactKind }>(async () => loaded), confirmCode: fromPromise<ConfirmCodeResult, ConfirmCodeInput>(async () => ({ ok: true })) },
      }),
      { input: { loggedIn: true } },
    )
    const heard: string[] = []
    ref.on(CONTACT_CONFIRMED, (event) => void heard.push(event.type))
    ref.start()
    ref.send({ type: 'confirmation.link', contact: EMAIL, code: '654321' })
    expect(heard).toEqual([])
    await flush()
    await flush()
    expect(ref.getSnapshot().status).toBe('done')
    expect(heard).toEqual([CONTACT_CONFIRMED])
  })
})

describe('contactConfirmationMachine: a phone', () => {
  it('loads the phone for /confirmation?contact=phone and confirms it with its +digits and the texted code', async () => {
    const loads: { kind: ContactKind }[] = []
    const confirms: ConfirmCodeInput[] = []
    const ref = createActor(
      contactConfirmationMachine.provide({
        actors: {
          loadContact: fromPromise<LoadContactResult, { kind: ContactKind }>(async ({ input }) => {
            loads.push(input)
            return { ok: true, contact: '+4915112345678', confirmed: false }
          }),
          confirmCode: fromPromise<ConfirmCodeResult, ConfirmCodeInput>(async ({ input }) => {
            confirms.push(input)
            return { ok: true }
          }),
        },
        actions: { showSuccess: () => undefined },
      }),
      { input: { loggedIn: true, kind: 'phone' } },
    ).start()
    await flush()
    expect(loads).toEqual([{ kind: 'phone' }])
    ref.send({ type: 'confirmation.field.change', name: 'code', value: '123 456' })
    ref.send({ type: 'confirmation.submit' })
    await flush()
    expect(confirms).toEqual([{ contact: '+4915112345678', code: '123456' }])
    expect(ref.getSnapshot().status).toBe('done')
  })

  it('takes a phone from the SMS link as it takes an address: by its own rule', () => {
    expect(validateConfirmation({ contact: '+4915112345678', code: '123456' })).toEqual({})
    expect(validateConfirmation({ contact: '+49 15', code: '123456' }).contact?.messageId).toBe('phone')
  })
})
