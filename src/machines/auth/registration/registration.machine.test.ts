import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate'
import { PROMO_CHECK_DEBOUNCE_MS } from '../../../shared/constants'
import { recordCoverage } from '../../testing/coverage'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'

import { registrationMachine } from './registration.machine'
import {
  FIELDS,
  TICK,
  baseSettings,
  content,
  newPlayer,
  phoneTaken,
  registrationModelOutcomes,
  registrationModelSamples,
  type Country,
  unavailable,
  unknownField,
  type RegistrationOutcome,
} from './registration.samples'
import { fail, failure } from '../auth.samples'
import { keyed } from '../../flow-entry'
import { buildRegistrationPayload } from './registration.payload'
import {
  activeFields,
  countryChangeCurrency,
  firstChoice,
  initialCurrency,
  isSubmittable,
  pickCurrency,
  redirectTarget,
} from './registration.rules'
import {
  selectContent,
  selectIsLoadingSettings,
  selectMode,
  selectSettingsFailed,
  selectCanSubmit,
  selectFieldErrors,
  selectFieldsFailed,
  selectGeneralError,
  selectHasPromocode,
  selectIsLoadingFields,
  selectIsSubmitting,
  selectPromoState,
  selectRegistrationDataState,
  selectShowModeSwitcher,
  selectShowsForm,
  selectValues,
  selectVisibleFields,
} from './registration.selectors'
import {
  DEFAULT_REGISTRATION_SETTINGS,
  type CheckPromocodeInput,
  type CheckPromocodeResult,
  type LoadFieldsInput,
  type LoadFieldsResult,
  type LoadSettingsResult,
  type RegisterInput,
  type RegisterResult,
  type RegistrationActionParams,
  type RegistrationEvent,
  type RegistrationInput,
} from './registration.types'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'
import { stubPageWindow } from '../../testing/page-window'

type Snapshot = SnapshotFrom<typeof registrationMachine>

// ── fixtures of the world ────────────────────────────────────────────────────

// The fixtures of the world (field lists, settings, answers) live in registration.samples.ts.

const baseInput: RegistrationInput = {
  settings: baseSettings,
  locale: 'de',
  countryCode: 'DE',
  currency: 'USD',
  currencies: ['USD', 'EUR'],
  storedBettingPreference: null,
  redirectUrl: null,
  prefill: { password: 'secret1' },
}

/** The popup's input: no settings, no country; the flow loads both. */
const { settings: _given, countryCode: _country, ...pageInput } = baseInput

// ── the system under test ────────────────────────────────────────────────────

type Effect = {
  [K in keyof RegistrationActionParams]: { type: K; params: RegistrationActionParams[K] }
}[keyof RegistrationActionParams]

function startSut(input: RegistrationInput = baseInput) {
  const clock = new SimulatedClock()
  const settings = controllable<unknown, LoadSettingsResult>()
  const fields = controllable<LoadFieldsInput, LoadFieldsResult>()
  const promo = controllable<CheckPromocodeInput, CheckPromocodeResult>()
  const register = controllable<RegisterInput, RegisterResult>()
  const effects: Effect[] = []
  const record =
    <K extends keyof RegistrationActionParams>(type: K) =>
    (_: unknown, params: RegistrationActionParams[K]) =>
      void effects.push({ type, params } as Effect)
  const recordBare = (type: 'loadProfile' | 'activateSavedPromo' | 'clearStoredPreferences') => () =>
    void effects.push({ type, params: undefined })
  const ref = createActor(
    registrationMachine.provide({
      actions: {
        setUser: record('setUser'),
        loadProfile: recordBare('loadProfile'),
        activateSavedPromo: recordBare('activateSavedPromo'),
        trackRegistration: record('trackRegistration'),
        trackRegistrationError: record('trackRegistrationError'),
        clearStoredPreferences: recordBare('clearStoredPreferences'),
        closePopup: record('closePopup'),
        queuePostRegistrationPopups: record('queuePostRegistrationPopups'),
        redirectAfterRegistration: record('redirectAfterRegistration'),
        openSocialLogin: record('openSocialLogin'),
        reportError: record('reportError'),
      },
      actors: { loadSettings: settings.actor, loadFields: fields.actor, checkPromocode: promo.actor, register: register.actor },
    }),
    { input, clock },
  )
  // Rule tests count too: this one is the only walk that starts with the promo field open.
  recordCoverage(ref)
  ref.start()
  return { ref, clock, settings, fields, promo, register, effects }
}
type Sut = ReturnType<typeof startSut>

// ── model ────────────────────────────────────────────────────────────────────

const fixtures = registrationModelSamples
type Outcome = RegistrationOutcome
const outcomes = registrationModelOutcomes

const send = (sut: Sut, event: RegistrationEvent) => sut.ref.send(event)
const gestures = {
  'reg.settings.retry': send, // the retry button when the settings failed to load
  'reg.mode.select': send, // the mode switcher
  'reg.field.change': send, // typing in a field
  'reg.country.change': send, // the country select
  'reg.fields.retry': send, // the retry button under a failed field list
  'reg.promo.toggle': send, // the promo checkbox
  'reg.promo.change': send, // typing in the promo field
  'reg.terms.toggle': send, // the terms checkbox
  'reg.notify.toggle': send, // the mailing-consent checkbox
  'reg.betting.select': send, // the betting/casino choice
  'reg.character.select': send, // the character picker
  'reg.social.click': send, // a social button
  'reg.submit': send, // the register button
  'reg.redirect.landed': send, // the page's router landed the redirect
} satisfies GestureTable<RegistrationEvent, Sut, Snapshot>

