import { Trans } from '@lingui/react/macro'
import { useLocation } from 'react-router'
import { isPaymentHandOff } from '../../../machines/cashier/payment.rules'
import type { ResultPage } from '../../../machines/cashier/payment-result/payment-result.types'
import { CashierShell } from '../CashierShell'
import { PaymentResultView } from './PaymentResultView'

/** A payment result page with its {transaction} (SPEC §2.1): a new flow per page and transaction. */
export function PaymentResultScreen({ page, transactionId }: { page: ResultPage; transactionId: string }) {
  // The deposit's mobile hand-off rides in the history state (the transaction may not carry it yet).
  const { state } = useLocation()
  return (
    <CashierShell title={<Trans>Cashier</Trans>}>
      <PaymentResultView key={`${page}/${transactionId}`} page={page} transactionId={transactionId} handOff={isPaymentHandOff(state) ? state.mobile : null} />
    </CashierShell>
  )
}
