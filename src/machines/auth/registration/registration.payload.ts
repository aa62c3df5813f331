// SPEC §7 'Registration payload', as a pure function of the form: login defaulting to the e-mail or
// the mobile, optional e-mail, phone from mobile, password, currency, notify '1' or '0', is_betting
// as a string, character_id when character select is on, region, phone_country_code, and the other
// profile fields the form shows. Empty and null values are omitted, and so is hasPromocode (it is
// not a value here at all: see RegistrationValues); the promo code goes only when the server found
// it valid (SPEC §5 'Promo code').
import type { ProfileField, ProfileTextField, RegistrationPayload, RegistrationSettings, RegistrationValues } from './registration.types'

type PayloadKey = keyof RegistrationPayload

/** The contract's name for each profile field: only the mobile is renamed, to phone. */
const PAYLOAD_KEY = {
  first_name: 'first_name',
  middle_name: 'middle_name',
  last_name: 'last_name',
  birth_date: 'birth_date',
  sex: 'sex',
  mobile: 'phone',
  country: 'country',
  postcode: 'postcode',
  home_town: 'home_town',
  address: 'address',
  country_code: 'country_code',
  document_type: 'document_type',
  document_number: 'document_number',
  region: 'region',
  email: 'email',
  login: 'login',
  phone_country_code: 'phone_country_code',
  fakename: 'fakename',
} as const satisfies Record<ProfileTextField, PayloadKey>

export interface PayloadSource {
  readonly values: RegistrationValues
  /** The fields the form shows in its mode (activeFields): the only profile fields sent. */
  readonly fields: readonly ProfileField[]
  readonly settings: Pick<RegistrationSettings, 'characterSelect'>
  /** The code the server accepted, or null: an unchecked or invalid code is never sent. */
  readonly validPromoCode: string | null
}

export function buildRegistrationPayload({ values, fields, settings, validPromoCode }: PayloadSource): RegistrationPayload {
  const payload: Partial<Record<PayloadKey, string>> = {}
  const put = (key: PayloadKey, value: string | null | undefined) => {
    if (value !== null && value !== undefined && value.trim() !== '') payload[key] = value
  }
  for (const field of fields) {
    if (field.sysname === 'currency') continue
    put(PAYLOAD_KEY[field.sysname], values.profile[field.sysname]?.trim())
  }
  put('login', payload.login ?? payload.email ?? payload.phone)
  // The password is sent as typed: spaces at its ends are part of it.
  put('password', values.password)
  put('currency', values.currency)
  put('locale', values.locale)
  put('notify', values.notify ? '1' : '0')
  put('is_betting', String(values.is_betting))
  if (settings.characterSelect.isActive && values.character_id !== null) put('character_id', String(values.character_id))
  put('promo_code', validPromoCode?.trim())
  return payload
}
