import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { Link } from 'react-router'
import { css, cx } from 'styled-system/css'
import { card, muted, textLink } from 'styled-system/recipes'
import type { Withdrawal } from '../../../machines/cashier/cashier.types'
import { withdrawMachine, type WithdrawMachine } from '../../../machines/cashier/withdraw/withdraw.machine'
import { maxWithdrawal, PAN_FIELD } from '../../../machines/cashier/withdraw/withdraw.rules'
import {
  selectCanCancel,
  selectCancellingId,
  selectCardChoice,
  selectPan,
  selectFieldErrors,
  selectIsSubmitting,
  selectFeePreview,
  selectMethod,
  selectMethods,
  selectPendingWithdrawals,
  selectRequested,
  selectWithdrawable,
  selectWithdrawAlert,
  selectWithdrawView,
} from '../../../machines/cashier/withdraw/withdraw.selectors'
import type { WithdrawAlert } from '../../../machines/cashier/withdraw/withdraw.types'
import { formatAmount, formatShortAmount } from '../../../shared/format-money'
import { formatDateTime } from '../../../shared/format'
import { paymentStatus } from '../../../shared/payment-status'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { Form } from '../../kit/Form'
import { Skeleton } from '../../kit/Skeleton'
import { AmountField } from '../AmountField'
import { FillProfileLink, useBalanceNews, useProfilePrompt, useVerificationPrompt } from '../CashierShell'
import { LoadFailed } from '../../kit/LoadFailed'
import { FeePreview, MethodList, MethodListSkeleton, RequisiteFields } from '../PaymentMethods'
import { PaymentStatusBadge } from '../PaymentStatusBadge'
import type { ActorRefFrom } from 'xstate'
import { useFlowActor } from '../../app/useFlowActor'

type WithdrawRef = ActorRefFrom<WithdrawMachine>

const row = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap', py: '3', borderBottom: '1px solid', borderColor: 'border', _last: { borderBottom: 'none' } })
const sectionTitle = css({ fontWeight: 'semibold', fontSize: 'md' })

/**
 * The withdraw page (SPEC §2.1 withdraw): method, requisites, amount up to the withdrawable, pending
 * withdrawals. The withdraw machine calls the API and the card fields itself; the balance it moved
 * reaches the root actor through useBalanceNews.
 */
export function WithdrawView() {
  const { i18n } = useLingui()
  // The amount is read in the page's locale (its thousands separator), never guessed.
  const actor = useFlowActor(withdrawMachine, { input: { locale: i18n.locale } })
  useBalanceNews(actor)
  useProfilePrompt(actor)
  useVerificationPrompt(actor)
  const view = useSelector(actor, selectWithdrawView)
  const alert = useSelector(actor, selectWithdrawAlert)
  return (
    <section className={css({ display: 'grid', gap: '4' })} data-testid="withdraw" data-view={view} aria-busy={view === 'loading' || undefined}>
      {view === 'loading' ? (
        <div className={css({ display: 'grid', gap: '4' })} data-testid="withdraw-loading">
          <Skeleton width={200} height={24} />
          <MethodListSkeleton />
        </div>
      ) : null}
      {view === 'loadFailed' ? (
        <LoadFailed onRetry={() => actor.send({ type: 'withdraw.retry' })}>
          <Trans>We could not load the withdrawal methods.</Trans>
        </LoadFailed>
      ) : null}
      {view === 'methods' || view === 'form' || view === 'requested' ? <Withdrawable actor={actor} /> : null}
      {view === 'methods' || view === 'form' ? <AlertView alert={alert} /> : null}
      {view === 'methods' ? <Methods actor={actor} /> : null}
      {view === 'form' ? <WithdrawForm actor={actor} /> : null}
      {view === 'requested' ? <Requested actor={actor} /> : null}
      {view === 'methods' || view === 'form' || view === 'requested' ? <Pending actor={actor} /> : null}
    </section>
  )
}

