import { Trans } from '@lingui/react/macro'
import { SectionPage } from '../../ui/layout/SectionPage'

export function WalletPage() {
  return <SectionPage intro={<Trans>Your balances and currencies.</Trans>} empty={<Trans>No wallet activity yet.</Trans>} />
}

export function DepositPage() {
  return <SectionPage intro={<Trans>Choose a payment method to add money to your account.</Trans>} empty={<Trans>No payment methods are available right now.</Trans>} />
}

export function DepositMethodPage() {
  return <SectionPage intro={<Trans>Enter the amount you want to deposit.</Trans>} empty={<Trans>This payment method is not available.</Trans>} />
}

export function HistoryPage() {
  return <SectionPage intro={<Trans>Your deposits and withdrawals.</Trans>} empty={<Trans>You have no transactions yet.</Trans>} />
}

export function ReceiptPage() {
  return <SectionPage intro={<Trans>The receipt of a transaction.</Trans>} empty={<Trans>No receipt to show.</Trans>} />
}

export function WithdrawPage() {
  return <SectionPage intro={<Trans>Choose how you want to receive your money.</Trans>} empty={<Trans>No withdrawal methods are available right now.</Trans>} />
}
