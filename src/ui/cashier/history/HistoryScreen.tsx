import { Trans } from '@lingui/react/macro'
import { CashierShell } from '../CashierShell'
import { HistoryView } from './HistoryView'

/** /cashier/history?type=&from=&to=&offset=. */
export function HistoryScreen() {
  return (
    <CashierShell title={<Trans>Transaction history</Trans>}>
      <HistoryView />
    </CashierShell>
  )
}
