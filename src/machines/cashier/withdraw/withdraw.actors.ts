// Actors of the withdraw flow; defaults fail loudly until bound to the API client (cashier/
// getwithdrawsettings, makewithdrawal, cancelwithdrawal) with `.provide()` and settleCashierCall,
// and to the payment provider's card fields (tokenizeCard).
import { fromPromise } from 'xstate'
import type { NoInput } from '../deposit/deposit.types'
import type { CancelWithdrawalInput, LoadWithdrawSettingsResult, MakeWithdrawalInput, TokenizeCardInput, TokenizeCardResult, WithdrawalAnswer } from './withdraw.types'

const missing = (name: string) => async (): Promise<never> => {
  throw new Error(`withdrawMachine: actor "${name}" not provided; bind it to the API client with .provide()`)
}

export const loadWithdrawSettings = fromPromise<LoadWithdrawSettingsResult, NoInput>(missing('loadWithdrawSettings'))
/** Sends a new card's number to the provider's card fields (never to our API) for a token. */
export const tokenizeCard = fromPromise<TokenizeCardResult, TokenizeCardInput>(missing('tokenizeCard'))
export const makeWithdrawal = fromPromise<WithdrawalAnswer, MakeWithdrawalInput>(missing('makeWithdrawal'))
export const cancelWithdrawal = fromPromise<WithdrawalAnswer, CancelWithdrawalInput>(missing('cancelWithdrawal'))
