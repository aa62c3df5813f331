import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { recordCoverage } from '../../testing/coverage'
import { ModelHarness, fixtureEvents, type FixtureTable, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import type { NoInput } from '../deposit/deposit.types'
import { isUnderWay, paymentStatus } from '../../../shared/payment-status'
import { cashierFailure, cashierUnavailable } from '../cashier.samples'
import { createWithdrawMachine } from './withdraw.machine'
import {
  SAMPLE_IBAN,
  sampleVaultedCard,
  sampleWithdrawal,
  sampleWithdrawSettings,
  withdrawalAccepted,
  withdrawOutcomes,
  withdrawRefusals,
  withdrawSamples,
  type WithdrawOutcome,
} from './withdraw.samples'
import { checkPan, entersNewCard, maxWithdrawal, needsKyc, validateWithdraw } from './withdraw.rules'
import {
  selectCanCancel,
  selectFeePreview,
  selectIsCancelling,
  selectIsSubmitting,
  selectPendingWithdrawals,
  selectWithdrawable,
  selectWithdrawAlert,
  selectWithdrawLoading,
  selectWithdrawView,
} from './withdraw.selectors'
import type { CancelWithdrawalInput, LoadWithdrawSettingsResult, MakeWithdrawalInput, TokenizeCardInput, TokenizeCardResult, WithdrawalAnswer, WithdrawEvent } from './withdraw.types'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'

function countingKeys() {
  let n = 0
  return () => `withdraw-${String(++n).padStart(4, '0')}-0123456789`
}
const modelMachine = createWithdrawMachine({ generateKey: countingKeys() })
type Snapshot = SnapshotFrom<typeof modelMachine>

const { confirmContact, limit, period, profile, tokenRefused } = withdrawRefusals
const VAULTED = sampleVaultedCard
const withdrawal = sampleWithdrawal

function startSut(locale?: string) {
  const load = controllable<NoInput, LoadWithdrawSettingsResult>()
  const tokenize = controllable<TokenizeCardInput, TokenizeCardResult>()
  const make = controllable<MakeWithdrawalInput, WithdrawalAnswer>()
  const cancel = controllable<CancelWithdrawalInput, WithdrawalAnswer>()
  const effects: string[] = []
  const ref = createActor(
    createWithdrawMachine({ generateKey: countingKeys() }).provide({
      actions: {
        refreshBalance: () => void effects.push('refreshBalance'),
        reportError: () => void effects.push('reportError'),
        askForProfile: () => void effects.push('askForProfile'),
        askForVerification: () => void effects.push('askForVerification'),
      },
      actors: { loadWithdrawSettings: load.actor, tokenizeCard: tokenize.actor, makeWithdrawal: make.actor, cancelWithdrawal: cancel.actor },
    }),
    { input: locale ? { locale } : {} },
  ).start()
  return { ref, load, tokenize, make, cancel, effects }
}
type Sut = ReturnType<typeof startSut>

const IBAN = SAMPLE_IBAN
// The registry's samples, and more values of the same events: the crypto method, amounts under the
// minimum and over the KYC threshold, a wrong IBAN and a bitcoin address, a number failing Luhn, a
// withdrawal that is not the player's.
const fixtures = {
  ...withdrawSamples,
  'withdraw.method.select': [...withdrawSamples['withdraw.method.select'], { type: 'withdraw.method.select', sysname: 'sandbox_btc' }],
  'withdraw.amount.change': [{ type: 'withdraw.amount.change', value: '5' }, ...withdrawSamples['withdraw.amount.change'], { type: 'withdraw.amount.change', value: '110' }],
  'withdraw.requisite.change': [
    ...withdrawSamples['withdraw.requisite.change'],
    { type: 'withdraw.requisite.change', name: 'iban', value: 'DE00 1234' },
    { type: 'withdraw.requisite.change', name: 'wallet_address', value: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
  ],
  'withdraw.pan.change': [...withdrawSamples['withdraw.pan.change'], { type: 'withdraw.pan.change', pan: '4242 4242 4242 4241' }],
  'withdraw.cancel': [...withdrawSamples['withdraw.cancel'], { type: 'withdraw.cancel', id: 'wd_404' }],
} satisfies FixtureTable<WithdrawEvent>

type Outcome = WithdrawOutcome
// The registry's answers, and the rest: card fields that are down, a payout made at once below the
// auto-approval amount, every other refusal, a withdrawal no longer cancellable.
const outcomes = {
  ...withdrawOutcomes,
  'xstate.done.actor.tokenizeCard': [...withdrawOutcomes['xstate.done.actor.tokenizeCard'], { type: 'xstate.done.actor.tokenizeCard', output: { ok: false, reason: 'unavailable' } }],
  'xstate.done.actor.makeWithdrawal': (s: Snapshot) => [
    ...withdrawOutcomes['xstate.done.actor.makeWithdrawal'](s),
    { type: 'xstate.done.actor.makeWithdrawal' as const, output: withdrawalAccepted(s, 'wd_3', 'success') },
    ...[confirmContact, profile, limit, period, tokenRefused, cashierUnavailable].map((output) => ({ type: 'xstate.done.actor.makeWithdrawal' as const, output })),
  ],
  'xstate.done.actor.cancelWithdrawal': [
    ...withdrawOutcomes['xstate.done.actor.cancelWithdrawal'],
    { type: 'xstate.done.actor.cancelWithdrawal', output: cashierFailure('InvalidParameterException', 'withdrawal_not_cancellable') },
  ],
} satisfies FixtureTable<Outcome>

const send = (sut: Sut, event: WithdrawEvent) => sut.ref.send(event)
const gestures = {
  'withdraw.method.select': send,
  'withdraw.method.clear': send,
  'withdraw.amount.change': send,
  'withdraw.amount.max': send, // 'withdraw everything'
  'withdraw.requisite.change': send,
  'withdraw.pan.change': send, // typing into the card number field
  'withdraw.submit': send,
  'withdraw.new': send,
  'withdraw.cancel': send, // 'cancel' on a pending withdrawal
  'withdraw.retry': send,
} satisfies GestureTable<WithdrawEvent, Sut, Snapshot>

const isOutcome = (e: { type: string }): e is Outcome => e.type.startsWith('xstate.')
const actorIdOf = (e: Outcome) => e.type.replace(/^xstate\.(done|error)\.actor\./, '')
const outcomeGestures = {
  ...settleGestures('loadWithdrawSettings', (sut: Sut) => sut.load),
  ...settleGestures('tokenizeCard', (sut: Sut) => sut.tokenize),
  ...settleGestures('makeWithdrawal', (sut: Sut) => sut.make),
  ...settleGestures('cancelWithdrawal', (sut: Sut) => sut.cancel),
} satisfies GestureTable<Outcome, Sut, Snapshot>

/** What the guards read: the method, the class of the amount, the requisites, whether wd_1 can be cancelled, the messages, the key. */
const serializeState = (s: Snapshot) => {
  const { context } = s
  const errors = context.settings && context.method ? validateWithdraw(context) : {}
  return JSON.stringify({
    value: s.value,
    method: context.method,
    amount: errors.amount?.messageId ?? (needsKyc(context) ? 'kyc' : 'ok'),
    requisites: Object.keys(errors).filter((k) => k !== 'amount').length === 0,
    newCard: entersNewCard(context) ? (checkPan(context.pan)?.messageId ?? 'ok') : null,
    vaulted: context.vaulted !== null,
    cancellable: context.settings?.pending.some((w) => w.id === 'wd_1') ?? false,
    errors: Object.keys(context.fieldErrors).length > 0,
    alert: context.alert?.messageId ?? null,
    key: context.attemptKey !== null,
    requested: context.requested !== null,
  })
}

const harness = new ModelHarness<typeof modelMachine, Sut, Outcome>({
  machine: modelMachine,
  events: (s) => [...fixtureEvents<WithdrawEvent, Snapshot>(fixtures, s), ...fixtureEvents<Outcome, Snapshot>(outcomes, s)],
  filterEvents: (s, e) => (isOutcome(e) ? Object.keys(s.children).includes(actorIdOf(e)) : s.can(e)),
  serializeState,
  createSut: startSut,
  gestures: dispatchGestures(gestures, outcomeGestures),
  check: (sut, { state, from, event }) => {
    const s = sut.ref.getSnapshot()
    expect(serializeState(s)).toBe(serializeState(state))
    const { broken, rule } = ruleCollector()
    const running = Object.keys(s.children)
    rule('withdraw flag', selectWithdrawLoading(s) === running.includes('loadWithdrawSettings'))
    rule('busy while the card fields or makewithdrawal run', selectIsSubmitting(s) === (running.includes('makeWithdrawal') || running.includes('tokenizeCard')))
    // The number goes to the card fields only: never into a makewithdrawal input.
    rule('no number to our API', sut.make.calls.every((c) => !JSON.stringify(c).includes('4242 4242') && !JSON.stringify(c).includes('4242424242424242')))
    rule('cancelling while cancelwithdrawal runs', selectIsCancelling(s) === running.includes('cancelWithdrawal'))
    const withdrawable = selectWithdrawable(s)
    if (withdrawable) rule('never below zero', !withdrawable.amount.startsWith('-'))
    const alert = selectWithdrawAlert(s)
    // SPEC §8: the KYC and confirm-contact messages carry the settings' button.
    if (alert?.messageId === 'kycRequired') rule('kyc button', alert.button === sampleWithdrawSettings.buttons.kyc)
    if (alert?.messageId === 'confirmContact') rule('confirm button', alert.button === sampleWithdrawSettings.buttons.confirm_contact && alert.contactType === 'email')
    const effects = sut.effects.splice(0)
    if (from && event) {
      const started = running.includes('makeWithdrawal') && !Object.keys(from.children).includes('makeWithdrawal')
      if (started) {
        const input = sut.make.calls.at(-1)!
        rule('a valid form only', Object.keys(validateWithdraw(from.context)).length === 0 && !needsKyc(from.context))
        rule('key sent', input.idempotency_key === s.context.attemptKey)
        // A new card's payout carries the card fields' token; a saved card's or another method's none.
        rule('token sent for a new card', entersNewCard(from.context) ? input.card_token === VAULTED.token : input.card_token === undefined)
      }
      if (running.includes('tokenizeCard') && !Object.keys(from.children).includes('tokenizeCard')) {
        const input = sut.tokenize.calls.at(-1)!
        rule('card fields get digits of a valid number', input.url === '/sandbox/cards' && /^\d{13,19}$/.test(input.pan) && checkPan(input.pan) === null)
      }
      const accepted = (event.type === 'xstate.done.actor.makeWithdrawal' || event.type === 'xstate.done.actor.cancelWithdrawal') && event.output.ok
      rule('balance refreshed exactly when money moved', effects.filter((e) => e === 'refreshBalance').length === (accepted ? 1 : 0))
      const needsDetails = event.type === 'xstate.done.actor.makeWithdrawal' && !event.output.ok && event.output.error.type === 'UserNeedProfileDataException'
      rule('fill-profile prompt exactly when details are missing', effects.filter((e) => e === 'askForProfile').length === (needsDetails ? 1 : 0))
      // The popup opens for each refusal that asks for the check, the form's own or the server's.
      const asksCheck = (event.type === 'withdraw.submit' || event.type === 'xstate.done.actor.makeWithdrawal') && alert?.messageId === 'kycRequired'
      rule('verification popup exactly when the check is asked for', effects.filter((e) => e === 'askForVerification').length === (asksCheck ? 1 : 0))
      // The amount is reserved at once, so the player cannot spend it twice; a cancel returns it.
      if (event.type === 'xstate.done.actor.makeWithdrawal' && event.output.ok) {
        const before = Number(from.context.settings!.withdrawable.amount)
        rule('reserved from the withdrawable amount', Number(withdrawable!.amount) === before - Number(event.output.withdrawal.amount.amount))
        const pending = selectPendingWithdrawals(s)
        const id = event.output.withdrawal.id
        rule('heads the pending list while under way, and is not in it once done', isUnderWay(paymentStatus(event.output.withdrawal)) ? pending[0]?.id === id : !pending.some((w) => w.id === id))
      }
      if (event.type === 'xstate.done.actor.cancelWithdrawal' && event.output.ok) {
        rule('reserve returned', Number(withdrawable!.amount) === Number(from.context.settings!.withdrawable.amount) + 30)
        rule('leaves the list', !selectPendingWithdrawals(s).some((w) => w.id === 'wd_1'))
      }
    }
    expect(broken).toEqual([])
  },
})

describeModel('withdrawMachine', harness, { minShortestPaths: 10, timeoutMs: 120_000, edgesTimeoutMs: 300_000 })

// ── rules ────────────────────────────────────────────────────────────────────

// Rule tests drive actors of their own: their recordings are written once they are done.

async function ready(locale?: string, settings = sampleWithdrawSettings) {
  const sut = startSut(locale)
  sut.load.resolve({ ok: true, settings })
  await flush()
  return sut
}

describe('withdraw rules (SPEC §5, §8)', () => {
  it('a single usable method opens its form at once', async () => {
    const sut = startSut()
    recordCoverage(sut.ref)
    sut.load.resolve({ ok: true, settings: { ...sampleWithdrawSettings, methods: [sampleWithdrawSettings.methods[0]!] } })
    await flush()
    expect(selectWithdrawView(sut.ref.getSnapshot())).toBe('form')
    expect(sut.ref.getSnapshot().context.method).toBe('sandbox_bank')
  })

  it('requisites: a valid IBAN, a bitcoin address', async () => {
    const sut = await ready()
    sut.ref.send({ type: 'withdraw.method.select', sysname: 'sandbox_bank' })
    sut.ref.send({ type: 'withdraw.amount.change', value: '50' })
    sut.ref.send({ type: 'withdraw.requisite.change', name: 'iban', value: 'DE89 3704 0044 0532 0130 01' })
    sut.ref.send({ type: 'withdraw.submit' })
    expect(sut.ref.getSnapshot().context.fieldErrors).toEqual({ iban: { rule: 'iban', messageId: 'iban' } })
    sut.ref.send({ type: 'withdraw.method.select', sysname: 'sandbox_btc' })
    sut.ref.send({ type: 'withdraw.amount.change', value: '50' })
    sut.ref.send({ type: 'withdraw.requisite.change', name: 'wallet_address', value: '0x52908400098527886E0F7030069857D2E4169EE7' })
    sut.ref.send({ type: 'withdraw.submit' })
    expect(sut.ref.getSnapshot().context.fieldErrors).toEqual({ wallet_address: { rule: 'cryptoAddress', messageId: 'cryptoAddress' } })
    expect(sut.make.calls).toHaveLength(0)
  })

  it('the amount stays within the withdrawable balance; max fills it in whole units', async () => {
    expect(maxWithdrawal({ ...sampleWithdrawSettings, withdrawable: { amount: '120.75', currency: 'EUR' } }, 'sandbox_bank')).toBe('120')
    const sut = await ready()
    sut.ref.send({ type: 'withdraw.method.select', sysname: 'sandbox_bank' })
    sut.ref.send({ type: 'withdraw.amount.change', value: '500' })
    sut.ref.send({ type: 'withdraw.submit' })
    expect(sut.ref.getSnapshot().context.fieldErrors.amount).toEqual({ rule: 'sum', messageId: 'sumRange', values: { min: '20', max: '120', currency: 'EUR' } })
    sut.ref.send({ type: 'withdraw.amount.max' })
    expect(sut.ref.getSnapshot().context.amount).toBe('120')
  })

  it('amount in de: "10,5" is refused with the rule, never withdrawn as 105; "1.000" withdraws 1000', async () => {
    const rich = { ...sampleWithdrawSettings, withdrawable: { amount: '5000.00', currency: 'EUR' }, is_verified: true }
    const sut = await ready('de', rich)
    sut.ref.send({ type: 'withdraw.method.select', sysname: 'sandbox_bank' })
    sut.ref.send({ type: 'withdraw.requisite.change', name: 'iban', value: IBAN })
    for (const value of ['10,5', '1e3', '１００', '<b>', 'abc']) {
      sut.ref.send({ type: 'withdraw.amount.change', value })
      expect(selectFeePreview(sut.ref.getSnapshot()), value).toBeNull()
      sut.ref.send({ type: 'withdraw.submit' })
      expect(sut.ref.getSnapshot().context.fieldErrors.amount, value).toMatchObject({ rule: 'sum', messageId: 'wholeAmount', values: { example: '1.000' } })
    }
    expect(sut.make.calls).toHaveLength(0)
    sut.ref.send({ type: 'withdraw.amount.change', value: '1.000' })
    sut.ref.send({ type: 'withdraw.submit' })
    expect(sut.make.calls.map((c) => c.amount)).toEqual(['1000'])
  })

  it('KYC: refused before asking above the threshold, with the KYC button', async () => {
    const sut = await ready()
    sut.ref.send({ type: 'withdraw.method.select', sysname: 'sandbox_bank' })
    sut.ref.send({ type: 'withdraw.amount.change', value: '110' })
    sut.ref.send({ type: 'withdraw.requisite.change', name: 'iban', value: IBAN })
    sut.ref.send({ type: 'withdraw.submit' })
    expect(sut.make.calls).toHaveLength(0)
    expect(selectWithdrawAlert(sut.ref.getSnapshot())).toMatchObject({
      messageId: 'kycRequired',
      button: { show: true, link: '/profile/verification' },
      amount: { amount: '100.00', currency: 'EUR' },
    })
  })

  it('a request reserves the amount and lists it; cancelling returns the reserve', async () => {
    const sut = await ready()
    sut.ref.send({ type: 'withdraw.method.select', sysname: 'sandbox_bank' })
    sut.ref.send({ type: 'withdraw.amount.change', value: '50' })
    sut.ref.send({ type: 'withdraw.requisite.change', name: 'iban', value: IBAN })
    sut.ref.send({ type: 'withdraw.submit' })
    sut.ref.send({ type: 'withdraw.submit' })
    expect(sut.make.calls).toEqual([
      { method_id: 3, method: 'sandbox_bank', amount: '50', currency: 'EUR', requisites: { iban: IBAN }, idempotency_key: 'withdraw-0001-0123456789' },
    ])
    sut.make.resolve({ ok: true, withdrawal: withdrawal('50'), balance: { amount: '70.00', currency: 'EUR' } })
    await flush()
    expect(selectWithdrawView(sut.ref.getSnapshot())).toBe('requested')
    expect(selectWithdrawable(sut.ref.getSnapshot())).toEqual({ amount: '70.00', currency: 'EUR' })
    expect(selectPendingWithdrawals(sut.ref.getSnapshot()).map((w) => w.id)).toEqual(['wd_2', 'wd_1'])
    expect(selectCanCancel(sut.ref.getSnapshot(), 'wd_1')).toBe(true)
    sut.ref.send({ type: 'withdraw.cancel', id: 'wd_1' })
    expect(sut.cancel.calls).toEqual([{ id: 'wd_1' }])
    sut.cancel.resolve({ ok: true, withdrawal: withdrawal('30.00', 'wd_1', 'cancelled'), balance: { amount: '100.00', currency: 'EUR' } })
    await flush()
    expect(selectWithdrawable(sut.ref.getSnapshot())).toEqual({ amount: '100.00', currency: 'EUR' })
    expect(sut.effects).toEqual(['refreshBalance', 'refreshBalance'])
  })

  it('a withdrawal paid out at once is done: not listed as pending, as the history says Completed', async () => {
    const sut = await ready()
    sut.ref.send({ type: 'withdraw.method.select', sysname: 'sandbox_bank' })
    sut.ref.send({ type: 'withdraw.amount.change', value: '50' })
    sut.ref.send({ type: 'withdraw.requisite.change', name: 'iban', value: IBAN })
    sut.ref.send({ type: 'withdraw.submit' })
    sut.make.resolve({ ok: true, withdrawal: withdrawal('50', 'wd_2', 'success'), balance: { amount: '70.00', currency: 'EUR' } })
    await flush()
    expect(selectWithdrawView(sut.ref.getSnapshot())).toBe('requested')
    expect(selectWithdrawable(sut.ref.getSnapshot())).toEqual({ amount: '70.00', currency: 'EUR' })
    expect(selectPendingWithdrawals(sut.ref.getSnapshot()).map((w) => w.id)).toEqual(['wd_1'])
  })

  it.each([
    [confirmContact, { messageId: 'confirmContact', button: { show: true, link: '/confirmation' }, contactType: 'email' }],
    [profile, { messageId: 'profileRequired', button: null }],
    [limit, { messageId: 'limitExceeded', amount: { amount: '50.00', currency: 'EUR' } }],
    [period, { messageId: 'periodExceeded', amount: { amount: '10.00', currency: 'EUR' }, period: { days: 7, resetAt: '2024-05-08T00:00:00Z' } }],
  ])('SPEC §8 refusal %#', async (answer, alert) => {
    const sut = await ready()
    sut.ref.send({ type: 'withdraw.method.select', sysname: 'sandbox_bank' })
    sut.ref.send({ type: 'withdraw.amount.change', value: '50' })
    sut.ref.send({ type: 'withdraw.requisite.change', name: 'iban', value: IBAN })
    sut.ref.send({ type: 'withdraw.submit' })
    sut.make.resolve(answer)
    await flush()
    expect(selectWithdrawAlert(sut.ref.getSnapshot())).toMatchObject(alert)
    expect(selectWithdrawView(sut.ref.getSnapshot())).toBe('form')
  })
})

describe('missing profile details (SPEC §2.4 fill-profile-info confirm)', () => {
  it('asks the page to open the prompt with the fields the server named, keeps the form, and sends the same form again', async () => {
    const make = controllable<MakeWithdrawalInput, WithdrawalAnswer>()
    const load = controllable<NoInput, LoadWithdrawSettingsResult>()
    const ref = createActor(createWithdrawMachine({ generateKey: countingKeys() }).provide({ actors: { loadWithdrawSettings: load.actor, makeWithdrawal: make.actor } }), { input: {} }).start()
    recordCoverage(ref)
    const asked: unknown[] = []
    ref.on('cashier.profileDataRequired', (event) => void asked.push(event))
    load.resolve({ ok: true, settings: sampleWithdrawSettings })
    await flush()
    ref.send({ type: 'withdraw.method.select', sysname: 'sandbox_bank' })
    ref.send({ type: 'withdraw.amount.change', value: '50' })
    ref.send({ type: 'withdraw.requisite.change', name: 'iban', value: IBAN })
    ref.send({ type: 'withdraw.submit' })
    make.resolve(profile)
    await flush()
    expect(asked).toEqual([{ type: 'cashier.profileDataRequired', toastType: 'fill_for_withdrawal', fields: ['first_name', 'birth_date'] }])
    expect(ref.getSnapshot().context).toMatchObject({ amount: '50', requisites: { iban: IBAN }, attemptKey: null })
    ref.send({ type: 'withdraw.submit' })
    expect(make.calls).toHaveLength(2)
    expect(make.calls[1]).toMatchObject({ amount: '50', requisites: { iban: IBAN } })
    ref.stop()
  })
})

describe('withdrawal to a new card (SPEC §5 card number; the provider card fields)', () => {
  async function onCard() {
    const sut = await ready()
    sut.ref.send({ type: 'withdraw.method.select', sysname: 'sandbox_card' })
    sut.ref.send({ type: 'withdraw.amount.change', value: '50' })
    return sut
  }

  it('checks the typed number before anything is sent: required, then Luhn', async () => {
    const sut = await onCard()
    expect(sut.ref.getSnapshot().context.requisites).toEqual({ card_number: 'new' })
    sut.ref.send({ type: 'withdraw.submit' })
    expect(sut.ref.getSnapshot().context.fieldErrors).toEqual({ pan: { rule: 'required', messageId: 'required' } })
    sut.ref.send({ type: 'withdraw.pan.change', pan: '4242 4242 4242 4241' })
    expect(sut.ref.getSnapshot().context.fieldErrors).toEqual({})
    sut.ref.send({ type: 'withdraw.submit' })
    expect(sut.ref.getSnapshot().context.fieldErrors).toEqual({ pan: { rule: 'cardNumber', messageId: 'cardNumber' } })
    expect(sut.tokenize.calls).toHaveLength(0)
    expect(sut.make.calls).toHaveLength(0)
  })

  it('sends the number to the card fields only, then the token with makewithdrawal; the card is saved and the number dropped', async () => {
    const sut = await onCard()
    sut.ref.send({ type: 'withdraw.pan.change', pan: '4242 4242 4242 4242' })
    sut.ref.send({ type: 'withdraw.submit' })
    expect(selectIsSubmitting(sut.ref.getSnapshot())).toBe(true)
    expect(sut.tokenize.calls).toEqual([{ url: '/sandbox/cards', pan: '4242424242424242' }])
    sut.tokenize.resolve({ ok: true, card: VAULTED })
    await flush()
    expect(sut.make.calls).toEqual([
      {
        method_id: 5,
        method: 'sandbox_card',
        amount: '50',
        currency: 'EUR',
        requisites: { card_number: 'new' },
        idempotency_key: 'withdraw-0001-0123456789',
        card_token: VAULTED.token,
      },
    ])
    sut.make.resolve({ ok: true, withdrawal: { ...withdrawal('50'), method: { sysname: 'sandbox_card', name: 'Visa / Mastercard' }, requisite: '424242...4242' }, balance: { amount: '70.00', currency: 'EUR' } })
    await flush()
    const { context } = sut.ref.getSnapshot()
    expect(selectWithdrawView(sut.ref.getSnapshot())).toBe('requested')
    expect(context.pan).toBe('')
    expect(context.vaulted).toBeNull()
    expect(context.requisites).toEqual({ card_number: '424242...4242' })
    expect(context.settings!.methods.find((m) => m.sysname === 'sandbox_card')!.saved_requisites).toEqual([
      { field: 'card_number', value: '424242...4242', label: 'Visa ···· 4242', expires: null },
    ])
  })

  it("a number the card fields refuse, or a token the server refuses, is the number field's error", async () => {
    const sut = await onCard()
    sut.ref.send({ type: 'withdraw.pan.change', pan: '4242 4242 4242 4242' })
    sut.ref.send({ type: 'withdraw.submit' })
    sut.tokenize.resolve({ ok: false, reason: 'refused', messageId: 'cardNumber' })
    await flush()
    expect(sut.ref.getSnapshot().context.fieldErrors).toEqual({ pan: { rule: 'cardNumber', messageId: 'cardNumber' } })
    expect(sut.make.calls).toHaveLength(0)
    sut.ref.send({ type: 'withdraw.submit' })
    sut.tokenize.resolve({ ok: true, card: VAULTED })
    await flush()
    sut.make.resolve(tokenRefused)
    await flush()
    expect(sut.ref.getSnapshot().context.fieldErrors).toEqual({ pan: { rule: 'server', messageId: 'cardNumber' } })
    sut.ref.send({ type: 'withdraw.submit' })
    sut.tokenize.resolve({ ok: false, reason: 'unavailable' })
    await flush()
    expect(selectWithdrawAlert(sut.ref.getSnapshot())).toMatchObject({ messageId: 'billingUnavailable' })
  })

  it('a provider without card fields pays out to saved cards only: with none, the player deposits with a card first', async () => {
    const sut = startSut()
    sut.load.resolve({ ok: true, settings: { ...sampleWithdrawSettings, card_vault: null } })
    await flush()
    sut.ref.send({ type: 'withdraw.method.select', sysname: 'sandbox_card' })
    sut.ref.send({ type: 'withdraw.amount.change', value: '50' })
    sut.ref.send({ type: 'withdraw.submit' })
    expect(sut.ref.getSnapshot().context.fieldErrors).toEqual({ card_number: { rule: 'cardNumber', messageId: 'cardNumber' } })
    expect(sut.tokenize.calls).toHaveLength(0)
    expect(sut.make.calls).toHaveLength(0)
  })
})
