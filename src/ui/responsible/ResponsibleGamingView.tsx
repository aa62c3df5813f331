import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { css } from 'styled-system/css'
import { selectAccount } from '../../machines/app/app.selectors'
import type { DepositLimitMachine } from '../../machines/responsible/deposit-limit.machine'
import {
  selectCanKeepLimit,
  selectCanRemoveLimit,
  selectLimit,
  selectLimitBusy,
  selectLimitDataState,
  selectLimitForm,
  selectLimitOutcome,
  selectLimitView,
} from '../../machines/responsible/deposit-limit.selectors'
import type { DepositLimit } from '../../machines/responsible/deposit-limit.types'
import { formatAmount } from '../../shared/format-money'
import { formatDateTime } from '../../shared/format'
import { useAppSelector, useServices } from '../app/AppProviders'
import { useFlowActor } from '../app/useFlowActor'
import { alertBox, card, LoadFailed, muted } from '../cashier/CashierShell'
import { Button } from '../kit/Button'
import { Skeleton } from '../kit/Skeleton'
import { provideDepositLimit } from './deposit-limit-provider'
import { LimitAlertBox, LimitFields, usePerPeriod, usePeriodLabel } from './LimitFields'

const layout = css({ display: 'grid', gap: '4', maxW: '720px', w: 'full' })
const title = css({ fontWeight: 'semibold', fontSize: 'lg' })
const facts = css({ display: 'grid', gap: '2', gridTemplateColumns: { base: '1fr', tablet: 'repeat(3, 1fr)' }, m: '0' })
const fact = css({ display: 'grid', gap: '1', p: '3', borderRadius: 'md', bg: 'surfaceRaised' })
const factValue = css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', m: '0' })
const notice = css({ borderRadius: 'md', p: '3', bg: 'surfaceRaised', border: '1px solid', borderColor: 'border', borderLeft: '4px solid', borderLeftColor: 'info', fontSize: 'sm', display: 'grid', gap: '2' })
const actions = css({ display: 'flex', gap: '2', flexWrap: 'wrap', '& > *': { flex: { base: '1 1 auto', tablet: 'none' } } })

/** The responsible-gaming tools (SPEC §1, §3 'Deposit limit', §9; DESIGN 'Responsible by design'). */
export function ResponsibleGamingView() {
  const services = useServices()
  const [machine] = useState(() => provideDepositLimit(services))
  return (
    <div className={layout}>
      <DepositLimitSection machine={machine} />
      <SelfExclusionSection />
    </div>
  )
}

function DepositLimitSection({ machine }: { machine: DepositLimitMachine }) {
  const account = useAppSelector(selectAccount)
  const currency = account.balance_main?.currency ?? ''
  const actor = useFlowActor(machine, { input: { currency } })
  const view = useSelector(actor, selectLimitView)
  const dataState = useSelector(actor, selectLimitDataState)
  return (
    <section className={card} data-testid="deposit-limit" data-state={dataState} aria-busy={view === 'loading' || undefined} aria-labelledby="deposit-limit-title">
      <h2 id="deposit-limit-title" className={title}>
        <Trans>Deposit limit</Trans>
      </h2>
      <p className={muted}>
        <Trans>Choose how much you can deposit over a rolling period. A lower limit applies at once; a higher limit, or removing it, takes effect after 24 hours.</Trans>
      </p>
      {view === 'loading' ? (
        <div className={css({ display: 'grid', gap: '3' })} aria-hidden="true">
          <Skeleton height={64} radius="md" />
          <Skeleton height={44} radius="md" />
        </div>
      ) : view === 'loadFailed' ? (
        <LoadFailed onRetry={() => actor.send({ type: 'limit.retry' })}>
          <Trans>We could not load your deposit limit.</Trans>
        </LoadFailed>
      ) : (
        <LimitEditor actor={actor} currency={currency} />
      )}
    </section>
  )
}

