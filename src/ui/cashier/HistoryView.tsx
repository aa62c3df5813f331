import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect, type FormEvent } from 'react'
import { Link } from 'react-router'
import { css } from 'styled-system/css'
import type { HistoryMachine } from '../../machines/cashier/history.machine'
import { selectCanNext, selectCanPrevious, selectHistoryView, selectItems, selectLoadingHistory, selectQuery, selectRange } from '../../machines/cashier/history.selectors'
import type { HistoryItem, HistoryQuery, TransactionType } from '../../machines/cashier/history.types'
import { TRANSACTION_TYPES } from '../../services/api/contract/cashier'
import { formatDateTime } from '../../shared/format'
import { formatSignedAmount } from '../../shared/format-money'
import { useFlowActor } from '../app/useFlowActor'
import { Button } from '../kit/Button'
import { Input } from '../kit/Input'
import { Select } from '../kit/Select'
import { Skeleton } from '../kit/Skeleton'
import { alertBox, card, LoadFailed, muted } from './CashierShell'
import { EXPIRED_FAILURE_CODE } from './PaymentResultView'

const table = css({ listStyle: 'none', p: '0', m: '0', display: 'grid' })
const rowCss = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr) auto', tablet: 'minmax(0, 1fr) 12rem 8rem auto' },
  gap: '1 4',
  alignItems: 'center',
  py: '3',
  borderBottom: '1px solid',
  borderColor: 'border',
  _last: { borderBottom: 'none' },
})
const filters = css({ display: 'grid', gridTemplateColumns: { base: 'minmax(0, 1fr) minmax(0, 1fr)', tablet: '2fr 1fr 1fr auto' }, gap: '3', alignItems: 'end', '& input, & select': { minW: '0', w: 'full' } })
const amountCss = css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', textAlign: 'right', '&[data-sign=plus]': { color: 'success' }, '&[data-sign=none]': { color: 'textMuted' } })

const DAY = /^\d{4}-\d{2}-\d{2}$/
const day = (value: FormDataEntryValue | null) => (typeof value === 'string' && DAY.test(value) ? value : null)

/**
 * /cashier/history: the player's transactions with type and date filters and paging by offset
 * (issue 4; SPEC §7 gethistory). The history machine reads the pages; `query` is what the address
 * says (?type=&from=&to=&offset=), given again whenever the address changes (back, forward).
 */
