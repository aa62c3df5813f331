import { Trans } from '@lingui/react/macro'
import { useMemo, useRef, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import type { ResultPage } from '../../machines/cashier/payment-result/payment-result.types'
import { useAppActor, useServices } from '../app/AppProviders'
import { CashierShell, useRefreshCashierBalance } from './CashierShell'
import { isPaymentHandOff } from '../../machines/cashier/payment.rules'
import { historyQueryFromSearch, provideHistory } from './history/history-provider'
import { HistoryView } from './history/HistoryView'
import { PaymentResultView } from './payment-result/PaymentResultView'
import { providePaymentResult } from './payment-result/payment-result-provider'
import { provideReceipt } from './receipt/receipt-provider'
import { ReceiptView } from './receipt/ReceiptView'
import { provideWallet } from './wallet/wallet-provider'
import { WalletView } from './wallet/WalletView'

/** /cashier/wallet. */
export function WalletScreen() {
  return (
    <CashierShell title={<Trans>Wallet</Trans>}>
      <WalletBody />
    </CashierShell>
  )
}

function WalletBody() {
  const services = useServices()
  const app = useAppActor()
  const [machine] = useState(() => provideWallet({ services, app }))
  return <WalletView machine={machine} />
}

/** /cashier/history?type=&from=&to=&offset=. */
export function HistoryScreen() {
  return (
    <CashierShell title={<Trans>Transaction history</Trans>}>
      <HistoryBody />
    </CashierShell>
  )
}

function HistoryBody() {
  const services = useServices()
  const [search, setSearch] = useSearchParams()
  const address = search.toString()
  const query = useMemo(() => historyQueryFromSearch(new URLSearchParams(address)), [address])
  const setSearchRef = useRef(setSearch)
  setSearchRef.current = setSearch
  const [machine] = useState(() => provideHistory({ services, setSearch: (next) => setSearchRef.current(next) }))
  return <HistoryView machine={machine} query={query} />
}

/** /cashier/receipt?id=. */
export function ReceiptScreen({ id }: { id: string | null }) {
  return (
    <CashierShell title={<Trans>Receipt</Trans>}>
      <ReceiptBody key={id ?? ''} id={id} />
    </CashierShell>
  )
}

function ReceiptBody({ id }: { id: string | null }) {
  const services = useServices()
  const [machine] = useState(() => provideReceipt({ services }))
  return <ReceiptView machine={machine} id={id} />
}

/** A payment result page with its {transaction} (SPEC §2.1). */
export function PaymentResultScreen({ page, transactionId }: { page: ResultPage; transactionId: string }) {
  return (
    <CashierShell title={<Trans>Cashier</Trans>}>
      <PaymentResultBody key={`${page}/${transactionId}`} page={page} transactionId={transactionId} />
    </CashierShell>
  )
}

function PaymentResultBody({ page, transactionId }: { page: ResultPage; transactionId: string }) {
  const services = useServices()
  const navigate = useNavigate()
  const refreshBalance = useRefreshCashierBalance()
  const { state } = useLocation()
  const [machine] = useState(() => providePaymentResult({ services, navigate: (path) => void navigate(path, { replace: true }), refreshBalance }))
  return <PaymentResultView machine={machine} page={page} transactionId={transactionId} handOff={isPaymentHandOff(state) ? state.mobile : null} />
}
