// The journeys of e2e/withdraw.model.spec.ts, computed from the withdraw machine with the shared
// generator (e2e/models/journeys.ts): one shortest path per state a player can reach on the real
// cashier's /cashier/withdraw, and one per refusal the form shows.
//
// The world the paths are played in: a new USD player with a confirmed e-mail, not verified, who
// has paid 600.00 with the sandbox's test card (the journey makes this player through the API and
// the operator API, e2e/models/withdraw.journey.ts). The actors' answers are an oracle of the real
// server for that player (server/domain/payments/withdrawals.ts, server/seed/payments.ts): the
// seed's withdrawal methods in USD, each capped at the largest single withdrawal (1000.00), the
// KYC threshold (500.00: above it an unverified player is refused, which the form checks before
// asking), the auto-approval amount (100.00: a withdrawal below it is paid out at once, one at or
// above it waits, pending, and can be cancelled). The journey compares every real answer with the
// model's on what the flow reads, so a change of the seed or the server fails the journey that
// depends on it.
//
// Node-only and browser-free: the spec imports it at collection time.
import type { PaymentMethod, Withdrawal, WithdrawSettings } from '../../src/machines/cashier/cashier.types'
import { createWithdrawMachine } from '../../src/machines/cashier/withdraw/withdraw.machine'
import type { WithdrawSnapshot } from '../../src/machines/cashier/withdraw/withdraw.selectors'
import type { WithdrawalAnswer, WithdrawEvent } from '../../src/machines/cashier/withdraw/withdraw.types'
import type { FixtureTable } from '../../src/machines/testing/model'
import { defineModelPaths, leavesOfValue } from './journeys'

/** The machine as the page runs it; the attempt key is the page's business, not the model's. */
export const withdrawModelMachine = createWithdrawMachine({ generateKey: () => 'model-attempt-key' })

// ── the world ────────────────────────────────────────────────────────────────

export const WORLD = {
  currency: 'USD',
  /** What the player paid before the journey, with the test card. */
  balance: '600.00',
  deposit: '600',
  iban: 'DE89370400440532013000',
} as const

const method = (sysname: string, kind: PaymentMethod['kind'], min: string, fee: PaymentMethod['fee'], requisites: PaymentMethod['requisites']): PaymentMethod => ({
  id: 0,
  sysname,
  kind,
  name: sysname,
  icon: { light: '', dark: '' },
  description: { short: '', full: '' },
  // Every method's maximum is capped at cashier_withdraw_max (1000.00 in USD).
  limits: [{ currency: WORLD.currency, min, max: '1000.00' }],
  fee,
  processing_minutes: 0,
  requisites,
  saved_requisites: [],
})

const NO_FEE: PaymentMethod['fee'] = { percent: '0', fixed: [] }

/**
 * getwithdrawsettings' methods for the world's player, in the seed's order (server/seed/payments.ts).
 * The card's saved value (the test card of the deposit) is the server's; the model leaves it out,
 * as no path withdraws to the card.
 */
export const METHODS: PaymentMethod[] = [
  method('card', 'card', '10.00', NO_FEE, [{ name: 'card_number', input: 'card', rules: ['required'] }]),
  method('ewallet', 'ewallet', '5.00', { percent: '1.5', fixed: [] }, [{ name: 'wallet_email', input: 'email', rules: ['required', 'email'] }]),
  method('banktransfer', 'bank', '20.00', { percent: '0', fixed: [{ amount: '1.00', currency: WORLD.currency }] }, [
    { name: 'iban', input: 'iban', rules: ['required', 'iban'], mask: null },
  ]),
  method('bitcoin', 'crypto', '20.00', NO_FEE, [{ name: 'wallet_address', input: 'crypto_address', rules: ['required', 'cryptoAddress'], network: 'bitcoin' }]),
]

const usd = (amount: string) => ({ amount, currency: WORLD.currency })

