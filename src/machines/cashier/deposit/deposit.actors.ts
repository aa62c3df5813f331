// Actors of the deposit flow. Defaults fail loudly: the browser binds them to the API client
// (cashier/getdepositsettings, getdepositinfo, getdepositoffers, makedeposit) with `.provide()`,
// wrapping each call in settleCashierCall so API errors come back as values.
import { fromPromise } from 'xstate'
import type {
  LoadDepositMethodsResult,
  LoadDepositOffersResult,
  LoadDepositSettingsResult,
  MakeDepositInput,
  MakeDepositResult,
  NoInput,
} from './deposit.types'

const missing = (name: string) => async (): Promise<never> => {
  throw new Error(`depositMachine: actor "${name}" not provided; bind it to the API client with .provide()`)
}

export const loadDepositSettings = fromPromise<LoadDepositSettingsResult, NoInput>(missing('loadDepositSettings'))
export const loadDepositMethods = fromPromise<LoadDepositMethodsResult, NoInput>(missing('loadDepositMethods'))
export const loadDepositOffers = fromPromise<LoadDepositOffersResult, NoInput>(missing('loadDepositOffers'))
export const makeDeposit = fromPromise<MakeDepositResult, MakeDepositInput>(missing('makeDeposit'))
