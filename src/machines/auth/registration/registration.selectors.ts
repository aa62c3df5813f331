// What views read from the registration flow (ARCHITECTURE §7 rule 4: tags, selectors and `can`,
// never state strings). Errors are derived here by the same rules the submit guard uses.
import type { SnapshotFrom } from 'xstate'
import type { FormErrors } from '../../../shared/validation/rules'
import { REGISTRATION_TAGS, type registrationMachine } from './registration.machine'
import { activeFields, shownErrors } from './registration.rules'
import type {
  ProfileField,
  RegistrationContent,
  RegistrationGeneralError,
  RegistrationMode,
  RegistrationValues,
} from './registration.types'

export type RegistrationSnapshot = SnapshotFrom<typeof registrationMachine>

/** The settings are loading: the popup shows the form's skeleton. */
export const selectIsLoadingSettings = (snapshot: RegistrationSnapshot): boolean =>
  snapshot.hasTag(REGISTRATION_TAGS.loadingSettings)

/** The settings failed to load: the view offers a retry ('reg.settings.retry'). */
export const selectSettingsFailed = (snapshot: RegistrationSnapshot): boolean =>
  snapshot.matches({ settings: 'failed' })

/** The loaded content settings the view draws (side banner, terms page, age, social list). */
export const selectContent = (snapshot: RegistrationSnapshot): RegistrationContent | null => snapshot.context.content

/** Whether the promo field is open: SPEC §3's hasPromocode. */
export const selectHasPromocode = (snapshot: RegistrationSnapshot): boolean =>
  snapshot.matches({ active: { promo: 'on' } })

export type PromoState = 'off' | 'idle' | 'checking' | 'valid' | 'invalid'

/**
 * SPEC §4 'Registration': the promo field shows loading while checked and a check icon when valid.
 * Waiting out the debounce is 'idle': nothing has been asked yet.
 */
export const selectPromoState = (snapshot: RegistrationSnapshot): PromoState => {
  if (!selectHasPromocode(snapshot)) return 'off'
  if (snapshot.hasTag(REGISTRATION_TAGS.checkingPromo)) return 'checking'
  if (snapshot.matches({ active: { promo: { on: 'valid' } } })) return 'valid'
  if (snapshot.matches({ active: { promo: { on: 'invalid' } } })) return 'invalid'
  return 'idle'
}

/** Field errors to show now, per the strategy (SPEC §5), with the server's and the terms error. */
export const selectFieldErrors = (snapshot: RegistrationSnapshot): FormErrors =>
  shownErrors(snapshot.context, selectHasPromocode(snapshot))

/** SPEC §8: the general notice (with an alert icon) when the server's errors name no shown field. */
export const selectGeneralError = (snapshot: RegistrationSnapshot): RegistrationGeneralError | null =>
  snapshot.context.generalError

export const selectValues = (snapshot: RegistrationSnapshot): RegistrationValues => snapshot.context.values

/** The currency chosen in the form (the sign-up banner shows its cap in it); '' while none. */
export const selectCurrency = (snapshot: RegistrationSnapshot): string => snapshot.context.values.currency ?? ''

export const selectMode = (snapshot: RegistrationSnapshot): RegistrationMode => snapshot.context.mode

export const selectModes = (snapshot: RegistrationSnapshot): readonly RegistrationMode[] =>
  snapshot.context.settings.modes

/** SPEC §2.3: the switcher appears only when more than one mode exists. */
export const selectShowModeSwitcher = (snapshot: RegistrationSnapshot): boolean =>
  snapshot.context.settings.modes.length > 1

/** SPEC §2.3: choosing social shows the social alternative instead of the form. */
export const selectShowsForm = (snapshot: RegistrationSnapshot): boolean => snapshot.context.mode !== 'social'

/** The whole field list of the country (currency options come from it), null before the first. */
export const selectFieldList = (snapshot: RegistrationSnapshot): readonly ProfileField[] | null => snapshot.context.fields

/** The currencies offered when the field list has no currency list (input.currencies). */
export const selectFallbackCurrencies = (snapshot: RegistrationSnapshot): readonly string[] => snapshot.context.currencies

/** The profile fields to render, in the server's order (fast mode: the required ones). */
export const selectVisibleFields = (snapshot: RegistrationSnapshot): readonly ProfileField[] =>
  activeFields(snapshot.context.fields, snapshot.context.mode)

/** The field list is loading: the form shows its skeleton. */
export const selectIsLoadingFields = (snapshot: RegistrationSnapshot): boolean =>
  snapshot.hasTag(REGISTRATION_TAGS.loadingFields)

/** The field list failed to load: show the retry ('reg.fields.retry'). */
export const selectFieldsFailed = (snapshot: RegistrationSnapshot): boolean =>
  snapshot.matches({ active: { fields: 'failed' } })

/** SPEC §4: the submit button shows loading and is disabled. */
export const selectIsSubmitting = (snapshot: RegistrationSnapshot): boolean =>
  snapshot.hasTag(REGISTRATION_TAGS.submitting)

/** The submit button is enabled: the fields are there and nothing is in flight. A click may still show errors. */
export const selectCanSubmit = (snapshot: RegistrationSnapshot): boolean =>
  snapshot.matches({ active: { fields: 'ready', form: 'editing' } }) && selectShowsForm(snapshot)

export const selectShowTerms = (snapshot: RegistrationSnapshot): boolean => snapshot.context.settings.terms.isActive
export const selectShowNotify = (snapshot: RegistrationSnapshot): boolean => snapshot.context.settings.notify.isActive
export const selectShowBetting = (snapshot: RegistrationSnapshot): boolean =>
  snapshot.context.settings.markBetting.isActive
export const selectShowPromoToggle = (snapshot: RegistrationSnapshot): boolean =>
  snapshot.context.settings.showPromocode
export const selectShowCharacterSelect = (snapshot: RegistrationSnapshot): boolean =>
  snapshot.context.settings.characterSelect.isActive

/** For `data-state` on the popup body (ARCHITECTURE §7 rule 5). */
export const selectRegistrationDataState = (snapshot: RegistrationSnapshot): string =>
  snapshot.status === 'done' || snapshot.matches('registered')
    ? 'registration.registered'
    : selectSettingsFailed(snapshot)
      ? 'registration.settingsFailed'
      : selectIsLoadingSettings(snapshot) || (selectIsLoadingFields(snapshot) && snapshot.context.fields === null)
        ? 'registration.loading'
        : `registration.${snapshot.context.mode}`

/**
 * What the form may keep across a page reload (the new-build reload, SPEC §4 'Build manifest'):
 * the profile fields typed so far, never the password. The country is the settings' to decide again.
 */
export const selectRegistrationDraft = (snapshot: RegistrationSnapshot): Readonly<Record<string, string>> => {
  const { country_code: _, ...profile } = snapshot.context.values.profile
  return Object.fromEntries(Object.entries(profile).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''))
}
