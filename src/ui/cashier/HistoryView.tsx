import { Trans, useLingui } from '@lingui/react/macro'
import type { FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { css } from 'styled-system/css'
import { gethistory, TRANSACTION_TYPES, type GetHistoryParams, type HistoryItem, type TransactionType } from '../../services/api/contract/cashier'
import { formatDateTime } from '../../shared/format'
import { formatSignedAmount } from '../../shared/format-money'
import type { ApiClient } from '../../services/api/client'
import { Button } from '../kit/Button'
import { Input } from '../kit/Input'
import { Select } from '../kit/Select'
import { Skeleton } from '../kit/Skeleton'
import { card, LoadFailed, muted } from './CashierShell'
import { useApiRead } from './use-api-read'

export const HISTORY_PAGE_SIZE = 20
const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The history's filters and page from the URL (?type=deposit&from=2026-01-01&to=...&offset=20), so a page can be shared and reloaded. */
export function historyQuery(search: URLSearchParams): GetHistoryParams {
  const type = search.get('type')
  const from = search.get('from')
  const to = search.get('to')
  const offset = Number(search.get('offset') ?? '0')
  return {
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
    count: HISTORY_PAGE_SIZE,
    ...(type && (TRANSACTION_TYPES as readonly string[]).includes(type) ? { type: [type as TransactionType] } : {}),
    ...(from && DAY.test(from) ? { date_from: from } : {}),
    ...(to && DAY.test(to) ? { date_to: to } : {}),
  }
}

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
const amountCss = css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', textAlign: 'right', '&[data-sign=plus]': { color: 'success' } })

export function HistoryView({ api }: { api: Pick<ApiClient, 'call'> }) {
  const { t, i18n } = useLingui()
  const [search, setSearch] = useSearchParams()
  const query = historyQuery(search)
  const key = JSON.stringify(query)
  const history = useApiRead(key, () => api.call(gethistory, query))
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
    const next = new URLSearchParams()
    for (const name of ['type', 'from', 'to']) {
      const value = String(form.get(name) ?? '')
      if (value) next.set(name, value)
    }
    setSearch(next)
  }
  const goTo = (offset: number) => {
    const next = new URLSearchParams(search)
    if (offset > 0) next.set('offset', String(offset))
    else next.delete('offset')
    setSearch(next)
  }
  const data = history.data
  const offset = query.offset ?? 0
  return (
    <section className={css({ display: 'grid', gap: '4' })} data-testid="history" aria-busy={history.status === 'loading' || undefined}>
      <form className={`${card} ${filters}`} onSubmit={applyFilters} key={key} data-testid="history-filters">
        <Select name="type" label={t`Type`} defaultValue={query.type?.[0] ?? ''} className={css({ gridColumn: { base: 'span 2', tablet: 'auto' } })}>
          <option value="">{t`All transactions`}</option>
          {TRANSACTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {typeLabels[type]}
            </option>
          ))}
        </Select>
        <Input name="from" type="date" label={t`From`} defaultValue={query.date_from ?? ''} />
        <Input name="to" type="date" label={t`To`} defaultValue={query.date_to ?? ''} />
        <Button type="submit" variant="secondary" className={css({ gridColumn: { base: 'span 2', tablet: 'auto' }, mb: { tablet: '6' } })}>
          <Trans>Show</Trans>
        </Button>
      </form>
      {history.status === 'failed' ? (
        <LoadFailed onRetry={history.reload}>
          <Trans>We could not load your transactions.</Trans>
        </LoadFailed>
      ) : history.status === 'loading' && !data ? (
        <div className={card} aria-hidden="true" data-testid="history-loading">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height={40} />
          ))}
        </div>
      ) : data && data.items.length === 0 ? (
        <p className={`${card} ${muted}`} data-testid="history-empty">
          <Trans>No transactions match these filters.</Trans>
        </p>
      ) : data ? (
        <div className={card}>
          <ul className={table} data-testid="history-rows">
            {data.items.map((item) => (
              <HistoryRow key={item.id} item={item} typeLabel={typeLabels[item.type]} locale={i18n.locale} />
            ))}
          </ul>
          <nav className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '2' })} aria-label={t`Pages`}>
            <Button variant="ghost" size="sm" disabled={offset === 0} onClick={() => goTo(Math.max(0, offset - HISTORY_PAGE_SIZE))} data-testid="history-prev">
              <Trans>Previous</Trans>
            </Button>
            <span className={muted}>
              {data.total === 0 ? null : <Trans>{offset + 1}–{Math.min(offset + data.items.length, data.total)} of {data.total}</Trans>}
            </span>
            <Button variant="ghost" size="sm" disabled={offset + data.items.length >= data.total} onClick={() => goTo(offset + HISTORY_PAGE_SIZE)} data-testid="history-next">
              <Trans>Next</Trans>
            </Button>
          </nav>
        </div>
      ) : null}
    </section>
  )
}

function HistoryRow({ item, typeLabel, locale }: { item: HistoryItem; typeLabel: string; locale: string }) {
  const { t } = useLingui()
  const statusLabels = { pending: t`Pending`, approved: t`Approved`, success: t`Completed`, failed: t`Failed`, cancelled: t`Cancelled` }
  const negative = item.amount.amount.startsWith('-')
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
      <span className={`${muted} ${css({ display: { base: 'none', tablet: 'block' } })}`}>{statusLabels[item.status]}</span>
      <span className={amountCss} data-sign={negative ? 'minus' : 'plus'}>
        {formatSignedAmount(item.amount, locale)}
        <span className={`${muted} ${css({ display: { base: 'block', tablet: 'none' }, fontWeight: 'normal' })}`}>{statusLabels[item.status]}</span>
      </span>
    </li>
  )
}
