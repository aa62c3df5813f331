import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect, useId, useMemo, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { css } from 'styled-system/css'
import { card, field, muted } from 'styled-system/recipes'
import { historyMachine } from '../../../machines/cashier/history/history.machine'
import { historyQueryFromSearch, rowLook } from '../../../machines/cashier/history/history.rules'
import {
  selectCanNext,
  selectCanPrevious,
  selectDraft,
  selectDraftErrors,
  selectHistoryView,
  selectItems,
  selectLoadingHistory,
  selectRange,
} from '../../../machines/cashier/history/history.selectors'
import { HISTORY_ADDRESS_CHANGED, type DateField, type HistoryItem, type TransactionType } from '../../../machines/cashier/history/history.types'
import { TRANSACTION_TYPES } from '../../../services/api/contract/cashier'
import { formatDateTime } from '../../../shared/format'
import { formatAmount, formatSignedAmount } from '../../../shared/format-money'
import { useEmitted } from '../../app/useEmitted'
import { useFlowActor } from '../../app/useFlowActor'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { DayInput } from '../../kit/DayInput'
import { Select } from '../../kit/Select'
import { Skeleton } from '../../kit/Skeleton'
import { LoadFailed } from '../../kit/LoadFailed'
import { PaymentStatusBadge } from '../PaymentStatusBadge'
import { useTransactionTypeLabels } from '../transaction-type-labels'

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
// Fields align at the top, so an error under one date moves nothing else.
const filters = css({ display: 'grid', gridTemplateColumns: { base: 'minmax(0, 1fr) minmax(0, 1fr)', tablet: '2fr 1fr 1fr auto' }, gap: '3', alignItems: 'start', '& input, & select': { minW: '0', w: 'full' } })
// Only a completed credit is green with a "+"; a row under way is muted, a void one struck through.
const amountCss = css({
  fontWeight: 'semibold',
  fontVariantNumeric: 'tabular-nums',
  textAlign: 'right',
  display: 'grid',
  justifyItems: 'end',
  gap: '1',
  '& [data-amount]': { whiteSpace: 'nowrap' },
  '&[data-sign=plus] [data-amount]': { color: 'success' },
  '&[data-settled=underWay] [data-amount]': { color: 'textMuted', fontWeight: 'normal' },
  '&[data-settled=void] [data-amount]': { color: 'textMuted', fontWeight: 'normal', textDecoration: 'line-through' },
})

/**
 * /cashier/history: the player's transactions with type and date filters and paging by offset
 * (SPEC §7 gethistory). The history machine reads the pages and writes the query it shows
 * into the address (?type=&from=&to=&offset=); the address is given again whenever it changes (back, forward).
 */
