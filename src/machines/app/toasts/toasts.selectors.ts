// What views read from the toasts actor.
import type { SnapshotFrom } from 'xstate'
import type { ToastsMachine } from './toasts.machine'
import type { Toast } from './toasts.types'

export type ToastsSnapshot = SnapshotFrom<ToastsMachine>

/** Toasts on screen, oldest first. */
export const selectToasts = (snapshot: ToastsSnapshot): readonly Toast[] => snapshot.context.toasts

export const selectHasToasts = (snapshot: ToastsSnapshot): boolean => snapshot.matches('showing')

/** Whether the toasts' timers are held because the player is reading them (pointer or focus). */
export const selectToastsPaused = (snapshot: ToastsSnapshot): boolean => snapshot.matches({ showing: 'paused' })