export function HistoryView({ machine, query }: { machine: HistoryMachine; query: HistoryQuery }) {
  const { t, i18n } = useLingui()
  const actor = useFlowActor(machine, { input: { query } })
  useEffect(() => {
    actor.send({ type: 'history.locate', query })
  }, [actor, query])
  const view = useSelector(actor, selectHistoryView)
  const loading = useSelector(actor, selectLoadingHistory)
  const shown = useSelector(actor, selectQuery)
  const items = useSelector(actor, selectItems)
  const range = useSelector(actor, selectRange)
  const canNext = useSelector(actor, selectCanNext)
  const canPrevious = useSelector(actor, selectCanPrevious)
  const typeLabels: Record<TransactionType, string> = {
    deposit: t`Deposit`,
    withdrawal: t`Withdrawal`,
    bet: t`Bet`,
    win: t`Win`,
    rollback: t`Refund`,
    bonus: t`Bonus`,
    cashback: t`Cashback`,
    prize: t`Prize`,
    adjustment: t`Adjustment`,
  }
  const applyFilters = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    const type = String(form.get('type') ?? '')
    actor.send({
      type: 'history.filter',
      filters: {
        type: (TRANSACTION_TYPES as readonly string[]).includes(type) ? (type as TransactionType) : null,
        dateFrom: day(form.get('from')),
        dateTo: day(form.get('to')),
      },
    })
  }
  // The form shows the filters in force; a new key resets it when they change from elsewhere (back, forward).
  const formKey = JSON.stringify([shown.type, shown.dateFrom, shown.dateTo])
  return (
    <section className={css({ display: 'grid', gap: '4' })} data-testid="history" data-view={view} aria-busy={loading || undefined}>
      <form className={`${card} ${filters}`} onSubmit={applyFilters} key={formKey} data-testid="history-filters">
        <Select name="type" label={t`Type`} defaultValue={shown.type ?? ''} className={css({ gridColumn: { base: 'span 2', tablet: 'auto' } })}>
          <option value="">{t`All transactions`}</option>
          {TRANSACTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {typeLabels[type]}
            </option>
          ))}
        </Select>
        <Input name="from" type="date" label={t`From`} defaultValue={shown.dateFrom ?? ''} />
        <Input name="to" type="date" label={t`To`} defaultValue={shown.dateTo ?? ''} />
        <Button type="submit" variant="secondary" className={css({ gridColumn: { base: 'span 2', tablet: 'auto' }, mb: { tablet: '6' } })}>
          <Trans>Show</Trans>
        </Button>
      </form>
      {view === 'loadFailed' ? (
        <LoadFailed onRetry={() => actor.send({ type: 'history.retry' })}>
          <Trans>We could not load your transactions.</Trans>
        </LoadFailed>
      ) : view === 'invalidRange' ? (
        <p className={alertBox} role="alert" data-testid="history-invalid-range">
          <Trans>The start date is after the end date. Change the dates and try again.</Trans>
        </p>
      ) : view === 'empty' ? (
        <div className={`${card} ${muted}`} data-testid="history-empty">
          <p>
            <Trans>No transactions match these filters.</Trans>
          </p>
          {canPrevious ? (
            <Button variant="ghost" size="sm" onClick={() => actor.send({ type: 'history.prev' })} data-testid="history-prev">
              <Trans>Previous</Trans>
            </Button>
          ) : null}
        </div>
      ) : items.length === 0 ? (
        <div className={card} aria-hidden="true" data-testid="history-loading">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height={40} />
          ))}
        </div>
      ) : (
        <div className={card}>
          <ul className={table} data-testid="history-rows">
            {items.map((item) => (
              <HistoryRow key={item.id} item={item} typeLabel={typeLabels[item.type]} locale={i18n.locale} />
            ))}
          </ul>
          <nav className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '2' })} aria-label={t`Pages`}>
            <Button variant="ghost" size="sm" disabled={!canPrevious} onClick={() => actor.send({ type: 'history.prev' })} data-testid="history-prev">
              <Trans>Previous</Trans>
            </Button>
            <span className={muted} data-testid="history-range">
              {range ? (
                <Trans>
                  {range.first}–{range.last} of {range.total}
                </Trans>
              ) : null}
            </span>
            <Button variant="ghost" size="sm" disabled={!canNext} onClick={() => actor.send({ type: 'history.next' })} data-testid="history-next">
              <Trans>Next</Trans>
            </Button>
          </nav>
        </div>
      )}
    </section>
  )
}

function HistoryRow({ item, typeLabel, locale }: { item: HistoryItem; typeLabel: string; locale: string }) {
  const { t } = useLingui()
  const statusLabels = { pending: t`Pending`, approved: t`Approved`, success: t`Completed`, failed: t`Failed`, cancelled: t`Cancelled` }
  // A deposit whose checkout session ran out says so, in the receipt's word.
  const statusLabel = item.status === 'cancelled' && item.failure_code === EXPIRED_FAILURE_CODE ? t`Expired` : statusLabels[item.status]
  // A failed or cancelled payment moved no money: its amount is shown without the colour of a credit.
  const moved = item.status !== 'failed' && item.status !== 'cancelled'
  const sign = !moved ? 'none' : item.amount.amount.startsWith('-') ? 'minus' : 'plus'
  return (
    <li className={rowCss} data-testid="history-row" data-type={item.type} data-status={item.status}>
      <span>
        <Link to={`/cashier/receipt?id=${encodeURIComponent(item.id)}`} className={css({ fontWeight: 'semibold', color: 'text' })}>
          {typeLabel}
        </Link>
        <span className={muted} style={{ display: 'block' }}>
          {item.method?.name ?? item.title ?? ''}
        </span>
      </span>
      <span className={`${muted} ${css({ display: { base: 'none', tablet: 'block' } })}`}>{formatDateTime(item.created_at, locale)}</span>
      <span className={`${muted} ${css({ display: { base: 'none', tablet: 'block' } })}`}>{statusLabel}</span>
      <span className={amountCss} data-sign={sign}>
        {formatSignedAmount(item.amount, locale)}
        <span className={`${muted} ${css({ display: { base: 'block', tablet: 'none' }, fontWeight: 'normal' })}`}>{statusLabel}</span>
      </span>
    </li>
  )
}
