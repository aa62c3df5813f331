import { Trans } from '@lingui/react/macro'
import { CashierShell } from '../CashierShell'
import { WalletView } from './WalletView'

/** /cashier/wallet. */
export function WalletScreen() {
  return (
    <CashierShell title={<Trans>Wallet</Trans>}>
      <WalletView />
    </CashierShell>
  )
}