const outcomeGestures = {
  ...settleGestures('loadSettings', (sut: Sut) => sut.settings),
  ...settleGestures('loadFields', (sut: Sut) => sut.fields),
  ...settleGestures('checkPromocode', (sut: Sut) => sut.promo),
  ...settleGestures('register', (sut: Sut) => sut.register),
  ...keyed(TICK, (sut: Sut) => sut.clock.increment(PROMO_CHECK_DEBOUNCE_MS)), // the player stopped typing
} satisfies GestureTable<Outcome, Sut, Snapshot>

const isOutcome = (event: { type: string }): event is Outcome => event.type in outcomes

/** The runtime ends only an actor that runs, and ends a delay only while it is pending. */
function runs(snapshot: Snapshot, event: Outcome): boolean {
  if (event.type === TICK) return snapshot.matches({ active: { promo: { on: 'debouncing' } } })
  const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '') as keyof Snapshot['children']
  return snapshot.children[id] !== undefined
}

// SPEC §4's order; addRegisterSuccessQuery is the flow's own assign (the `to` of the redirect
// shows it), and the popup closes after the redirect landed.
const REGISTERED_SEQUENCE = [
  'setUser',
  'loadProfile',
  'activateSavedPromo',
  'trackRegistration',
  'clearStoredPreferences',
  'queuePostRegistrationPopups',
  'redirectAfterRegistration',
]

/** JSON equality, for rules checked thousands of times (a chai assertion per rule is the slow part). */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Checks every slice needs after any step: the SUT against the model, SPEC invariants, the effects.
 * Broken rules are collected and asserted once per step: the graph has thousands of steps.
 */
function checkStep(
  sut: Sut,
  state: Snapshot,
  from: Snapshot | undefined,
  event: RegistrationEvent | Outcome | undefined,
  serialize: (s: Snapshot) => string,
) {
  const snapshot = sut.ref.getSnapshot()
  expect(serialize(snapshot)).toBe(serialize(state))
  const { context } = snapshot
  const { broken, rule } = ruleCollector()

  rule('submitting tag while register runs', selectIsSubmitting(snapshot) === (snapshot.children.register !== undefined))
  rule('loading tag while loadFields runs', selectIsLoadingFields(snapshot) === (snapshot.children.loadFields !== undefined))
  rule(
    'checking while checkPromocode runs',
    (selectPromoState(snapshot) === 'checking') === (snapshot.children.checkPromocode !== undefined),
  )
  // The accepted code is held exactly while the promo region is valid, and is the code typed.
  rule('validPromoCode only while valid', (context.validPromoCode !== null) === (selectPromoState(snapshot) === 'valid'))
  rule(
    'validPromoCode is the typed code',
    context.validPromoCode === null || context.validPromoCode === context.values.promo_code.trim(),
  )
  // SPEC §4: once a field list arrived, region and document type are its first choices and the
  // currency is one it offers.
  if (context.fields) {
    rule('region reset to the first choice', context.values.profile.region === firstChoice(context.fields, 'region'))
    rule(
      'document type reset to the first choice',
      context.values.profile.document_type === firstChoice(context.fields, 'document_type'),
    )
    const offered = context.fields.find((f) => f.sysname === 'currency')?.options.list?.map((c) => c.value) ?? []
    rule('currency offered', offered.includes(context.values.currency))
  }
  // SPEC §5 eager: an error shows only on a field typed in, after a submit, or as reported.
  const shown = Object.keys(selectFieldErrors(snapshot))
  rule(
    'errors only where the strategy shows them',
    shown.every((name) => context.submitted || context.touched.includes(name) || name in context.reportedErrors),
  )
  // SPEC §5 Checkbox: the terms error clears when ticked.
  rule('no terms error when ticked', !context.values.terms || !shown.includes('terms'))
  rule('social mode shows no form', selectShowsForm(snapshot) === (context.mode !== 'social'))
  rule(
    'submit enabled when fields are ready and nothing runs',
    selectCanSubmit(snapshot) ===
      (snapshot.matches({ active: { form: 'editing', fields: 'ready' } }) && context.mode !== 'social'),
  )
  rule(
    'data-state names a view',
    /^registration\.(loading|settingsFailed|form|fast|social|registered)$/.test(selectRegistrationDataState(snapshot)),
  )

  const effects = sut.effects.splice(0)
  if (from && event) {
    const types = effects.map((e) => e.type)
    // A request starts with the payload of SPEC §7 as the form stood.
    if (snapshot.children.register && !from.children.register) {
      const sent = sut.register.calls.at(-1)
      const expected = buildRegistrationPayload({
        values: from.context.values,
        fields: activeFields(from.context.fields, from.context.mode),
        settings: from.context.settings,
        validPromoCode: from.context.validPromoCode,
      })
      rule('register sends the SPEC §7 payload', same(sent, { payload: expected }))
      // SPEC §5: the promo code only when the server found it valid.
      rule(
        'promo code sent only when valid',
        sent?.payload.promo_code === (selectPromoState(from) === 'valid' ? 'WELCOME' : undefined),
      )
      // Blocked while invalid, except for a promo-only error.
      rule('only a submittable form is sent', isSubmittable(from.context, selectHasPromocode(from)))
      rule('only with its field list loaded', from.matches({ active: { fields: 'ready' } }))
    }
    if (event.type === 'reg.submit' && !snapshot.children.register) {
      rule(
        'a submittable form with its fields is sent',
        !(from.matches({ active: { form: 'editing', fields: 'ready' } }) && isSubmittable(from.context, false)),
      )
    }
    // SPEC §4: the success sequence, once, in order; the popup closes once the redirect landed.
    if (snapshot.matches('registered') && !from.matches('registered')) {
      rule('success sequence', same(types, REGISTERED_SEQUENCE))
      rule('setUser gets the account', same(effects[0], { type: 'setUser', params: { account: newPlayer } }))
      rule(
        'redirect to the deposit page with register=success',
        same(effects.at(-1), { type: 'redirectAfterRegistration', params: { to: '/cashier/deposit?register=success' } }),
      )
    } else {
      rule('no success effects before success', !types.some((t) => REGISTERED_SEQUENCE.includes(t)))
    }
    const landed = snapshot.status === 'done' && from.matches('registered')
    rule('the popup closes once the redirect landed, and only then', same(types.includes('closePopup'), landed))
    // SPEC §4, §8: a failed registration is tracked with its code and shows why.
    const failed = from.children.register !== undefined && snapshot.matches('active') && !snapshot.children.register
    rule('failure tracked once', types.filter((t) => t === 'trackRegistrationError').length === (failed ? 1 : 0))
    rule(
      'a failure shows why',
      !failed || selectGeneralError(snapshot) !== null || Object.keys(context.reportedErrors).length > 0,
    )
    // SPEC §5: a social click with active terms unticked is blocked and shows the terms error.
    if (event.type === 'reg.social.click' && from.matches({ active: { form: 'editing' } })) {
      const blocked = from.context.settings.terms.isActive && !from.context.values.terms
      rule('social click opens the window unless blocked', same(types, blocked ? [] : ['openSocialLogin']))
      rule('a blocked social click shows the terms error', !blocked || shown.includes('terms'))
    } else {
      rule('social window only from a social click', !types.includes('openSocialLogin'))
    }
    rule(
      'only a rejection is reported',
      types.filter((t) => t === 'reportError').length === (event.type.startsWith('xstate.error.') ? 1 : 0),
    )
  }
  expect(broken).toEqual([])
}

