// What the e-mail form reads (tags and context, never state names in the view).
import type { SnapshotFrom } from 'xstate'
import { EMAIL_CHANGE_TAGS, type emailChangeMachine } from './email-change.machine'
import type { EmailChangeAlert, EmailChangeFieldErrors, EmailChangeValues } from './email-change.types'

export type EmailChangeSnapshot = SnapshotFrom<typeof emailChangeMachine>

export const selectEmailFormOpen = (snapshot: EmailChangeSnapshot): boolean => snapshot.hasTag(EMAIL_CHANGE_TAGS.form)
export const selectEmailChangeBusy = (snapshot: EmailChangeSnapshot): boolean => snapshot.hasTag(EMAIL_CHANGE_TAGS.busy)
export const selectEmailChangeDataState = (snapshot: EmailChangeSnapshot): string => `emailChange.${String(snapshot.value)}`
export const selectEmailChangeValues = (snapshot: EmailChangeSnapshot): EmailChangeValues => snapshot.context.values
export const selectEmailChangeErrors = (snapshot: EmailChangeSnapshot): EmailChangeFieldErrors => snapshot.context.fieldErrors
export const selectEmailChangeAlert = (snapshot: EmailChangeSnapshot): EmailChangeAlert | null => snapshot.context.alert
