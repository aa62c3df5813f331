// What the restore view reads from the recovery request (tags, context and `can`, never state names).
import type { SnapshotFrom } from 'xstate'
import { RESTORE_TAGS, type restoreMachine } from './restore.machine'
import type { RestoreAlert, RestoreFieldErrors } from './restore.types'

export type RestoreSnapshot = SnapshotFrom<typeof restoreMachine>

/** The form, or the 'check your mail' answer. */
export const selectRestoreView = (snapshot: RestoreSnapshot): 'form' | 'sent' =>
  snapshot.hasTag(RESTORE_TAGS.form) ? 'form' : 'sent'

/** For `data-state` on the view: 'restore.editing', 'restore.throttled', 'restore.sent', ... */
export const selectRestoreDataState = (snapshot: RestoreSnapshot): string => `restore.${String(snapshot.value)}`

export const selectRestoreBusy = (snapshot: RestoreSnapshot): boolean => snapshot.hasTag(RESTORE_TAGS.busy)
export const selectRestoreLogin = (snapshot: RestoreSnapshot): string => snapshot.context.login
export const selectRestoreErrors = (snapshot: RestoreSnapshot): RestoreFieldErrors => snapshot.context.fieldErrors
export const selectRestoreAlert = (snapshot: RestoreSnapshot): RestoreAlert | null => snapshot.context.alert
/** Seconds left to wait after a 429 (0 when not throttled). */
export const selectRestoreWait = (snapshot: RestoreSnapshot): number => snapshot.context.retryAfterSec
/** The submit button is enabled: not while a request runs, nor while the wait counts down. */
export const selectCanSubmitRestore = (snapshot: RestoreSnapshot): boolean => snapshot.can({ type: 'restore.submit' })
export const selectSentTo = (snapshot: RestoreSnapshot): string | null => snapshot.context.sentTo
