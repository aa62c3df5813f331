import { Trans } from '@lingui/react/macro'
import { useParams, useSearchParams } from 'react-router'
import type { ResultPage } from '../../machines/cashier/payment-result/payment-result.types'
import { ReceiptScreen } from '../../ui/cashier/receipt/ReceiptScreen'
import { WalletScreen } from '../../ui/cashier/wallet/WalletScreen'
import { HistoryScreen } from '../../ui/cashier/history/HistoryScreen'
import { PaymentResultScreen } from '../../ui/cashier/payment-result/PaymentResultScreen'
import { CashierShell } from '../../ui/cashier/CashierShell'
import { paymentPage as systemPaymentPage } from '../system/pages'

export const WalletPage = WalletScreen

export const HistoryPage = HistoryScreen

export function ReceiptPage() {
  const [search] = useSearchParams()
  return <ReceiptScreen id={search.get('id')} />
}

/**
 * The payment result routes (SPEC §2.1): with {transaction} the real transaction (followed while
 * pending); bare, the §2.5 system page's static text and button.
 */
export function paymentPage(page: ResultPage) {
  const StaticPage = systemPaymentPage(page)
  function PaymentResultPage() {
    const { transaction } = useParams()
    if (transaction) return <PaymentResultScreen page={page} transactionId={transaction} />
    return (
      <CashierShell title={<Trans>Cashier</Trans>}>
        <StaticPage />
      </CashierShell>
    )
  }
  PaymentResultPage.displayName = `CashierPaymentResult(${page})`
  return PaymentResultPage
}
