import { fromPromise } from 'xstate'
import { settleCashierCall } from '../../../machines/cashier/cashier.results'
import { receiptMachine } from '../../../machines/cashier/receipt/receipt.machine'
import type { LoadReceiptInput, LoadReceiptResult } from '../../../machines/cashier/receipt/receipt.types'
import { gettransaction } from '../../../services/api/contract/cashier'
import type { AppServices } from '../../app/AppProviders'

/** The receipt machine bound to cashier/gettransaction. */
export function provideReceipt({ services }: { services: Pick<AppServices, 'api'> }) {
  const { api } = services
  return receiptMachine.provide({
    actors: {
      loadReceipt: fromPromise<LoadReceiptResult, LoadReceiptInput>(({ input }) =>
        settleCashierCall(async () => ({ transaction: await api.call(gettransaction, { id: input.id }) })),
      ),
    },
    actions: { reportError: (_, { error }) => console.error('receipt:', error) },
  })
}
