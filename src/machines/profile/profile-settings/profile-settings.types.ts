// Types of the personal details on /profile/settings (SPEC §3 'Profile', 'Profile field sysnames';
// §7 getprofileinfo, getPersonalDataFields, saveProfileInfo; §8 errors).
import type { Profile } from '../../../services/api/contract/account'
import type { ProfileDataField } from '../../../shared/profile-fields'
import type { FormErrors } from '../../../shared/validation/rules'
import type { AuthResult } from '../../auth/auth.types'
import type { FormEmitted } from '../../forms/focus-first-error'
import type { ProfileField } from '../../auth/registration/registration.types'

export type { Profile, ProfileDataField, ProfileField }

/** The form's values as typed; sex is '' (not said), '1' or '2'. */
export type ProfileValues = Readonly<Record<ProfileDataField, string>>

export interface ProfileSettingsInput {
  /** Verified or being checked (account info): the identity fields are read-only. */
  readonly identityLocked: boolean
  /** Where the player came from to fill the details in (a same-origin path), to go back once saved. */
  readonly returnTo: string | null
}

export type ProfileSettingsMessageId = 'loadFailed' | 'fieldsFailed' | 'saveFailed' | 'saved'

export interface ProfileSettingsContext extends ProfileSettingsInput {
  /** The country's field list; null before the first answer. */
  readonly fields: readonly ProfileField[] | null
  readonly values: ProfileValues
  /** The values as the server has them: what "unsaved changes" compares with. */
  readonly saved: ProfileValues
  readonly fieldErrors: FormErrors
  readonly alert: ProfileSettingsMessageId | null
  /** The country whose list is being read; null when none is. */
  readonly pendingCountry: string | null
  /** From the profile as read: when the nickname may change next (the nickname section starts from it). */
  readonly nextFakenameChange: string | null
}

export type ProfileSettingsEvent =
  | { type: 'profile.field.change'; name: Exclude<ProfileDataField, 'country_code'>; value: string }
  | { type: 'profile.country.change'; countryCode: string }
  | { type: 'profile.submit' }
  | { type: 'profile.reset' }
  | { type: 'profile.retry' }

/** What a save emits: the view goes back to where the player came from, when there is such a place. */
export const PROFILE_SAVED = 'profile.saved' as const
export type ProfileSettingsEmitted = { readonly type: typeof PROFILE_SAVED; readonly returnTo: string | null } | FormEmitted

export type LoadProfileResult = AuthResult<{ profile: Profile; fields: readonly ProfileField[] }>
export type LoadFieldsResult = AuthResult<{ fields: readonly ProfileField[] }>
export type SaveProfileInput = Readonly<Partial<Record<ProfileDataField, string>>>
export type SaveProfileResult = AuthResult

export interface ProfileSettingsActionParams {
  readonly reportError: { readonly error: unknown }
}
