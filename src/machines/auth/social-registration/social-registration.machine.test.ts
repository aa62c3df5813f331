import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { socialRegistrationMachine } from './social-registration.machine'
import {
  completed,
  invalidParameters,
  socialRegistrationOutcomes,
  socialRegistrationSamples,
  type SocialRegistrationOutcome,
} from './social-registration.samples'
import { initialCurrency, serverFieldErrors, validateCompletion } from './social-registration.rules'
import {
  selectCompletionAlert,
  selectCompletionBusy,
  selectCompletionDataState,
  selectCompletionErrors,
  selectCompletionLoadFailed,
  selectCompletionShowsForm,
} from './social-registration.selectors'
import type { CompleteInput, CompleteResult, LoadCurrenciesResult, SocialRegistrationEvent } from './social-registration.types'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'

type Snapshot = SnapshotFrom<typeof socialRegistrationMachine>

const failure = invalidParameters

function startSut() {
  const load = controllable<unknown, LoadCurrenciesResult>()
  const complete = controllable<CompleteInput, CompleteResult>()
  const effects: { type: string; params: unknown }[] = []
  const record = (type: string) => (_: unknown, params: unknown) => void effects.push({ type, params })
  const ref = createActor(
    socialRegistrationMachine.provide({
      actors: { loadCurrencies: load.actor, completeRegistration: complete.actor },
      actions: {
        setUser: record('setUser'),
        trackCompleted: record('trackCompleted'),
        closePopup: record('closePopup'),
        followBackUrl: record('followBackUrl'),
        reportError: record('reportError'),
      },
    }),
  ).start()
  return { ref, load, complete, effects }
}
type Sut = ReturnType<typeof startSut>

const fixtures = socialRegistrationSamples
type Outcome = SocialRegistrationOutcome
const outcomes = socialRegistrationOutcomes

const isOutcome = (e: { type: string }): e is Outcome => e.type.startsWith('xstate.')
const send = (sut: Sut, e: SocialRegistrationEvent) => sut.ref.send(e)
const gestures = {
  'socialReg.currency.change': send, // the currency select
  'socialReg.terms.toggle': send, // the terms checkbox
  'socialReg.notify.toggle': send, // the mailing checkbox
  'socialReg.submit': send, // the submit button
  'socialReg.retry': send, // 'try again' after the list failed to load
  'popup.close': send, // the popup's close button
} satisfies GestureTable<SocialRegistrationEvent, Sut, Snapshot>
const outcomeGestures = {
  ...settleGestures('loadCurrencies', (sut: Sut) => sut.load),
  ...settleGestures('completeRegistration', (sut: Sut) => sut.complete),
} satisfies GestureTable<Outcome, Sut, Snapshot>

const serializeState = (s: Snapshot) => JSON.stringify({ value: s.value, values: s.context.values, errors: s.context.fieldErrors, alert: s.context.alert, account: s.context.account !== null })
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

const harness = new ModelHarness<typeof socialRegistrationMachine, Sut, Outcome>({
  machine: socialRegistrationMachine,
  events: (s) => [...fixtureEvents<SocialRegistrationEvent, Snapshot>(fixtures, s), ...fixtureEvents<Outcome, Snapshot>(outcomes, s)],
  filterEvents: (s, e) => {
    if (s.status !== 'active') return false
    if (!isOutcome(e)) return true
    return e.type.endsWith('loadCurrencies') ? s.matches('loading') : s.matches('submitting')
  },
  serializeState,
  createSut: startSut,
  gestures: dispatchGestures(gestures, outcomeGestures),
  check: (sut, { state, from, event }) => {
    const snapshot = sut.ref.getSnapshot()
    expect(serializeState(snapshot)).toBe(serializeState(state))
    const { broken, rule } = ruleCollector()
    rule('busy exactly while a request runs', selectCompletionBusy(snapshot) === Object.keys(snapshot.children).length > 0)
    rule('form while editing or submitting', selectCompletionShowsForm(snapshot) === (snapshot.matches('editing') || snapshot.matches('submitting')))
    rule('retry only after a failed load', selectCompletionLoadFailed(snapshot) === snapshot.matches('loadFailed'))
    rule('data-state', /^socialRegistration\.[a-zA-Z]+$/.test(selectCompletionDataState(snapshot)))
    const effects = sut.effects.splice(0)
    if (from && event) {
      // SPEC §5 'Checkbox': nothing is sent without the terms ticked.
      if (snapshot.matches('submitting') && !from.matches('submitting')) {
        rule('terms ticked when sent', sut.complete.calls.at(-1)?.terms === true)
        rule('a currency when sent', sut.complete.calls.at(-1)?.currency !== '')
      }
      if (event.type === 'socialReg.submit' && snapshot.matches('editing')) rule('a refused submit names the field', Object.keys(selectCompletionErrors(snapshot)).length > 0)
      if (snapshot.matches('done')) {
        rule('done: session, analytics, popup, backUrl', same(effects.map((e) => e.type), ['setUser', 'trackCompleted', 'closePopup', 'followBackUrl']))
        rule('the completed account goes to the session', same(effects[0]?.params, { account: completed }))
      } else if (event.type === 'popup.close') rule('close closes', same(effects, [{ type: 'closePopup', params: { reason: 'dismissed' } }]))
      else rule('no session effects before done', !effects.some((e) => e.type !== 'reportError'))
      rule('only rejections are reported', effects.some((e) => e.type === 'reportError') === event.type.startsWith('xstate.error.'))
      if (event.type === 'xstate.done.actor.completeRegistration' && snapshot.matches('editing')) {
        rule('a server failure shows', Object.keys(selectCompletionErrors(snapshot)).length > 0 || selectCompletionAlert(snapshot) === 'failed')
      }
    }
    expect(broken).toEqual([])
  },
})

describeModel('socialRegistrationMachine', harness, { minShortestPaths: 5 })

describe('socialRegistrationMachine: rules (SPEC §2.3, §5 Checkbox)', () => {
  it('needs a currency on offer and the terms', () => {
    expect(validateCompletion({ currency: '', terms: false, notify: false }, ['EUR'])).toEqual({ currency: 'required', terms: 'required' })
    expect(validateCompletion({ currency: 'XXX', terms: true, notify: false }, ['EUR'])).toEqual({ currency: 'invalid' })
    expect(validateCompletion({ currency: 'EUR', terms: true, notify: false }, ['EUR'])).toEqual({})
  })
  it('opens on the site default when offered, never pre-ticks consent', async () => {
    expect(initialCurrency(['USD', 'EUR'], 'EUR')).toBe('EUR')
    expect(initialCurrency(['USD', 'EUR'], 'BRL')).toBe('USD')
    const sut = startSut()
    sut.load.resolve({ ok: true, currencies: ['USD', 'EUR'], defaultCurrency: 'EUR' })
    await flush()
    expect(sut.ref.getSnapshot().context.values).toEqual({ currency: 'EUR', terms: false, notify: false })
  })
  it("maps the server's field errors onto the form", () => {
    expect(serverFieldErrors(failure({ currency: ['locked'], terms: ['required'] }))).toEqual({ currency: 'locked', terms: 'required' })
    expect(serverFieldErrors(failure({ login: ['taken'] }))).toEqual({})
  })
})
