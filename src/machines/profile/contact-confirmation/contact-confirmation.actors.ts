// Actors of the contact confirmation. The defaults fail loudly: the page binds them to its API
// client with `contactConfirmationMachine.provide` (src/ui/profile/contact-confirmation/contact-confirmation-provider.ts).
import { fromPromise } from 'xstate'
import type { ConfirmCodeInput, ConfirmCodeResult, LoadContactResult, SendCodeInput, SendCodeResult } from './contact-confirmation.types'

const missing = (name: string) => () => {
  throw new Error(`contactConfirmationMachine: actor "${name}" not provided; bind it to the API client with .provide()`)
}

/** GET account/getprofileinfo?fields=contacts. */
export const loadContact = fromPromise<LoadContactResult>(async () => missing('loadContact')())
/** POST account/sendconfirmationtocontact (contact). */
export const sendCode = fromPromise<SendCodeResult, SendCodeInput>(async () => missing('sendCode')())
/** POST account/confirmContact (contact, code). */
export const confirmCode = fromPromise<ConfirmCodeResult, ConfirmCodeInput>(async () => missing('confirmCode')())