function harnessFor(options: {
  input: RegistrationInput
  /** Which fixture events this slice walks. */
  events: readonly string[]
  /** What the slice's guards read, besides the state value. */
  project: (s: Snapshot) => unknown
}) {
  const serialize = (s: Snapshot) => JSON.stringify({ value: s.value, status: s.status, ...(options.project(s) as object) })
  return new ModelHarness<typeof registrationMachine, Sut, Outcome>({
    machine: registrationMachine,
    input: options.input,
    events: (snapshot) => [
      ...fixtureEvents<RegistrationEvent, Snapshot>(fixtures, snapshot),
      ...fixtureEvents<Outcome, Snapshot>(outcomes, snapshot),
    ],
    filterEvents: (snapshot, event) =>
      snapshot.status === 'active' && options.events.includes(event.type) && (!isOutcome(event) || runs(snapshot, event)),
    serializeState: serialize,
    createSut: () => startSut(options.input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from, event }) => checkStep(sut, state, from, event, serialize),
  })
}

// The three regions are orthogonal by construction: the only reads across them are the submit
// guard's stateIn(fields.ready) and the payload's validPromoCode. Their product graph would be
// tens of thousands of states saying nothing more, so the model is walked in two slices that
// each keep one of those reads inside: form with fields (every mode, country, terms and social
// event), and promo with the form (debounce, check, and what a submit then sends). Events that
// only assign data no guard reads (notify, betting, character) are walked in the promo slice, as
// the self-loops they are in the projected graph; fast mode differs from form only in which
// fields are active, which the payload and field tests cover.
const formSlice = harnessFor({
  input: {
    ...baseInput,
    settings: { ...baseSettings, modes: ['form', 'social'], showPromocode: false },
    prefill: { email: 'ada@example.com', password: 'secret1' },
  },
  events: [
    'reg.mode.select',
    'reg.field.change',
    'reg.country.change',
    'reg.fields.retry',
    'reg.terms.toggle',
    'reg.social.click',
    'reg.submit',
    'reg.redirect.landed',
    'xstate.done.actor.loadFields',
    'xstate.error.actor.loadFields',
    'xstate.done.actor.register',
    'xstate.error.actor.register',
  ],
  project: (s) => ({
    mode: s.context.mode,
    country: s.context.values.profile.country_code,
    fieldsOf: s.context.fields === null ? null : firstChoice(s.context.fields, 'region'),
    email: s.context.values.profile.email ?? '',
    terms: s.context.values.terms,
    currency: s.context.values.currency,
  }),
})

const promoSlice = harnessFor({
  input: {
    ...baseInput,
    settings: { ...baseSettings, modes: ['form'], terms: { isActive: false } },
    prefill: { email: 'ada@example.com', password: 'secret1' },
  },
  events: [
    'reg.promo.toggle',
    'reg.promo.change',
    'reg.submit',
    'reg.notify.toggle',
    'reg.betting.select',
    'reg.character.select',
    'reg.redirect.landed',
    'xstate.done.actor.loadFields',
    'xstate.done.actor.checkPromocode',
    'xstate.error.actor.checkPromocode',
    'xstate.done.actor.register',
    TICK,
  ],
  project: (s) => ({ promo: s.context.values.promo_code, fields: s.context.fields !== null }),
})

