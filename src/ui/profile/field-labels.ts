// Labels, autocomplete tokens and country names of the profile fields (SPEC §3 sysnames): the
// registration form and the profile's details form show the same field the same way.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ProfileFieldSysname } from '../../shared/profile-fields'

/** Labels of the profile fields (SPEC §3 sysnames). */
export const FIELD_LABELS: Record<ProfileFieldSysname, MessageDescriptor> = {
  first_name: msg`First name`,
  middle_name: msg`Middle name`,
  last_name: msg`Last name`,
  birth_date: msg`Date of birth`,
  sex: msg`Sex`,
  mobile: msg`Mobile phone`,
  country: msg`Country`,
  postcode: msg`Postcode`,
  home_town: msg`Town`,
  address: msg`Address`,
  country_code: msg`Country`,
  document_type: msg`Document type`,
  document_number: msg`Document number`,
  region: msg`Region`,
  email: msg`E-mail`,
  login: msg`Login`,
  currency: msg`Currency`,
  phone_country_code: msg`Phone country`,
  fakename: msg`Nickname`,
}

export const AUTOCOMPLETE: Partial<Record<ProfileFieldSysname, string>> = {
  email: 'email',
  mobile: 'tel-national',
  first_name: 'given-name',
  middle_name: 'additional-name',
  last_name: 'family-name',
  birth_date: 'bday',
  postcode: 'postal-code',
  address: 'street-address',
  home_town: 'address-level2',
  login: 'username',
  fakename: 'nickname',
}

export function countryName(locale: string, code: string, fallback: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? fallback
  } catch {
    return fallback
  }
}

/** A select field's choices: its list, or for sex without one the two SPEC §3 values. */
export function fieldChoices(i18n: I18n, sysname: ProfileFieldSysname, list: readonly { value: string; label: string }[]): readonly { value: string; label: string }[] {
  if (sysname !== 'sex' || list.length > 0) return list
  return [
    { value: '1', label: i18n._(msg`Male`) },
    { value: '2', label: i18n._(msg`Female`) },
  ]
}
