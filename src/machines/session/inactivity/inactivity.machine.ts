// Automatic logout by inactivity (SPEC §4, §3 time_to_force_logout, §9, §2.2). The visible clock and the
// server's idle clock run side by side, and tabs share activity (docs/machines.md#inactivity).
import { assign, sendTo, setup } from 'xstate'
import { isAccountStateError } from '../../../shared/errors'
import { activitySource, channel, logout, touchSession } from './inactivity.actors'
import { countdownSeconds, keepAliveEveryMs, timeoutMsOf, warningAfterMs, watches } from './inactivity.rules'
import type {
  ChannelCommand,
  InactivityActionParams,
  InactivityContext,
  InactivityEvent,
  InactivityInput,
  TouchResult,
} from './inactivity.types'

export const COUNTDOWN_TICK_MS = 1000

/** The warning's entry in the root actor's dialog stack. */
export const INACTIVITY_DIALOG_ID = 'inactivity-warning'

export const INACTIVITY_TAGS = {
  /** The warning popup shows. */
  warning: 'warning',
} as const

function limit(context: InactivityContext): number {
  if (context.timeoutMs === null) throw new Error('inactivityMachine: watching without a limit')
  return context.timeoutMs
}

const inactivitySetup = setup({
  types: {
    input: {} as InactivityInput,
    context: {} as InactivityContext,
    events: {} as InactivityEvent,
    children: {} as { activity: 'activitySource'; channel: 'channel'; touchSession: 'touchSession'; logout: 'logout' },
    tags: {} as (typeof INACTIVITY_TAGS)[keyof typeof INACTIVITY_TAGS],
  },
  actors: { activitySource, channel, touchSession, logout },
  delays: {
    warningAfter: ({ context }) => warningAfterMs(limit(context)),
    tick: COUNTDOWN_TICK_MS,
    keepAliveEvery: ({ context }) => keepAliveEveryMs(limit(context)),
  },
  // The warning and the end of the session are the root actor's (it provides these three when it
  // invokes the watcher: app.machine.ts); run alone, the watcher says what is missing.
  actions: {
    openWarning: (_, params: InactivityActionParams['openWarning']) => {
      throw new Error(`inactivityMachine: action "openWarning" not provided (${params.seconds} s)`)
    },
    closeWarning: () => {
      throw new Error('inactivityMachine: action "closeWarning" not provided')
    },
    endSession: (_, params: InactivityActionParams['endSession']) => {
      throw new Error(`inactivityMachine: action "endSession" not provided (${params.reason})`)
    },
    // A banned account or a closed site shows its system page; the watcher just stops asking.
    reportError: (_, params: InactivityActionParams['reportError']) => {
      if (!isAccountStateError(params.error)) console.error('inactivityMachine:', params.error)
    },
    configure: assign((_, params: { timeoutSec: number | null; loggedIn: boolean }) => ({
      timeoutMs: timeoutMsOf(params.timeoutSec),
      loggedIn: params.loggedIn,
    })),
    startCountdown: assign(({ context }) => ({ remainingSec: countdownSeconds(limit(context)) })),
    tick: assign(({ context }) => ({ remainingSec: Math.max(0, context.remainingSec - 1) })),
    resetCountdown: assign({ remainingSec: 0 }),
    post: sendTo('channel', (_, params: ChannelCommand) => params),
  },
  guards: {
    enabled: ({ context }) => watches(context.timeoutMs, context.loggedIn),
    changesSettings: ({ context }, params: { timeoutSec: number | null; loggedIn: boolean }) =>
      timeoutMsOf(params.timeoutSec) !== context.timeoutMs || params.loggedIn !== context.loggedIn,
    lastTick: ({ context }) => context.remainingSec <= 1,
    sessionOver: (_, params: { result: TouchResult }) => !params.result.loggedIn,
  },
})

const postActivity = { type: 'post', params: { type: 'channel.post', message: 'activity' } } as const