// The settings load comes before everything else: walked up to the first field list.
const settingsSlice = harnessFor({
  input: pageInput,
  events: ['reg.settings.retry', 'xstate.done.actor.loadSettings', 'xstate.error.actor.loadSettings', 'xstate.done.actor.loadFields'],
  project: (s) => ({ mode: s.context.mode, country: s.context.values.profile.country_code, content: s.context.content !== null }),
})

describeModel(
  'registrationMachine',
  { settings: settingsSlice, 'form and fields': formSlice, promo: promoSlice },
  // The settings slice is a short chain: loading, failed, the form with its first field list.
  { minShortestPaths: { settings: 2, 'form and fields': 10, promo: 10 }, timeoutMs: 120_000, reach: 'together' },
)

// ── rules ────────────────────────────────────────────────────────────────────

async function ready(input: RegistrationInput = baseInput) {
  const sut = startSut(input)
  sut.fields.resolve({ ok: true, fields: FIELDS[(input.countryCode as Country) ?? 'DE'] })
  await flush()
  return sut
}

const filledInput: RegistrationInput = { ...baseInput, prefill: { email: 'ada@example.com', password: 'secret1' } }

describe('registrationMachine: settings (SPEC §3 Registration settings, §2.3)', () => {

  it('without given settings it loads them first, then opens the form they describe', async () => {
    const sut = startSut(pageInput)
    const start = sut.ref.getSnapshot()
    expect(selectIsLoadingSettings(start)).toBe(true)
    expect(selectRegistrationDataState(start)).toBe('registration.loading')
    expect(sut.settings.calls).toHaveLength(1)
    expect(sut.fields.calls).toEqual([]) // no country to ask for before the settings name one
    sut.settings.resolve({ ok: true, settings: content })
    await flush()
    const snapshot = sut.ref.getSnapshot()
    expect(selectContent(snapshot)).toEqual(content)
    expect(selectMode(snapshot)).toBe('fast') // the first mode the content system lists
    expect(selectValues(snapshot).is_betting).toBe(0) // casino by default, nothing stored
    expect(sut.fields.calls).toEqual([{ countryCode: 'ES' }]) // the settings' default country
    expect(selectRegistrationDataState(snapshot)).toBe('registration.loading')
  })

  it('a country in the input wins over the settings default', async () => {
    const sut = startSut({ ...pageInput, countryCode: 'DE' })
    sut.settings.resolve({ ok: true, settings: content })
    await flush()
    expect(sut.fields.calls).toEqual([{ countryCode: 'DE' }])
  })

  it('a refused or broken load offers a retry that loads again', async () => {
    const sut = startSut(pageInput)
    sut.settings.resolve(unavailable)
    await flush()
    expect(selectSettingsFailed(sut.ref.getSnapshot())).toBe(true)
    expect(selectRegistrationDataState(sut.ref.getSnapshot())).toBe('registration.settingsFailed')
    sut.ref.send({ type: 'reg.submit' }) // nothing to submit yet
    expect(sut.register.calls).toEqual([])
    sut.ref.send({ type: 'reg.settings.retry' })
    expect(selectIsLoadingSettings(sut.ref.getSnapshot())).toBe(true)
    expect(sut.settings.calls).toHaveLength(2)
    sut.settings.reject(new Error('bug'))
    await flush()
    expect(selectSettingsFailed(sut.ref.getSnapshot())).toBe(true)
    expect(sut.effects.map((e) => e.type)).toEqual(['reportError'])
    sut.ref.send({ type: 'reg.settings.retry' })
    sut.settings.resolve({ ok: true, settings: content })
    await flush()
    expect(selectSettingsFailed(sut.ref.getSnapshot())).toBe(false)
    expect(sut.fields.calls).toEqual([{ countryCode: 'ES' }])
  })

  it('given settings skip the load', () => {
    const sut = startSut()
    expect(sut.settings.calls).toEqual([])
    expect(selectContent(sut.ref.getSnapshot())).toBeNull()
    expect(sut.fields.calls).toEqual([{ countryCode: 'DE' }])
  })
})

