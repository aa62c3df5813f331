import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { css } from 'styled-system/css'
import { card, muted } from 'styled-system/recipes'
import type { DepositResult, Transaction } from '../../../machines/cashier/cashier.types'
import { paymentResultMachine } from '../../../machines/cashier/payment-result/payment-result.machine'
import { selectPaymentResultView, selectPaymentStatus, selectTransaction } from '../../../machines/cashier/payment-result/payment-result.selectors'
import { PAYMENT_RESULT_MOVED, type ResultPage } from '../../../machines/cashier/payment-result/payment-result.types'
import { formatDateTime } from '../../../shared/format'
import { formatAmount } from '../../../shared/format-money'
import { addDecimals } from '../../../shared/money'
import { isUnderWay, isVoid, paymentStatus, type PaymentStatus } from '../../../shared/payment-status'
import { Button } from '../../kit/Button'
import { Skeleton } from '../../kit/Skeleton'
import { useBalanceNews } from '../CashierShell'
import { LoadFailed } from '../../kit/LoadFailed'
import { PaymentStatusBadge } from '../PaymentStatusBadge'
import { useEmitted } from '../../app/useEmitted'
import { useFlowActor } from '../../app/useFlowActor'

const wrap = css({ display: 'grid', gap: '4', justifyItems: 'center', textAlign: 'center', maxW: '560px', mx: 'auto', w: 'full' })
const heading = css({ textStyle: 'heading' })
const spinner = css({ w: '10', h: '10', borderRadius: 'full', border: '4px solid', borderColor: 'border', borderTopColor: 'accent', animation: 'spin 1s linear infinite' })
const cta = css({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', minH: '11', px: '6', borderRadius: 'md', bg: 'accent', color: 'accentText', fontWeight: 'semibold', textDecoration: 'none', _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' } })
const qrFigure = css({ display: 'grid', justifyItems: 'center', gap: '2', m: '0', textAlign: 'center' })
const qrFigureBesideLink = css({ display: { base: 'none', tablet: 'grid' }, justifyItems: 'center', gap: '2', m: '0', textAlign: 'center' })
// White behind the code in the dark theme too (a provider's image may bring no quiet zone); never wider than the card.
const qrImage = css({ display: 'block', w: '200px', maxW: 'full', h: 'auto', bg: 'white', p: '2', borderRadius: 'md' })
const details = css({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2 4', textAlign: 'left', w: 'full', '& dt': { color: 'textMuted', fontSize: 'sm' }, '& dd': { m: '0', fontVariantNumeric: 'tabular-nums', wordBreak: 'break-word' } })

/** SPEC §2.5 buttons of the result pages: success → the games hall; fail, cancel, new window → deposit. */
export const RESULT_BUTTON: Readonly<Record<ResultPage, { to: string; kind: 'gamehall' | 'deposit' } | null>> = {
  paysuccess: { to: '/gamehall', kind: 'gamehall' },
  payfail: { to: '/cashier/deposit', kind: 'deposit' },
  paycancel: { to: '/cashier/deposit', kind: 'deposit' },
  paynewwindow: { to: '/cashier/deposit', kind: 'deposit' },
  paypending: null,
  paymobile: null,
}

export function ResultButton({ page }: { page: ResultPage }) {
  const button = RESULT_BUTTON[page]
  if (!button) return null
  return (
    <Link className={cta} to={button.to} data-testid="payment-result-button">
      {button.kind === 'gamehall' ? <Trans>Go to the games hall</Trans> : page === 'payfail' ? <Trans>Try again</Trans> : <Trans>Back to deposit</Trans>}
    </Link>
  )
}

function Title({ page }: { page: ResultPage }) {
  switch (page) {
    case 'paysuccess':
      return <Trans>Payment successful</Trans>
    case 'payfail':
      return <Trans>Payment failed</Trans>
    case 'paycancel':
      return <Trans>Payment cancelled</Trans>
    case 'paypending':
      return <Trans>Payment is being processed</Trans>
    case 'paymobile':
      return <Trans>Confirm the payment on your phone</Trans>
    case 'paynewwindow':
      return <Trans>Continue in the new window</Trans>
  }
}

/** A result page with its {transaction}: the real transaction, followed while pending (payment-result machine). */
export function PaymentResultView({
  page,
  transactionId,
  handOff = null,
}: {
  page: ResultPage
  transactionId: string
  /** paymobile: the deep link, QR and instructions makedeposit answered. */
  handOff?: MobileHandOff | null
}) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const actor = useFlowActor(paymentResultMachine, { input: { page, transactionId } })
  // The real status has its own result page: it takes this one's place in the history.
  useEmitted(actor, PAYMENT_RESULT_MOVED, ({ path }) => void navigate(path, { replace: true }))
  useBalanceNews(actor)
  const view = useSelector(actor, selectPaymentResultView)
  const transaction = useSelector(actor, selectTransaction)
  const status = useSelector(actor, selectPaymentStatus)
  // The transaction keeps the provider's hand-off (a reload, another tab); the navigation state is the first answer's copy.
  const mobile = transaction?.mobile ?? handOff
  const retry = () => actor.send({ type: 'payment.retry' })
  return (
    <section className={wrap} data-testid="payment-result" data-page={page} data-view={view} aria-busy={view === 'loading' || view === 'waiting' || undefined}>
      {view === 'loading' ? (
        <>
          <Skeleton width={240} height={32} />
          <Skeleton height={120} radius="lg" />
        </>
      ) : null}
      {view === 'waiting' ? (
        <>
          <div className={spinner} role="progressbar" aria-label={t`Payment is being processed`} />
          <h2 className={heading}>{page === 'paymobile' ? <Title page="paymobile" /> : <Trans>Payment is being processed</Trans>}</h2>
          {status ? <PaymentStatusBadge status={status} testId="payment-result-status" /> : null}
          <p className={muted()}>
            {page === 'paymobile' ? (
              <Trans>Confirm the payment in your mobile app. We will update your balance as soon as it is done.</Trans>
            ) : page === 'paynewwindow' ? (
              <Trans>Finish the payment in the window that opened. This page updates when it is done.</Trans>
            ) : (
              <Trans>We are waiting for the payment provider to confirm. This usually takes less than a minute.</Trans>
            )}
          </p>
          {page === 'paymobile' && mobile ? <HandOff handOff={mobile} /> : null}
          {page === 'paynewwindow' && transaction?.redirect_url ? (
            <a className={cta} href={transaction.redirect_url} target="_blank" rel="noopener" data-testid="payment-open-window">
              <Trans>Open the payment page</Trans>
            </a>
          ) : null}
          {transaction ? <Details transaction={transaction} /> : null}
        </>
      ) : null}
      {view === 'stillPending' ? (
        <>
          <h2 className={heading}>
            <Trans>The payment is still being processed</Trans>
          </h2>
          {status ? <PaymentStatusBadge status={status} testId="payment-result-status" /> : null}
          <p className={muted()}>
            <Trans>It is taking longer than usual. Your balance updates by itself once the provider confirms; you can also check again.</Trans>
          </p>
          {transaction ? <Details transaction={transaction} /> : null}
          <Button variant="primary" onClick={retry} data-testid="payment-check-again">
            <Trans>Check again</Trans>
          </Button>
        </>
      ) : null}
      {view === 'settled' && transaction && status ? (
        <>
          <h2 className={heading} data-testid="payment-result-title">
            <Title page={page} />
          </h2>
          <PaymentStatusBadge status={status} testId="payment-result-status" />
          <Message page={page} status={status} />
          <Details transaction={transaction} />
          <ResultButton page={page} />
        </>
      ) : null}
      {view === 'notFound' ? (
        <>
          <h2 className={heading}>
            <Trans>Transaction not found</Trans>
          </h2>
          <p className={muted()}>
            <Trans>We could not find this payment in your account.</Trans>
          </p>
          <Link className={cta} to="/cashier/history">
            <Trans>Transaction history</Trans>
          </Link>
        </>
      ) : null}
      {view === 'loadFailed' ? (
        <LoadFailed onRetry={retry}>
          <Trans>We could not load this payment.</Trans>
        </LoadFailed>
      ) : null}
    </section>
  )
}

function Message({ page, status }: { page: ResultPage; status: PaymentStatus }): ReactNode {
  return (
    <p className={muted()} data-testid="payment-result-message">
      {page === 'paysuccess' ? (
        <Trans>The money is in your account. Good luck!</Trans>
      ) : page === 'payfail' ? (
        <Trans>The payment did not go through. No money was taken. Try again or choose another method.</Trans>
      ) : page === 'paycancel' && status === 'expired' ? (
        <Trans>The payment was not completed in time, so the payment page expired. No money was taken. You can start a new deposit.</Trans>
      ) : page === 'paycancel' ? (
        <Trans>You cancelled the payment. No money was taken.</Trans>
      ) : null}
    </p>
  )
}

export function Details({ transaction }: { transaction: Transaction }) {
  const { i18n } = useLingui()
  const status = paymentStatus(transaction)
  return (
    <dl className={`${card()} ${details}`} data-testid="transaction-details" data-status={transaction.status} data-seen={status}>
      <dt>
        <Trans>Amount</Trans>
      </dt>
      <dd data-testid="transaction-amount">{formatAmount(transaction.amount, i18n.locale)}</dd>
      {transaction.fee.amount !== '0' && !/^0(\.0+)?$/.test(transaction.fee.amount) ? (
        <>
          <dt>
            <Trans>Fee</Trans>
          </dt>
          <dd data-testid="transaction-fee">{formatAmount(transaction.fee, i18n.locale)}</dd>
          {!isVoid(status) ? (
            <>
              <dt>
                {isUnderWay(status) ? <Trans>You receive</Trans> : transaction.type === 'withdrawal' ? <Trans>Paid out</Trans> : <Trans>Credited</Trans>}
              </dt>
              <dd data-testid="transaction-net">
                {formatAmount({ amount: subtractAmounts(transaction.amount.amount, transaction.fee.amount), currency: transaction.amount.currency }, i18n.locale)}
              </dd>
            </>
          ) : null}
        </>
      ) : null}
      {transaction.method ? (
        <>
          <dt>
            <Trans>Method</Trans>
          </dt>
          <dd>
            {transaction.method.name}
            {transaction.requisite ? ` · ${transaction.requisite}` : ''}
          </dd>
        </>
      ) : null}
      <dt>
        <Trans>Date</Trans>
      </dt>
      <dd>{formatDateTime(transaction.completed_at ?? transaction.created_at, i18n.locale)}</dd>
      <dt>
        <Trans>Transaction</Trans>
      </dt>
      <dd>{transaction.id}</dd>
    </dl>
  )
}

type MobileHandOff = NonNullable<DepositResult['mobile']>

/** The mobile hand-off (SPEC §2.1 paymobile): open the app on this phone, or scan the code with another. */
function HandOff({ handOff }: { handOff: MobileHandOff }) {
  const { t } = useLingui()
  return (
    <div className={`${card()} ${css({ textAlign: 'left', w: 'full' })}`} data-testid="payment-handoff">
      {handOff.pay_amount || handOff.address ? (
        <dl className={`${details} ${css({ gridTemplateColumns: 'auto minmax(0, 1fr)' })}`}>
          {handOff.pay_amount ? (
            <>
              <dt>
                <Trans>Send exactly</Trans>
              </dt>
              <dd data-testid="handoff-pay-amount">
                {handOff.pay_amount.amount} {handOff.pay_amount.currency}
              </dd>
            </>
          ) : null}
          {handOff.address ? (
            <>
              <dt>
                <Trans>To the address</Trans>
              </dt>
              <dd data-testid="handoff-address" className={css({ fontFamily: 'mono', userSelect: 'all', overflowWrap: 'anywhere' })}>
                {handOff.address}
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <p className={`${muted()} ${css({ overflowWrap: 'anywhere' })}`} lang="en">
        {handOff.instructions}
      </p>
      {handOff.deep_link ? (
        <a className={cta} href={handOff.deep_link} data-testid="payment-deep-link">
          <Trans>Open the payment app</Trans>
        </a>
      ) : null}
      {handOff.qr ? (
        // The code is for scanning with another device: beside the deep link it is hidden on a
        // phone (the link is the way there) and shown from the tablet up; alone, it shows everywhere.
        <figure className={handOff.deep_link ? qrFigureBesideLink : qrFigure} data-testid="payment-qr">
          <img src={handOff.qr} alt={t`QR code to scan with your phone`} width={200} height={200} className={qrImage} />
          <figcaption className={muted()}>{handOff.deep_link ? <Trans>Or scan this code with your phone</Trans> : <Trans>Scan this code with your phone</Trans>}</figcaption>
        </figure>
      ) : null}
    </div>
  )
}

/** a - b for decimal strings of one currency. */
function subtractAmounts(a: string, b: string): string {
  return addDecimals([a, b.startsWith('-') ? b.slice(1) : `-${b}`])
}
