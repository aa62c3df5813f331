// What the personal details form reads (tags and context, never state names in the view).
import type { SnapshotFrom } from 'xstate'
import type { FormErrors } from '../../../shared/validation/rules'
import { PROFILE_SETTINGS_TAGS, type profileSettingsMachine } from './profile-settings.machine'
import { isDirty, shownFields } from './profile-settings.rules'
import type { ProfileField, ProfileSettingsMessageId, ProfileValues } from './profile-settings.types'

export type ProfileSettingsSnapshot = SnapshotFrom<typeof profileSettingsMachine>

export const selectShownFields = (s: ProfileSettingsSnapshot): readonly ProfileField[] => shownFields(s.context.fields)
export const selectProfileValues = (s: ProfileSettingsSnapshot): ProfileValues => s.context.values
export const selectProfileErrors = (s: ProfileSettingsSnapshot): FormErrors => s.context.fieldErrors
export const selectProfileAlert = (s: ProfileSettingsSnapshot): ProfileSettingsMessageId | null => s.context.alert
export const selectProfileBusy = (s: ProfileSettingsSnapshot): boolean => s.hasTag(PROFILE_SETTINGS_TAGS.busy)
export const selectProfileSaving = (s: ProfileSettingsSnapshot): boolean => s.hasTag(PROFILE_SETTINGS_TAGS.busy) && s.context.pendingCountry === null
export const selectProfileDirty = (s: ProfileSettingsSnapshot): boolean => isDirty(s.context.fields, s.context.values, s.context.saved)
export const selectIdentityLocked = (s: ProfileSettingsSnapshot): boolean => s.context.identityLocked
export const selectProfileDataState = (s: ProfileSettingsSnapshot): string => `profile-settings.${String(s.value)}`
export const selectNextFakenameChangeAt = (s: ProfileSettingsSnapshot): string | null => s.context.nextFakenameChange
/** The values as the server has them (what the identity lock reads). */
export const selectSavedProfile = (s: ProfileSettingsSnapshot): ProfileValues => s.context.saved
