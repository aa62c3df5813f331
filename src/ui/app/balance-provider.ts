// The live balance's bindings (issue 4 item 5): the balance-refresh machine's fetchBalance on
// account/getBalance, its publishBalances on the root actor's 'balance.update'.
import { fromPromise } from 'xstate'
import { balanceRefreshMachine } from '../../machines/cashier/balance-refresh.machine'
import { settleCashierCall } from '../../machines/cashier/cashier.results'
import type { FetchBalanceInput, FetchBalanceResult } from '../../machines/cashier/balance-refresh.types'
import { getBalance, getToken } from '../../services/api/contract/account'
import { isApiError } from '../../shared/errors'
import type { AppActorRef, AppServices } from './AppProviders'

export function provideBalanceRefresh({ services, app }: { services: AppServices; app: AppActorRef }) {
  return balanceRefreshMachine.provide({
    actors: {
      fetchBalance: fromPromise<FetchBalanceResult, FetchBalanceInput>(() =>
        settleCashierCall(async () => ({ balances: await services.api.call(getBalance) })),
      ),
    },
    actions: {
      publishBalances: (_, { balances }) => app.send({ type: 'balance.update', balances }),
      reportError: (_, { error }) => console.error('balance refresh:', error),
    },
  })
}

/** A socket token for the balance socket; null once the session is gone (the socket then stops). */
export async function fetchSocketToken(services: AppServices): Promise<string | null> {
  try {
    return (await services.api.call(getToken)).token
  } catch (error) {
    if (isApiError(error) && error.type === 'AuthorizationException') return null
    throw error
  }
}
