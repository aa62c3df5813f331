import { fromPromise } from 'xstate'
import { settleCashierCall } from '../../../machines/cashier/cashier.results'
import { walletMachine } from '../../../machines/cashier/wallet/wallet.machine'
import type { LoadRatesResult, SetCurrencyInput, SetCurrencyResult } from '../../../machines/cashier/wallet/wallet.types'
import { getcurrencyrates, setCurrency } from '../../../services/api/contract/account'
import type { AppActorRef, AppServices } from '../../app/AppProviders'

/**
 * The wallet machine bound to account/getcurrencyrates and account/setCurrency. The balances of a
 * new currency go to the root actor ('balance.update'), the one balance source the header, the
 * cashier and the wallet page read: setCurrency moves no money, so no balance push follows it.
 */
export function provideWallet({ services, app }: { services: Pick<AppServices, 'api'>; app: Pick<AppActorRef, 'send'> }) {
  const { api } = services
  return walletMachine.provide({
    actors: {
      loadRates: fromPromise<LoadRatesResult>(() => settleCashierCall(async () => ({ rates: await api.call(getcurrencyrates, {}) }))),
      setCurrency: fromPromise<SetCurrencyResult, SetCurrencyInput>(({ input }) =>
        settleCashierCall(async () => ({ balances: await api.call(setCurrency, { currency: input.currency }) })),
      ),
    },
    actions: {
      publishBalances: (_, { balances }) => app.send({ type: 'balance.update', balances }),
      reportError: (_, { error }) => console.error('wallet:', error),
    },
  })
}
