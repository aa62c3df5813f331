import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { useHref, useLocation, useNavigate } from 'react-router'
import type { ResultPage } from '../../machines/cashier/payment-result.types'
import { useServices } from '../app/AppProviders'
import { CashierShell, useRefreshCashierBalance } from './CashierShell'
import { DepositView } from './DepositView'
import { isPaymentHandOff, provideDeposit } from './deposit-provider'
import { HistoryView } from './HistoryView'
import { PaymentResultView } from './PaymentResultView'
import { providePaymentResult } from './payment-result-provider'
import { createProviderWindow } from './popup'
import { ReceiptView } from './ReceiptView'
import { WithdrawView } from './WithdrawView'
import { provideWithdraw } from './withdraw-provider'
import { provideDepositLimitOffer } from '../responsible/deposit-limit-provider'

/** /cashier/deposit and /cashier/deposit/{sysname}. */
export function DepositScreen({ sysname }: { sysname: string | null }) {
  return (
    <CashierShell title={<Trans>Deposit</Trans>}>
      <DepositBody key={sysname ?? ''} sysname={sysname} />
    </CashierShell>
  )
}

function DepositBody({ sysname }: { sysname: string | null }) {
  const services = useServices()
  const navigate = useNavigate()
  const refreshBalance = useRefreshCashierBalance()
  // The provider page returns to this locale's cashier; the server appends the result page and {transaction}.
  const returnUrl = useHref('/cashier')
  const [providerWindow] = useState(() => createProviderWindow())
  const [machine] = useState(() =>
    provideDeposit({
      services,
      effects: { navigate: (path, state) => void navigate(path, { state }), assign: (url) => window.location.assign(url), providerWindow, refreshBalance },
    }),
  )
  return <DepositView machine={machine} input={{ preselect: sysname, returnUrl }} providerWindow={providerWindow} limitOffer={(onSaved) => provideDepositLimitOffer(services, onSaved)} />
}

export function WithdrawScreen() {
  return (
    <CashierShell title={<Trans>Withdraw</Trans>}>
      <WithdrawBody />
    </CashierShell>
  )
}

function WithdrawBody() {
  const services = useServices()
  const refreshBalance = useRefreshCashierBalance()
  const [machine] = useState(() => provideWithdraw({ services, refreshBalance }))
  return <WithdrawView machine={machine} />
}

export function HistoryScreen() {
  return (
    <CashierShell title={<Trans>Transaction history</Trans>}>
      <HistoryView api={useServices().api} />
    </CashierShell>
  )
}

export function ReceiptScreen({ id }: { id: string | null }) {
  return (
    <CashierShell title={<Trans>Receipt</Trans>}>
      <ReceiptView id={id} api={useServices().api} />
    </CashierShell>
  )
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