function Withdrawable({ actor }: { actor: WithdrawRef }) {
  const { i18n } = useLingui()
  const withdrawable = useSelector(actor, selectWithdrawable)
  if (!withdrawable) return null
  const amount = formatAmount(withdrawable, i18n.locale)
  return (
    <p className={muted()} data-testid="withdrawable">
      <Trans>Available to withdraw: {amount}</Trans>
    </p>
  )
}

function Methods({ actor }: { actor: WithdrawRef }) {
  const { t } = useLingui()
  const methods = useSelector(actor, selectMethods)
  const currency = useSelector(actor, (s) => s.context.settings?.currency ?? '')
  if (methods.length === 0)
    return (
      <p className={card()}>
        <Trans>No withdrawal methods are available right now.</Trans>
      </p>
    )
  return <MethodList methods={methods} currency={currency} selected={null} label={t`Withdrawal methods`} onSelect={(sysname) => actor.send({ type: 'withdraw.method.select', sysname })} />
}

function WithdrawForm({ actor }: { actor: WithdrawRef }) {
  const { i18n, t } = useLingui()
  const method = useSelector(actor, selectMethod)
  const methodCount = useSelector(actor, (s) => selectMethods(s).length)
  const settings = useSelector(actor, (s) => s.context.settings)
  const amount = useSelector(actor, (s) => s.context.amount)
  const requisites = useSelector(actor, (s) => s.context.requisites)
  const errors = useSelector(actor, selectFieldErrors)
  const busy = useSelector(actor, selectIsSubmitting)
  const feePreview = useSelector(actor, selectFeePreview)
  const pan = useSelector(actor, selectPan)
  const canAddCard = useSelector(actor, (s) => selectCardChoice(s)?.canAddNew ?? false)
  const depositFirst = useSelector(actor, (s) => selectCardChoice(s)?.needsDepositFirst ?? false)
  if (!method || !settings) return null
  const currency = settings.currency
  const max = maxWithdrawal(settings, method.sysname)
  const maxText = formatShortAmount(max, currency, i18n.locale)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'withdraw.submit' })
  }
  const header = (
    <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', flexWrap: 'wrap' })}>
      <h2 className={sectionTitle} data-testid="withdraw-method" data-sysname={method.sysname}>
        {method.name}
      </h2>
      {methodCount > 1 ? (
        <Button variant="ghost" size="sm" onClick={() => actor.send({ type: 'withdraw.method.clear' })}>
          <Trans>Change method</Trans>
        </Button>
      ) : null}
    </div>
  )
  // No form that cannot be sent: the card payout needs a card deposited with first.
  if (depositFirst) {
    return (
      <div className={css({ display: 'grid', gap: '4', maxW: '640px', w: 'full' })} data-testid="withdraw-form">
        {header}
        <DepositFirst method={method.sysname} />
      </div>
    )
  }
  return (
    <Form flow={actor} className={css({ display: 'grid', gap: '4', maxW: '640px', w: 'full' })} onSubmit={submit} data-testid="withdraw-form">
      {header}
      <div className={card()}>
        <RequisiteFields
          method={method}
          values={requisites}
          errors={errors}
          saved={(field) => method.saved_requisites.filter((r) => r.field === field)}
          onChange={(name, value) => actor.send({ type: 'withdraw.requisite.change', name, value })}
          newCard={{ allowed: canAddCard, value: pan, error: errors[PAN_FIELD], onChange: (value) => actor.send({ type: 'withdraw.pan.change', pan: value }) }}
        />
        <div className={css({ display: 'grid', gridTemplateColumns: '1fr auto', gap: '2', alignItems: 'end' })}>
          <AmountField
            currency={currency}
            value={amount}
            hint={t`Up to ${maxText}`}
            error={errors.amount}
            onChange={(value) => actor.send({ type: 'withdraw.amount.change', value })}
            testId="withdraw-amount"
          />
          <Button variant="secondary" onClick={() => actor.send({ type: 'withdraw.amount.max' })} className={css({ mb: '6' })} data-testid="withdraw-max">
            <Trans>Max</Trans>
          </Button>
        </div>
        <FeePreview preview={feePreview} currency={currency} />
      </div>
      <Button type="submit" variant="primary" size="lg" fullWidth loading={busy} data-testid="withdraw-submit">
        <Trans>Withdraw</Trans>
      </Button>
    </Form>
  )
}

