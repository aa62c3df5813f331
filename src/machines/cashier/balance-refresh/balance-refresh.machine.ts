// The polled balance (SPEC §4 'Balance refresh', §3 settingsForUpdBalance, §9, §6). Polling, click throttling
// and the one fetch run independently, so `active` is parallel (docs/machines.md#balance-refresh).

import { assign, raise, setup } from 'xstate'
import { fetchBalance, pageClicks } from './balance-refresh.actors'
import { clickDelayMs, pollIntervalMs, resolveBalanceRefreshSettings, shouldRefresh, turnOffMs } from './balance-refresh.rules'
import type {
  BalanceRefreshActionParams,
  BalanceRefreshContext,
  BalanceRefreshEvent,
  BalanceRefreshInput,
  Balances,
  FetchBalanceResult,
} from './balance-refresh.types'

export const BALANCE_REFRESH_TAGS = {
  /** A balance request is in flight (a spinner on the header balance). */
  fetching: 'fetching',
} as const

const balanceSetup = setup({
  types: {
    input: {} as BalanceRefreshInput,
    context: {} as BalanceRefreshContext,
    events: {} as BalanceRefreshEvent,
    children: {} as { fetchBalance: 'fetchBalance'; clicks: 'pageClicks' },
    tags: {} as (typeof BALANCE_REFRESH_TAGS)[keyof typeof BALANCE_REFRESH_TAGS],
  },
  actors: { fetchBalance, pageClicks },
  delays: {
    pollInterval: ({ context }) => pollIntervalMs(context.settings),
    clickDelay: ({ context }) => clickDelayMs(context.settings),
    turnOff: ({ context }) => turnOffMs(context.settings),
  },
  actions: {
    /** Hands fresh balances to the root actor, which provides it when it invokes the refresh (app.machine.ts). */
    publishBalances: (_, params: BalanceRefreshActionParams['publishBalances']) => {
      throw new Error(`balanceRefreshMachine: action "publishBalances" not provided (${params.balances.balance_main?.currency ?? '-'})`)
    },
    reportError: (_, params: BalanceRefreshActionParams['reportError']) => {
      console.error('balanceRefreshMachine:', params.error)
    },
    requestRefresh: raise({ type: 'balance.refresh' }),
    assignPath: assign((_, params: { path: string }) => ({ path: params.path })),
    /** Logging out forgets the player's balances with them. */
    assignLoggedIn: assign(({ context }, params: { loggedIn: boolean }) => ({
      loggedIn: params.loggedIn,
      balances: params.loggedIn ? context.balances : null,
    })),
    assignBalances: assign((_, params: { balances: Balances }) => ({ balances: params.balances })),
  },
  guards: {
    runs: ({ context }) => shouldRefresh(context.loggedIn, context.path),
    runsOnPath: ({ context }, params: { path: string }) => shouldRefresh(context.loggedIn, params.path),
    runsWhenLoggedIn: ({ context }, params: { loggedIn: boolean }) => shouldRefresh(params.loggedIn, context.path),
    intervalEnabled: ({ context }) => context.settings.isEnabledInterval,
    turnOffEnabled: ({ context }) => context.settings.isEnabledTurnOffRequests,
    clickEnabled: ({ context }) => context.settings.isEnabledRequestsAfterClick,
    succeeded: (_, params: { result: FetchBalanceResult }) => params.result.ok,
  },
})

const path = ({ event }: { event: { path: string } }) => ({ path: event.path })
const loggedIn = ({ event }: { event: { loggedIn: boolean } }) => ({ loggedIn: event.loggedIn })

export const balanceRefreshMachine = balanceSetup.createMachine({
  id: 'balanceRefresh',
  context: ({ input }) => ({
    settings: resolveBalanceRefreshSettings(input.settings),
    path: input.path,
    loggedIn: input.loggedIn,
    balances: null,
  }),
  initial: 'deciding',
  // Clicks are listened to for the actor's whole life: a click is what wakes a dormant poll.
  invoke: { id: 'clicks', src: 'pageClicks' },
  on: {
    'settings.update': {
      target: '.deciding',
      actions: assign(({ event }) => ({ settings: resolveBalanceRefreshSettings(event.settings) })),
    },
  },
  states: {
    deciding: {
      always: [{ guard: 'runs', target: 'active' }, { target: 'inactive' }],
    },
    inactive: {
      on: {
        'route.change': [
          { guard: { type: 'runsOnPath', params: path }, target: 'active', actions: [{ type: 'assignPath', params: path }, 'requestRefresh'] },
          { actions: { type: 'assignPath', params: path } },
        ],
        'session.change': [
          {
            guard: { type: 'runsWhenLoggedIn', params: loggedIn },
            target: 'active',
            actions: [{ type: 'assignLoggedIn', params: loggedIn }, 'requestRefresh'],
          },
          { actions: { type: 'assignLoggedIn', params: loggedIn } },
        ],
      },
    },
    active: {
      type: 'parallel',
      on: {
        'route.change': [
          { guard: { type: 'runsOnPath', params: path }, actions: { type: 'assignPath', params: path } },
          { target: 'inactive', actions: { type: 'assignPath', params: path } },
        ],
        'session.change': [
          { guard: { type: 'runsWhenLoggedIn', params: loggedIn }, actions: { type: 'assignLoggedIn', params: loggedIn } },
          { target: 'inactive', actions: { type: 'assignLoggedIn', params: loggedIn } },
        ],
      },
      states: {
        poll: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'intervalEnabled', target: 'on' }, { target: 'off' }],
            },
            on: {
              initial: 'waiting',
              after: { turnOff: { guard: 'turnOffEnabled', target: 'dormant' } },
              // A click restarts the turn-off countdown (and the interval with it).
              on: { 'balance.click': { target: 'on', reenter: true } },
              states: {
                waiting: {
                  after: { pollInterval: { target: 'waiting', reenter: true, actions: 'requestRefresh' } },
                },
              },
            },
            // SPEC §4: stopped after the minutes since the last click; the next click restarts it.
            dormant: {
              on: { 'balance.click': { target: 'on', actions: 'requestRefresh' } },
            },
            off: {},
          },
        },
        click: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'clickEnabled', target: 'ready' }, { target: 'disabled' }],
            },
            ready: {
              on: { 'balance.click': { target: 'throttled', actions: 'requestRefresh' } },
            },
            // SPEC §4 'throttled per click': one refresh per delay between clicks.
            throttled: {
              after: { clickDelay: 'ready' },
            },
            disabled: {},
          },
        },
        fetch: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'balance.refresh': 'fetching' },
            },
            fetching: {
              tags: BALANCE_REFRESH_TAGS.fetching,
              invoke: {
                id: 'fetchBalance',
                src: 'fetchBalance',
                input: () => ({}),
                onDone: [
                  {
                    guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                    target: 'idle',
                    actions: [
                      { type: 'assignBalances', params: ({ event }) => ({ balances: balancesOf(event.output) }) },
                      { type: 'publishBalances', params: ({ event }) => ({ balances: balancesOf(event.output) }) },
                    ],
                  },
                  // An API error (the session ended, the wallet is down): keep what is shown; the
                  // next tick or click tries again, and the root actor notices a lost session.
                  { target: 'idle' },
                ],
                onError: { target: 'idle', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
      },
    },
  },
})

function balancesOf(result: FetchBalanceResult): Balances {
  if (!result.ok) throw new Error('balanceRefreshMachine: expected balances')
  return result.balances
}

export type BalanceRefreshMachine = typeof balanceRefreshMachine
