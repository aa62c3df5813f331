// Sample events of the toasts and of one toast's timer, walked by the model test and by the flows
// registry.
import { defineEntry, delayEvent, type SampleTable } from '../../flow-entry'
import { createToastsMachine, toastsMachine, toastTimerMachine } from './toasts.machine'
import type { Toast, ToastRequest, ToastsEvent, ToastTimerEvent } from './toasts.types'

export const welcomeToast = { type: 'success', message: 'Welcome back' } satisfies ToastRequest
export const fillProfileToast = { type: 'fill_for_deposit', message: 'Fill in your profile', duration: 8000 } satisfies ToastRequest

type ToastsSnapshot = { context: { toasts: readonly Toast[] } }

// Every event type needs samples, or this does not compile. Ids are read from the state.
export const toastsSamples = {
  'toast.show': [
    { type: 'toast.show', toast: welcomeToast },
    { type: 'toast.show', toast: fillProfileToast },
  ],
  'toast.dismiss': (s: ToastsSnapshot) => [
    ...s.context.toasts.map((t) => ({ type: 'toast.dismiss' as const, id: t.id })),
    { type: 'toast.dismiss' as const, id: 'unknown' },
  ],
  'toast.expire': (s: ToastsSnapshot) => s.context.toasts.map((t) => ({ type: 'toast.expire' as const, id: t.id })),
  'toast.pause': [{ type: 'toast.pause' }],
  'toast.resume': [{ type: 'toast.resume' }],
  'app.hydrated': [{ type: 'app.hydrated' }],
} satisfies SampleTable<ToastsEvent>

/** Ids `<prefix>-1`, `<prefix>-2`, ... so printed paths and model states are the same on every run. */
export function countingIds(prefix = 'toast'): () => string {
  let n = 0
  return () => `${prefix}-${++n}`
}

export const toastsEntry = defineEntry({
  name: 'toasts',
  area: 'app',
  spec: '§2.4, §4 Dialog stack, §9',
  description: 'Toasts on screen, each removed after its own duration (5000 ms by default) or on dismiss; held while the player reads them',
  machine: toastsMachine,
  graphMachine: () => createToastsMachine({ generateId: countingIds() }),
  events: toastsSamples,
})

export const toastTimerSamples = {
  'toast.restartTimer': [{ type: 'toast.restartTimer' }],
  'toast.pause': [{ type: 'toast.pause' }],
  'toast.resume': [{ type: 'toast.resume' }],
} satisfies SampleTable<ToastTimerEvent>

const TIMER_ENDS = delayEvent(toastTimerMachine, 'toastDuration')
export type ToastTimerOutcome = typeof TIMER_ENDS
export const toastTimerOutcomes = { [TIMER_ENDS.type]: [TIMER_ENDS] } satisfies SampleTable<ToastTimerOutcome>

export const toastTimerEntry = defineEntry<typeof toastTimerMachine, ToastTimerOutcome>({
  name: 'toast-timer',
  area: 'app',
  spec: '§4 Dialog stack, §9',
  description: "One toast's clock, spawned by toasts: counts its duration (held while paused), then tells the parent it expired",
  machine: toastTimerMachine,
  // Walked on its own it has no parent to tell, and resolving sendParent without one throws.
  graphMachine: () => toastTimerMachine.provide({ actions: { reportExpired: () => {} } }),
  input: { id: 'toast-1', duration: 5000 },
  events: toastTimerSamples,
  outcomes: toastTimerOutcomes,
})
