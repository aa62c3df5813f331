import { fromPromise } from 'xstate'
import { settleCashierCall } from '../../../machines/cashier/cashier.results'
import { paymentResultMachine } from '../../../machines/cashier/payment-result/payment-result.machine'
import type { LoadTransactionInput, LoadTransactionResult } from '../../../machines/cashier/payment-result/payment-result.types'
import { gettransaction } from '../../../services/api/contract/cashier'
import type { AppServices } from '../../app/AppProviders'

/** The payment result machine bound to cashier/gettransaction; a status of another page navigates there. */
export function providePaymentResult({
  services,
  navigate,
  refreshBalance,
}: {
  services: Pick<AppServices, 'api'>
  navigate: (path: string) => void
  refreshBalance: () => void
}) {
  const { api } = services
  return paymentResultMachine.provide({
    actors: {
      loadTransaction: fromPromise<LoadTransactionResult, LoadTransactionInput>(({ input }) =>
        settleCashierCall(async () => ({ transaction: await api.call(gettransaction, { id: input.id }) })),
      ),
    },
    actions: {
      goToResult: (_, { page, transactionId }) => navigate(`/cashier/${page}/${encodeURIComponent(transactionId)}`),
      refreshBalance: () => refreshBalance(),
      reportError: (_, { error }) => console.error('payment result:', error),
    },
  })
}
