import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useRef, type FormEvent, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { card, muted } from 'styled-system/recipes'
import { selectAccount } from '../../../machines/app/app/app.selectors'
import { depositLimitMachine, type DepositLimitMachine } from '../../../machines/responsible/deposit-limit/deposit-limit.machine'
import { lossLimitMachine } from '../../../machines/responsible/loss-limit/loss-limit'
import {
  selectCanKeepLimit,
  selectCanRemoveLimit,
  selectFormChangesLimit,
  selectLimit,
  selectLimitBusy,
  selectLimitDataState,
  selectLimitForm,
  selectLimitOutcome,
  selectLimitRows,
  selectLimitView,
} from '../../../machines/responsible/deposit-limit/deposit-limit.selectors'
import type { LimitDays, LimitRow } from '../../../machines/responsible/deposit-limit/deposit-limit.types'
import { formatAmount } from '../../../shared/format-money'
import { formatDateTime } from '../../../shared/format'
import { useAppSelector } from '../../app/AppProviders'
import { useFlowActor } from '../../app/useFlowActor'
import { LoadFailed } from '../../kit/LoadFailed'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { Form } from '../../kit/Form'
import { Skeleton } from '../../kit/Skeleton'
import { LimitAlertBox, LimitFields, usePerPeriod, usePeriodLabel } from './LimitFields'
import { SelfExclusionSection } from '../self-exclusion/SelfExclusionSection'
import { RealityCheckSection } from '../reality-check/RealityCheckSection'
import { SessionLimitSection } from '../session-limit/SessionLimitSection'

const layout = css({ display: 'grid', gap: '4', maxW: '720px', w: 'full' })
const title = css({ textStyle: 'title' })
const subtitle = css({ fontWeight: 'semibold', fontSize: 'md' })
const summary = css({ fontSize: 'md' })
const list = css({ display: 'grid', gap: '3', listStyle: 'none', p: '0', m: '0' })
const rowBox = css({ display: 'grid', gap: '3', p: { base: '3', tablet: '4' }, borderRadius: 'md', border: '1px solid', borderColor: 'border', '&[data-binding]': { borderColor: 'borderStrong' } })
const rowHead = css({ display: 'flex', alignItems: 'baseline', gap: '2', flexWrap: 'wrap' })
const rowTitle = css({ fontWeight: 'semibold', fontSize: 'md', m: '0' })
const rowAmount = css({ fontWeight: 'semibold', fontSize: 'lg', fontVariantNumeric: 'tabular-nums', ml: 'auto' })
const badge = css({ fontSize: 'xs', fontWeight: 'semibold', px: '2', py: '0.5', borderRadius: 'full', bg: 'surfaceRaised', border: '1px solid', borderColor: 'borderStrong' })
const formBox = css({ display: 'grid', gap: '3', pt: '4', borderTopWidth: '1px', borderTopStyle: 'solid', borderTopColor: 'border' })
// On a phone each fact is one line (label, value); from a tablet on, three boxes side by side.
const facts = css({ display: 'grid', gap: { base: '1', tablet: '2' }, gridTemplateColumns: { base: '1fr', tablet: 'repeat(3, 1fr)' }, m: '0' })
const fact = css({ display: { base: 'flex', tablet: 'grid' }, justifyContent: 'space-between', alignItems: 'baseline', gap: '2', '& > dd': { whiteSpace: { base: 'nowrap', tablet: 'normal' } }, px: '3', py: { base: '2', tablet: '3' }, borderRadius: 'md', bg: 'surfaceRaised' })
const factValue = css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', m: '0' })
const actions = css({ display: 'flex', gap: '2', flexWrap: 'wrap', '& > *': { flex: { base: '1 1 auto', tablet: 'none' } } })

/** The responsible-gaming tools (SPEC §1, §3 'Deposit limit', §9; DESIGN 'Responsible by design'). */
export function ResponsibleGamingView() {
  return (
    <div className={layout}>
      <PeriodLimitSection kind="deposit" />
      <PeriodLimitSection kind="loss" />
      <SessionLimitSection />
      <RealityCheckSection />
      <SelfExclusionSection kind="timeout" />
      <SelfExclusionSection />
    </div>
  )
}

/** Deposit limits bind deposits; loss limits bind stakes (the net loss). One chart, one editor. */
type LimitKind = 'deposit' | 'loss'