/**
 * The provider pays out only to cards it has charged, and the player has none saved: say so and
 * lead to a card deposit, rather than a form that cannot be sent.
 */
function DepositFirst({ method }: { method: string }) {
  return (
    <div className={card()} role="note" data-testid="withdraw-card-deposit-first">
      <p>
        <Trans>Card withdrawals go back to a card you have deposited with. Make a deposit with your card first, or choose another method.</Trans>
      </p>
      <Link to={`/cashier/deposit/${method}`} className={css({ color: 'accent', fontWeight: 'semibold', textDecoration: 'underline' })}>
        <Trans>Deposit with a card</Trans>
      </Link>
    </div>
  )
}

function Requested({ actor }: { actor: WithdrawRef }) {
  const { i18n } = useLingui()
  const requested = useSelector(actor, selectRequested)
  if (!requested) return null
  const amount = formatAmount(requested.amount, i18n.locale)
  // Read as the history and the receipt read it: a withdrawal paid out at once says so here too.
  const status = paymentStatus(requested)
  // Paid out at once: where it went, the card or account as masked.
  const destination = requested.requisite ? `${requested.method.name} ${requested.requisite}` : requested.method.name
  return (
    <div className={card()} role="status" data-testid="withdraw-requested" data-status={requested.status} data-seen={status}>
      <h2 className={sectionTitle}>
        {status === 'completed' ? <Trans>Withdrawal paid out</Trans> : status === 'approved' ? <Trans>Withdrawal approved</Trans> : <Trans>Withdrawal requested</Trans>}
      </h2>
      <PaymentStatusBadge status={status} testId="withdraw-requested-status" />
      <p>
        {status === 'completed' ? (
          <Trans>
            {amount} was paid out to {destination}.
          </Trans>
        ) : status === 'approved' ? (
          <Trans>
            {amount} to {destination} is approved and being paid out.
          </Trans>
        ) : (
          <Trans>
            {amount} to {requested.method.name}. We reserved the amount from your balance; you can cancel while it is pending.
          </Trans>
        )}
      </p>
      <div>
        <Button variant="secondary" onClick={() => actor.send({ type: 'withdraw.new' })}>
          <Trans>New withdrawal</Trans>
        </Button>
      </div>
    </div>
  )
}

function Pending({ actor }: { actor: WithdrawRef }) {
  const pending = useSelector(actor, selectPendingWithdrawals)
  if (pending.length === 0) return null
  return (
    <section className={card()} aria-labelledby="pending-title" data-testid="withdraw-pending">
      <h2 id="pending-title" className={sectionTitle}>
        <Trans>Pending withdrawals</Trans>
      </h2>
      <ul className={css({ listStyle: 'none', p: '0', m: '0' })}>
        {pending.map((w) => (
          <PendingRow key={w.id} actor={actor} withdrawal={w} />
        ))}
      </ul>
    </section>
  )
}

function PendingRow({ actor, withdrawal }: { actor: WithdrawRef; withdrawal: Withdrawal }) {
  const { i18n } = useLingui()
  const canCancel = useSelector(actor, (s) => selectCanCancel(s, withdrawal.id))
  const cancelling = useSelector(actor, selectCancellingId) === withdrawal.id
  return (
    <li className={row} data-testid="withdraw-pending-row" data-id={withdrawal.id}>
      <span>
        <span className={css({ fontWeight: 'semibold', display: 'block', fontVariantNumeric: 'tabular-nums' })}>{formatAmount(withdrawal.amount, i18n.locale)}</span>
        <span className={muted()}>
          {withdrawal.method.name}
          {withdrawal.requisite ? ` · ${withdrawal.requisite}` : ''} · {formatDateTime(withdrawal.created_at, i18n.locale)}
        </span>
      </span>
      {withdrawal.can_cancel ? (
        <Button
          variant="secondary"
          size="sm"
          loading={cancelling}
          disabled={!canCancel && !cancelling}
          onClick={() => actor.send({ type: 'withdraw.cancel', id: withdrawal.id })}
          data-testid="withdraw-cancel"
        >
          <Trans>Cancel</Trans>
        </Button>
      ) : (
        <PaymentStatusBadge status={paymentStatus(withdrawal)} testId="withdraw-pending-status" />
      )}
    </li>
  )
}

