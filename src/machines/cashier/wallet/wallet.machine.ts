// The wallet page (/cashier/wallet; SPEC §2.1, §3 'Account info', §7 getcurrencyrates and setCurrency). The
// balances are the root actor's; this chart owns the two-step currency change (docs/machines.md#wallet).
import { assign, assertEvent, emit, setup } from 'xstate'
import { BALANCE_CHANGED, type BalanceChanged } from '../cashier.types'
import { loadRates, setCurrency } from './wallet.actors'
import { mayChoose } from './wallet.rules'
import type { LoadRatesResult, SetCurrencyResult, WalletActionParams, WalletContext, WalletEvent, WalletInput } from './wallet.types'

export const WALLET_TAGS = {
  /** The rates are being read. */
  loadingRates: 'loading.rates',
  /** setCurrency is in flight: the currency picker waits. */
  changing: 'changing',
} as const

type RatesDone = { event: { output: LoadRatesResult } }
type SetDone = { event: { output: SetCurrencyResult } }

const walletSetup = setup({
  types: {
    input: {} as WalletInput,
    context: {} as WalletContext,
    events: {} as WalletEvent,
    children: {} as { loadRates: 'loadRates'; setCurrency: 'setCurrency' },
    tags: {} as (typeof WALLET_TAGS)[keyof typeof WALLET_TAGS],
    emitted: {} as BalanceChanged,
  },
  actors: { loadRates, setCurrency },
  actions: {
    publishBalances: emit((_, params: WalletActionParams['publishBalances']) => ({ type: BALANCE_CHANGED, balances: params.balances })),
    reportError: (_, params: WalletActionParams['reportError']) => {
      console.error('walletMachine:', params.error)
    },
    assignRates: assign((_, params: { result: LoadRatesResult }) => ({ rates: params.result.ok ? params.result.rates : null })),
    assignChoice: assign(({ event }) => {
      assertEvent(event, 'currency.choose')
      return { choice: event.currency, failure: null }
    }),
    clearChoice: assign({ choice: null, failure: null }),
    assignChanged: assign((_, params: { result: SetCurrencyResult }) =>
      params.result.ok ? { currency: params.result.balances.balance_main.currency, failure: null } : {},
    ),
    assignFailure: assign((_, params: { result: SetCurrencyResult }) => ({ failure: params.result.ok ? null : params.result.error })),
    assignSynced: assign(({ event }) => {
      assertEvent(event, 'account.sync')
      return { currency: event.currency }
    }),
  },
  guards: {
    ratesRead: (_, params: { result: LoadRatesResult }) => params.result.ok,
    changeDone: (_, params: { result: SetCurrencyResult }) => params.result.ok,
    syncedToChoice: ({ context, event }) => {
      assertEvent(event, 'account.sync')
      return event.currency !== null && event.currency === context.choice
    },
    ownCurrency: ({ context, event }) => {
      assertEvent(event, 'currency.choose')
      return event.currency === context.currency
    },
    mayChoose: ({ context, event }) => {
      assertEvent(event, 'currency.choose')
      return mayChoose(context.rates, context.currency, event.currency)
    },
  },
})

const ratesResult = ({ event }: RatesDone) => ({ result: event.output })
const setResult = ({ event }: SetDone) => ({ result: event.output })
/** Picking another offered currency asks for confirmation; picking the player's own one again drops the pick. */
const choose = {
  'currency.choose': [
    { guard: 'mayChoose', target: '#wallet.ready.confirming', actions: 'assignChoice' },
    { guard: 'ownCurrency', target: '#wallet.ready.choosing', actions: 'clearChoice' },
  ],
} as const

/** The account moving to the very currency picked (another tab was quicker) leaves nothing to confirm. */
const sync = {
  'account.sync': [
    { guard: 'syncedToChoice', target: '#wallet.ready.choosing', actions: ['assignSynced', 'clearChoice'] },
    { actions: 'assignSynced' },
  ],
} as const

export const walletMachine = walletSetup.createMachine({
  id: 'wallet',
  context: ({ input }) => ({ currency: input.currency, rates: null, choice: null, failure: null }),
  initial: 'loading',
  on: { 'account.sync': { actions: 'assignSynced' } },
  states: {
    loading: {
      tags: WALLET_TAGS.loadingRates,
      invoke: {
        id: 'loadRates',
        src: 'loadRates',
        onDone: [
          { guard: { type: 'ratesRead', params: ratesResult }, target: 'ready', actions: { type: 'assignRates', params: ratesResult } },
          { target: 'loadFailed' },
        ],
        onError: { target: 'loadFailed', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { 'wallet.retry': 'loading' },
    },
    ready: {
      initial: 'choosing',
      states: {
        choosing: { on: choose },
        confirming: {
          on: {
            ...choose,
            ...sync,
            'currency.confirm': 'changing',
            'currency.cancel': { target: 'choosing', actions: 'clearChoice' },
          },
        },
        changing: {
          tags: WALLET_TAGS.changing,
          // The answer to this change says which currency the player now has.
          on: { 'account.sync': {} },
          invoke: {
            id: 'setCurrency',
            src: 'setCurrency',
            input: ({ context }) => {
              if (context.choice === null) throw new Error('walletMachine: changing without a chosen currency')
              return { currency: context.choice }
            },
            onDone: [
              {
                guard: { type: 'changeDone', params: setResult },
                target: 'changed',
                actions: [
                  { type: 'assignChanged', params: setResult },
                  { type: 'publishBalances', params: ({ event }) => ({ balances: (event.output as Extract<SetCurrencyResult, { ok: true }>).balances }) },
                ],
              },
              { target: 'refused', actions: { type: 'assignFailure', params: setResult } },
            ],
            onError: { target: 'failed', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        changed: { on: choose },
        refused: {
          on: { ...choose, ...sync, 'currency.cancel': { target: 'choosing', actions: 'clearChoice' } },
        },
        failed: {
          on: {
            ...choose,
            ...sync,
            'currency.confirm': 'changing',
            'currency.cancel': { target: 'choosing', actions: 'clearChoice' },
          },
        },
      },
    },
  },
})

export type WalletMachine = typeof walletMachine
