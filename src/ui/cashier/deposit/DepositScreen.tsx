import { Trans } from '@lingui/react/macro'
import { useHref } from 'react-router'
import { CashierShell } from '../CashierShell'
import { DepositView } from './DepositView'

/** /cashier/deposit and /cashier/deposit/{sysname}: a new flow per method in the address. */
export function DepositScreen({ sysname }: { sysname: string | null }) {
  // The provider page returns to this locale's cashier; the server appends the result page and {transaction}.
  const returnUrl = useHref('/cashier')
  return (
    <CashierShell title={<Trans>Deposit</Trans>}>
      <DepositView key={sysname ?? ''} preselect={sysname} returnUrl={returnUrl} />
    </CashierShell>
  )
}
