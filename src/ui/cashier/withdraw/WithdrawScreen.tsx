import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import type { WithdrawPage } from '../../../machines/cashier/withdraw/withdraw.types'
import { CashierShell, useRefreshCashierBalance } from '../CashierShell'
import { WithdrawView } from './WithdrawView'

/** /cashier/withdraw. */
export function WithdrawScreen() {
  const refreshBalance = useRefreshCashierBalance()
  const [page] = useState<WithdrawPage>(() => ({ refreshBalance }))
  return (
    <CashierShell title={<Trans>Withdraw</Trans>}>
      <WithdrawView page={page} />
    </CashierShell>
  )
}
