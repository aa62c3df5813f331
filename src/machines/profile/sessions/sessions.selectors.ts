// What the devices list reads (tags, context and `can`, never state names in the view).
import type { SnapshotFrom } from 'xstate'
import { SESSIONS_TAGS, type sessionsMachine } from './sessions.machine'
import { otherSessionsOf } from './sessions.rules'
import type { PlayerSession, SessionsMessageId, SessionTarget } from './sessions.types'

export type SessionsSnapshot = SnapshotFrom<typeof sessionsMachine>

export const selectSessions = (s: SessionsSnapshot): readonly PlayerSession[] | null => s.context.sessions
export const selectSessionsBusy = (s: SessionsSnapshot): boolean => s.hasTag(SESSIONS_TAGS.busy)
export const selectSessionsAlert = (s: SessionsSnapshot): SessionsMessageId | null => s.context.alert
export const selectEnding = (s: SessionsSnapshot): SessionTarget | null => s.context.ending
export const selectLastEnded = (s: SessionsSnapshot): number | null => s.context.lastEnded
export const selectOtherCount = (s: SessionsSnapshot): number => otherSessionsOf(s.context.sessions)
export const selectCanRetry = (s: SessionsSnapshot): boolean => s.can({ type: 'sessions.retry' }) && s.context.alert === 'loadFailed'
export const selectSessionsDataState = (s: SessionsSnapshot): string => `sessions.${String(s.value)}`
