// The messenger mini-app sign-in (SPEC §4 'Messenger mini-app', §7, §8): it runs once per page load, so it is
// a short line ending in a final state (docs/machines.md#messenger).
import { assign, setup } from 'xstate'
import type { AppRef, AuthResult } from '../auth.types'
import { signIn, trackMessengerSignIn, trackMessengerSignInError } from './messenger.actors'
import { messengerMessageFor, readMessengerLaunch } from './messenger.rules'
import type { MessengerActionParams, MessengerContext, MessengerEvent, MessengerInput, MessengerLaunch, MessengerMessageId, SignInResult } from './messenger.types'

export const MESSENGER_TAGS = {
  /** The sign-in request is in flight. */
  busy: 'busy',
} as const
export type MessengerTag = (typeof MESSENGER_TAGS)[keyof typeof MESSENGER_TAGS]

function requireLaunch(launch: MessengerLaunch | null): MessengerLaunch {
  if (!launch) throw new Error('messengerMachine: signing in without a launch')
  return launch
}

function appOf(context: MessengerContext): AppRef {
  if (!context.app) throw new Error('messengerMachine: input.app is missing')
  return context.app
}

function toastTextOf(context: MessengerContext): (messageId: MessengerMessageId) => string {
  if (!context.toastText) throw new Error('messengerMachine: input.toastText is missing')
  return context.toastText
}

const messengerSetup = setup({
  types: {
    // void, not undefined: a test or the registry may start the flow with no input (setup drops an optional undefined).
    input: {} as MessengerInput | void,
    context: {} as MessengerContext,
    events: {} as MessengerEvent,
    children: {} as { signIn: 'signIn' },
    tags: {} as MessengerTag,
  },
  actors: { signIn },
  actions: {
    /** Hands the account to the root actor. */
    setUser: ({ context }, params: MessengerActionParams['setUser']) => appOf(context).send({ type: 'session.set', account: params.account }),
    /** Analytics: the visitor is the player now (SPEC §4 'Marketing analytics'). */
    trackSignIn: (_, params: MessengerActionParams['trackSignIn']) => trackMessengerSignIn(params.uid),
    /** SPEC §8: the error toast, and the failure for analytics. */
    showErrorToast: ({ context }, params: MessengerActionParams['showErrorToast']) => {
      appOf(context).send({ type: 'toast.show', toast: { type: 'error', message: toastTextOf(context)(params.messageId) } })
      trackMessengerSignInError(params.type, params.code)
    },
    reportError: (_, params: MessengerActionParams['reportError']) => {
      console.error('messengerMachine:', params.error)
    },
    assignLaunch: assign((_, params: { launch: MessengerLaunch }) => ({ launch: params.launch })),
    assignResult: assign((_, params: { result: SignInResult }) =>
      params.result.ok ? { account: params.result.account, failure: null } : { account: null, failure: params.result.error },
    ),
    /** The init data signs the player in: it is not kept once used. */
    forgetLaunch: assign({ launch: null }),
  },
  guards: {
    loggedIn: (_, params: { loggedIn: boolean }) => params.loggedIn,
    hasLaunch: (_, params: { hash: string }) => readMessengerLaunch(params.hash) !== null,
    succeeded: (_, params: { result: AuthResult }) => params.result.ok,
  },
})

type Done = { event: { output: SignInResult } }
const result = ({ event }: Done) => ({ result: event.output })

export const messengerMachine = messengerSetup.createMachine({
  id: 'messenger',
  context: ({ input }) => ({ app: input?.app ?? null, toastText: input?.toastText ?? null, launch: null, failure: null, account: null }),
  initial: 'waiting',
  states: {
    waiting: {
      on: {
        'messenger.check': [
          { guard: { type: 'loggedIn', params: ({ event }) => ({ loggedIn: event.loggedIn }) }, target: 'skipped' },
          {
            guard: { type: 'hasLaunch', params: ({ event }) => ({ hash: event.hash }) },
            target: 'signingIn',
            actions: { type: 'assignLaunch', params: ({ event }) => ({ launch: requireLaunch(readMessengerLaunch(event.hash)) }) },
          },
          { target: 'skipped' },
        ],
      },
    },
    signingIn: {
      tags: MESSENGER_TAGS.busy,
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => requireLaunch(context.launch),
        onDone: [
          {
            guard: { type: 'succeeded', params: result },
            target: 'signedIn',
            actions: ['forgetLaunch', { type: 'assignResult', params: result }],
          },
          { target: 'failed', actions: ['forgetLaunch', { type: 'assignResult', params: result }] },
        ],
        onError: {
          target: 'failed',
          actions: ['forgetLaunch', { type: 'reportError', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    signedIn: {
      type: 'final',
      entry: [
        { type: 'setUser', params: ({ context }) => ({ account: requireAccount(context) }) },
        { type: 'trackSignIn', params: ({ context }) => ({ uid: requireAccount(context).uid }) },
      ],
    },
    failed: {
      type: 'final',
      entry: {
        type: 'showErrorToast',
        params: ({ context }) => ({
          messageId: messengerMessageFor(context.failure),
          type: context.failure?.type ?? null,
          code: context.failure?.code ?? null,
        }),
      },
    },
    skipped: { type: 'final' },
  },
})

function requireAccount(context: MessengerContext) {
  if (!context.account) throw new Error('messengerMachine: signed in without an account')
  return context.account
}

export type MessengerMachine = typeof messengerMachine
