// @vitest-environment happy-dom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import type { HistoryItem } from '../../services/api/contract/cashier'
import { cashierTestServer } from './cashier-test-server'
import { historyQuery, HistoryView, HISTORY_PAGE_SIZE } from './HistoryView'
import { ReceiptView } from './ReceiptView'

afterEach(cleanup)

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
const wrap = (ui: ReactNode, at = '/cashier/history') => (
  <I18nProvider i18n={i18n}>
    <MemoryRouter initialEntries={[at]}>{ui}</MemoryRouter>
  </I18nProvider>
)

const item = (n: number, amount: string, type: HistoryItem['type'] = 'deposit'): HistoryItem => ({
  id: `tx_${n}`,
  type,
  status: 'success',
  amount: { amount, currency: 'EUR' },
  created_at: '2026-11-22T10:00:00Z',
  method: { sysname: 'sandbox_card', name: 'Visa / Mastercard' },
  title: null,
})

describe('historyQuery', () => {
  it('reads type, dates and offset from the address and drops what the contract refuses', () => {
    expect(historyQuery(new URLSearchParams('type=withdrawal&from=2026-01-01&to=2026-02-01&offset=40'))).toEqual({
      offset: 40,
      count: HISTORY_PAGE_SIZE,
      type: ['withdrawal'],
      date_from: '2026-01-01',
      date_to: '2026-02-01',
    })
    expect(historyQuery(new URLSearchParams('type=nope&from=yesterday&offset=-3'))).toEqual({ offset: 0, count: HISTORY_PAGE_SIZE })
  })
})

describe('HistoryView', () => {
  it('shows signed amounts, filters by type and pages with offset', async () => {
    const server = cashierTestServer({
      '/api/cashier/gethistory': (p) => {
        const offset = Number(p.get('offset') ?? 0)
        return { data: { items: offset === 0 ? [item(1, '50.00'), item(2, '-20.00', 'withdrawal')] : [item(3, '10.00')], total: 25, offset, count: 20 } }
      },
    })
    render(wrap(<HistoryView api={server.api} />))
    const rows = await screen.findAllByTestId('history-row')
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('+€50.00'), expect.stringContaining('\u2212€20.00')])
    fireEvent.click(screen.getByTestId('history-next'))
    await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(1))
    expect(server.calls.at(-1)!.params.get('offset')).toBe('20')

    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'withdrawal' } })
    fireEvent.click(screen.getByRole('button', { name: 'Show' }))
    await waitFor(() => expect(server.calls.at(-1)!.params.get('type')).toBe('withdrawal'))
    // A new filter starts from the first page.
    expect(server.calls.at(-1)!.params.get('offset')).toBe('0')
  })

  it('says the history could not load when the server is absent', async () => {
    const server = cashierTestServer({})
    render(wrap(<HistoryView api={server.api} />))
    expect((await screen.findByTestId('cashier-load-failed')).textContent).toContain('We could not load your transactions.')
  })
})

describe('ReceiptView', () => {
  it('says a transaction of someone else (not found) is not there', async () => {
    const server = cashierTestServer({
      '/api/cashier/gettransaction': () => ({ error: { type: 'MethodNotFoundException', code: 'transaction_not_found' }, status: 404 }),
    })
    render(wrap(<ReceiptView id="tx_1" api={server.api} />, '/cashier/receipt?id=tx_1'))
    expect(await screen.findByTestId('receipt-not-found')).toBeTruthy()
  })
})
