// The reality check (responsible gaming; docs/machines.md#reality-check). A child of the root actor:
// for a player with an interval it waits for the next whole interval from the login, reads the
// figures and opens the check on the root's dialog stack; "continue" waits for the next one, "stop"
// logs out. The responsible-gaming page picks and saves the interval through it.
import { assign, setup } from 'xstate'
import { loadReality, saveReality } from './reality-check.actors'
import { checkDueInMs, choiceChanges } from './reality-check.rules'
import type { LoadRealityResult, RealityCheck, RealityCheckContext, RealityCheckEvent, RealityCheckInput } from './reality-check.types'

/** The check's entry in the root actor's dialog stack. */
export const REALITY_CHECK_DIALOG_ID = 'reality-check'
/** A check whose figures could not be read is tried again after this long. */
export const RETRY_CHECK_MS = 30_000

export const REALITY_CHECK_TAGS = {
  /** The check is on screen. */
  showing: 'showing',
  /** The page's pick is being saved. */
  saving: 'saving',
  /** The figures are being read for the page (not for a check). */
  loading: 'loading',
} as const
export type RealityCheckTag = (typeof REALITY_CHECK_TAGS)[keyof typeof REALITY_CHECK_TAGS]

type Done = { event: { output: LoadRealityResult } }
const result = ({ event }: Done) => ({ result: event.output })
const figuresOf = ({ event }: Done) => ({ figures: event.output.ok ? event.output.figures : null })

const realityCheckSetup = setup({
  types: {
    input: {} as RealityCheckInput,
    context: {} as RealityCheckContext,
    events: {} as RealityCheckEvent,
    children: {} as { loadReality: 'loadReality'; saveReality: 'saveReality' },
    tags: {} as RealityCheckTag,
  },
  actors: { loadReality, saveReality },
  delays: {
    nextCheck: ({ context }) => checkDueInMs(context.figures) ?? RETRY_CHECK_MS,
    retryCheck: RETRY_CHECK_MS,
  },
  // The dialog and the logout are the root actor's (it provides these when it invokes the check:
  // app.children.ts); run alone, the check says what is missing.
  actions: {
    openCheck: () => {
      throw new Error('realityCheckMachine: action "openCheck" not provided')
    },
    closeCheck: () => {
      throw new Error('realityCheckMachine: action "closeCheck" not provided')
    },
    stopPlaying: () => {
      throw new Error('realityCheckMachine: action "stopPlaying" not provided')
    },
    reportError: (_, params: { error: unknown }) => {
      console.error('realityCheckMachine:', params.error)
    },
    // A read clears a read's failure; a save's failure stays until the next pick.
    assignFigures: assign(({ context }, params: { figures: RealityCheck | null }) =>
      params.figures ? { figures: params.figures, alert: context.alert === 'loadFailed' ? null : context.alert } : {},
    ),
    assignChoice: assign((_, params: { minutes: number }) => ({ choice: params.minutes, saved: false, alert: null })),
    markSaved: assign({ choice: null, saved: true, alert: null }),
    assignAlert: assign((_, params: { alert: RealityCheckContext['alert'] }) => ({ alert: params.alert })),
    forget: assign({ figures: null, choice: null, saved: false, alert: null }),
  },
  guards: {
    startedAsPlayer: ({ context }) => context.startedAsPlayer,
    loggedIn: (_, params: { loggedIn: boolean }) => params.loggedIn,
    loggedOut: (_, params: { loggedIn: boolean }) => !params.loggedIn,
    succeeded: (_, params: { result: LoadRealityResult }) => params.result.ok,
    hasInterval: (_, params: { result: LoadRealityResult }) => params.result.ok && params.result.figures.interval_seconds !== null,
    choiceChanges: ({ context }) => choiceChanges(context.figures, context.choice),
  },
})

const choose = { 'reality.choose': { actions: { type: 'assignChoice', params: ({ event }: { event: { minutes: number } }) => ({ minutes: event.minutes }) } } } as const
const save = { 'reality.save': { guard: 'choiceChanges', target: 'saving' } } as const

export const realityCheckMachine = realityCheckSetup.createMachine({
  id: 'realityCheck',
  context: ({ input }) => ({ startedAsPlayer: input.loggedIn, figures: null, choice: null, saved: false, alert: null }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'startedAsPlayer', target: 'player' }, { target: 'visitor' }],
    },
    visitor: {
      on: { 'session.change': { guard: { type: 'loggedIn', params: ({ event }) => ({ loggedIn: event.loggedIn }) }, target: 'player' } },
    },
    player: {
      // The same player told again (a refreshed account) changes nothing: the checks stay on time.
      on: { 'session.change': { guard: { type: 'loggedOut', params: ({ event }) => ({ loggedIn: event.loggedIn }) }, target: 'visitor', actions: 'forget' } },
      initial: 'loading',
      states: {
        loading: {
          tags: REALITY_CHECK_TAGS.loading,
          on: { ...choose },
          invoke: {
            id: 'loadReality',
            src: 'loadReality',
            onDone: [
              { guard: { type: 'hasInterval', params: result }, target: 'waiting', actions: { type: 'assignFigures', params: figuresOf } },
              { guard: { type: 'succeeded', params: result }, target: 'idle', actions: { type: 'assignFigures', params: figuresOf } },
              { target: 'idle', actions: { type: 'assignAlert', params: { alert: 'loadFailed' } } },
            ],
            onError: { target: 'idle', actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignAlert', params: { alert: 'loadFailed' } }] },
          },
        },
        // No interval (or no figures): nothing to wait for.
        idle: { on: { ...choose, ...save, 'reality.retry': 'loading' } },
        waiting: {
          after: { nextCheck: 'checking' },
          on: { ...choose, ...save },
        },
        // The figures of the moment, then the check.
        checking: {
          invoke: {
            id: 'loadReality',
            src: 'loadReality',
            onDone: [
              { guard: { type: 'hasInterval', params: result }, target: 'showing', actions: { type: 'assignFigures', params: figuresOf } },
              // Turned off meanwhile (another tab): no check.
              { guard: { type: 'succeeded', params: result }, target: 'idle', actions: { type: 'assignFigures', params: figuresOf } },
              { target: 'retrying' },
            ],
            onError: { target: 'retrying', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        retrying: { after: { retryCheck: 'checking' }, on: { ...choose, ...save } },
        showing: {
          tags: REALITY_CHECK_TAGS.showing,
          entry: 'openCheck',
          exit: 'closeCheck',
          on: {
            // The figures are read again, so the next check counts from now's.
            'reality.continue': 'loading',
            'reality.stop': { target: 'stopped', actions: 'stopPlaying' },
          },
        },
        // The logout is under way; the root's session.change ends it.
        stopped: {},
        saving: {
          tags: REALITY_CHECK_TAGS.saving,
          invoke: {
            id: 'saveReality',
            src: 'saveReality',
            input: ({ context }) => ({ minutes: context.choice ?? 0 }),
            onDone: [
              { guard: { type: 'hasInterval', params: result }, target: 'waiting', actions: [{ type: 'assignFigures', params: figuresOf }, 'markSaved'] },
              { guard: { type: 'succeeded', params: result }, target: 'idle', actions: [{ type: 'assignFigures', params: figuresOf }, 'markSaved'] },
              { target: 'loading', actions: { type: 'assignAlert', params: { alert: 'saveFailed' } } },
            ],
            onError: { target: 'loading', actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignAlert', params: { alert: 'saveFailed' } }] },
          },
        },
      },
    },
  },
})

export type RealityCheckMachine = typeof realityCheckMachine
