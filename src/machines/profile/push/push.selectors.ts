import type { SnapshotFrom } from 'xstate'
import type { PushMachine } from './push.machine'

type Snapshot = SnapshotFrom<PushMachine>

export const selectPush = (s: Snapshot) => s.context.push
export const selectPushAlert = (s: Snapshot) => s.context.alert
export const selectPushSaving = (s: Snapshot) => s.context.saving
export const selectPushBusy = (s: Snapshot) => s.matches('enabling') || s.matches('disabling') || s.matches('savingTopics')
/** The state as the page's data-state names it (e2e and QA read it). */
export const selectPushDataState = (s: Snapshot) => `push.${String(s.value)}`
