// Types of the toasts (SPEC §2.4 toast types, §4 'Dialog stack' last sentence, §9 duration).

export const TOAST_TYPES = ['neutral', 'info', 'success', 'warning', 'error', 'fill_for_deposit'] as const
export type ToastType = (typeof TOAST_TYPES)[number]

export interface ToastRequest {
  readonly type: ToastType
  /** Already translated: machines do not translate, and the text may be dehydrated with SSR. */
  readonly message: string
  /** Milliseconds on screen; SPEC §9 default 5000. Not a positive finite number means the default. */
  readonly duration?: number
  /** A button under the message: 'reload' loads the new build (SPEC §4 'Build manifest'). */
  readonly action?: ToastAction
}

export type ToastAction = 'reload'

export interface Toast {
  readonly id: string
  readonly type: ToastType
  readonly message: string
  readonly duration: number
  readonly action?: ToastAction
}

export interface ToastsContext {
  /** Oldest first. */
  readonly toasts: readonly Toast[]
}

/** What views and other machines send. */
export type ToastsPublicEvent =
  | { type: 'toast.show'; toast: ToastRequest }
  | { type: 'toast.dismiss'; id: string }
  /** The pointer is over the toasts, or focus is inside them: no toast leaves while it is read. */
  | { type: 'toast.pause' }
  /** The pointer and focus left the toasts: their timers run again, each from its full duration. */
  | { type: 'toast.resume' }

export type ToastsEvent =
  | ToastsPublicEvent
  /** Sent by a toast's own timer when its duration has passed. */
  | { type: 'toast.expire'; id: string }
  /** The browser took over a server-rendered page: timers armed on the server never fire here. */
  | { type: 'app.hydrated' }

export interface ToastTimerInput {
  readonly id: string
  readonly duration: number
}

export type ToastTimerEvent = { type: 'toast.restartTimer' } | { type: 'toast.pause' } | { type: 'toast.resume' }