describe('registrationMachine: fields and country (SPEC §4 Registration, §3 settings)', () => {
  it('loads the fields of the input country, and applies the currency default', async () => {
    const sut = startSut()
    expect(selectIsLoadingFields(sut.ref.getSnapshot())).toBe(true)
    expect(selectRegistrationDataState(sut.ref.getSnapshot())).toBe('registration.loading')
    expect(sut.fields.calls).toEqual([{ countryCode: 'DE' }])
    sut.fields.resolve({ ok: true, fields: FIELDS.DE })
    await flush()
    const values = selectValues(sut.ref.getSnapshot())
    expect(values.currency).toBe('USD') // selectedValue: the preselected currency is offered
    expect(values.profile).toMatchObject({ region: 'BY', document_type: 'passport', country_code: 'DE' })
  })

  it('a country change reloads the fields and resets region, currency and document type', async () => {
    const sut = await ready()
    sut.ref.send({ type: 'reg.field.change', name: 'region', value: 'BE' })
    sut.ref.send({ type: 'reg.field.change', name: 'document_type', value: 'id_card' })
    sut.ref.send({ type: 'reg.country.change', countryCode: 'ES' })
    expect(sut.fields.calls.at(-1)).toEqual({ countryCode: 'ES' })
    expect(selectCanSubmit(sut.ref.getSnapshot())).toBe(false)
    sut.fields.resolve({ ok: true, fields: FIELDS.ES })
    await flush()
    expect(selectValues(sut.ref.getSnapshot())).toMatchObject({
      currency: 'EUR', // USD is not offered in ES: changeCountryFallbackValue firstValue
      profile: { region: 'MD', document_type: 'dni', country_code: 'ES' },
    })
  })

  it('a newer country wins over a field list still loading', async () => {
    const sut = startSut()
    sut.ref.send({ type: 'reg.country.change', countryCode: 'ES' })
    sut.fields.resolve({ ok: true, fields: FIELDS.ES })
    await flush()
    expect(sut.fields.calls).toEqual([{ countryCode: 'DE' }, { countryCode: 'ES' }])
    expect(selectValues(sut.ref.getSnapshot()).profile.region).toBe('MD')
  })

  it('a failed field list offers a retry and blocks the submit', async () => {
    const sut = startSut(filledInput)
    sut.fields.resolve(unavailable)
    await flush()
    expect(selectFieldsFailed(sut.ref.getSnapshot())).toBe(true)
    sut.ref.send({ type: 'reg.submit' })
    expect(sut.register.calls).toEqual([])
    sut.ref.send({ type: 'reg.fields.retry' })
    expect(sut.fields.calls).toHaveLength(2)
  })

  it.each([
    // rule, options, selected, expected
    ['emptyValue', ['EUR'], 'EUR', ''],
    ['firstValue', ['EUR', 'USD'], 'USD', 'EUR'],
    ['firstValue', [], 'USD', undefined],
    ['selectedValue', ['EUR', 'USD'], 'USD', 'USD'],
    ['selectedValue', ['EUR'], 'USD', undefined],
    ['selectedValue', [], 'USD', 'USD'],
    ['selectedValue', ['EUR'], null, undefined],
  ] as const)('currency rule %s over %j with %s picks %s', (rule, options, selected, expected) => {
    expect(pickCurrency(rule, options, selected)).toBe(expected)
  })

  it('falls back through the currency rules', () => {
    const rules = DEFAULT_REGISTRATION_SETTINGS.currency
    expect(initialCurrency(rules, ['EUR', 'USD'], 'GBP')).toBe('EUR') // defaultValue misses, emptyValue firstValue
    expect(initialCurrency({ ...rules, emptyValue: 'emptyValue' }, ['EUR'], 'GBP')).toBe('')
    expect(countryChangeCurrency(rules, ['EUR', 'USD'], 'USD')).toBe('USD')
    expect(countryChangeCurrency({ ...rules, changeCountryValue: 'emptyValue' }, ['EUR'], 'EUR')).toBe('')
    expect(countryChangeCurrency({ ...rules, changeCountryFallbackValue: 'emptyValue' }, ['EUR'], 'USD')).toBe('')
  })

  it('fast mode shows only visible required fields; social mode no form', async () => {
    const sut = await ready()
    expect(selectShowModeSwitcher(sut.ref.getSnapshot())).toBe(true)
    sut.ref.send({ type: 'reg.mode.select', mode: 'fast' })
    expect(selectVisibleFields(sut.ref.getSnapshot()).map((f) => f.sysname)).toEqual(['email', 'country_code', 'currency'])
    sut.ref.send({ type: 'reg.mode.select', mode: 'social' })
    expect(selectShowsForm(sut.ref.getSnapshot())).toBe(false)
    expect(selectRegistrationDataState(sut.ref.getSnapshot())).toBe('registration.social')
  })
})

describe('registrationMachine: validation strategies (SPEC §5)', () => {
  it('eager: a field shows its error as soon as it is typed in', async () => {
    const sut = await ready()
    expect(selectFieldErrors(sut.ref.getSnapshot())).toEqual({})
    sut.ref.send({ type: 'reg.field.change', name: 'email', value: 'ada@' })
    expect(selectFieldErrors(sut.ref.getSnapshot())).toEqual({ email: { rule: 'email', messageId: 'emailDomain' } })
  })

  it('onSubmit: nothing before the first submit; typing clears a field error until the next', async () => {
    const sut = await ready({ ...baseInput, settings: { ...baseSettings, strategy: 'onSubmit' } })
    sut.ref.send({ type: 'reg.field.change', name: 'email', value: 'ada@' })
    expect(selectFieldErrors(sut.ref.getSnapshot())).toEqual({})
    sut.ref.send({ type: 'reg.submit' })
    expect(Object.keys(selectFieldErrors(sut.ref.getSnapshot())).sort()).toEqual(['email', 'terms'])
    sut.ref.send({ type: 'reg.field.change', name: 'email', value: 'ada@x' })
    expect(Object.keys(selectFieldErrors(sut.ref.getSnapshot()))).toEqual(['terms'])
    expect(sut.register.calls).toEqual([])
  })

  it('the terms error clears when ticked', async () => {
    const sut = await ready(filledInput)
    sut.ref.send({ type: 'reg.submit' })
    expect(selectFieldErrors(sut.ref.getSnapshot()).terms?.messageId).toBe('checkbox')
    sut.ref.send({ type: 'reg.terms.toggle' })
    expect(selectFieldErrors(sut.ref.getSnapshot())).toEqual({})
  })

  it('a promo-only error does not block the submit, and the code is not sent', async () => {
    const sut = await ready(filledInput)
    sut.ref.send({ type: 'reg.terms.toggle' })
    sut.ref.send({ type: 'reg.promo.toggle' })
    expect(selectHasPromocode(sut.ref.getSnapshot())).toBe(true)
    sut.ref.send({ type: 'reg.submit' })
    expect(Object.keys(selectFieldErrors(sut.ref.getSnapshot()))).toEqual(['promo_code'])
    expect(sut.register.calls).toHaveLength(1)
    expect(sut.register.calls[0]?.payload.promo_code).toBeUndefined()
  })
})

