// The journeys of e2e/deposit.model.spec.ts, computed from the deposit machine with the shared
// generator (e2e/models/journeys.ts): one shortest path per leaf state a player can reach on the
// real cashier, and one per refusal the form shows.
//
// The world the paths are played in: a new USD player who has paid 50.00 once with the sandbox's
// test card 4242 4242 4242 4242, so the card is saved and the balance is 50.00 (the journey makes
// this player first, e2e/models/deposit.journey.ts). The actors' answers are an oracle of the real
// server for that player (server/api/cashier.ts, server/seed/payments.ts, the sandbox provider):
// the methods in USD with their bounds and fees, the preset amounts, the seeded deposit offers with
// the server's verdict for a player who has deposited, and makedeposit's answer
// (server/domain/payments/sandbox/provider.ts startDeposit): a saved card is charged at once
// (success), a new card goes to the sandbox's hosted page in this window (redirect), the e-wallet
// opens it in a new window (newwindow) and bitcoin hands the payment off to a phone (mobile). The
// journey compares every real answer with the model's on the parts
// the flow reads, so a change of the seed or the server fails the journey that depends on it.
//
// Node-only and browser-free: the spec imports it at collection time.
import { createDepositMachine } from '../../src/machines/cashier/deposit/deposit.machine'
import { NEW_CARD, NO_OFFER, type DepositOffer, type DepositResult, type DepositSettings, type PaymentMethod } from '../../src/machines/cashier/cashier.types'
import type { DepositSnapshot } from '../../src/machines/cashier/deposit/deposit.selectors'
import type { DepositEvent, MakeDepositResult } from '../../src/machines/cashier/deposit/deposit.types'
import type { FixtureTable } from '../../src/machines/testing/model'
import { defineModelPaths, leavesOfValue } from './journeys'

/** The machine as the page runs it; the attempt key is the page's business, not the model's. */
export const depositModelMachine = createDepositMachine({ generateKey: () => 'model-attempt-key' })

// ── the world ────────────────────────────────────────────────────────────────

export const WORLD = {
  currency: 'USD',
  /** What the player paid before the journey, with the card below. */
  balance: '50.00',
  firstDeposit: '50',
  cardNumber: '4242 4242 4242 4242',
  declinedCard: '4000 0000 0000 0002',
  /** The saved card as the cashier lists it (SPEC §5 'Card number': first 6, three dots, last 4). */
  savedCard: '424242...4242',
  walletEmail: 'model-wallet@example.com',
  /** The cashier's BTC rate per dollar (server/seed/data.ts), for the hand-off's coin amount. */
  btcPerUsd: '0.0000155',
} as const

const method = (
  sysname: string,
  kind: PaymentMethod['kind'],
  [min, max]: [string, string],
  fee: PaymentMethod['fee'],
  requisites: PaymentMethod['requisites'],
  saved: PaymentMethod['saved_requisites'],
): PaymentMethod => ({
  id: 0,
  sysname,
  kind,
  name: sysname,
  icon: { light: '', dark: '' },
  description: { short: '', full: '' },
  limits: [{ currency: WORLD.currency, min, max }],
  fee,
  processing_minutes: 0,
  requisites,
  saved_requisites: saved,
})

const NO_FEE: PaymentMethod['fee'] = { percent: '0', fixed: [] }

/**
 * getdepositinfo for the world's player: the seed's USD methods in order, with their fees
 * (server/seed/payments.ts). Bitcoin is offered to a dollar player too: the amount is in dollars,
 * the coin amount is quoted at the cashier's rate on the hand-off.
 */
export const METHODS: readonly PaymentMethod[] = [
  method('card', 'card', ['10.00', '5000.00'], NO_FEE, [{ name: 'card_number', input: 'card', rules: ['required'] }], [
    { field: 'card_number', value: WORLD.savedCard, label: 'Visa ···· 4242', expires: '12/30' },
  ]),
  method('ewallet', 'ewallet', ['5.00', '2000.00'], { percent: '1.5', fixed: [] }, [{ name: 'wallet_email', input: 'email', rules: ['required', 'email'] }], []),
  method('banktransfer', 'bank', ['20.00', '20000.00'], { percent: '0', fixed: [{ amount: '1.00', currency: WORLD.currency }] }, [
    { name: 'iban', input: 'iban', rules: ['required', 'iban'], mask: null },
  ], []),
  method('bitcoin', 'crypto', ['20.00', '5000.00'], NO_FEE, [], []),
]

const offer = (id: number, title: string, satisfied: boolean, exclude: string[], minUsd: string | null, promotion: DepositOffer['promotions'][number]): DepositOffer => ({
  id,
  trigger: {
    action: 'deposit',
    user_satisfies_params: satisfied,
    params: { exclude_methods: exclude, ...(minUsd === null ? {} : { min_amount: [{ amount: minUsd, currency: WORLD.currency }] }) },
  },
  description: { title, text: '', image: null },
  promotions: [promotion],
})

