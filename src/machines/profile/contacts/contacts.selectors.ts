// What the contacts section reads (tags and context, never state names in the view).
import type { SnapshotFrom } from 'xstate'
import type { ValidationError } from '../../../shared/validation/rules'
import { CONTACTS_TAGS, type contactsMachine } from './contacts.machine'
import { selectedCountry } from './contacts.rules'
import type { Contact, ContactsMessageId, PhoneCountryInfo } from './contacts.types'

export type ContactsSnapshot = SnapshotFrom<typeof contactsMachine>

export const selectContactList = (s: ContactsSnapshot): readonly Contact[] | null => s.context.contacts
export const selectPhoneCountries = (s: ContactsSnapshot): readonly PhoneCountryInfo[] => s.context.countries
export const selectPhoneCountry = (s: ContactsSnapshot): string => s.context.country
export const selectPhoneMask = (s: ContactsSnapshot): string | null => selectedCountry(s.context)?.mask ?? null
export const selectPhoneNumber = (s: ContactsSnapshot): string => s.context.number
export const selectPhoneError = (s: ContactsSnapshot): ValidationError | null => s.context.error
export const selectContactsAlert = (s: ContactsSnapshot): ContactsMessageId | null => s.context.alert
export const selectPhoneFormOpen = (s: ContactsSnapshot): boolean => s.hasTag(CONTACTS_TAGS.form)
export const selectContactsBusy = (s: ContactsSnapshot): boolean => s.hasTag(CONTACTS_TAGS.busy)
export const selectContactsDataState = (s: ContactsSnapshot): string => `contacts.${String(s.value)}`