describe('registrationMachine: promo code (SPEC §4 Promo code, §5, §9)', () => {
  it('checks 300 ms after the last keystroke, with the code trimmed', async () => {
    const sut = await ready(filledInput)
    sut.ref.send({ type: 'reg.promo.toggle' })
    sut.ref.send({ type: 'reg.promo.change', value: ' WEL' })
    sut.clock.increment(PROMO_CHECK_DEBOUNCE_MS - 1)
    sut.ref.send({ type: 'reg.promo.change', value: ' WELCOME ' })
    sut.clock.increment(PROMO_CHECK_DEBOUNCE_MS - 1)
    expect(sut.promo.calls).toEqual([])
    expect(selectPromoState(sut.ref.getSnapshot())).toBe('idle')
    sut.clock.increment(1)
    expect(sut.promo.calls).toEqual([{ promoCode: 'WELCOME' }])
    expect(selectPromoState(sut.ref.getSnapshot())).toBe('checking')
    sut.promo.resolve({ ok: true, valid: true })
    await flush()
    expect(selectPromoState(sut.ref.getSnapshot())).toBe('valid')
  })

  it('sends the code only while it is valid', async () => {
    const sut = await ready(filledInput)
    sut.ref.send({ type: 'reg.terms.toggle' })
    sut.ref.send({ type: 'reg.promo.toggle' })
    sut.ref.send({ type: 'reg.promo.change', value: 'WELCOME' })
    sut.clock.increment(PROMO_CHECK_DEBOUNCE_MS)
    sut.promo.resolve({ ok: true, valid: true })
    await flush()
    // Typing again makes it unchecked: not sent.
    sut.ref.send({ type: 'reg.promo.change', value: 'WELCOME2' })
    sut.ref.send({ type: 'reg.submit' })
    expect(sut.register.calls[0]?.payload.promo_code).toBeUndefined()
    sut.register.resolve(unknownField)
    await flush()

    sut.clock.increment(PROMO_CHECK_DEBOUNCE_MS)
    sut.promo.resolve({ ok: true, valid: false })
    await flush()
    expect(selectPromoState(sut.ref.getSnapshot())).toBe('invalid')
    sut.ref.send({ type: 'reg.submit' })
    expect(sut.register.calls[1]?.payload.promo_code).toBeUndefined()
    sut.register.resolve(unknownField)
    await flush()

    sut.ref.send({ type: 'reg.promo.change', value: 'WELCOME' })
    sut.clock.increment(PROMO_CHECK_DEBOUNCE_MS)
    sut.promo.resolve({ ok: true, valid: true })
    await flush()
    sut.ref.send({ type: 'reg.submit' })
    expect(sut.register.calls[2]?.payload.promo_code).toBe('WELCOME')
  })

  it('closing the promo field drops the accepted code', async () => {
    const sut = await ready(filledInput)
    sut.ref.send({ type: 'reg.promo.toggle' })
    sut.ref.send({ type: 'reg.promo.change', value: 'WELCOME' })
    sut.clock.increment(PROMO_CHECK_DEBOUNCE_MS)
    sut.promo.resolve({ ok: true, valid: true })
    await flush()
    sut.ref.send({ type: 'reg.promo.toggle' })
    expect(selectPromoState(sut.ref.getSnapshot())).toBe('off')
    expect(sut.ref.getSnapshot().context.validPromoCode).toBeNull()
  })

  it('opens by default when the settings say so, and not when the promo checkbox is not offered', () => {
    const open = startSut({ ...baseInput, settings: { ...baseSettings, promoOpenByDefault: true } })
    expect(selectPromoState(open.ref.getSnapshot())).toBe('idle')
    const hidden = startSut({ ...baseInput, settings: { ...baseSettings, showPromocode: false } })
    hidden.ref.send({ type: 'reg.promo.toggle' })
    expect(selectPromoState(hidden.ref.getSnapshot())).toBe('off')
  })
})

