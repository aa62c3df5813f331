// The personal details form's sample events and answers: its model test walks them, and so does the
// flows registry. The lists are the seed's shapes (server/seed/registration.ts): the US asks for a
// birth date only, Germany for both names, Mexico for a region among its choices.
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { fail, failure, unavailable } from '../../auth/auth.samples'
import { profileSettingsMachine } from './profile-settings.machine'
import { isDirty } from './profile-settings.rules'
import type { LoadFieldsResult, LoadProfileResult, Profile, ProfileField, ProfileSettingsContext, ProfileSettingsEvent, SaveProfileResult } from './profile-settings.types'

const COUNTRY: ProfileField = {
  sysname: 'country_code',
  is_visible: true,
  is_required: true,
  type: 'country_code',
  options: { list: ['US', 'DE', 'MX'].map((value) => ({ value, label: value })) },
}
const BIRTH_DATE: ProfileField = { sysname: 'birth_date', is_visible: true, is_required: false, type: 'date', options: { mask: '##.##.####' } }
const name = (sysname: 'first_name' | 'last_name', required: boolean): ProfileField => ({ sysname, is_visible: true, is_required: required, type: 'input', options: {} })
const EMAIL: ProfileField = { sysname: 'email', is_visible: true, is_required: true, type: 'input', options: {} }

export const US_FIELDS: readonly ProfileField[] = [COUNTRY, EMAIL, BIRTH_DATE]
export const DE_FIELDS: readonly ProfileField[] = [COUNTRY, EMAIL, name('first_name', true), name('last_name', true), BIRTH_DATE]
export const MX_FIELDS: readonly ProfileField[] = [
  COUNTRY,
  name('first_name', false),
  { sysname: 'region', is_visible: true, is_required: true, type: 'region', options: { list: [{ value: 'CMX', label: 'Ciudad de México' }, { value: 'JAL', label: 'Jalisco' }] } },
]

export const US_PROFILE: Profile = {
  first_name: null,
  last_name: null,
  sex: 0,
  birth_date: '05.04.1990',
  country: null,
  country_code: 'US',
  region: null,
  home_town: null,
  address: null,
  postcode: null,
  document: { type: null, number: null },
}

export const refusedLastName = fail(failure('InvalidParameterException', 'invalid_parameters', { invalidParameters: { last_name: ['required'] } }))
export const lockedName = fail(failure('InvalidParameterException', 'invalid_parameters', { invalidParameters: { first_name: ['locked'] } }))
export { unavailable }

export const profileSettingsSamples = {
  'profile.field.change': [
    { type: 'profile.field.change', name: 'first_name', value: 'Anna' },
    { type: 'profile.field.change', name: 'first_name', value: '<b>' },
    { type: 'profile.field.change', name: 'last_name', value: 'Müller' },
    { type: 'profile.field.change', name: 'birth_date', value: '01.01.2020' },
  ],
  'profile.country.change': [
    { type: 'profile.country.change', countryCode: 'DE' },
    { type: 'profile.country.change', countryCode: 'mx' },
    { type: 'profile.country.change', countryCode: 'D1' },
  ],
  'profile.submit': [{ type: 'profile.submit' }],
  'profile.reset': [{ type: 'profile.reset' }],
  'profile.retry': [{ type: 'profile.retry' }],
} satisfies SampleTable<ProfileSettingsEvent>

const LOADED = doneEventType(profileSettingsMachine, 'loadProfile')
const LOAD_CRASHED = errorEventType(profileSettingsMachine, 'loadProfile')
const FIELDS = doneEventType(profileSettingsMachine, 'loadFields')
const FIELDS_CRASHED = errorEventType(profileSettingsMachine, 'loadFields')
const SAVED = doneEventType(profileSettingsMachine, 'saveProfile')
const SAVE_CRASHED = errorEventType(profileSettingsMachine, 'saveProfile')

export type ProfileSettingsOutcome =
  | { type: typeof LOADED; output: LoadProfileResult }
  | { type: typeof LOAD_CRASHED; error: unknown }
  | { type: typeof FIELDS; output: LoadFieldsResult }
  | { type: typeof FIELDS_CRASHED; error: unknown }
  | { type: typeof SAVED; output: SaveProfileResult }
  | { type: typeof SAVE_CRASHED; error: unknown }

export const profileSettingsOutcomes = {
  [LOADED]: [
    { type: LOADED, output: { ok: true, profile: US_PROFILE, fields: US_FIELDS } },
    { type: LOADED, output: unavailable },
  ],
  [LOAD_CRASHED]: [{ type: LOAD_CRASHED, error: 'bug' }],
  // The list of the country asked for is in the context (pendingCountry): one answer stands for each.
  [FIELDS]: [
    { type: FIELDS, output: { ok: true, fields: DE_FIELDS } },
    { type: FIELDS, output: unavailable },
  ],
  [FIELDS_CRASHED]: [{ type: FIELDS_CRASHED, error: 'bug' }],
  [SAVED]: [
    { type: SAVED, output: { ok: true } },
    { type: SAVED, output: refusedLastName },
    { type: SAVED, output: unavailable },
  ],
  [SAVE_CRASHED]: [{ type: SAVE_CRASHED, error: 'bug' }],
} satisfies SampleTable<ProfileSettingsOutcome>

export const profileSettingsEntry = defineEntry<typeof profileSettingsMachine, ProfileSettingsOutcome>({
  name: 'profile-settings',
  area: 'profile',
  spec: '§3 Profile, Profile field sysnames, §7 saveProfileInfo, getPersonalDataFields, §8',
  description: "The personal details on /profile/settings: the country's fields, kept as typed through a country change and every refusal; a save from the fill-profile prompt goes back",
  machine: profileSettingsMachine,
  input: { identityLocked: false, returnTo: null },
  otherInputs: [{ identityLocked: true, returnTo: '/cashier/withdrawal' }],
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: ProfileSettingsContext }
    return JSON.stringify({
      value,
      country: context.values.country_code,
      fields: context.fields?.map((f) => f.sysname.slice(0, 3)).join(',') ?? null,
      typed: [context.values.first_name, context.values.last_name, context.values.birth_date].map((v) => v.slice(0, 2)).join('|'),
      dirty: isDirty(context.fields, context.values, context.saved),
      errors: Object.keys(context.fieldErrors).sort().join(','),
      alert: context.alert,
      pending: context.pendingCountry,
    })
  },
  events: profileSettingsSamples,
  outcomes: profileSettingsOutcomes,
})
