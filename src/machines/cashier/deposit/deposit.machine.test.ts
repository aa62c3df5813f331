import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { recordCoverage } from '../../testing/coverage'
import { ModelHarness, fixtureEvents, type FixtureTable, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { BALANCE_CHANGED, NO_OFFER } from '../cashier.types'
import { cashierUnavailable, countingKeys, sampleBank, sampleCard, sampleWallet } from '../cashier.samples'
import {
  depositDeclined,
  depositLimitRefused,
  depositOutcomes,
  depositResult,
  depositSamples,
  sampleDepositSettings,
  sampleOffers,
  type DepositOutcome,
} from './deposit.samples'
import { createDepositMachine } from './deposit.machine'
import { applicableOffers, exceedsDepositLimit, isOfferApplicable, presetsFor, validateDeposit } from './deposit.rules'
import {
  selectCanSubmit,
  selectDepositAlert,
  selectDepositLoading,
  selectDepositDraft,
  selectDepositView,
  selectFeePreview,
  selectFieldErrors,
  selectIsSubmitting,
  selectOffers,
  selectPresets,
  selectTypedAmount,
} from './deposit.selectors'
import {
  DEPOSIT_LEFT_FOR_RESULT,
  DEPOSIT_PROVIDER_WINDOW,
  type DepositActionParams,
  type DepositDraft,
  type DepositEvent,
  type LoadDepositMethodsResult,
  type LoadDepositOffersResult,
  type LoadDepositSettingsResult,
  type MakeDepositInput,
  type MakeDepositResult,
  type NoInput,
} from './deposit.types'
import { defaultRequisites, feeFor, feeOn, initialMethod, validateRequisites } from '../payment.rules'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'

const modelMachine = createDepositMachine({ generateKey: countingKeys() })
type Snapshot = SnapshotFrom<typeof modelMachine>

const unavailable = cashierUnavailable
const result = depositResult
const limitRefused = depositLimitRefused
const declined = depositDeclined

type Effect = { [K in keyof DepositActionParams]: { type: K; params: DepositActionParams[K] } }[keyof DepositActionParams]

function startSut(preselect: string | null = null, locale?: string, prefill?: DepositDraft) {
  const settings = controllable<NoInput, LoadDepositSettingsResult>()
  const methods = controllable<NoInput, LoadDepositMethodsResult>()
  const offers = controllable<NoInput, LoadDepositOffersResult>()
  const deposit = controllable<MakeDepositInput, MakeDepositResult>()
  const effects: Effect[] = []
  const record =
    <K extends keyof DepositActionParams>(type: K) =>
    (_: unknown, params: DepositActionParams[K]) =>
      void effects.push({ type, params } as Effect)
  const ref = createActor(
    createDepositMachine({ generateKey: countingKeys() }).provide({
      actions: {
        goToResult: record('goToResult'),
        redirectToProvider: record('redirectToProvider'),
        openProviderWindow: record('openProviderWindow'),
        refreshBalance: () => void effects.push({ type: 'refreshBalance', params: {} }),
        reportError: record('reportError'),
        askForProfile: record('askForProfile'),
      },
      actors: { loadDepositSettings: settings.actor, loadDepositMethods: methods.actor, loadDepositOffers: offers.actor, makeDeposit: deposit.actor },
    }),
    { input: { preselect, returnUrl: '/cashier', ...(locale ? { locale } : {}), ...(prefill ? { prefill } : {}) } },
  ).start()
  return { ref, settings, methods, offers, deposit, effects }
}
type Sut = ReturnType<typeof startSut>

// ── model ────────────────────────────────────────────────────────────────────

// The registry's samples, and more values of the same events: another method and an unknown one,
// amounts the Sum rule refuses, no offer and one the player does not qualify for, other requisites.
const fixtures = {
  ...depositSamples,
  'deposit.method.select': [
    ...depositSamples['deposit.method.select'],
    { type: 'deposit.method.select', sysname: 'sandbox_wallet' },
    { type: 'deposit.method.select', sysname: 'unknown' },
  ],
  'deposit.amount.change': [{ type: 'deposit.amount.change', value: '5' }, { type: 'deposit.amount.change', value: '1,50' }, ...depositSamples['deposit.amount.change']],
  'deposit.offer.select': [...depositSamples['deposit.offer.select'], { type: 'deposit.offer.select', id: 12 }, { type: 'deposit.offer.select', id: NO_OFFER }],
  'deposit.requisite.change': [
    { type: 'deposit.requisite.change', name: 'card_number', value: '4111111111111111' },
    ...depositSamples['deposit.requisite.change'],
    { type: 'deposit.requisite.change', name: 'wallet_email', value: 'ana@example.com' },
  ],
} satisfies FixtureTable<DepositEvent>

type Outcome = DepositOutcome
const outcomes = depositOutcomes

const send = (sut: Sut, event: DepositEvent) => sut.ref.send(event)
const gestures = {
  'deposit.method.select': send, // a method tile
  'deposit.method.clear': send, // the back link to the method list
  'deposit.amount.change': send, // typing the amount
  'deposit.amount.preset': send, // a preset button
  'deposit.offer.select': send, // an offer card, or 'no bonus'
  'deposit.requisite.change': send, // the saved-card select, a requisite input
  'deposit.submit': send, // the deposit button
  'deposit.retry': send, // 'try again' on a failed load
  'deposit.limit.set': send, // 'Set limit' in the first-deposit offer, passed on by the view
} satisfies GestureTable<DepositEvent, Sut, Snapshot>

const outcomeGestures = {
  ...settleGestures('loadDepositSettings', (sut: Sut) => sut.settings),
  ...settleGestures('loadDepositMethods', (sut: Sut) => sut.methods),
  ...settleGestures('loadDepositOffers', (sut: Sut) => sut.offers),
  ...settleGestures('makeDeposit', (sut: Sut) => sut.deposit),
} satisfies GestureTable<Outcome, Sut, Snapshot>
const isOutcome = (e: { type: string }): e is Outcome => e.type in outcomes
const actorIdOf = (e: Outcome) => e.type.replace(/^xstate\.(done|error)\.actor\./, '')

/**
 * The graph is bounded by what the guards and rules read: which data loaded, the method, the class
 * of the amount (its Sum error, over the deposit limit), the offer, whether the requisites pass,
 * the messages shown and whether an attempt holds a key. A finished flow is its state alone.
 */
const serializeState = (s: Snapshot) => {
  if (s.status === 'done') return JSON.stringify({ value: s.value })
  const { context } = s
  const errors = context.settings && context.method ? validateDeposit(context) : {}
  return JSON.stringify({
    value: s.value,
    settings: context.settings !== null,
    methods: context.methods.length,
    offers: context.offers.length,
    method: context.method,
    amount: errors.amount?.messageId ?? (exceedsDepositLimit(context) ? 'over' : 'ok'),
    offerId: context.offerId,
    requisites: Object.keys(errors).filter((k) => k !== 'amount' && k !== 'offer').length === 0,
    errors: Object.keys(context.fieldErrors).length > 0,
    alert: context.alert?.messageId ?? null,
    key: context.attemptKey !== null,
    limit: context.settings?.deposit_limit.available_amount?.amount ?? null,
  })
}

const harness = new ModelHarness<typeof modelMachine, Sut, Outcome>({
  machine: modelMachine,
  input: { preselect: null, returnUrl: '/cashier' },
  events: (s) => [...fixtureEvents<DepositEvent, Snapshot>(fixtures, s), ...fixtureEvents<Outcome, Snapshot>(outcomes, s)],
  // Only what the state takes: an event its guards refuse changes nothing (the rule tests check that).
  filterEvents: (s, e) => s.status === 'active' && (isOutcome(e) ? Object.keys(s.children).includes(actorIdOf(e)) : s.can(e)),
  serializeState,
  createSut: () => startSut(),
  gestures: dispatchGestures(gestures, outcomeGestures),
  check: (sut, { state, from, event }) => {
    const s = sut.ref.getSnapshot()
    expect(serializeState(s)).toBe(serializeState(state))
    const { broken, rule } = ruleCollector()
    const { context } = s
    const running = Object.keys(s.children)
    // SPEC §4 loading flags: each exactly while its part loads.
    const flags = selectDepositLoading(s)
    rule('deposit flag', flags.deposit === running.includes('loadDepositSettings'))
    rule('paymentMethods flag', flags.paymentMethods === running.includes('loadDepositMethods'))
    rule('offer flag', flags.offer === running.includes('loadDepositOffers'))
    rule('busy exactly while makedeposit runs', selectIsSubmitting(s) === running.includes('makeDeposit'))
    rule('no submit while one runs', !running.includes('makeDeposit') || !selectCanSubmit(s))
    // SPEC §3 campaign_offer_id: none, or an offer that does not exclude the method.
    if (context.method !== null && context.offerId !== NO_OFFER) {
      rule('offer never excludes the method', !sampleOffers.find((o) => o.id === context.offerId)!.trigger.params.exclude_methods.includes(context.method))
    }
    rule('offers shown are applicable', selectOffers(s).every((o) => o.trigger.user_satisfies_params))
    if (s.matches({ form: 'editing' })) rule('editing has a method', context.method !== null)
    const effects = sut.effects.splice(0)
    if (from && event) {
      const started = running.includes('makeDeposit') && !Object.keys(from.children).includes('makeDeposit')
      if (started) {
        const calls = sut.deposit.calls
        const input = calls.at(-1)!
        rule('valid form only', Object.keys(validateDeposit(from.context)).length === 0)
        rule('key of the attempt sent', input.idempotency_key === context.attemptKey)
        // The key is reused only for a retry of an unchanged body after no answer.
        const previous = calls.at(-2)
        if (from.context.attemptKey !== null) rule('a retry reuses its key', previous?.idempotency_key === input.idempotency_key)
        else rule('a new attempt has a new key', previous === undefined || previous.idempotency_key !== input.idempotency_key)
        rule('amount without commas', !input.amount.includes(','))
        rule('card numbers never leave (PCI)', !Object.values(input.requisites).some((v) => /^\d{13,19}$/.test(v)))
        rule('offer default -1', input.campaign_offer_id === context.offerId)
      }
      if (event.type === 'deposit.submit' && from.hasTag('busy')) rule('double submit impossible', sut.deposit.calls.length === 0 || !started)
      const types = effects.map((e) => e.type).filter((t) => t !== 'reportError')
      const expected: Record<string, string[]> = {
        succeeded: ['refreshBalance', 'goToResult'],
        pending: ['goToResult'],
        declined: ['goToResult'],
        cancelled: ['goToResult'],
        redirecting: ['redirectToProvider'],
        newWindow: ['openProviderWindow', 'goToResult'],
        mobile: ['goToResult'],
      }
      const final = typeof s.value === 'string' ? expected[s.value] : undefined
      // A refusal for missing details asks the page for the fill-profile prompt, and does nothing else.
      const needsDetails = event.type === 'xstate.done.actor.makeDeposit' && !event.output.ok && event.output.error.type === 'UserNeedProfileDataException'
      rule('effects of the result', JSON.stringify(types) === JSON.stringify(final ?? (needsDetails ? ['askForProfile'] : [])))
      const page = effects.find((e) => e.type === 'goToResult')
      if (page?.type === 'goToResult') rule('result page keyed by the transaction', page.params.transactionId === context.result?.transaction_id)
      rule('only rejections are reported', effects.filter((e) => e.type === 'reportError').length === (event.type.startsWith('xstate.error.') ? 1 : 0))
    }
    expect(broken).toEqual([])
  },
})

describeModel('depositMachine', harness, { minShortestPaths: 20, timeoutMs: 120_000, edgesTimeoutMs: 300_000 })

// ── rules ────────────────────────────────────────────────────────────────────

// Rule tests drive actors of their own: their recordings are written once they are done.

/** No deposit limit: a deposit of any amount within the method's bounds goes out. */
const noLimit = { ...sampleDepositSettings.deposit_limit, period: 'none' as const, limit_amount: null, available_amount: null, limits: [] }

async function loaded(preselect: string | null = null, locale?: string, prefill?: DepositDraft) {
  const sut = startSut(preselect, locale, prefill)
  recordCoverage(sut.ref)
  sut.settings.resolve({ ok: true, settings: sampleDepositSettings })
  sut.methods.resolve({ ok: true, methods: [sampleCard, sampleWallet] })
  sut.offers.resolve({ ok: true, offers: sampleOffers })
  await flush()
  return sut
}

describe('deposit rules (SPEC §3, §5 Sum, §8)', () => {
  it('deposit/{sysname} preselects a usable method; an unknown one shows the list', async () => {
    expect(selectDepositView((await loaded('sandbox_wallet')).ref.getSnapshot())).toBe('form')
    expect(selectDepositView((await loaded('nope')).ref.getSnapshot())).toBe('methods')
    expect(initialMethod([sampleCard], 'EUR', null)).toBe('sandbox_card')
    expect(initialMethod([sampleCard], 'USD', 'sandbox_card')).toBeNull()
  })

  it('a draft left before a reload for a new build opens the form with its method and amount, and is kept again', async () => {
    const sut = await loaded(null, 'en', { method: 'sandbox_wallet', amount: '75' })
    expect(sut.ref.getSnapshot().context).toMatchObject({ method: 'sandbox_wallet', amount: '75' })
    expect(selectDepositDraft(sut.ref.getSnapshot())).toEqual({ method: 'sandbox_wallet', amount: '75' })
    // A method the player may not use (or anything else written to storage) falls back; an absurd amount is cut and then refused on submit as typing would be.
    const odd = await loaded('sandbox_card', 'en', { method: 'nope', amount: '9'.repeat(500) })
    expect(odd.ref.getSnapshot().context.method).toBe('sandbox_card')
    expect(odd.ref.getSnapshot().context.amount).toHaveLength(40)
    expect(selectDepositDraft(startSut().ref.getSnapshot())).toEqual({})
  })

  it('fees: percent rounded half up to the minor unit plus the fixed part; what arrives is amount - fee', () => {
    expect(feeOn(sampleWallet, 'EUR', '100')).toEqual({ fee: '1.50', net: '98.50' })
    // 1.5 % of 33.33 = 0.49995 -> 0.50
    expect(feeOn(sampleWallet, 'EUR', '33.33')).toEqual({ fee: '0.50', net: '32.83' })
    expect(feeFor(sampleBank, 'EUR', '1,000', 'en')).toEqual({ fee: '1.00', net: '999.00' })
    expect(feeFor(sampleBank, 'EUR', '1.000', 'de')).toEqual({ fee: '1.00', net: '999.00' })
    expect(feeOn(sampleCard, 'EUR', '50')).toEqual({ fee: '0.00', net: '50.00' })
    expect(feeFor(sampleWallet, 'EUR', '', 'en')).toBeNull()
    expect(feeFor(sampleWallet, 'EUR', 'abc', 'en')).toBeNull()
    // What is typed is never read as another amount: no fee for "10,5" in es, nor for 105.
    expect(feeFor(sampleWallet, 'EUR', '10,5', 'es')).toBeNull()
    expect(feeFor(sampleWallet, 'EUR', '0', 'en')).toBeNull()
    expect(feeOn(sampleWallet, 'USD', '100')).toBeNull()
  })

  it('presets per currency, disabled outside the method bounds', () => {
    expect(presetsFor(sampleDepositSettings, sampleCard.limits[0]!)).toEqual([
      { amount: '10', enabled: true },
      { amount: '50', enabled: true },
      { amount: '100', enabled: true },
      { amount: '10000', enabled: false },
    ])
    // Above what the binding deposit limit leaves: disabled too.
    const twenty = { ...sampleDepositSettings, deposit_limit: { ...sampleDepositSettings.deposit_limit, available_amount: { amount: '20.00', currency: 'EUR' } } }
    expect(presetsFor(twenty, sampleCard.limits[0]!).map((p) => p.enabled)).toEqual([true, false, false, false])
  })

  it('offers: trigger satisfied, method not excluded, minimum reached', () => {
    const [welcome, unmet] = sampleOffers as [(typeof sampleOffers)[0], (typeof sampleOffers)[0]]
    expect(isOfferApplicable(welcome, 'sandbox_card', '50', 'EUR')).toBe(true)
    expect(isOfferApplicable(welcome, 'sandbox_wallet', '50', 'EUR')).toBe(false)
    expect(isOfferApplicable(welcome, 'sandbox_card', '10', 'EUR')).toBe(false)
    expect(isOfferApplicable(unmet, 'sandbox_card', '50', 'EUR')).toBe(false)
    expect(applicableOffers({ offers: sampleOffers, method: 'sandbox_card', amount: '', locale: 'en', settings: sampleDepositSettings }).map((o) => o.id)).toEqual([11])
  })

  it('switching to a method the offer excludes drops the offer to -1', async () => {
    const sut = await loaded('sandbox_card')
    sut.ref.send({ type: 'deposit.offer.select', id: 11 })
    expect(sut.ref.getSnapshot().context.offerId).toBe(11)
    sut.ref.send({ type: 'deposit.method.select', sysname: 'sandbox_wallet' })
    expect(sut.ref.getSnapshot().context.offerId).toBe(NO_OFFER)
  })

  it('Sum: whole numbers within the method bounds, formatted in the currency', async () => {
    const sut = await loaded('sandbox_card')
    sut.ref.send({ type: 'deposit.amount.change', value: '5' })
    sut.ref.send({ type: 'deposit.submit' })
    expect(selectFieldErrors(sut.ref.getSnapshot()).amount).toEqual({
      rule: 'sum',
      messageId: 'sumRange',
      values: { min: '10', max: '5000', currency: 'EUR' },
    })
    sut.ref.send({ type: 'deposit.amount.change', value: '10.5' })
    sut.ref.send({ type: 'deposit.submit' })
    expect(selectFieldErrors(sut.ref.getSnapshot()).amount?.messageId).toBe('wholeAmount')
    expect(sut.deposit.calls).toHaveLength(0)
  })

  it('Sum in es: "10,5" is ten and a half, refused with the rule and an example; "1.000" deposits 1000', async () => {
    const sut = await loaded('sandbox_card', 'es')
    sut.ref.send({ type: 'deposit.amount.change', value: '10,5' })
    // Nothing is read from it meanwhile: no fee, no amount on the button, offers as for no amount.
    expect(selectTypedAmount(sut.ref.getSnapshot())).toBeNull()
    expect(selectFeePreview(sut.ref.getSnapshot())).toBeNull()
    sut.ref.send({ type: 'deposit.submit' })
    expect(selectFieldErrors(sut.ref.getSnapshot()).amount).toEqual({ rule: 'sum', messageId: 'wholeAmount', values: { example: '1.000', reason: 'decimal' } })
    expect(sut.deposit.calls).toHaveLength(0)
    // The field keeps what was typed; the request carries the digits. 1000 is above the 150 the
    // deposit limit leaves: read as a thousand, not as one.
    sut.ref.send({ type: 'deposit.amount.change', value: '1.000' })
    expect(sut.ref.getSnapshot().context.amount).toBe('1.000')
    sut.ref.send({ type: 'deposit.submit' })
    expect(selectDepositAlert(sut.ref.getSnapshot())?.messageId).toBe('depositLimitExceeded')
    sut.ref.send({ type: 'deposit.limit.set', limit: noLimit })
    sut.ref.send({ type: 'deposit.submit' })
    expect(sut.deposit.calls.map((c) => c.amount)).toEqual(['1000'])
  })

  it('Sum in en: "1,000" deposits 1000; "1.000" is one with decimals and is refused', async () => {
    const sut = await loaded('sandbox_card', 'en')
    sut.ref.send({ type: 'deposit.amount.change', value: '1.000' })
    sut.ref.send({ type: 'deposit.submit' })
    expect(selectFieldErrors(sut.ref.getSnapshot()).amount).toMatchObject({ messageId: 'wholeAmount', values: { example: '1,000', reason: 'decimal' } })
    sut.ref.send({ type: 'deposit.limit.set', limit: noLimit })
    sut.ref.send({ type: 'deposit.amount.change', value: '1,000' })
    sut.ref.send({ type: 'deposit.submit' })
    expect(sut.deposit.calls.map((c) => c.amount)).toEqual(['1000'])
  })

  it.each(['abc', '1e3', '１００', '<script>', '10,5', '-50', '0100', '1,0000'])('Sum: %j is refused as no whole amount, and nothing reading it throws', async (value) => {
    const sut = await loaded('sandbox_card', 'es')
    sut.ref.send({ type: 'deposit.amount.change', value })
    const s = sut.ref.getSnapshot()
    expect(() => [selectTypedAmount(s), selectFeePreview(s), selectOffers(s), selectPresets(s)]).not.toThrow()
    sut.ref.send({ type: 'deposit.submit' })
    expect(selectFieldErrors(sut.ref.getSnapshot()).amount?.messageId).toBe('wholeAmount')
    expect(sut.deposit.calls).toHaveLength(0)
  })

  it('Sum: spaces around the amount are trimmed, never inside it', async () => {
    const sut = await loaded('sandbox_card', 'es')
    sut.ref.send({ type: 'deposit.amount.change', value: '1 000' })
    sut.ref.send({ type: 'deposit.submit' })
    expect(selectFieldErrors(sut.ref.getSnapshot()).amount?.messageId).toBe('wholeAmount')
    sut.ref.send({ type: 'deposit.amount.change', value: ' 100 ' })
    sut.ref.send({ type: 'deposit.submit' })
    expect(sut.deposit.calls.map((c) => c.amount)).toEqual(['100'])
  })

  it('card requisites: a saved card or new; a typed card number is refused', () => {
    expect(defaultRequisites(sampleCard)).toEqual({ card_number: '411111...1111' })
    expect(validateRequisites(sampleCard, { card_number: 'new' })).toEqual({})
    expect(validateRequisites(sampleCard, { card_number: '4111111111111111' })).toEqual({ card_number: { rule: 'cardNumber', messageId: 'cardNumber' } })
    expect(validateRequisites(sampleCard, { card_number: '555555...4444' })).toEqual({ card_number: { rule: 'cardNumber', messageId: 'cardNumber' } })
  })

  it('sends makedeposit once per attempt with one idempotency key; a retry after no answer reuses it', async () => {
    const sut = await loaded('sandbox_card')
    sut.ref.send({ type: 'deposit.amount.preset', amount: '100' })
    sut.ref.send({ type: 'deposit.offer.select', id: 11 })
    sut.ref.send({ type: 'deposit.submit' })
    sut.ref.send({ type: 'deposit.submit' })
    expect(sut.deposit.calls).toEqual([
      {
        method_id: 1,
        method: 'sandbox_card',
        amount: '100',
        currency: 'EUR',
        campaign_offer_id: 11,
        requisites: { card_number: '411111...1111' },
        idempotency_key: 'attempt-0001-0123456789',
        return_url: '/cashier',
      },
    ])
    sut.deposit.reject(new TypeError('fetch failed'))
    await flush()
    expect(selectDepositAlert(sut.ref.getSnapshot())?.messageId).toBe('somethingWrong')
    sut.ref.send({ type: 'deposit.submit' })
    expect(sut.deposit.calls[1]?.idempotency_key).toBe('attempt-0001-0123456789')
    sut.deposit.resolve(declined)
    await flush()
    sut.ref.send({ type: 'deposit.submit' })
    expect(sut.deposit.calls[2]?.idempotency_key).toBe('attempt-0002-0123456789')
  })

  it('over the deposit limit: refused locally and by the server, with available_amount', async () => {
    const sut = await loaded('sandbox_card')
    sut.ref.send({ type: 'deposit.amount.change', value: '200' })
    sut.ref.send({ type: 'deposit.submit' })
    expect(sut.deposit.calls).toHaveLength(0)
    // Locally: the settings' binding limit, with its period.
    expect(selectDepositAlert(sut.ref.getSnapshot())).toMatchObject({ messageId: 'depositLimitExceeded', availableAmount: { amount: '150.00', currency: 'EUR' }, limitPeriod: 7 })
    sut.ref.send({ type: 'deposit.amount.change', value: '100' })
    sut.ref.send({ type: 'deposit.submit' })
    sut.deposit.resolve(limitRefused)
    await flush()
    expect(selectDepositAlert(sut.ref.getSnapshot())).toMatchObject({
      messageId: 'depositLimitExceeded',
      type: 'BillingDepositLimitExceededException',
      availableAmount: { amount: '20.00', currency: 'EUR' },
      // The server names the binding period: another limit than the settings' may bind by now.
      limitPeriod: 1,
    })
  })

  it.each([
    ['success', [{ type: 'refreshBalance' }, { type: 'goToResult', params: { page: 'paysuccess', transactionId: 'tx_success' } }]],
    ['pending', [{ type: 'goToResult', params: { page: 'paypending', transactionId: 'tx_pending' } }]],
    ['failed', [{ type: 'goToResult', params: { page: 'payfail', transactionId: 'tx_failed' } }]],
    ['cancelled', [{ type: 'goToResult', params: { page: 'paycancel', transactionId: 'tx_cancelled' } }]],
    ['redirect', [{ type: 'redirectToProvider', params: { url: 'https://sandbox.pay.example/hosted/redirect' } }]],
    [
      'newwindow',
      [
        { type: 'openProviderWindow', params: { url: 'https://sandbox.pay.example/hosted/newwindow' } },
        { type: 'goToResult', params: { page: 'paynewwindow', transactionId: 'tx_newwindow' } },
      ],
    ],
    ['mobile', [{ type: 'goToResult', params: { page: 'paymobile', transactionId: 'tx_mobile' } }]],
  ] as const)('a %s result routes the player', async (status, effects) => {
    const sut = await loaded('sandbox_card')
    sut.ref.send({ type: 'deposit.submit' })
    sut.deposit.resolve(result(status))
    await flush()
    expect(sut.effects).toEqual(effects.map((e) => ({ params: {}, ...e })))
  })

  it('a load failure of settings or methods offers a retry; offers failing leaves the form usable', async () => {
    const sut = startSut()
    sut.settings.resolve(unavailable)
    sut.methods.resolve({ ok: true, methods: [sampleCard] })
    sut.offers.resolve({ ok: true, offers: [] })
    await flush()
    expect(selectDepositView(sut.ref.getSnapshot())).toBe('loadFailed')
    sut.ref.send({ type: 'deposit.retry' })
    expect(selectDepositLoading(sut.ref.getSnapshot())).toEqual({ deposit: true, paymentMethods: true, offer: true })
    sut.settings.resolve({ ok: true, settings: sampleDepositSettings })
    sut.methods.resolve({ ok: true, methods: [sampleCard] })
    sut.offers.resolve(unavailable)
    await flush()
    expect(selectDepositView(sut.ref.getSnapshot())).toBe('form')
    expect(selectPresets(sut.ref.getSnapshot())).toHaveLength(4)
  })
})


describe('the page the deposit runs in', () => {
  /** The flow with its default actions: what the page is told after a submit that lands on `status`. */
  async function toldAfter(status: 'success' | 'newwindow' | 'mobile') {
    const settings = controllable<NoInput, LoadDepositSettingsResult>()
    const methods = controllable<NoInput, LoadDepositMethodsResult>()
    const offers = controllable<NoInput, LoadDepositOffersResult>()
    const deposit = controllable<MakeDepositInput, MakeDepositResult>()
    const ref = createActor(
      createDepositMachine({ generateKey: countingKeys() }).provide({
        actors: { loadDepositSettings: settings.actor, loadDepositMethods: methods.actor, loadDepositOffers: offers.actor, makeDeposit: deposit.actor },
      }),
      { input: { preselect: 'sandbox_card', returnUrl: '/cashier' } },
    ).start()
    const told: unknown[] = []
    ref.on('*', (event) => void told.push(event))
    settings.resolve({ ok: true, settings: sampleDepositSettings })
    methods.resolve({ ok: true, methods: [sampleCard, sampleWallet] })
    offers.resolve({ ok: true, offers: sampleOffers })
    await flush()
    ref.send({ type: 'deposit.submit' })
    deposit.resolve(result(status))
    await flush()
    return told
  }

  it('a success refreshes the balance, closes the unused window and goes to paysuccess', async () => {
    expect(await toldAfter('success')).toEqual([
      { type: BALANCE_CHANGED, balances: null },
      { type: DEPOSIT_PROVIDER_WINDOW, url: null },
      { type: DEPOSIT_LEFT_FOR_RESULT, path: '/cashier/paysuccess/tx_success', handOff: null },
    ])
  })

  it('a newwindow result sends the prepared window to the provider, then shows paynewwindow', async () => {
    expect(await toldAfter('newwindow')).toEqual([
      { type: DEPOSIT_PROVIDER_WINDOW, url: 'https://sandbox.pay.example/hosted/newwindow' },
      { type: DEPOSIT_PROVIDER_WINDOW, url: null },
      { type: DEPOSIT_LEFT_FOR_RESULT, path: '/cashier/paynewwindow/tx_newwindow', handOff: null },
    ])
  })

  it('a mobile result carries the hand-off to paymobile', async () => {
    const told = await toldAfter('mobile')
    const mobile = { deep_link: 'sandboxbank://pay/1', qr: null, instructions: 'Open your bank app' }
    expect(told.at(-1)).toEqual({ type: DEPOSIT_LEFT_FOR_RESULT, path: '/cashier/paymobile/tx_mobile', handOff: { mobile } })
  })
})
