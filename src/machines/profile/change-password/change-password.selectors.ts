// What the password form reads (tags, context and `can`, never state names in the view).
import type { SnapshotFrom } from 'xstate'
import { CHANGE_PASSWORD_TAGS, type changePasswordMachine } from './change-password.machine'
import type { ChangePasswordAlert, ChangePasswordFieldErrors, ChangePasswordValues } from './change-password.types'

export type ChangePasswordSnapshot = SnapshotFrom<typeof changePasswordMachine>

export const selectChangeView = (snapshot: ChangePasswordSnapshot): 'form' | 'done' => (snapshot.hasTag(CHANGE_PASSWORD_TAGS.form) ? 'form' : 'done')
export const selectChangeDataState = (snapshot: ChangePasswordSnapshot): string => `password.${String(snapshot.value)}`
export const selectChangeBusy = (snapshot: ChangePasswordSnapshot): boolean => snapshot.hasTag(CHANGE_PASSWORD_TAGS.busy)
export const selectChangeValues = (snapshot: ChangePasswordSnapshot): ChangePasswordValues => snapshot.context.values
export const selectChangeErrors = (snapshot: ChangePasswordSnapshot): ChangePasswordFieldErrors => snapshot.context.fieldErrors
export const selectChangeAlert = (snapshot: ChangePasswordSnapshot): ChangePasswordAlert | null => snapshot.context.alert
export const selectOthersEnded = (snapshot: ChangePasswordSnapshot): number | null => snapshot.context.othersEnded
