import { Trans } from '@lingui/react/macro'
import { CashierShell } from '../CashierShell'
import { ReceiptView } from './ReceiptView'

/** /cashier/receipt?id=: a new flow per id. */
export function ReceiptScreen({ id }: { id: string | null }) {
  return (
    <CashierShell title={<Trans>Receipt</Trans>}>
      <ReceiptView key={id ?? ''} id={id} />
    </CashierShell>
  )
}
