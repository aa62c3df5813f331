import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { isPaymentHandOff } from '../../../machines/cashier/payment.rules'
import type { PaymentResultEffects, ResultPage } from '../../../machines/cashier/payment-result/payment-result.types'
import { CashierShell, useRefreshCashierBalance } from '../CashierShell'
import { PaymentResultView } from './PaymentResultView'

/** A payment result page with its {transaction} (SPEC §2.1): a new flow per page and transaction. */
export function PaymentResultScreen({ page, transactionId }: { page: ResultPage; transactionId: string }) {
  const navigate = useNavigate()
  const refreshBalance = useRefreshCashierBalance()
  // The deposit's mobile hand-off rides in the history state (the transaction may not carry it yet).
  const { state } = useLocation()
  const [effects] = useState<PaymentResultEffects>(() => ({ navigate: (path) => void navigate(path, { replace: true }), refreshBalance }))
  return (
    <CashierShell title={<Trans>Cashier</Trans>}>
      <PaymentResultView
        key={`${page}/${transactionId}`}
        effects={effects}
        page={page}
        transactionId={transactionId}
        handOff={isPaymentHandOff(state) ? state.mobile : null}
      />
    </CashierShell>
  )
}
