// What completing a social registration does outside its chart: its API calls on this browser
// page's client, wrapped in `settleAuthCall` so API errors come back as values, and its analytics.
// Tests swap them with `.provide()`.
import { fromPromise } from 'xstate'
import { pageAnalytics } from '../../../services/analytics/analytics'
import { browserApiClient } from '../../../services/api/browser-client'
import { getgeneralinfo } from '../../../services/api/contract/metadata'
import { completeRegistration as completeRegistrationCall } from '../../../services/api/contract/oauth'
import { settleAuthCall } from '../auth.results'
import type { CompleteInput, CompleteResult, LoadCurrenciesResult } from './social-registration.types'

/** GET metadata/getgeneralinfo: available_currencies and default_currency. */
export const loadCurrencies = fromPromise<LoadCurrenciesResult>(() =>
  settleAuthCall(async () => {
    const info = await browserApiClient().call(getgeneralinfo)
    return { currencies: info.available_currencies, defaultCurrency: info.default_currency }
  }),
)

/** POST oauth/completeRegistration with currency, terms and notify. */
export const completeRegistration = fromPromise<CompleteResult, CompleteInput>(({ input }) =>
  settleAuthCall(async () => ({
    account: await browserApiClient().call(completeRegistrationCall, { currency: input.currency, terms: input.terms, notify: input.notify }),
  })),
)

/** Analytics: a social sign-up completed. */
export function trackSocialRegistrationCompleted(uid: number): void {
  pageAnalytics().track({ event: 'sign_up_completed', method: 'social', uid })
}