/** getwithdrawsettings for the world's player (server/domain/payments/withdrawals.ts withdrawSettings). */
export const SETTINGS: WithdrawSettings = {
  currency: WORLD.currency,
  withdrawable: usd(WORLD.balance),
  methods: METHODS,
  auto_approve_below: usd('100.00'),
  kyc_threshold: usd('500.00'),
  is_verified: false,
  requires_confirmed_contact: false,
  period_limit: { period_days: 1, limit: usd('2000.00'), available: usd('2000.00') },
  buttons: { confirm_contact: { show: true, link: '/confirmation' }, kyc: { show: true, link: '/profile/verification' } },
  pending: [],
  card_vault: { url: '/sandbox/cards' },
}

// ── the events a player causes ───────────────────────────────────────────────

/**
 * Amounts the player types: one that waits for an operator (at or above the auto-approval amount,
 * so it stays pending and can be cancelled), one above the KYC threshold, one above what the
 * player has.
 */
export const AMOUNT = { pending: '120', aboveKyc: '550', tooMuch: '700' } as const

/** The id the model gives the requested withdrawal; the gesture cancels the row the page lists. */
export const MODEL_WITHDRAWAL_ID = 'model-withdrawal'

/**
 * What the player does. Left out, each with its reason: 'withdraw.amount.max' (the same amount
 * change as typing: the withdrawable amount, which is above the KYC threshold here),
 * 'withdraw.retry' (only after a failed load, which the real server does not give a logged-in
 * player). 'withdraw.method.clear' and 'withdraw.new' are offered, but lead back to a view the
 * journeys already reach, so no shortest path takes them.
 */
export const PLAYER_SAMPLES = {
  'withdraw.method.select': [{ type: 'withdraw.method.select', sysname: 'banktransfer' }],
  'withdraw.method.clear': [{ type: 'withdraw.method.clear' }],
  'withdraw.amount.change': Object.values(AMOUNT).map((value) => ({ type: 'withdraw.amount.change' as const, value })),
  'withdraw.amount.max': [],
  'withdraw.requisite.change': [{ type: 'withdraw.requisite.change', name: 'iban', value: WORLD.iban }],
  // No path chooses the card method; the journey to a new card is e2e/cashier.spec.ts's.
  'withdraw.pan.change': [],
  'withdraw.submit': [{ type: 'withdraw.submit' }],
  'withdraw.new': [{ type: 'withdraw.new' }],
  'withdraw.cancel': [{ type: 'withdraw.cancel', id: MODEL_WITHDRAWAL_ID }],
  'withdraw.retry': [],
} as const satisfies FixtureTable<WithdrawEvent>

// ── the events the server causes ─────────────────────────────────────────────

/**
 * What the runtime delivers. Left out: 'xstate.error.actor.*' (an actor rejects only on a bug or a
 * dead network) and refusals the world's player cannot get from makewithdrawal: the KYC refusal is
 * the form's own (it checks the threshold before asking), an unconfirmed e-mail needs another
 * player (e2e/limits.spec.ts), and the single and period caps are above what the player has.
 */
export type WithdrawAnswer =
  | { type: 'xstate.done.actor.loadWithdrawSettings'; output: { ok: true; settings: WithdrawSettings } }
  | { type: 'xstate.done.actor.makeWithdrawal'; output: WithdrawalAnswer }
  | { type: 'xstate.done.actor.cancelWithdrawal'; output: WithdrawalAnswer }

export type JourneyEvent = WithdrawEvent | WithdrawAnswer

const withdrawal = (amount: string, status: Withdrawal['status']): Withdrawal => ({
  id: MODEL_WITHDRAWAL_ID,
  status,
  amount: usd(`${amount}.00`),
  method: { sysname: 'banktransfer', name: 'Bank transfer' },
  requisite: null,
  created_at: '2030-01-01T00:00:00.000Z',
  can_cancel: status === 'pending',
})

const minus = (a: string, b: string) => (Number(a) - Number(b)).toFixed(2)