export function HistoryView() {
  const { t, i18n } = useLingui()
  const [search, setSearch] = useSearchParams()
  const address = search.toString()
  const query = useMemo(() => historyQueryFromSearch(new URLSearchParams(address)), [address])
  const actor = useFlowActor(historyMachine, { input: { query } })
  useEmitted(actor, HISTORY_ADDRESS_CHANGED, ({ search: next }) => setSearch(new URLSearchParams(next)))
  useEffect(() => {
    actor.send({ type: 'history.locate', query })
  }, [actor, query])
  const view = useSelector(actor, selectHistoryView)
  const loading = useSelector(actor, selectLoadingHistory)
  const draft = useSelector(actor, selectDraft)
  const draftErrors = useSelector(actor, selectDraftErrors)
  const items = useSelector(actor, selectItems)
  const range = useSelector(actor, selectRange)
  const canNext = useSelector(actor, selectCanNext)
  const canPrevious = useSelector(actor, selectCanPrevious)
  const formatId = useId()
  const typeLabels = useTransactionTypeLabels()
  const applyFilters = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    actor.send({ type: 'history.filter' })
  }
  const dateInput = (name: string, dateField: DateField, label: string) => (
    <DayInput
      name={name}
      label={label}
      value={draft[dateField]}
      invalid={Boolean(draftErrors[dateField])}
      describedBy={formatId}
      onChange={(value) => actor.send({ type: 'history.date.change', field: dateField, value })}
      testId={`history-${name}`}
    />
  )
  return (
    <section className={css({ display: 'grid', gap: '4' })} data-testid="history" data-view={view} aria-busy={loading || undefined}>
      <form className={`${card()} ${css({ display: 'grid', gap: '2' })}`} onSubmit={applyFilters} noValidate data-testid="history-filters">
        <div className={filters}>
          <Select
            name="type"
            label={t`Type`}
            value={draft.type ?? ''}
            onChange={(e) => {
              const value = e.currentTarget.value
              actor.send({ type: 'history.type.change', value: (TRANSACTION_TYPES as readonly string[]).includes(value) ? (value as TransactionType) : null })
            }}
            className={css({ gridColumn: { base: 'span 2', tablet: 'auto' } })}
          >
            <option value="">{t`All transactions`}</option>
            {TRANSACTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {typeLabels[type]}
              </option>
            ))}
          </Select>
          {dateInput('from', 'dateFrom', t`From`)}
          {dateInput('to', 'dateTo', t`To`)}
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5', gridColumn: { base: 'span 2', tablet: 'auto' } })}>
            {/* An empty label's height above the button, so it lines up with the fields on a wide screen. */}
            <span className={`${field().label} ${css({ display: { base: 'none', tablet: 'block' }, visibility: 'hidden' })}`} aria-hidden="true">
              &nbsp;
            </span>
            <Button type="submit" variant="secondary">
              <Trans>Show</Trans>
            </Button>
          </div>
        </div>
        <p id={formatId} className={`${muted()} ${css({ fontSize: 'sm' })}`} data-testid="history-date-format">
          <Trans>Dates as dd.mm.yyyy, for example 31.01.2026.</Trans>
        </p>
      </form>
      {view === 'loadFailed' ? (
        <LoadFailed onRetry={() => actor.send({ type: 'history.retry' })}>
          <Trans>We could not load your transactions.</Trans>
        </LoadFailed>
      ) : view === 'invalidRange' ? (
        <Alert tone="error" data-testid="history-invalid-range">
          <Trans>The start date is after the end date. Change the dates and try again.</Trans>
        </Alert>
      ) : view === 'empty' ? (
        <div className={`${card()} ${muted()}`} data-testid="history-empty">
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
        <div className={card()} aria-hidden="true" data-testid="history-loading">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height={40} />
          ))}
        </div>
      ) : (
        <div className={card()}>
          <ul className={table} data-testid="history-rows">
            {items.map((item) => (
              <HistoryRow key={item.id} item={item} typeLabel={typeLabels[item.type]} locale={i18n.locale} />
            ))}
          </ul>
          <nav className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '2' })} aria-label={t`Pages`}>
            <Button variant="ghost" size="sm" disabled={!canPrevious} onClick={() => actor.send({ type: 'history.prev' })} data-testid="history-prev">
              <Trans>Previous</Trans>
            </Button>
            <span className={muted()} data-testid="history-range">
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
  // The shared reading of the status (src/shared/payment-status.ts): what the receipt and the result pages say too.
  const look = rowLook(item)
  return (
    <li className={rowCss} data-testid="history-row" data-type={item.type} data-status={item.status} data-seen={look.status}>
      <span>
        <Link to={`/cashier/receipt?id=${encodeURIComponent(item.id)}`} className={css({ fontWeight: 'semibold', color: 'text' })}>
          {typeLabel}
        </Link>
        <span className={muted()} style={{ display: 'block' }}>
          {item.method?.name ?? item.title ?? ''}
        </span>
      </span>
      <span className={`${muted()} ${css({ display: { base: 'none', tablet: 'block' } })}`}>{formatDateTime(item.created_at, locale)}</span>
      <span className={css({ display: { base: 'none', tablet: 'block' } })}>
        <PaymentStatusBadge status={look.status} testId="history-status" />
      </span>
      <span className={amountCss} data-sign={look.sign} data-settled={look.settled}>
        <span data-amount data-testid="history-amount">
          {look.settled === 'completed' ? formatSignedAmount(look.amount, locale) : formatAmount(look.amount, locale)}
        </span>
        <PaymentStatusBadge status={look.status} className={css({ display: { base: 'inline-flex', tablet: 'none' } })} />
      </span>
    </li>
  )
}
