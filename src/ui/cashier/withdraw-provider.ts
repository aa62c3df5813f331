import { fromPromise } from 'xstate'
import { settleCashierCall } from '../../machines/cashier/cashier.results'
import type { NoInput } from '../../machines/cashier/deposit.types'
import { withdrawMachine } from '../../machines/cashier/withdraw.machine'
import type { CancelWithdrawalInput, LoadWithdrawSettingsResult, MakeWithdrawalInput, WithdrawalAnswer } from '../../machines/cashier/withdraw.types'
import { cancelwithdrawal, getwithdrawsettings, makewithdrawal } from '../../services/api/contract/cashier'
import type { AppServices } from '../app/AppProviders'

/** The withdraw machine bound to cashier/getwithdrawsettings, makewithdrawal and cancelwithdrawal. */
export function provideWithdraw({ services, refreshBalance }: { services: Pick<AppServices, 'api'>; refreshBalance: () => void }) {
  const { api } = services
  return withdrawMachine.provide({
    actors: {
      loadWithdrawSettings: fromPromise<LoadWithdrawSettingsResult, NoInput>(() =>
        settleCashierCall(async () => ({ settings: await api.call(getwithdrawsettings, {}) })),
      ),
      makeWithdrawal: fromPromise<WithdrawalAnswer, MakeWithdrawalInput>(({ input }) => settleCashierCall(() => api.call(makewithdrawal, input))),
      cancelWithdrawal: fromPromise<WithdrawalAnswer, CancelWithdrawalInput>(({ input }) => settleCashierCall(() => api.call(cancelwithdrawal, input))),
    },
    actions: {
      refreshBalance: () => refreshBalance(),
      reportError: (_, { error }) => console.error('withdraw flow:', error),
    },
  })
}
