import { fromPromise } from 'xstate'
import { settleCashierCall } from '../../../machines/cashier/cashier.results'
import type { NoInput } from '../../../machines/cashier/deposit/deposit.types'
import { withdrawMachine } from '../../../machines/cashier/withdraw/withdraw.machine'
import type { CancelWithdrawalInput, LoadWithdrawSettingsResult, MakeWithdrawalInput, TokenizeCardInput, TokenizeCardResult, WithdrawalAnswer } from '../../../machines/cashier/withdraw/withdraw.types'
import { cancelwithdrawal, getwithdrawsettings, makewithdrawal } from '../../../services/api/contract/cashier'
import { tokenizeCard } from '../../../services/payments/card-vault'
import type { AppServices } from '../../app/AppProviders'

/** The withdraw machine bound to cashier/getwithdrawsettings, makewithdrawal, cancelwithdrawal and the provider's card fields. */
export function provideWithdraw({
  services,
  refreshBalance,
  cardFieldsFetch = (input, init) => fetch(input, init),
}: {
  services: Pick<AppServices, 'api'>
  refreshBalance: () => void
  /** How the provider's card fields are reached (the browser's fetch; a double in view tests). */
  cardFieldsFetch?: typeof fetch
}) {
  const { api } = services
  return withdrawMachine.provide({
    actors: {
      loadWithdrawSettings: fromPromise<LoadWithdrawSettingsResult, NoInput>(() =>
        settleCashierCall(async () => ({ settings: await api.call(getwithdrawsettings, {}) })),
      ),
      tokenizeCard: fromPromise<TokenizeCardResult, TokenizeCardInput>(({ input }) => tokenizeCard(input.url, input.pan, cardFieldsFetch)),
      makeWithdrawal: fromPromise<WithdrawalAnswer, MakeWithdrawalInput>(({ input }) => settleCashierCall(() => api.call(makewithdrawal, input))),
      cancelWithdrawal: fromPromise<WithdrawalAnswer, CancelWithdrawalInput>(({ input }) => settleCashierCall(() => api.call(cancelwithdrawal, input))),
    },
    actions: {
      refreshBalance: () => refreshBalance(),
      reportError: (_, { error }) => console.error('withdraw flow:', error),
    },
  })
}
