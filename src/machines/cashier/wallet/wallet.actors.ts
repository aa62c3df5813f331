// Actors of the wallet page: account/getcurrencyrates and account/setCurrency through the page's API
// client, API errors coming back as values (settleCashierCall). Tests swap them with `.provide()`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { getcurrencyrates, setCurrency as setAccountCurrency } from '../../../services/api/contract/account'
import { settleCashierCall } from '../cashier.results'
import type { LoadRatesResult, SetCurrencyInput, SetCurrencyResult } from './wallet.types'

/** Reads account/getcurrencyrates: the site's currencies, their minor units and rates. */
export const loadRates = fromPromise<LoadRatesResult>(() => settleCashierCall(async () => ({ rates: await browserApiClient().call(getcurrencyrates, {}) })))

/** Calls account/setCurrency; an expected refusal comes back as a value. */
export const setCurrency = fromPromise<SetCurrencyResult, SetCurrencyInput>(({ input }) =>
  settleCashierCall(async () => ({ balances: await browserApiClient().call(setAccountCurrency, { currency: input.currency }) })),
)
