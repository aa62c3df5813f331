// Actors of the withdraw flow: cashier/getwithdrawsettings, makewithdrawal and cancelwithdrawal
// through the page's API client (settleCashierCall: API errors come back as values), and the
// payment provider's card fields for a new card. Tests swap them with `.provide()`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { cancelwithdrawal, getwithdrawsettings, makewithdrawal } from '../../../services/api/contract/cashier'
import { tokenizeCard as tokenizeAtProvider } from '../../../services/payments/card-vault'
import { settleCashierCall } from '../cashier.results'
import type { NoInput } from '../deposit/deposit.types'
import type { CancelWithdrawalInput, LoadWithdrawSettingsResult, MakeWithdrawalInput, TokenizeCardInput, TokenizeCardResult, WithdrawalAnswer } from './withdraw.types'

/** GET cashier/getwithdrawsettings: methods, what may be withdrawn, the pending withdrawals. */
export const loadWithdrawSettings = fromPromise<LoadWithdrawSettingsResult, NoInput>(() =>
  settleCashierCall(async () => ({ settings: await browserApiClient().call(getwithdrawsettings, {}) })),
)
/** Sends a new card's number to the provider's card fields (never to our API) for a token. */
export const tokenizeCard = fromPromise<TokenizeCardResult, TokenizeCardInput>(({ input }) => tokenizeAtProvider(input.url, input.pan))
/** POST cashier/makewithdrawal with the attempt's idempotency key. */
export const makeWithdrawal = fromPromise<WithdrawalAnswer, MakeWithdrawalInput>(({ input }) => settleCashierCall(() => browserApiClient().call(makewithdrawal, input)))
/** POST cashier/cancelwithdrawal for a pending one. */
export const cancelWithdrawal = fromPromise<WithdrawalAnswer, CancelWithdrawalInput>(({ input }) => settleCashierCall(() => browserApiClient().call(cancelwithdrawal, input)))
