// Actors the registration flow invokes. Defaults fail loudly: the browser binds them to the
// per-request API client with `registrationMachine.provide({ actors: { ... } })` (ARCHITECTURE §1,
// §3), wrapping each call in `settleAuthCall` (auth.results.ts) so API errors come back as values.
import { fromPromise } from 'xstate'
import type {
  CheckPromocodeInput,
  CheckPromocodeResult,
  LoadFieldsInput,
  LoadFieldsResult,
  LoadSettingsResult,
  RegisterInput,
  RegisterResult,
} from './registration.types'

/** GET account/getRegistrationSettings: the content system's settings for the page's locale. */
export const loadSettings = fromPromise<LoadSettingsResult>(async () => {
  throw new Error('registrationMachine: actor "loadSettings" not provided; bind it to the API client with .provide()')
})

/** GET account/getPersonalDataFields with country_code: the profile fields of that country. */
export const loadFields = fromPromise<LoadFieldsResult, LoadFieldsInput>(async () => {
  throw new Error('registrationMachine: actor "loadFields" not provided; bind it to the API client with .provide()')
})

/** POST campaigns/checkPromocode with the trimmed promo_code; `valid: false` when the data is falsy. */
export const checkPromocode = fromPromise<CheckPromocodeResult, CheckPromocodeInput>(async () => {
  throw new Error('registrationMachine: actor "checkPromocode" not provided; bind it to the API client with .provide()')
})

/** POST auth/register with the SPEC §7 payload; the new account, logged in. */
export const register = fromPromise<RegisterResult, RegisterInput>(async () => {
  throw new Error('registrationMachine: actor "register" not provided; bind it to the API client with .provide()')
})
