// What the reset-password dialog reads (tags, context and `can`, never state names in the view).
import type { SnapshotFrom } from 'xstate'
import { RESET_PASSWORD_TAGS, type resetPasswordMachine } from './reset-password.machine'
import type { ResetPasswordAlert, ResetPasswordFieldErrors, ResetPasswordValues } from './reset-password.types'

export type ResetPasswordSnapshot = SnapshotFrom<typeof resetPasswordMachine>

export type ResetPasswordView = 'form' | 'invalid' | 'expired' | 'done' | 'closed'

export const selectResetView = (snapshot: ResetPasswordSnapshot): ResetPasswordView => {
  if (snapshot.hasTag(RESET_PASSWORD_TAGS.form)) return 'form'
  if (snapshot.matches('invalidToken')) return 'invalid'
  if (snapshot.matches('expiredToken')) return 'expired'
  if (snapshot.matches('done')) return 'done'
  return 'closed'
}

export const selectResetDataState = (snapshot: ResetPasswordSnapshot): string => `reset.${String(snapshot.value)}`
export const selectResetBusy = (snapshot: ResetPasswordSnapshot): boolean => snapshot.hasTag(RESET_PASSWORD_TAGS.busy)
export const selectResetValues = (snapshot: ResetPasswordSnapshot): ResetPasswordValues => snapshot.context.values
export const selectResetErrors = (snapshot: ResetPasswordSnapshot): ResetPasswordFieldErrors => snapshot.context.fieldErrors
export const selectResetAlert = (snapshot: ResetPasswordSnapshot): ResetPasswordAlert | null => snapshot.context.alert