describe('registrationMachine: social, submit and answers (SPEC §4, §8)', () => {
  it('terms active and unticked block a social click with the terms error', async () => {
    const sut = await ready()
    sut.ref.send({ type: 'reg.social.click', provider: 'google' })
    expect(sut.effects).toEqual([])
    expect(selectFieldErrors(sut.ref.getSnapshot()).terms?.messageId).toBe('checkbox')
    sut.ref.send({ type: 'reg.terms.toggle' })
    expect(selectFieldErrors(sut.ref.getSnapshot()).terms).toBeUndefined()
    sut.ref.send({ type: 'reg.social.click', provider: 'google' })
    expect(sut.effects).toEqual([{ type: 'openSocialLogin', params: { provider: 'google' } }])
  })

  it('embedded (/forms/sign_up): framed, tells an allowed parent refresh_user; alone, a full load of the target in the page locale', async () => {
    const origin = 'http://127.0.0.1:3000'
    const registerIn = async () => {
      const sut = await ready({ ...filledInput, embedded: true, redirectUrl: '/promotions/spring' })
      sut.ref.send({ type: 'reg.terms.toggle' })
      sut.ref.send({ type: 'reg.submit' })
      sut.register.resolve({ ok: true, account: newPlayer })
      await flush()
      expect(selectRegistrationDataState(sut.ref.getSnapshot())).toBe('registration.registered')
    }
    try {
      const alone = stubPageWindow({ origin, pathname: '/de/forms/sign_up', framed: false, lang: 'de' })
      await registerIn()
      expect(alone.assign).toHaveBeenCalledWith('/de/promotions/spring?register=success')

      const framed = stubPageWindow({ origin, pathname: '/de/forms/sign_up', framed: true, lang: 'de' })
      await registerIn()
      await vi.waitFor(() => expect(framed.postMessage).toHaveBeenCalledWith({ type: 'refresh_user' }, origin))
      expect(framed.assign).not.toHaveBeenCalled()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('success runs the SPEC §4 sequence and redirects to the deposit page or a same-origin redirectUrl', async () => {
    const sut = await ready({ ...filledInput, redirectUrl: '/promotions/spring' })
    sut.ref.send({ type: 'reg.terms.toggle' })
    sut.ref.send({ type: 'reg.submit' })
    sut.register.resolve({ ok: true, account: newPlayer })
    await flush()
    expect(sut.effects.splice(0)).toEqual([
      { type: 'setUser', params: { account: newPlayer } },
      { type: 'loadProfile', params: undefined },
      { type: 'activateSavedPromo', params: undefined },
      { type: 'trackRegistration', params: { uid: 99 } },
      { type: 'clearStoredPreferences', params: undefined },
      { type: 'queuePostRegistrationPopups', params: { kinds: ['confirm-email', 'cashback-unseen', 'campaign'] } },
      { type: 'redirectAfterRegistration', params: { to: '/promotions/spring?register=success' } },
    ])
    expect(selectRegistrationDataState(sut.ref.getSnapshot())).toBe('registration.registered')
    // The popup stays until the page says the redirect landed: closing it first would cancel the move.
    expect(sut.ref.getSnapshot().status).toBe('active')
    sut.ref.send({ type: 'reg.redirect.landed' })
    expect(sut.effects).toEqual([{ type: 'closePopup', params: { reason: 'registered' } }])
    expect(sut.ref.getSnapshot().status).toBe('done')
    expect(redirectTarget(null)).toBe('/cashier/deposit')
    expect(redirectTarget('https://evil.example/')).toBe('/cashier/deposit')
    expect(redirectTarget('//evil.example/')).toBe('/cashier/deposit')
  })

  it('maps server field errors onto the form, phone onto mobile, and tracks the code', async () => {
    const sut = await ready({ ...filledInput, settings: { ...baseSettings, strategy: 'onSubmit' } })
    sut.ref.send({ type: 'reg.terms.toggle' })
    sut.ref.send({ type: 'reg.field.change', name: 'mobile', value: '15112345678' })
    sut.ref.send({ type: 'reg.submit' })
    sut.register.resolve(phoneTaken)
    await flush()
    const errors = selectFieldErrors(sut.ref.getSnapshot())
    expect(errors.mobile).toEqual({ rule: 'server', messageId: 'invalid', values: { code: 'taken' } })
    expect(errors.email).toEqual({ rule: 'server', messageId: 'email', values: { code: 'email' } })
    expect(selectGeneralError(sut.ref.getSnapshot())).toBeNull()
    expect(sut.effects).toEqual([
      { type: 'trackRegistrationError', params: { type: 'InvalidParameterException', code: 'invalid_parameters' } },
    ])
    // Editing the field clears its server error.
    sut.ref.send({ type: 'reg.field.change', name: 'mobile', value: '15112345679' })
    expect(selectFieldErrors(sut.ref.getSnapshot()).mobile).toBeUndefined()
  })

  it('asks the view to take the player to the first error after a refused submit, by the rules or by the server', async () => {
    const sut = await ready({ ...filledInput, settings: { ...baseSettings, strategy: 'onSubmit' } })
    const asked: string[] = []
    sut.ref.on('form.focusFirstError', (event) => void asked.push(event.type))
    sut.ref.send({ type: 'reg.field.change', name: 'email', value: '<script>alert(1)</script>@x.com' })
    sut.ref.send({ type: 'reg.submit' })
    expect(sut.register.calls).toEqual([])
    expect(selectFieldErrors(sut.ref.getSnapshot()).email).toMatchObject({ rule: 'email', messageId: 'emailChars' })
    expect(asked).toEqual(['form.focusFirstError'])

    sut.ref.send({ type: 'reg.field.change', name: 'email', value: 'ada@example.com' })
    sut.ref.send({ type: 'reg.terms.toggle' })
    sut.ref.send({ type: 'reg.field.change', name: 'mobile', value: '15112345678' })
    sut.ref.send({ type: 'reg.submit' })
    expect(sut.register.calls).toHaveLength(1)
    expect(asked).toHaveLength(1)
    sut.register.resolve(phoneTaken)
    await flush()
    expect(asked).toHaveLength(2)
  })

  it('a login error goes to the field the login came from; errors no field shows give the general notice', async () => {
    const sut = await ready(filledInput)
    sut.ref.send({ type: 'reg.terms.toggle' })
    sut.ref.send({ type: 'reg.submit' })
    sut.register.resolve(
      fail(failure('InvalidParameterException', 'invalid_parameters', { invalidParameters: { login: ['taken'] } })),
    )
    await flush()
    expect(selectFieldErrors(sut.ref.getSnapshot()).email?.values).toEqual({ code: 'taken' })
    expect(selectGeneralError(sut.ref.getSnapshot())).toBeNull()

    sut.ref.send({ type: 'reg.submit' })
    sut.register.resolve(unavailable)
    await flush()
    expect(selectGeneralError(sut.ref.getSnapshot())).toBe('wrongRegistrationServerError')
  })

  it('sends the payload of SPEC §7', async () => {
    const sut = await ready({
      ...filledInput,
      storedBettingPreference: '1',
      prefill: { email: ' ada@example.com ', password: 'secret1', mobile: '15112345678' },
    })
    sut.ref.send({ type: 'reg.terms.toggle' })
    sut.ref.send({ type: 'reg.notify.toggle' })
    sut.ref.send({ type: 'reg.character.select', id: 3 })
    sut.ref.send({ type: 'reg.submit' })
    expect(sut.register.calls[0]?.payload).toEqual({
      login: 'ada@example.com',
      email: 'ada@example.com',
      phone: '15112345678',
      country_code: 'DE',
      region: 'BY',
      document_type: 'passport',
      password: 'secret1',
      currency: 'USD',
      locale: 'de',
      notify: '1',
      is_betting: '0',
      character_id: '3',
    })
  })

  it('the default actor asks account/getPersonalDataFields on the page\'s API client', async () => {
    const fetch = vi.fn(async (url: string | URL | Request) => {
      expect(String(url)).toContain('/api/account/getPersonalDataFields')
      expect(String(url)).toContain('country_code=DE')
      const error = { type: 'ApplicationUnavailableException', message: 'down', code: null }
      return new Response(JSON.stringify({ error }), { status: 503, headers: { 'content-type': 'application/json' } })
    })
    vi.stubGlobal('fetch', fetch)
    vi.stubGlobal('document', { documentElement: { lang: 'en' } })
    try {
      const ref = createActor(registrationMachine, { input: baseInput }).start()
      await vi.waitFor(() => expect(selectFieldsFailed(ref.getSnapshot())).toBe(true))
      expect(fetch).toHaveBeenCalled()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('a social click without a social-login flow in the input fails loudly', () => {
    const errors: unknown[] = []
    const never = fromPromise<LoadFieldsResult, LoadFieldsInput>(() => new Promise(() => {}))
    const social = createActor(registrationMachine.provide({ actors: { loadFields: never } }), {
      input: { ...baseInput, settings: { ...baseSettings, terms: { isActive: false } } },
    })
    social.subscribe({ error: (e) => errors.push(e) })
    social.start()
    social.send({ type: 'reg.social.click', provider: 'google' })
    expect(String(errors[0])).toContain('input.social is missing')
  })

  it('by default tells the root actor, the social-login flow, the page and the dialog stack itself', async () => {
    const sent: { to: string; event: { type: string } & Record<string, unknown> }[] = []
    const fakeRef = (to: string) => ({ send: (event: { type: string }) => void sent.push({ to, event }) }) as never
    const register = controllable<RegisterInput, RegisterResult>()
    const ref = createActor(
      registrationMachine.provide({
        actors: {
          loadFields: fromPromise<LoadFieldsResult, LoadFieldsInput>(async () => ({ ok: true, fields: FIELDS.DE })),
          register: register.actor,
        },
        // Only the popups' API calls are swapped: the other defaults are what is tested.
        actions: { queuePostRegistrationPopups: () => void sent.push({ to: 'popups', event: { type: 'queue' } }) },
      }),
      {
        input: {
          ...filledInput,
          redirectUrl: '/de/promotions/spring',
          settings: { ...baseSettings, terms: { isActive: false } },
          app: fakeRef('app'),
          dialogs: fakeRef('dialogs'),
          social: fakeRef('social'),
        },
      },
    )
    const redirects: unknown[] = []
    ref.on('registration.redirect', (event) => void redirects.push(event))
    ref.start()
    await flush()
    ref.send({ type: 'reg.social.click', provider: 'google' })
    expect(sent).toEqual([{ to: 'social', event: { type: 'social.select', service: 'google' } }])
    ref.send({ type: 'reg.submit' })
    register.resolve({ ok: true, account: newPlayer })
    await flush()
    expect(sent.slice(1)).toEqual([
      { to: 'app', event: { type: 'session.set', account: newPlayer, via: 'registration' } },
      { to: 'popups', event: { type: 'queue' } },
    ])
    // The router's basename carries the locale, so the path the page navigates to has none.
    expect(redirects).toEqual([{ type: 'registration.redirect', to: '/promotions/spring?register=success' }])
    ref.send({ type: 'reg.redirect.landed' })
    expect(sent.at(-1)).toEqual({ to: 'dialogs', event: { type: 'dialog.close', id: 'auth', immediate: true } })
    expect(ref.getSnapshot().status).toBe('done')
  })

  it('refuses settings without a mode, loudly', () => {
    const errors: unknown[] = []
    const actor = createActor(registrationMachine, { input: { ...baseInput, settings: { ...baseSettings, modes: [] } } })
    actor.subscribe({ error: (e) => errors.push(e) })
    actor.start()
    expect(String(errors[0])).toContain('settings.modes is empty')
  })
})
