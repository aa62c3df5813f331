// What the feedback form's view reads (tags and context, never state names).
import type { SnapshotFrom } from 'xstate'
import { FEEDBACK_TAGS, type feedbackMachine } from './feedback.machine'
import type { FeedbackAlert, FeedbackFieldErrors, FeedbackValues } from './feedback.types'

export type FeedbackSnapshot = SnapshotFrom<typeof feedbackMachine>

export const selectFeedbackValues = (s: FeedbackSnapshot): FeedbackValues => s.context.values
export const selectFeedbackErrors = (s: FeedbackSnapshot): FeedbackFieldErrors => s.context.fieldErrors
export const selectFeedbackAlert = (s: FeedbackSnapshot): FeedbackAlert | null => s.context.alert
export const selectFeedbackBusy = (s: FeedbackSnapshot): boolean => s.hasTag(FEEDBACK_TAGS.busy)
export const selectFeedbackNeedsEmail = (s: FeedbackSnapshot): boolean => s.context.needsEmail
/** The message's reference once sent; null while the form shows. */
export const selectFeedbackReference = (s: FeedbackSnapshot): string | null => (s.hasTag(FEEDBACK_TAGS.form) ? null : s.context.reference)
export const selectFeedbackDataState = (s: FeedbackSnapshot): string => `feedback.${String(s.value)}`
