import { Trans } from '@lingui/react/macro'
import { Link } from 'react-router'
import { css } from 'styled-system/css'
import { CASHIER_ERROR_CODE, gettransaction } from '../../services/api/contract/cashier'
import { isApiError } from '../../shared/errors'
import type { ApiClient } from '../../services/api/client'
import { Skeleton } from '../kit/Skeleton'
import { card, LoadFailed, muted } from './CashierShell'
import { Details } from './PaymentResultView'
import { useApiRead } from './use-api-read'

const TX_ID = /^[A-Za-z0-9_-]{1,64}$/

/** The receipt of one transaction (/cashier/receipt?id=...), read with cashier/gettransaction. */
export function ReceiptView({ id, api }: { id: string | null; api: Pick<ApiClient, 'call'> }) {
  const valid = id !== null && TX_ID.test(id)
  const receipt = useApiRead(id ?? '', valid ? () => api.call(gettransaction, { id }) : null)
  const notFound = !valid || (receipt.status === 'failed' && isApiError(receipt.error) && receipt.error.code === CASHIER_ERROR_CODE.transactionNotFound)
  return (
    <section className={css({ display: 'grid', gap: '4', maxW: '560px', w: 'full', mx: 'auto' })} data-testid="receipt" aria-busy={receipt.status === 'loading' || undefined}>
      {notFound ? (
        <div className={card} data-testid="receipt-not-found">
          <p>
            <Trans>We could not find this transaction in your account.</Trans>
          </p>
          <Link to="/cashier/history" className={css({ color: 'accent', fontWeight: 'semibold' })}>
            <Trans>Transaction history</Trans>
          </Link>
        </div>
      ) : receipt.status === 'failed' ? (
        <LoadFailed onRetry={receipt.reload}>
          <Trans>We could not load this receipt.</Trans>
        </LoadFailed>
      ) : receipt.status === 'ready' ? (
        <>
          <Details transaction={receipt.data} />
          <p className={muted}>
            <Link to="/cashier/history">
              <Trans>Back to the history</Trans>
            </Link>
          </p>
        </>
      ) : (
        <div className={card} aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={24} />
          ))}
        </div>
      )}
    </section>
  )
}