function PeriodLimitSection({ kind }: { kind: LimitKind }) {
  const account = useAppSelector(selectAccount)
  const currency = account.balance_main?.currency ?? ''
  const { i18n } = useLingui()
  const actor = useFlowActor(kind === 'loss' ? lossLimitMachine : depositLimitMachine, { input: { currency, locale: i18n.locale } })
  const view = useSelector(actor, selectLimitView)
  const dataState = useSelector(actor, selectLimitDataState)
  const prefix = `${kind}-limit`
  return (
    <section className={card()} data-testid={prefix} data-state={dataState} aria-busy={view === 'loading' || undefined} aria-labelledby={`${prefix}-title`}>
      <h2 id={`${prefix}-title`} className={title}>
        {kind === 'loss' ? <Trans>Loss limits</Trans> : <Trans>Deposit limits</Trans>}
      </h2>
      <p className={muted()}>
        {kind === 'loss' ? (
          <Trans>
            Choose how much you can lose over a rolling day, week, 14 days or 30 days: what you stake from your cash balance, less what you win back. The lowest amount left applies to every stake in games and on the sportsbook. A new or lower limit applies at once; a higher limit, or removing one, takes effect after 24 hours.
          </Trans>
        ) : (
          <Trans>
            Choose how much you can deposit over a rolling day, week, 14 days or 30 days. You can have one limit for each period, and the lowest amount left applies. A new or lower limit applies at once; a higher limit, or removing one, takes effect after 24 hours.
          </Trans>
        )}
      </p>
      {view === 'loading' ? (
        // The shape of what most players see next (no limit yet: the summary, then the form), so that
        // the sections below do not move when it comes.
        <div className={css({ display: 'grid', gap: '3' })} aria-hidden="true">
          <Skeleton height={28} width="60%" radius="md" />
          <Skeleton height={22} width="40%" radius="md" />
          <Skeleton height={72} radius="md" />
          <Skeleton height={72} radius="md" />
          <Skeleton height={48} radius="md" />
        </div>
      ) : view === 'loadFailed' ? (
        <LoadFailed onRetry={() => actor.send({ type: 'limit.retry' })}>
          {kind === 'loss' ? <Trans>We could not load your loss limit.</Trans> : <Trans>We could not load your deposit limit.</Trans>}
        </LoadFailed>
      ) : (
        <LimitEditor actor={actor} currency={currency} kind={kind} />
      )}
    </section>
  )
}

type LimitActor = ReturnType<typeof useFlowActor<DepositLimitMachine>>

function LimitEditor({ actor, currency, kind }: { actor: LimitActor; currency: string; kind: LimitKind }) {
  const prefix = `${kind}-limit`
  const { t, i18n } = useLingui()
  const limit = useSelector(actor, selectLimit)
  const rows = useSelector(actor, selectLimitRows)
  const form = useSelector(actor, selectLimitForm)
  const outcome = useSelector(actor, selectLimitOutcome)
  const busy = useSelector(actor, selectLimitBusy)
  const changes = useSelector(actor, selectFormChangesLimit)
  const formRef = useRef<HTMLFormElement>(null)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!busy) actor.send({ type: 'limit.submit' })
  }
  // 'Change' on a listed limit: its period and amount fill the form, and the amount takes focus.
  const change = (period: LimitDays) => {
    actor.send({ type: 'limit.period.change', period })
    const input = formRef.current?.querySelector<HTMLInputElement>('input[name="limit_amount"]')
    input?.focus()
    input?.select()
  }
  if (!limit) return null
  const binding = rows.find((r) => r.binding) ?? null
  const left = binding?.available ? formatAmount(binding.available, i18n.locale) : null
  return (
    <>
      {left && binding ? (
        <p className={summary} data-testid={`${prefix}-left`} data-period={String(binding.period)}>
          {kind === 'loss' ? (
            <Trans>
              You can stake up to <strong className={factValue}>{left}</strong> more of your own money now.
            </Trans>
          ) : (
            <Trans>
              You can deposit up to <strong className={factValue}>{left}</strong> now.
            </Trans>
          )}
        </p>
      ) : null}
      <div data-testid={`${prefix}-current`} data-period={binding ? String(binding.period) : 'none'}>
        {rows.length === 0 ? (
          <p className={factValue}>{kind === 'loss' ? <Trans>You have no loss limit.</Trans> : <Trans>You have no deposit limit.</Trans>}</p>
        ) : (
          <ul className={list} aria-label={kind === 'loss' ? t`Your loss limits` : t`Your deposit limits`}>
            {rows.map((row) => (
              <LimitRowView key={row.period} row={row} actor={actor} busy={busy} several={rows.length > 1} onChange={change} kind={kind} />
            ))}
          </ul>
        )}
      </div>
      {outcome ? (
        <Alert tone="info" data-testid={`${prefix}-outcome`} data-outcome={outcome}>
          {outcome === 'applied' ? (
            kind === 'loss' ? (
              <Trans>Saved. Your loss limit applies now.</Trans>
            ) : (
              <Trans>Saved. Your deposit limit applies now.</Trans>
            )
          ) : outcome === 'scheduled' ? (
            <Trans>Saved. To protect you, this change waits 24 hours before it takes effect.</Trans>
          ) : (
            <Trans>The change was cancelled. Your current limit stays.</Trans>
          )}
        </Alert>
      ) : null}
      <LimitAlertBox alert={form.alert} testId={`${prefix}-alert`} />
      <Form flow={actor} ref={formRef} className={formBox} onSubmit={submit} aria-labelledby={`${prefix}-form-title`} data-testid={`${prefix}-form`}>
        <h3 id={`${prefix}-form-title`} className={subtitle}>
          {rows.length > 0 ? <Trans>Add or change a limit</Trans> : kind === 'loss' ? <Trans>Set a loss limit</Trans> : <Trans>Set a deposit limit</Trans>}
        </h3>
        <LimitFields
          period={form.period}
          amount={form.amount}
          currency={currency}
          errors={form.fieldErrors}
          testIdPrefix={prefix}
          onPeriod={(period) => actor.send({ type: 'limit.period.change', period })}
          onAmount={(value) => actor.send({ type: 'limit.amount.change', value })}
        />
        <div className={actions}>
          <Button type="submit" variant="primary" loading={busy} data-testid={`${prefix}-save`} data-changes={changes ? 'true' : 'false'}>
            {changes ? <Trans>Change limit</Trans> : <Trans>Set limit</Trans>}
          </Button>
        </div>
      </Form>
    </>
  )
}

