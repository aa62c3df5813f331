// Actors of the withdraw flow; defaults fail loudly until bound to the API client (cashier/
// getwithdrawsettings, makewithdrawal, cancelwithdrawal) with `.provide()` and settleCashierCall.
import { fromPromise } from 'xstate'
import type { NoInput } from './deposit.types'
import type { CancelWithdrawalInput, LoadWithdrawSettingsResult, MakeWithdrawalInput, WithdrawalAnswer } from './withdraw.types'

const missing = (name: string) => async (): Promise<never> => {
  throw new Error(`withdrawMachine: actor "${name}" not provided; bind it to the API client with .provide()`)
}

export const loadWithdrawSettings = fromPromise<LoadWithdrawSettingsResult, NoInput>(missing('loadWithdrawSettings'))
export const makeWithdrawal = fromPromise<WithdrawalAnswer, MakeWithdrawalInput>(missing('makeWithdrawal'))
export const cancelWithdrawal = fromPromise<WithdrawalAnswer, CancelWithdrawalInput>(missing('cancelWithdrawal'))
