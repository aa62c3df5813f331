// What the socialRegistration view reads (ARCHITECTURE §7 rule 4).
import type { SnapshotFrom } from 'xstate'
import { SOCIAL_REGISTRATION_TAGS, type socialRegistrationMachine } from './social-registration.machine'

export type SocialRegistrationSnapshot = SnapshotFrom<typeof socialRegistrationMachine>

export const selectCompletionShowsForm = (snapshot: SocialRegistrationSnapshot): boolean => snapshot.hasTag(SOCIAL_REGISTRATION_TAGS.form)
export const selectCompletionBusy = (snapshot: SocialRegistrationSnapshot): boolean => snapshot.hasTag(SOCIAL_REGISTRATION_TAGS.busy)
export const selectCompletionLoadFailed = (snapshot: SocialRegistrationSnapshot): boolean => snapshot.can({ type: 'socialReg.retry' })
export const selectCompletionValues = (snapshot: SocialRegistrationSnapshot) => snapshot.context.values
export const selectCompletionCurrencies = (snapshot: SocialRegistrationSnapshot) => snapshot.context.currencies
export const selectCompletionErrors = (snapshot: SocialRegistrationSnapshot) => snapshot.context.fieldErrors
export const selectCompletionAlert = (snapshot: SocialRegistrationSnapshot) => snapshot.context.alert
export const selectCompletionDataState = (snapshot: SocialRegistrationSnapshot): string =>
  `socialRegistration.${typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]}`
