import { Trans } from '@lingui/react/macro'
import { CashierShell } from '../CashierShell'
import { WithdrawView } from './WithdrawView'

/** /cashier/withdraw. */
export function WithdrawScreen() {
  return (
    <CashierShell title={<Trans>Withdraw</Trans>}>
      <WithdrawView />
    </CashierShell>
  )
}
