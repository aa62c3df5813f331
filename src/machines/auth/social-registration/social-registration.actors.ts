// Actors of completing a social registration; src/ui/auth/social-login/social-login-provider.ts binds them.
import { fromPromise } from 'xstate'
import type { CompleteInput, CompleteResult, LoadCurrenciesResult } from './social-registration.types'

/** GET metadata/getgeneralinfo: available_currencies and default_currency. */
export const loadCurrencies = fromPromise<LoadCurrenciesResult>(async () => {
  throw new Error('socialRegistrationMachine: actor "loadCurrencies" not provided')
})

/** POST oauth/completeRegistration with currency, terms and notify. */
export const completeRegistration = fromPromise<CompleteResult, CompleteInput>(async () => {
  throw new Error('socialRegistrationMachine: actor "completeRegistration" not provided')
})
