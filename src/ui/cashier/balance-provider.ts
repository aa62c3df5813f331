import { fromPromise } from 'xstate'
import type { Balances, FetchBalanceInput, FetchBalanceResult } from '../../machines/cashier/balance-refresh.types'
import { balanceRefreshMachine } from '../../machines/cashier/balance-refresh.machine'
import { settleCashierCall } from '../../machines/cashier/cashier.results'
import { getBalance } from '../../services/api/contract/account'
import type { AppServices } from '../app/AppProviders'

/**
 * The cashier's balance read (issue 4 item 6): the balance refresh bound to account/getBalance,
 * run when a cashier page opens and after a payment. What it reads goes to `publish` (the root
 * actor), whose account the header, the cashier box and the wallet page all show.
 */
export function provideCashierBalance({ services, publish }: { services: Pick<AppServices, 'api'>; publish: (balances: Balances) => void }) {
  const { api } = services
  return balanceRefreshMachine.provide({
    actors: {
      fetchBalance: fromPromise<FetchBalanceResult, FetchBalanceInput>(() =>
        settleCashierCall(async () => {
          const b = await api.call(getBalance, {})
          return { balances: { balance_main: b.balance_main, balance_bonus: b.balance_bonus, balance_betting_bonus: b.balance_betting_bonus } }
        }),
      ),
    },
    actions: {
      publishBalances: (_, { balances }) => publish(balances),
      reportError: (_, { error }) => console.error('cashier balance:', error),
    },
  })
}
