// The journeys of e2e/wallet.model.spec.ts, computed from the wallet machine with the shared
// generator (e2e/models/journeys.ts): one shortest path per state of the currency change a player
// can reach on the real /cashier/wallet.
//
// Two worlds, each a new USD player made through the API (e2e/models/wallet.journey.ts): `free`
// (nothing binds the currency: setCurrency moves the account to the new, empty wallet) and
// `limited` (a weekly deposit limit set first: setCurrency refuses with
// currency_locked_by_deposit_limit, server/domain/account). The oracle answers for the world; the
// journey compares every real answer with the model's on what the flow reads. The `limited` world
// plays only the refusal (KEEPS): everything else it reaches is the `free` world's too.
//
// Node-only and browser-free: the spec imports it at collection time.
import type { Balance, CurrencyRates, SetCurrencyResult, WalletEvent } from '../../src/machines/cashier/wallet/wallet.types'
import { walletMachine } from '../../src/machines/cashier/wallet/wallet.machine'
import type { WalletSnapshot } from '../../src/machines/cashier/wallet/wallet.selectors'
import type { CashierFailure } from '../../src/machines/cashier/cashier.types'
import type { FixtureTable } from '../../src/machines/testing/model'
import { defineModelPaths, leavesOfValue } from './journeys'

export const walletModelMachine = walletMachine.provide({ actions: { publishBalances: () => undefined } })

// ── the worlds ───────────────────────────────────────────────────────────────

export type WalletWorld = 'free' | 'limited'
export const WORLDS: readonly WalletWorld[] = ['free', 'limited']
export const HOME = 'USD'
export const OTHER = 'EUR'

/** getcurrencyrates' currencies (the seed's); the model reads only which are offered. */
export const CURRENCIES = ['USD', 'EUR', 'BRL', 'MXN', 'BTC', 'JPY'] as const
const RATES = { base: 'USD', rates: CURRENCIES.map((currency) => ({ currency })) } as unknown as CurrencyRates

// ── the events a player causes ───────────────────────────────────────────────

/**
 * What the player does: pick EUR, pick USD back (drops the pick), confirm, keep the currency.
 * Left out: 'wallet.retry' (only after a failed load) and 'account.sync' (the root actor following
 * another tab or a balance push: not a gesture on this page).
 */
export const PLAYER_SAMPLES = {
  'currency.choose': [
    { type: 'currency.choose', currency: OTHER },
    { type: 'currency.choose', currency: HOME },
  ],
  'currency.confirm': [{ type: 'currency.confirm' }],
  'currency.cancel': [{ type: 'currency.cancel' }],
  'wallet.retry': [],
  'account.sync': [],
} as const satisfies FixtureTable<WalletEvent>

// ── the events the server causes ─────────────────────────────────────────────

/** What the runtime delivers. Left out: the actors' rejections (a bug or a dead network: `failed`). */
export type WalletAnswer =
  | { type: 'xstate.done.actor.loadRates'; output: { ok: true; rates: CurrencyRates } }
  | { type: 'xstate.done.actor.setCurrency'; output: SetCurrencyResult }

export type JourneyEvent = WalletEvent | WalletAnswer

const LOCKED: CashierFailure = { type: 'InvalidParameterException' as CashierFailure['type'], code: 'currency_locked_by_deposit_limit' as CashierFailure['code'], invalidParameters: null, errorData: null }

/** The oracle: what the real server answers in this world for the model's context. */
export function serverAnswers(snapshot: WalletSnapshot, world: WalletWorld): WalletAnswer[] {
  const choice = snapshot.context.choice ?? OTHER
  const balances = { balance_main: { amount: '0.00', currency: choice } } as unknown as Balance
  return [
    { type: 'xstate.done.actor.loadRates', output: { ok: true, rates: RATES } },
    { type: 'xstate.done.actor.setCurrency', output: world === 'limited' ? { ok: false, error: LOCKED } : { ok: true, balances } },
  ]
}

function serializeJourneyState(snapshot: WalletSnapshot): string {
  const { currency, choice, failure } = snapshot.context
  return JSON.stringify({ value: snapshot.value, currency, choice, failure: failure?.code ?? null })
}

/** What each world plays: the free world everything it reaches, the limited one the refusal. */
const KEEPS: Record<WalletWorld, (target: string) => boolean> = { free: () => true, limited: (target) => target === 'ready.refused' }

// ── states and paths ─────────────────────────────────────────────────────────

export const { skipped: SKIPPED, leavesOf, journeys: walletJourneys } = defineModelPaths({
  machine: walletModelMachine,
  // The chart's states no journey reaches, and why (printed by the spec's first test).
  skipped: {
    loadFailed: "the server answers the currency rates to everyone; a failed load needs a broken server or network (the machine tests play it and 'Try again')",
    'ready.failed': 'setCurrency rejected (a dead network or a bug): the real server answers the change or refuses it, which is `refused`; the machine tests play it',
  },
  samples: PLAYER_SAMPLES as FixtureTable<WalletEvent>,
  answers: serverAnswers,
  serializeState: serializeJourneyState,
  targetsOf: (snapshot) => leavesOfValue(snapshot.value),
  input: () => ({ currency: HOME }),
  worlds: { key: 'world', each: WORLDS, keeps: KEEPS },
})

export type WalletLeaf = ReturnType<typeof leavesOf>[number]
export type WalletJourney = ReturnType<typeof walletJourneys>[number]

export function describeEvent(event: JourneyEvent): string {
  switch (event.type) {
    case 'currency.choose':
      return `currency.choose(${event.currency})`
    case 'xstate.done.actor.loadRates':
      return 'done.loadRates(ok)'
    case 'xstate.done.actor.setCurrency':
      return `done.setCurrency(${event.output.ok ? 'ok' : event.output.error.code})`
    default:
      return event.type
  }
}
