// Types of the player's contacts on /profile/settings (SPEC §3 'Contact', §4 'Contact editing'; §7
// getprofileinfo contacts, getContactPhoneSettings, addcontact, sendconfirmationtocontact; §8).
import type { Contact } from '../../../services/api/contract/account'
import type { PhoneCountryInfo } from '../../../services/api/contract/profile'
import type { ValidationError } from '../../../shared/validation/rules'
import type { AuthResult } from '../../auth/auth.types'
import type { FormEmitted } from '../../forms/focus-first-error'

export type { Contact, PhoneCountryInfo }

export type ContactsMessageId = 'loadFailed' | 'saveFailed' | 'sendFailed'

export interface ContactsContext {
  /** The player's e-mail and phone as last read; null before the first answer. */
  readonly contacts: readonly Contact[] | null
  /** The countries a phone may be from, and the one the form starts with. */
  readonly countries: readonly PhoneCountryInfo[]
  readonly defaultCountry: string | null
  /** The phone form: the country (ISO) and the national number as typed through its mask. */
  readonly country: string
  readonly number: string
  readonly error: ValidationError | null
  readonly alert: ContactsMessageId | null
}

export type ContactsEvent =
  /** 'Add a phone' or 'Change phone'. */
  | { type: 'phone.add' }
  | { type: 'phone.country.change'; country: string }
  | { type: 'phone.number.change'; value: string }
  /** A number pasted into the field: matched to its country (SPEC §4 'Contact editing'). */
  | { type: 'phone.paste'; text: string }
  | { type: 'phone.submit' }
  | { type: 'phone.cancel' }
  /** 'Confirm' beside an unconfirmed phone: a code is sent and the page goes to /confirmation. */
  | { type: 'phone.confirm' }
  | { type: 'contacts.retry' }

/** Emitted once a code went to the phone: the page goes to /confirmation for it. */
export const PHONE_CODE_SENT = 'contacts.phoneCodeSent' as const
export type ContactsEmitted = FormEmitted | { readonly type: typeof PHONE_CODE_SENT; readonly contact: string }

export type LoadContactsResult = AuthResult<{ contacts: readonly Contact[]; countries: readonly PhoneCountryInfo[]; defaultCountry: string | null }>
export interface AddPhoneInput {
  readonly number: string
  readonly country: string
}
export type AddPhoneResult = AuthResult
export type SendPhoneCodeResult = AuthResult<{ contact: string }>

export interface ContactsActionParams {
  readonly reportError: { readonly error: unknown }
}
