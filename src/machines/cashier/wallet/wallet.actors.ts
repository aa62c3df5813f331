// Actors of the wallet page; the defaults fail loudly until bound to the API client with .provide().
import { fromPromise } from 'xstate'
import type { LoadRatesResult, SetCurrencyInput, SetCurrencyResult } from './wallet.types'

/** Reads account/getcurrencyrates: the site's currencies, their minor units and rates. */
export const loadRates = fromPromise<LoadRatesResult>(async () => {
  throw new Error('walletMachine: actor "loadRates" not provided; bind it to the API client with .provide()')
})

/** Calls account/setCurrency; an expected refusal comes back as a value. */
export const setCurrency = fromPromise<SetCurrencyResult, SetCurrencyInput>(async () => {
  throw new Error('walletMachine: actor "setCurrency" not provided; bind it to the API client with .provide()')
})