/** The oracle: what the real server answers for the model's context. */
export function serverAnswers(snapshot: WithdrawSnapshot): WithdrawAnswer[] {
  const { amount, settings } = snapshot.context
  const pending = settings?.pending[0]
  // At or above the auto-approval amount a withdrawal waits for an operator: pending, cancellable.
  const status: Withdrawal['status'] = Number(amount) >= 100 ? 'pending' : 'success'
  return [
    { type: 'xstate.done.actor.loadWithdrawSettings', output: { ok: true, settings: SETTINGS } },
    { type: 'xstate.done.actor.makeWithdrawal', output: { ok: true, withdrawal: withdrawal(amount, status), balance: usd(minus(WORLD.balance, amount)) } },
    {
      type: 'xstate.done.actor.cancelWithdrawal',
      output: { ok: true, withdrawal: { ...(pending ?? withdrawal(amount, 'pending')), status: 'cancelled', can_cancel: false }, balance: usd(WORLD.balance) },
    },
  ]
}

/** A player types an amount once, into an empty field (a person's order; keeps the graph small). */
function allow(snapshot: WithdrawSnapshot, event: JourneyEvent): boolean {
  if (event.type === 'withdraw.amount.change') return snapshot.context.amount === ''
  if (event.type === 'withdraw.requisite.change') return !snapshot.context.requisites[event.name]
  return true
}

function serializeJourneyState(snapshot: WithdrawSnapshot): string {
  const { method, amount, requisites, fieldErrors, alert, settings, requested, cancelling } = snapshot.context
  return JSON.stringify({
    value: snapshot.value,
    method,
    amount,
    requisites,
    errors: Object.keys(fieldErrors).sort(),
    alert: alert?.messageId ?? null,
    // The model gives every withdrawal one id, so a second one replaces the first in the list:
    // without the amount left, two snapshots with different reserves would share a key.
    withdrawable: settings?.withdrawable.amount ?? null,
    pending: settings?.pending.length ?? 0,
    requested: requested !== null,
    cancelling,
  })
}

/**
 * Each leaf state on its own (the form and the pending list are independent regions: their
 * combinations show nothing new), each refusal the form shows, a withdrawal cancelled from the list.
 */
function targetsOf(snapshot: WithdrawSnapshot): string[] {
  const { fieldErrors, alert, requested, settings } = snapshot.context
  const targets: string[] = leavesOfValue(snapshot.value)
  for (const field of Object.keys(fieldErrors)) targets.push(`refused:${field}`)
  if (alert) targets.push(`alert:${alert.messageId}`)
  if (requested && settings?.pending.length === 0 && snapshot.matches({ ready: { pending: 'idle' } })) targets.push('cancelled')
  return targets
}

// ── states and paths ─────────────────────────────────────────────────────────

export const { skipped: SKIPPED, leavesOf, journeys: withdrawJourneys } = defineModelPaths({
  machine: withdrawModelMachine,
  // The chart's states no journey reaches, and why (printed by the spec's first test).
  skipped: {
    'ready.form.deciding': 'left by `always` the moment it is entered: never at rest, never seen',
    loadFailed: "the server answers every logged-in player's withdrawal settings; a failed load needs a broken server or network (the machine tests play it)",
    'ready.form.tokenizing': 'only a payout to a new card asks the card fields, and no path here picks the card method: e2e/cashier.spec.ts withdraws to a new card',
  },
  samples: PLAYER_SAMPLES as FixtureTable<WithdrawEvent>,
  answers: serverAnswers,
  serializeState: serializeJourneyState,
  allow,
  targetsOf,
})

export type WithdrawLeaf = ReturnType<typeof leavesOf>[number]
export type WithdrawJourney = ReturnType<typeof withdrawJourneys>[number]

export function describeEvent(event: JourneyEvent): string {
  switch (event.type) {
    case 'withdraw.method.select':
      return `withdraw.method.select(${event.sysname})`
    case 'withdraw.amount.change':
      return `withdraw.amount.change(${event.value})`
    case 'withdraw.requisite.change':
      return `withdraw.requisite.change(${event.name})`
    case 'withdraw.cancel':
      return 'withdraw.cancel'
    case 'xstate.done.actor.loadWithdrawSettings':
      return 'done.loadWithdrawSettings(ok)'
    case 'xstate.done.actor.makeWithdrawal':
    case 'xstate.done.actor.cancelWithdrawal':
      return `${event.type.replace('xstate.done.actor.', 'done.')}(${event.output.ok ? event.output.withdrawal.status : event.output.error.code})`
    default:
      return event.type
  }
}