export const inactivityMachine = inactivitySetup.createMachine({
  id: 'inactivity',
  context: ({ input }) => ({ timeoutMs: timeoutMsOf(input.timeoutSec), loggedIn: input.loggedIn, remainingSec: 0 }),
  initial: 'deciding',
  // The other tabs are listened to for the actor's whole life: a logout is posted after leaving
  // `watching`, and a tab that is not watching yet still hears nothing it acts on.
  invoke: { id: 'channel', src: 'channel' },
  on: {
    // News that changes neither the limit nor the login (a re-read account) restarts nothing.
    'inactivity.configure': {
      guard: { type: 'changesSettings', params: ({ event }) => ({ timeoutSec: event.timeoutSec, loggedIn: event.loggedIn }) },
      target: '.deciding',
      actions: { type: 'configure', params: ({ event }) => ({ timeoutSec: event.timeoutSec, loggedIn: event.loggedIn }) },
    },
  },
  states: {
    deciding: {
      always: [{ guard: 'enabled', target: 'watching' }, { target: 'off' }],
    },
    off: {},
    watching: {
      type: 'parallel',
      invoke: { id: 'activity', src: 'activitySource' },
      // Leaving watching (a new setting, a logout) never leaves the popup behind.
      exit: ['closeWarning', 'resetCountdown'],
      on: {
        'logout.remote': { target: 'loggedOut', actions: { type: 'endSession', params: { reason: 'otherTab' } } },
      },
      states: {
        clock: {
          initial: 'idle',
          states: {
            idle: {
              after: { warningAfter: 'warning' },
              on: {
                activity: { target: 'idle', reenter: true, actions: postActivity },
                'inactivity.stay': { target: 'idle', reenter: true, actions: postActivity },
                'activity.remote': { target: 'idle', reenter: true },
              },
            },
            warning: {
              tags: INACTIVITY_TAGS.warning,
              entry: ['startCountdown', { type: 'openWarning', params: ({ context }) => ({ seconds: context.remainingSec }) }],
              exit: ['closeWarning', 'resetCountdown'],
              on: {
                activity: { target: 'idle', actions: postActivity },
                'inactivity.stay': { target: 'idle', actions: postActivity },
                'activity.remote': 'idle',
              },
              initial: 'counting',
              states: {
                counting: {
                  after: {
                    tick: [
                      { guard: 'lastTick', target: '#inactivity.watching.clock.loggingOut', actions: 'tick' },
                      { target: 'counting', reenter: true, actions: 'tick' },
                    ],
                  },
                },
              },
            },
            loggingOut: {
              invoke: {
                id: 'logout',
                src: 'logout',
                onDone: {
                  target: '#inactivity.loggedOut',
                  actions: [{ type: 'post', params: { type: 'channel.post', message: 'logout' } }, { type: 'endSession', params: { reason: 'inactivity' } }],
                },
                // The server ends an idle session by itself too: the player is a visitor either way.
                onError: {
                  target: '#inactivity.loggedOut',
                  actions: [
                    { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                    { type: 'post', params: { type: 'channel.post', message: 'logout' } },
                    { type: 'endSession', params: { reason: 'inactivity' } },
                  ],
                },
              },
            },
          },
        },
        server: {
          initial: 'quiet',
          states: {
            quiet: { on: { activity: 'pinging', 'inactivity.stay': 'pinging' } },
            pinging: {
              invoke: {
                id: 'touchSession',
                src: 'touchSession',
                onDone: [
                  {
                    guard: { type: 'sessionOver', params: ({ event }) => ({ result: event.output }) },
                    target: '#inactivity.loggedOut',
                    actions: [
                      { type: 'post', params: { type: 'channel.post', message: 'logout' } },
                      { type: 'endSession', params: { reason: 'serverExpired' } },
                    ],
                  },
                  { target: 'cooling' },
                ],
                onError: { target: 'cooling', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            cooling: {
              after: { keepAliveEvery: 'quiet' },
              on: { activity: 'dirty', 'inactivity.stay': 'dirty' },
            },
            // Activity since the last ping: one more when the interval is over.
            dirty: { after: { keepAliveEvery: 'pinging' } },
          },
        },
      },
    },
    loggedOut: {},
  },
})

export type InactivityMachine = typeof inactivityMachine
