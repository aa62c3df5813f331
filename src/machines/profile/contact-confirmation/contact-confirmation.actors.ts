// Actors of the contact confirmation: the defaults call the API from the browser (ARCHITECTURE §3),
// settling API errors as values; tests swap them with `contactConfirmationMachine.provide({ actors })`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { confirmContact, getprofileinfo, sendconfirmationtocontact } from '../../../services/api/contract/account'
import { settleAuthCall } from '../../auth/auth.results'
import type { ContactKind, ConfirmCodeInput, ConfirmCodeResult, LoadContactResult, SendCodeInput, SendCodeResult } from './contact-confirmation.types'

/** GET account/getprofileinfo?fields=contacts: the e-mail (or the phone, as +digits) and whether it is confirmed. */
export const loadContact = fromPromise<LoadContactResult, { kind: ContactKind }>(({ input }) =>
  settleAuthCall(async () => {
    const profile = await browserApiClient().call(getprofileinfo, { fields: 'contacts' })
    const found = profile.contacts?.find((c) => c.type === input.kind) ?? null
    const contact = found ? (found.type === 'phone' ? `+${found.contact}` : found.contact) : null
    return { contact, confirmed: found?.is_confirmed ?? false }
  }),
)

/** POST account/sendconfirmationtocontact (contact). */
export const sendCode = fromPromise<SendCodeResult, SendCodeInput>(({ input }) =>
  settleAuthCall(async () => {
    const sent = await browserApiClient().call(sendconfirmationtocontact, { contact: input.contact })
    return { contact: sent.contact, resendTime: sent.resend_time }
  }),
)

/** POST account/confirmContact (contact, code). */
export const confirmCode = fromPromise<ConfirmCodeResult, ConfirmCodeInput>(({ input }) =>
  settleAuthCall(async () => {
    await browserApiClient().call(confirmContact, { contact: input.contact, code: input.code })
    return {}
  }),
)