/** WithdrawalLimitsPeriodExceeded: what is left in the period, its length and when it frees up. */
function PeriodExceeded({ amount, period }: { amount: string | null; period: WithdrawAlert['period'] }) {
  const { i18n } = useLingui()
  const days = period?.days ?? null
  const reset = period?.resetAt ? formatDateTime(period.resetAt, i18n.locale) : null
  if (amount === null || days === null) return <Trans>This would pass the withdrawal limit for the period.</Trans>
  return (
    <>
      <Plural value={days} one="Withdrawals are limited per day." other="Withdrawals are limited per # days." />{' '}
      <Trans>You can still withdraw {amount} in this period.</Trans>
      {reset ? (
        <>
          {' '}
          <Trans>More becomes available from {reset}.</Trans>
        </>
      ) : null}
    </>
  )
}

function AlertView({ alert }: { alert: WithdrawAlert | null }) {
  const { i18n } = useLingui()
  if (!alert) return null
  const amount = alert.amount ? formatAmount(alert.amount, i18n.locale) : null
  const button = alert.button
  return (
    <Alert
      tone="error"
      data-testid="withdraw-alert"
      data-message={alert.messageId}
      action={
        alert.messageId === 'profileRequired' ? (
          <FillProfileLink toastType="fill_for_withdrawal" testId="withdraw-alert-button" />
        ) : button?.show && (alert.messageId === 'kycRequired' || alert.messageId === 'confirmContact') ? (
          <Link
            to={button.link ?? (alert.messageId === 'kycRequired' ? '/profile/verification' : '/confirmation')}
            className={cx(textLink(), css({ fontWeight: 'semibold' }))}
            data-testid="withdraw-alert-button"
          >
            {alert.messageId === 'kycRequired' ? <Trans>Verify account</Trans> : <Trans>Confirm contact</Trans>}
          </Link>
        ) : null
      }
    >
      <p>
        {alert.messageId === 'kycRequired' ? (
          amount ? (
            <Trans>To withdraw more than {amount}, please verify your account first.</Trans>
          ) : (
            <Trans>Please verify your account before you withdraw.</Trans>
          )
        ) : alert.messageId === 'confirmContact' ? (
          alert.contactType === 'phone' ? (
            <Trans>Please confirm your phone number before you withdraw.</Trans>
          ) : alert.contactType === 'email' ? (
            <Trans>Please confirm your e-mail before you withdraw.</Trans>
          ) : (
            <Trans>Please confirm your contact details before you withdraw.</Trans>
          )
        ) : alert.messageId === 'profileRequired' ? (
          <Trans>Payouts go only to the account holder: fill in your personal details before you withdraw.</Trans>
        ) : alert.messageId === 'limitExceeded' ? (
          amount ? (
            <Trans>This is above the largest withdrawal allowed: at most {amount} at a time.</Trans>
          ) : (
            <Trans>This is above the largest withdrawal allowed.</Trans>
          )
        ) : alert.messageId === 'periodExceeded' ? (
          <PeriodExceeded amount={amount} period={alert.period} />
        ) : alert.messageId === 'declined' ? (
          amount ? (
            <Trans>The withdrawal was declined. You can withdraw at most {amount}.</Trans>
          ) : (
            <Trans>The withdrawal was declined.</Trans>
          )
        ) : alert.messageId === 'billingUnavailable' ? (
          <Trans>Withdrawals are unavailable right now. Please try again in a few minutes.</Trans>
        ) : alert.messageId === 'cancelFailed' ? (
          <Trans>This withdrawal can no longer be cancelled.</Trans>
        ) : (
          <Trans>Something went wrong. Please try again.</Trans>
        )}
      </p>
    </Alert>
  )
}