/**
 * getdepositoffers for the world's player: the seed's offers in order (server/seed/payments.ts
 * DEMO_OFFERS), each with the server's verdict for a player who has deposited
 * (server/domain/payments/offers.ts): the first-deposit offer is listed but not for them, the
 * reload and free-spins offers are. The ids are the seed's rows on the e2e server's fresh database.
 */
export const OFFERS: readonly DepositOffer[] = [
  offer(1, '100% first deposit bonus', false, ['bitcoin'], '20.00', { type: 'bonus_percent', value: '100', max_amount: [{ amount: '500.00', currency: WORLD.currency }] }),
  offer(2, '25% reload bonus', true, [], '10.00', { type: 'bonus_percent', value: '25' }),
  offer(3, '50 free spins', true, ['banktransfer'], null, { type: 'freespins', value: '50' }),
]

/** getdepositsettings: presets are multiples of the smallest minimum (5), the default the second; no limit set. */
export const SETTINGS: DepositSettings = {
  currency: WORLD.currency,
  amounts: { [WORLD.currency]: ['5', '10', '25', '50'] },
  default_amount: '10',
  deposit_limit: { available_amount: null, can_edit: true, expired_at: null, limit_amount: null, period: 'none', scheduled: null },
  is_first_deposit: false,
}

// ── the events a player causes ───────────────────────────────────────────────

/** Amounts the player types: one every method takes, one below every method's minimum. */
export const AMOUNT = { good: '25', tooSmall: '1' } as const

/**
 * What the player does. Left out, each with its reason: 'deposit.amount.preset' (the same amount
 * change as typing; the presets are checked on screen), 'deposit.offer.select' (choosing an offer
 * leads to no state or refusal the journeys target, so no shortest path would take it; the offers
 * listed are checked on screen, and e2e/cashier-methods.spec.ts sends one with a deposit),
 * 'deposit.retry' (only after a failed load, which the real server does not give a logged-in
 * player), 'deposit.limit.set' (sent by the deposit-limit offer of the form, shown only at a first
 * deposit: selectOffersDepositLimit needs settings.is_first_deposit, which getdepositsettings
 * answers false once the player has a successful deposit, as the world's player has).
 */
export const PLAYER_SAMPLES = {
  'deposit.method.select': [
    { type: 'deposit.method.select', sysname: 'card' },
    { type: 'deposit.method.select', sysname: 'ewallet' },
    { type: 'deposit.method.select', sysname: 'bitcoin' },
  ],
  'deposit.method.clear': [{ type: 'deposit.method.clear' }],
  'deposit.amount.change': [
    { type: 'deposit.amount.change', value: AMOUNT.good },
    { type: 'deposit.amount.change', value: AMOUNT.tooSmall },
  ],
  'deposit.amount.preset': [],
  'deposit.offer.select': [],
  'deposit.requisite.change': [
    { type: 'deposit.requisite.change', name: 'card_number', value: NEW_CARD },
    { type: 'deposit.requisite.change', name: 'wallet_email', value: WORLD.walletEmail },
  ],
  'deposit.submit': [{ type: 'deposit.submit' }],
  'deposit.retry': [],
  // The limit offer shows only at a first deposit; the world's player has deposited (see above).
  'deposit.limit.set': [],
} as const satisfies FixtureTable<DepositEvent>

// ── the events the server causes ─────────────────────────────────────────────

export type DepositAnswer =
  | { type: 'xstate.done.actor.loadDepositSettings'; output: { ok: true; settings: DepositSettings } }
  | { type: 'xstate.done.actor.loadDepositMethods'; output: { ok: true; methods: readonly PaymentMethod[] } }
  | { type: 'xstate.done.actor.loadDepositOffers'; output: { ok: true; offers: readonly DepositOffer[] } }
  | { type: 'xstate.done.actor.makeDeposit'; output: MakeDepositResult }

export type JourneyEvent = DepositEvent | DepositAnswer

const result = (status: DepositResult['status']): MakeDepositResult => ({
  ok: true,
  result: {
    status,
    transaction_id: 'model-transaction',
    redirect_url: status === 'redirect' ? '/sandbox/pay/model-transaction' : status === 'newwindow' ? '/sandbox/pay/model-transaction?window=1' : null,
    mobile: status === 'mobile' ? { deep_link: '/sandbox/phone/model-transaction?code=model', qr: null, instructions: '', address: null, pay_amount: null } : null,
    balance: null,
    failure_code: null,
  },
})