function LimitEditor({ actor, currency }: { actor: ReturnType<typeof useFlowActor<DepositLimitMachine>>; currency: string }) {
  const { t } = useLingui()
  const limit = useSelector(actor, selectLimit)
  const form = useSelector(actor, selectLimitForm)
  const outcome = useSelector(actor, selectLimitOutcome)
  const busy = useSelector(actor, selectLimitBusy)
  const canRemove = useSelector(actor, selectCanRemoveLimit)
  const canKeep = useSelector(actor, selectCanKeepLimit)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!busy) actor.send({ type: 'limit.submit' })
  }
  if (!limit) return null
  return (
    <>
      <CurrentLimit limit={limit} />
      {limit.scheduled ? (
        <div className={notice} data-testid="deposit-limit-scheduled" data-period={String(limit.scheduled.period)}>
          <ScheduledText limit={limit} />
          {canKeep ? (
            <div>
              <Button variant="secondary" size="sm" onClick={() => actor.send({ type: 'limit.keep' })} disabled={busy} data-testid="deposit-limit-keep">
                <Trans>Keep my current limit</Trans>
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
      {outcome ? (
        <p className={notice} role="status" data-testid="deposit-limit-outcome" data-outcome={outcome}>
          {outcome === 'applied' ? (
            <Trans>Saved. Your deposit limit applies now.</Trans>
          ) : outcome === 'scheduled' ? (
            <Trans>Saved. To protect you, this change waits 24 hours before it takes effect.</Trans>
          ) : (
            <Trans>The change was cancelled. Your current limit stays.</Trans>
          )}
        </p>
      ) : null}
      <LimitAlertBox alert={form.alert} className={alertBox} testId="deposit-limit-alert" />
      <form className={css({ display: 'grid', gap: '3' })} onSubmit={submit} noValidate aria-label={t`Set a deposit limit`}>
        <LimitFields
          period={form.period}
          amount={form.amount}
          currency={currency}
          errors={form.fieldErrors}
          testIdPrefix="deposit-limit"
          onPeriod={(period) => actor.send({ type: 'limit.period.change', period })}
          onAmount={(value) => actor.send({ type: 'limit.amount.change', value })}
        />
        <div className={actions}>
          <Button type="submit" variant="primary" loading={busy} data-testid="deposit-limit-save">
            {limit.period === 'none' ? <Trans>Set limit</Trans> : <Trans>Change limit</Trans>}
          </Button>
          {canRemove ? (
            <Button variant="ghost" onClick={() => actor.send({ type: 'limit.remove' })} disabled={busy} data-testid="deposit-limit-remove">
              <Trans>Remove limit</Trans>
            </Button>
          ) : null}
        </div>
      </form>
    </>
  )
}

function CurrentLimit({ limit }: { limit: DepositLimit }) {
  const { i18n } = useLingui()
  const periodLabel = usePeriodLabel()
  if (limit.period === 'none' || !limit.limit_amount) {
    return (
      <p className={factValue} data-testid="deposit-limit-current" data-period="none">
        <Trans>You have no deposit limit.</Trans>
      </p>
    )
  }
  return (
    <dl className={facts} data-testid="deposit-limit-current" data-period={String(limit.period)}>
      <div className={fact}>
        <dt className={muted}>{periodLabel(limit.period)}</dt>
        <dd className={factValue} data-testid="deposit-limit-value">
          {formatAmount(limit.limit_amount, i18n.locale)}
        </dd>
      </div>
      <div className={fact}>
        <dt className={muted}>
          <Trans>Left to deposit</Trans>
        </dt>
        <dd className={factValue} data-testid="deposit-limit-available">
          {limit.available_amount ? formatAmount(limit.available_amount, i18n.locale) : '—'}
        </dd>
      </div>
      <div className={fact}>
        <dt className={muted}>
          <Trans>Frees up from</Trans>
        </dt>
        <dd className={factValue} data-testid="deposit-limit-expires">
          {limit.expired_at ? <time dateTime={limit.expired_at}>{formatDateTime(limit.expired_at, i18n.locale)}</time> : '—'}
        </dd>
      </div>
    </dl>
  )
}

function ScheduledText({ limit }: { limit: DepositLimit }) {
  const { i18n } = useLingui()
  const perPeriod = usePerPeriod()
  const s = limit.scheduled!
  const when = formatDateTime(s.effective_at, i18n.locale)
  const date = (
    <time dateTime={s.effective_at} data-testid="deposit-limit-effective-at">
      {when}
    </time>
  )
  if (s.period === 'none' || !s.limit_amount) {
    return (
      <p>
        <Trans>Your limit will be removed on {date}. Until then your current limit applies.</Trans>
      </p>
    )
  }
  const amount = formatAmount(s.limit_amount, i18n.locale)
  const period = perPeriod(s.period)
  return (
    <p>
      <Trans>
        Your new limit of {amount} {period} takes effect on {date}. Until then your current limit applies.
      </Trans>
    </p>
  )
}

/** SPEC §1, §9: self-exclusion is applied by our support team on the player's request (the operator API). */
function SelfExclusionSection() {
  return (
    <section className={card} data-testid="self-exclusion" aria-labelledby="self-exclusion-title">
      <h2 id="self-exclusion-title" className={title}>
        <Trans>Self-exclusion</Trans>
      </h2>
      <p className={muted}>
        <Trans>
          If you need a break, you can exclude yourself from playing for 1, 7 or 30 days, 3, 6 or 9 months, 1 to 5 years, or permanently. While you are excluded you cannot log in, and a self-exclusion cannot be shortened.
        </Trans>
      </p>
      <p>
        <Trans>
          To exclude yourself, <Link to="/support">contact our support team</Link>. They apply it straight away.
        </Trans>
      </p>
    </section>
  )
}
