// Toasts (SPEC §2.4, §4 'Dialog stack', §9): each toast's lifetime is a child timer of its own, so fake
// clocks drive it and pausing or hydrating restarts it (docs/machines.md#toasts).

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
          ...(params.request.action ? { action: params.request.action } : {}),
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
