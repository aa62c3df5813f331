import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { Link } from 'react-router'
import { css } from 'styled-system/css'
import { card, muted } from 'styled-system/recipes'
import { receiptMachine } from '../../../machines/cashier/receipt/receipt.machine'
import { selectLoadingReceipt, selectReceipt, selectReceiptStatus, selectReceiptView } from '../../../machines/cashier/receipt/receipt.selectors'
import { useFlowActor } from '../../app/useFlowActor'
import { Skeleton } from '../../kit/Skeleton'
import { LoadFailed } from '../../kit/LoadFailed'
import { Details } from '../payment-result/PaymentResultView'
import { PaymentStatusBadge } from '../PaymentStatusBadge'
import { useTransactionTypeLabels } from '../transaction-type-labels'

const headline = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: '2' })

/** The receipt of one transaction (/cashier/receipt?id=...), read by the receipt machine from cashier/gettransaction. */
export function ReceiptView({ id }: { id: string | null }) {
  const actor = useFlowActor(receiptMachine, { input: { id } })
  const view = useSelector(actor, selectReceiptView)
  const loading = useSelector(actor, selectLoadingReceipt)
  const transaction = useSelector(actor, selectReceipt)
  const status = useSelector(actor, selectReceiptStatus)
  const typeLabels = useTransactionTypeLabels()
  return (
    <section className={css({ display: 'grid', gap: '4', maxW: '560px', w: 'full', mx: 'auto' })} data-testid="receipt" data-view={view} aria-busy={loading || undefined}>
      {view === 'notFound' ? (
        <div className={card()} data-testid="receipt-not-found">
          <p>
            <Trans>We could not find this transaction in your account.</Trans>
          </p>
          <Link to="/cashier/history" className={css({ color: 'accent', fontWeight: 'semibold' })}>
            <Trans>Transaction history</Trans>
          </Link>
        </div>
      ) : view === 'loadFailed' ? (
        <LoadFailed onRetry={() => actor.send({ type: 'receipt.retry' })}>
          <Trans>We could not load this receipt.</Trans>
        </LoadFailed>
      ) : view === 'shown' && transaction && status ? (
        <>
          <div className={headline}>
            <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold' })} data-testid="receipt-type">
              {typeLabels[transaction.type]}
            </h2>
            <PaymentStatusBadge status={status} testId="receipt-status" />
          </div>
          <Details transaction={transaction} />
          <p className={muted()}>
            <Link to="/cashier/history">
              <Trans>Back to the history</Trans>
            </Link>
          </p>
        </>
      ) : (
        <div className={card()} aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={24} />
          ))}
        </div>
      )}
    </section>
  )
}
