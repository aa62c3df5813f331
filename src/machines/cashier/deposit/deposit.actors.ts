// Actors of the deposit flow: cashier/getdepositsettings, getdepositinfo, getdepositoffers and
// makedeposit through the page's API client, each wrapped in settleCashierCall so API errors come
// back as values. Tests swap them with `.provide()`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { getdepositinfo, getdepositoffers, getdepositsettings, makedeposit } from '../../../services/api/contract/cashier'
import { settleCashierCall } from '../cashier.results'
import type {
  LoadDepositMethodsResult,
  LoadDepositOffersResult,
  LoadDepositSettingsResult,
  MakeDepositInput,
  MakeDepositResult,
  NoInput,
} from './deposit.types'

/** GET cashier/getdepositsettings: currency, preset amounts, the deposit limit, first deposit or not. */
export const loadDepositSettings = fromPromise<LoadDepositSettingsResult, NoInput>(() =>
  settleCashierCall(async () => ({ settings: await browserApiClient().call(getdepositsettings, {}) })),
)
/** GET cashier/getdepositinfo: the methods the player may pay with. */
export const loadDepositMethods = fromPromise<LoadDepositMethodsResult, NoInput>(() =>
  settleCashierCall(async () => ({ methods: (await browserApiClient().call(getdepositinfo, {})).methods })),
)
/** GET cashier/getdepositoffers: the bonus offers of a deposit. */
export const loadDepositOffers = fromPromise<LoadDepositOffersResult, NoInput>(() =>
  settleCashierCall(async () => ({ offers: (await browserApiClient().call(getdepositoffers, {})).offers })),
)
/** POST cashier/makedeposit with the attempt's idempotency key. */
export const makeDeposit = fromPromise<MakeDepositResult, MakeDepositInput>(({ input }) =>
  settleCashierCall(async () => ({ result: await browserApiClient().call(makedeposit, input) })),
)

/** Leaves the site for the provider's hosted page: a full page load, the default of 'redirectToProvider'. */
export function leaveForProvider(url: string): void {
  window.location.assign(url)
}
