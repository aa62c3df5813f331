// A game's launch on the game page (docs/machines.md#game-launch): demo for everyone, real money for
// a player whose purse covers the smallest bet; a visitor asking for real money (`#real`) is asked
// to register and sent home if they close the popup (SPEC §2.2); a player short of funds is offered
// the cashier or the demo.
import { assign, emit, setup } from 'xstate'
import { readFunds } from './launch.actors'
import { coversMinBet } from './launch.rules'
import { LAUNCH_LEAVE, type LaunchContext, type LaunchEmitted, type LaunchEvent, type LaunchInput, type ReadFundsResult } from './launch.types'

type Done = { event: { output: ReadFundsResult } }
const result = ({ event }: Done) => ({ result: event.output })

export const launchMachine = setup({
  types: {
    input: {} as LaunchInput,
    context: {} as LaunchContext,
    events: {} as LaunchEvent,
    emitted: {} as LaunchEmitted,
    children: {} as { readFunds: 'readFunds' },
  },
  actors: { readFunds },
  actions: {
    leaveHome: emit({ type: LAUNCH_LEAVE, to: 'home' } as const),
    leaveBack: emit({ type: LAUNCH_LEAVE, to: 'back' } as const),
    assignSession: assign((_, params: { loggedIn: boolean }) => ({ loggedIn: params.loggedIn })),
    assignFunds: assign((_, params: { result: ReadFundsResult }) => (params.result.ok ? { funds: params.result.funds, failure: null } : { failure: params.result.code })),
    assignNetworkFailure: assign({ failure: 'network' }),
    assignFreeSpins: assign(({ context }, params: { remaining: number }) => (context.funds ? { funds: { ...context.funds, freeSpins: Math.max(0, params.remaining) } } : {})),
  },
  guards: {
    noGame: ({ context }) => context.game === null,
    wantsReal: ({ context }) => context.wantsReal,
    loggedIn: ({ context }) => context.loggedIn,
    hasDemo: ({ context }) => context.game?.demo === true,
    covers: (_, params: { result: ReadFundsResult }) => params.result.ok && coversMinBet(params.result.funds),
    /** The game does not take the player's currency: no deposit helps. */
    notInCurrency: (_, params: { result: ReadFundsResult }) => params.result.ok && params.result.funds.minBet === null,
    readFine: (_, params: { result: ReadFundsResult }) => params.result.ok,
    sessionIn: (_, params: { loggedIn: boolean }) => params.loggedIn,
    sessionOut: (_, params: { loggedIn: boolean }) => !params.loggedIn,
  },
}).createMachine({
  id: 'launch',
  context: ({ input }) => ({ game: input.game, loggedIn: input.loggedIn, wantsReal: input.wantsReal, funds: null, failure: null }),
  initial: 'deciding',
  on: {
    'launch.close': { actions: 'leaveBack' },
  },
  states: {
    deciding: {
      always: [
        { guard: 'noGame', target: 'unavailable' },
        { guard: 'wantsReal', target: 'real' },
        { guard: 'hasDemo', target: 'demo' },
        { target: 'real' },
      ],
    },
    /** On play money: the visitor's demo purse, a player's fun balance. */
    demo: {
      on: {
        'launch.real': 'real',
        'launch.session': { actions: { type: 'assignSession', params: ({ event }) => ({ loggedIn: event.loggedIn }) } },
      },
    },
    /** Real money asked for: who is asking, and with what. */
    real: {
      initial: 'deciding',
      on: {
        'launch.demo': { guard: 'hasDemo', target: 'demo' },
      },
      states: {
        deciding: { always: [{ guard: 'loggedIn', target: 'checking' }, { target: 'needsLogin' }] },
        /** SPEC §2.2: the registration popup; closing it without an account goes home. */
        needsLogin: {
          on: {
            'launch.popupClosed': { target: '#launch.left', actions: 'leaveHome' },
            'launch.session': [
              { guard: { type: 'sessionIn', params: ({ event }) => ({ loggedIn: event.loggedIn }) }, target: 'checking', actions: { type: 'assignSession', params: { loggedIn: true } } },
            ],
          },
        },
        checking: {
          invoke: {
            id: 'readFunds',
            src: 'readFunds',
            input: ({ context }) => ({ sysname: context.game!.sysname }),
            onDone: [
              { guard: { type: 'covers', params: result }, target: 'playing', actions: { type: 'assignFunds', params: result } },
              { guard: { type: 'notInCurrency', params: result }, target: '#launch.unavailable', actions: { type: 'assignFunds', params: result } },
              { guard: { type: 'readFine', params: result }, target: 'needsDeposit', actions: { type: 'assignFunds', params: result } },
              { target: 'failed', actions: { type: 'assignFunds', params: result } },
            ],
            onError: { target: 'failed', actions: 'assignNetworkFailure' },
          },
        },
        playing: {
          on: {
            'launch.needsDeposit': 'needsDeposit',
            'launch.freeSpins': { actions: { type: 'assignFreeSpins', params: ({ event }) => ({ remaining: event.remaining }) } },
            // Logged out elsewhere (another tab, the inactivity limit): real money needs an account again.
            'launch.session': { guard: { type: 'sessionOut', params: ({ event }) => ({ loggedIn: event.loggedIn }) }, target: 'needsLogin', actions: { type: 'assignSession', params: { loggedIn: false } } },
          },
        },
        /** Below the smallest bet: the cashier, or the demo. */
        needsDeposit: { on: { 'launch.retry': 'checking' } },
        failed: { on: { 'launch.retry': 'checking' } },
      },
    },
    /** No such game, or none in the player's currency. */
    unavailable: {},
    /** The visitor closed the registration popup: the page is on its way home. */
    left: { type: 'final' },
  },
})

export type LaunchMachine = typeof launchMachine
