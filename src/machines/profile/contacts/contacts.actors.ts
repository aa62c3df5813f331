// Actors of the contacts section; the defaults call this browser page's API client, settling API
// errors as values (auth.results). Tests swap them with `.provide({ actors })`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { getprofileinfo, sendconfirmationtocontact } from '../../../services/api/contract/account'
import { addcontact, getContactPhoneSettings } from '../../../services/api/contract/profile'
import { settleAuthCall } from '../../auth/auth.results'
import type { AddPhoneInput, AddPhoneResult, LoadContactsResult, SendPhoneCodeResult } from './contacts.types'

/** GET account/getprofileinfo?fields=contacts and account/getContactPhoneSettings. */
export const loadContacts = fromPromise<LoadContactsResult>(() =>
  settleAuthCall(async () => {
    const client = browserApiClient()
    const [profile, settings] = await Promise.all([client.call(getprofileinfo, { fields: 'contacts' }), client.call(getContactPhoneSettings, {})])
    return { contacts: profile.contacts ?? [], countries: settings.countries, defaultCountry: settings.default_country }
  }),
)

/** POST account/addcontact (contact, phone_country_code). */
export const addPhone = fromPromise<AddPhoneResult, AddPhoneInput>(({ input }) =>
  settleAuthCall(async () => {
    await browserApiClient().call(addcontact, { contact: input.number, phone_country_code: input.country })
    return {}
  }),
)

/** POST account/sendconfirmationtocontact for the phone. */
export const sendPhoneCode = fromPromise<SendPhoneCodeResult, { contact: string }>(({ input }) =>
  settleAuthCall(async () => ({ contact: (await browserApiClient().call(sendconfirmationtocontact, { contact: input.contact })).contact })),
)