/** The oracle: what the real server answers for the model's context (server/domain/payments/cashier.ts makeDeposit). */
export function serverAnswers(snapshot: DepositSnapshot): DepositAnswer[] {
  const { method: chosen, requisites } = snapshot.context
  const savedCard = chosen === 'card' && requisites['card_number'] === WORLD.savedCard
  const kind = METHODS.find((m) => m.sysname === chosen)?.kind
  // The sandbox charges a saved card at once; the e-wallet opens its page in a new window, crypto
  // hands off to a phone, anything else goes to its hosted page in this window.
  const status: DepositResult['status'] = savedCard ? 'success' : kind === 'ewallet' ? 'newwindow' : kind === 'crypto' ? 'mobile' : 'redirect'
  return [
    { type: 'xstate.done.actor.loadDepositSettings', output: { ok: true, settings: SETTINGS } },
    { type: 'xstate.done.actor.loadDepositMethods', output: { ok: true, methods: METHODS } },
    { type: 'xstate.done.actor.loadDepositOffers', output: { ok: true, offers: OFFERS } },
    { type: 'xstate.done.actor.makeDeposit', output: result(status) },
  ]
}

/** A player event needs its control on screen: none while the page loads. */
function allow(snapshot: DepositSnapshot, event: JourneyEvent): boolean {
  if (event.type.startsWith('xstate.')) return true
  if (event.type === 'deposit.requisite.change') {
    // A requisite of the chosen method only.
    return METHODS.find((m) => m.sysname === snapshot.context.method)?.requisites.some((r) => r.name === event.name) ?? false
  }
  return true
}

function serializeJourneyState(snapshot: DepositSnapshot): string {
  const { method: chosen, amount, requisites, fieldErrors, alert, result: answer, settings, methods, offers } = snapshot.context
  return JSON.stringify({
    value: snapshot.value,
    loaded: [settings !== null, methods.length, offers.length],
    chosen,
    amount,
    requisites,
    errors: Object.keys(fieldErrors).sort(),
    alert: alert?.messageId ?? null,
    answer: answer?.status ?? null,
  })
}

/** Each leaf, and each field the form refuses (`refused:amount`): the player sees them differently. */
function targetsOf(snapshot: DepositSnapshot): string[] {
  return [...leavesOfValue(snapshot.value), ...Object.keys(snapshot.context.fieldErrors).map((field) => `refused:${field}`)]
}

// ── states and paths ─────────────────────────────────────────────────────────

export const { skipped: SKIPPED, leavesOf, journeys: depositJourneys } = defineModelPaths({
  machine: depositModelMachine,
  // The chart's states no journey reaches, and why: printed by the spec, left out of DepositLeaf.
  skipped: {
    'form.deciding': 'left by `always` the moment it is entered: never at rest, never seen',
    loadFailed:
      'needs getdepositsettings or getdepositinfo to fail (or no method in the player\'s currency): the real server answers every logged-in player with the seeded methods',
    pending:
      'makedeposit answering pending at once: the sandbox never does (a new card or an e-wallet goes to its hosted page, a saved card is charged at once); the pending page is reached from the hosted page, see the provider outcomes below',
    declined:
      'makedeposit answering failed at once: the sandbox does only for a saved card with a token it never issued, which a player cannot choose; the declined card 4000 0000 0000 0002 is refused on the hosted page instead (provider outcomes below)',
    cancelled: 'makedeposit answering cancelled at once: the sandbox never does; the hosted page\'s Cancel is played below',
  },
  samples: PLAYER_SAMPLES as FixtureTable<DepositEvent>,
  answers: serverAnswers,
  serializeState: serializeJourneyState,
  allow,
  targetsOf,
  // /cashier/deposit: no method in the address.
  input: () => ({ preselect: null, returnUrl: '/cashier' }),
})

export type DepositLeaf = ReturnType<typeof leavesOf>[number]
export type DepositJourney = ReturnType<typeof depositJourneys>[number]

/** The amount a path deposits: what the form holds when it is sent. */
export const amountOf = (snapshot: DepositSnapshot): string => snapshot.context.amount

export function describeEvent(event: JourneyEvent): string {
  switch (event.type) {
    case 'deposit.method.select':
      return `method.select(${event.sysname})`
    case 'deposit.amount.change':
      return `amount.change(${event.value})`
    case 'deposit.amount.preset':
      return `amount.preset(${event.amount})`
    case 'deposit.offer.select':
      return `offer.select(${event.id === NO_OFFER ? 'none' : event.id})`
    case 'deposit.requisite.change':
      return `requisite.change(${event.name}:${event.value === NEW_CARD ? 'new card' : event.value})`
    case 'xstate.done.actor.makeDeposit':
      return `done.makeDeposit(${event.output.ok ? event.output.result.status : event.output.error.code})`
    case 'xstate.done.actor.loadDepositSettings':
    case 'xstate.done.actor.loadDepositMethods':
    case 'xstate.done.actor.loadDepositOffers':
      return event.type.replace('xstate.done.actor.', 'done.')
    default:
      return event.type.replace(/^deposit\./, '')
  }
}