/** One period's limit: its amount, what is left and used in its window, its pending change, and its buttons. */
function LimitRowView({
  row,
  actor,
  busy,
  several,
  onChange,
  kind,
}: {
  row: LimitRow
  actor: LimitActor
  busy: boolean
  several: boolean
  onChange: (period: LimitDays) => void
  kind: LimitKind
}) {
  const { i18n } = useLingui()
  const prefix = `${kind}-limit`
  const periodLabel = usePeriodLabel()
  const canRemove = useSelector(actor, (s) => selectCanRemoveLimit(s, row.period))
  const canKeep = useSelector(actor, (s) => selectCanKeepLimit(s, row.period))
  const headingId = `${prefix}-${row.period}-title`
  return (
    <li className={rowBox} data-testid={`${prefix}-row`} data-period={String(row.period)} data-binding={row.binding ? 'true' : undefined} aria-labelledby={headingId}>
      <div className={rowHead}>
        <h3 id={headingId} className={rowTitle}>
          {periodLabel(row.period)}
        </h3>
        {row.binding && several ? (
          <span className={badge} data-testid={`${prefix}-binding`}>
            <Trans>Least left</Trans>
          </span>
        ) : null}
        <span className={rowAmount} data-testid={`${prefix}-value`}>
          {formatAmount(row.limit, i18n.locale)}
        </span>
      </div>
      <dl className={facts}>
        <Fact label={kind === 'loss' ? <Trans>Left to stake</Trans> : <Trans>Left to deposit</Trans>} testId={`${prefix}-available`}>
          {row.available ? formatAmount(row.available, i18n.locale) : '—'}
        </Fact>
        <Fact label={kind === 'loss' ? <Trans>Net loss in this period</Trans> : <Trans>Deposited in this period</Trans>} testId={`${prefix}-used`}>
          {row.used ? formatAmount(row.used, i18n.locale) : '—'}
        </Fact>
        <Fact label={<Trans>Frees up from</Trans>} testId={`${prefix}-expires`}>
          {row.expiresAt ? <time dateTime={row.expiresAt}>{formatDateTime(row.expiresAt, i18n.locale)}</time> : '—'}
        </Fact>
      </dl>
      {row.scheduled ? (
        <Alert
          tone="info"
          role="note"
          data-testid={`${prefix}-scheduled`}
          data-period={row.scheduled.limit ? String(row.period) : 'none'}
          action={
            canKeep ? (
              <Button variant="secondary" size="sm" onClick={() => actor.send({ type: 'limit.keep', period: row.period })} disabled={busy} aria-describedby={headingId} data-testid={`${prefix}-keep`}>
                <Trans>Keep my current limit</Trans>
              </Button>
            ) : null
          }
        >
          <ScheduledText row={row} prefix={prefix} />
        </Alert>
      ) : null}
      <div className={actions}>
        <Button variant="secondary" size="sm" onClick={() => onChange(row.period)} disabled={busy} aria-describedby={headingId} data-testid={`${prefix}-change`}>
          <Trans>Change</Trans>
        </Button>
        {canRemove ? (
          <Button variant="ghost" size="sm" onClick={() => actor.send({ type: 'limit.remove', period: row.period })} disabled={busy} aria-describedby={headingId} data-testid={`${prefix}-remove`}>
            <Trans>Remove limit</Trans>
          </Button>
        ) : null}
      </div>
    </li>
  )
}

function Fact({ label, testId, children }: { label: ReactNode; testId: string; children: ReactNode }) {
  return (
    <div className={fact}>
      <dt className={muted()}>{label}</dt>
      <dd className={factValue} data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}

function ScheduledText({ row, prefix }: { row: LimitRow; prefix: string }) {
  const { i18n } = useLingui()
  const perPeriod = usePerPeriod()
  const s = row.scheduled!
  const when = formatDateTime(s.effectiveAt, i18n.locale)
  const date = (
    <time dateTime={s.effectiveAt} data-testid={`${prefix}-effective-at`}>
      {when}
    </time>
  )
  if (!s.limit) {
    return (
      <p>
        <Trans>Your limit will be removed on {date}. Until then your current limit applies.</Trans>
      </p>
    )
  }
  const amount = formatAmount(s.limit, i18n.locale)
  const period = perPeriod(s.period)
  return (
    <p>
      <Trans>
        Your new limit of {amount} {period} takes effect on {date}. Until then your current limit applies.
      </Trans>
    </p>
  )
}
