// What the session-time limit section reads (tags and context, never state names in the view).
import type { SnapshotFrom } from 'xstate'
import { choiceOf, SESSION_LIMIT_TAGS, type sessionLimitMachine } from './session-limit.machine'
import type { SessionLimitInfo, SessionLimitMessageId } from './session-limit.types'

export type SessionLimitSnapshot = SnapshotFrom<typeof sessionLimitMachine>

export const selectSessionLimit = (s: SessionLimitSnapshot): SessionLimitInfo | null => s.context.limit
export const selectSessionLimitChoice = (s: SessionLimitSnapshot): number => s.context.choice
export const selectSessionLimitAlert = (s: SessionLimitSnapshot): SessionLimitMessageId | null => s.context.alert
export const selectSessionLimitLoading = (s: SessionLimitSnapshot): boolean => s.hasTag(SESSION_LIMIT_TAGS.loading)
export const selectSessionLimitSaving = (s: SessionLimitSnapshot): boolean => s.hasTag(SESSION_LIMIT_TAGS.saving)
export const selectSessionLimitCanSave = (s: SessionLimitSnapshot): boolean => s.context.limit !== null && s.context.choice !== choiceOf(s.context.limit) && !s.hasTag(SESSION_LIMIT_TAGS.saving)
export const selectSessionLimitDataState = (s: SessionLimitSnapshot): string => `session-limit.${String(s.value)}`
