import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { useHref, useNavigate } from 'react-router'
import type { DepositPage } from '../../../machines/cashier/deposit/deposit.types'
import { depositLimitOfferMachine } from '../../../machines/responsible/deposit-limit-offer/deposit-limit-offer.machine'
import { CashierShell, useRefreshCashierBalance } from '../CashierShell'
import { DepositView } from './DepositView'
import { createProviderWindow } from './popup'

/** /cashier/deposit and /cashier/deposit/{sysname}: a new flow per method in the address. */
export function DepositScreen({ sysname }: { sysname: string | null }) {
  const navigate = useNavigate()
  const refreshBalance = useRefreshCashierBalance()
  // The provider page returns to this locale's cashier; the server appends the result page and {transaction}.
  const returnUrl = useHref('/cashier')
  const [page] = useState<DepositPage>(() => ({
    navigate: (path, state) => void navigate(path, { state }),
    refreshBalance,
    providerWindow: createProviderWindow(),
  }))
  return (
    <CashierShell title={<Trans>Deposit</Trans>}>
      <DepositView
        key={sysname ?? ''}
        preselect={sysname}
        returnUrl={returnUrl}
        page={page}
        limitOffer={() => depositLimitOfferMachine}
      />
    </CashierShell>
  )
}
