// What the warning popup reads from the inactivity watcher.
import type { SnapshotFrom } from 'xstate'
import { INACTIVITY_TAGS, type inactivityMachine } from './inactivity.machine'

export type InactivitySnapshot = SnapshotFrom<typeof inactivityMachine>

export const selectWarningShown = (snapshot: InactivitySnapshot): boolean => snapshot.hasTag(INACTIVITY_TAGS.warning)
/** Seconds left before the logout, while the warning shows. */
export const selectRemainingSeconds = (snapshot: InactivitySnapshot): number => snapshot.context.remainingSec
export const selectInactivityDataState = (snapshot: InactivitySnapshot): string =>
  snapshot.matches('watching')
    ? `inactivity.${snapshot.hasTag(INACTIVITY_TAGS.warning) ? 'warning' : snapshot.matches({ watching: { clock: 'loggingOut' } }) ? 'loggingOut' : 'idle'}`
    : `inactivity.${String(snapshot.value)}`
