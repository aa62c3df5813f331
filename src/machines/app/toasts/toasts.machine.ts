// Toasts: SPEC §2.4 (types neutral, info, success, warning, error, fill_for_deposit), §4 'Dialog
// stack' ("toasts are added and removed automatically after their time") and §9 (5000 ms default,
// generated ids 21 long).
//
// Why this shape. Each toast has its own lifetime, so each toast gets its own child actor: a
// two-state timer machine whose `after` uses the named delay `toastDuration`, so fake clocks
// (vi fake timers, SimulatedClock) drive it. When the timer ends it tells the parent
// ('toast.expire'), which removes the toast; dismissing a toast stops its timer. The parent's states
// say whether there is anything to dismiss: `idle` (no toasts) and `showing`.
//
// A player reading a toast must not lose it mid-sentence (WCAG 2.2.1): while the pointer is over
// the toasts or focus is inside them, the parent is `showing.paused` and every timer is `paused`;
// leaving resumes them, each with its full duration again, since a toast someone stopped to read
// deserves the time a fresh one gets. A toast that arrives while paused starts paused.
//
// XState does not persist pending timers (statelyai/xstate#5331): a snapshot dehydrated on the
// server comes back with toast timers that will never fire. 'app.hydrated' restarts every toast's
// timer in the browser, which is also the honest duration: the player could not see the toast
// while the page was still server HTML.
//
// Ids come from an injected generator rather than from inside an assign, so a test can make them
// predictable; `createToastsMachine` takes it, `toastsMachine` uses the SPEC §9 random id.

import { enqueueActions, sendParent, setup, stopChild } from 'xstate'
import { TOAST_DURATION_MS } from '../../../shared/constants'
import { createId, type IdGenerator } from '../id'
import type {
  Toast,
  ToastRequest,
  ToastsContext,
  ToastsEvent,
  ToastTimerEvent,
  ToastTimerInput,
} from './toasts.types'

export function toastDuration(requested: number | undefined): number {
  return typeof requested === 'number' && Number.isFinite(requested) && requested > 0 ? requested : TOAST_DURATION_MS
}

/** One toast's clock. Restarting or resuming re-enters `counting`, which re-arms the delay from zero. */
export const toastTimerMachine = setup({
  types: {
    input: {} as ToastTimerInput,
    context: {} as ToastTimerInput,
    events: {} as ToastTimerEvent,
  },
  delays: {
    toastDuration: ({ context }) => context.duration,
  },
  actions: {
    reportExpired: sendParent(({ context }): ToastsEvent => ({ type: 'toast.expire', id: context.id })),
  },
}).createMachine({
  id: 'toastTimer',
  context: ({ input }) => ({ id: input.id, duration: input.duration }),
  initial: 'counting',
  states: {
    counting: {
      after: { toastDuration: 'expired' },
      on: {
        'toast.restartTimer': { target: 'counting', reenter: true },
        'toast.pause': 'paused',
      },
    },
    // Leaving `counting` cancels its delay; nothing runs out while the player reads.
    paused: {
      on: { 'toast.resume': 'counting' },
    },
    expired: { type: 'final', entry: 'reportExpired' },
  },
})

export interface ToastsMachineOptions {
  readonly generateId: IdGenerator
}

export function createToastsMachine({ generateId }: ToastsMachineOptions) {
  return setup({
    types: {
      context: {} as ToastsContext,
      events: {} as ToastsEvent,
    },
    actors: {
      toastTimer: toastTimerMachine,
    },
    actions: {
      addToast: enqueueActions(({ enqueue }, params: { request: ToastRequest; paused: boolean }) => {
        const toast: Toast = {
          id: generateId(),
          type: params.request.type,
          message: params.request.message,
          duration: toastDuration(params.request.duration),
        }
        enqueue.assign(({ context }) => ({ toasts: [...context.toasts, toast] }))
        enqueue.spawnChild('toastTimer', { id: toast.id, input: { id: toast.id, duration: toast.duration } })
        if (params.paused) enqueue.sendTo(toast.id, { type: 'toast.pause' } satisfies ToastTimerEvent)
      }),
      removeToast: enqueueActions(({ enqueue }, params: { id: string }) => {
        enqueue.assign(({ context }) => ({ toasts: context.toasts.filter((t) => t.id !== params.id) }))
        enqueue(stopChild(params.id))
      }),
      restartTimers: enqueueActions(({ context, enqueue }) => {
        for (const toast of context.toasts) {
          enqueue.sendTo(toast.id, { type: 'toast.restartTimer' } satisfies ToastTimerEvent)
        }
      }),
      pauseTimers: enqueueActions(({ context, enqueue }) => {
        for (const toast of context.toasts) enqueue.sendTo(toast.id, { type: 'toast.pause' } satisfies ToastTimerEvent)
      }),
      resumeTimers: enqueueActions(({ context, enqueue }) => {
        for (const toast of context.toasts) enqueue.sendTo(toast.id, { type: 'toast.resume' } satisfies ToastTimerEvent)
      }),
    },
    guards: {
      isShown: ({ context }, params: { id: string }) => context.toasts.some((t) => t.id === params.id),
      isLastShown: ({ context }, params: { id: string }) =>
        context.toasts.length === 1 && context.toasts[0]?.id === params.id,
    },
  }).createMachine({
    id: 'toasts',
    context: { toasts: [] },
    initial: 'idle',
    states: {
      idle: {
        on: {
          'toast.show': {
            target: 'showing',
            actions: { type: 'addToast', params: ({ event }) => ({ request: event.toast, paused: false }) },
          },
        },
      },
      showing: {
        initial: 'running',
        states: {
          running: {
            on: {
              'toast.show': { actions: { type: 'addToast', params: ({ event }) => ({ request: event.toast, paused: false }) } },
              'toast.pause': { target: 'paused', actions: 'pauseTimers' },
            },
          },
          paused: {
            on: {
              'toast.show': { actions: { type: 'addToast', params: ({ event }) => ({ request: event.toast, paused: true }) } },
              'toast.resume': { target: 'running', actions: 'resumeTimers' },
            },
          },
        },
        on: {
          'toast.dismiss': [
            {
              guard: { type: 'isLastShown', params: ({ event }) => ({ id: event.id }) },
              target: 'idle',
              actions: { type: 'removeToast', params: ({ event }) => ({ id: event.id }) },
            },
            {
              guard: { type: 'isShown', params: ({ event }) => ({ id: event.id }) },
              actions: { type: 'removeToast', params: ({ event }) => ({ id: event.id }) },
            },
          ],
          'toast.expire': [
            {
              guard: { type: 'isLastShown', params: ({ event }) => ({ id: event.id }) },
              target: 'idle',
              actions: { type: 'removeToast', params: ({ event }) => ({ id: event.id }) },
            },
            {
              guard: { type: 'isShown', params: ({ event }) => ({ id: event.id }) },
              actions: { type: 'removeToast', params: ({ event }) => ({ id: event.id }) },
            },
          ],
          'app.hydrated': { actions: 'restartTimers' },
        },
      },
    },
  })
}

export const toastsMachine = createToastsMachine({ generateId: createId })
export type ToastsMachine = typeof toastsMachine
