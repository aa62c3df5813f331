// What the nickname section reads (tags and context, never state names in the view).
import type { SnapshotFrom } from 'xstate'
import type { ValidationError } from '../../../shared/validation/rules'
import { FAKENAME_TAGS, type fakenameMachine } from './fakename.machine'
import type { FakenameMessageId } from './fakename.types'

export type FakenameSnapshot = SnapshotFrom<typeof fakenameMachine>

export const selectFakename = (s: FakenameSnapshot): string | null => s.context.current
export const selectFakenameValue = (s: FakenameSnapshot): string => s.context.value
export const selectFakenameError = (s: FakenameSnapshot): ValidationError | null => s.context.error
export const selectFakenameAlert = (s: FakenameSnapshot): FakenameMessageId | null => s.context.alert
export const selectFakenameEditing = (s: FakenameSnapshot): boolean => s.hasTag(FAKENAME_TAGS.form)
export const selectFakenameBusy = (s: FakenameSnapshot): boolean => s.hasTag(FAKENAME_TAGS.busy)
/** When the nickname may change next; null when it may change now. */
export const selectNextFakenameChange = (s: FakenameSnapshot): string | null =>
  s.context.nextChangeAt !== null && Date.parse(s.context.nextChangeAt) > Date.now() ? s.context.nextChangeAt : null
export const selectFakenameDataState = (s: FakenameSnapshot): string => `fakename.${String(s.value)}`
