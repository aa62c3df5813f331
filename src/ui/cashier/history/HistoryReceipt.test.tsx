// @vitest-environment happy-dom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, useSearchParams } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { HistoryItem } from '../../../services/api/contract/cashier'
import { installCashierTestServer } from '../cashier-test-server'
import { HistoryView } from './HistoryView'
import { ReceiptView } from '../receipt/ReceiptView'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

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

/** The history page with the address it writes shown beside it. */
function History() {
  const [search] = useSearchParams()
  return (
    <>
      <HistoryView />
      <output data-testid="address">{search.toString()}</output>
    </>
  )
}

describe('HistoryView', () => {
  it('shows signed amounts, pages with offset, filters by type from the first page, and keeps it all in the address', async () => {
    const server = installCashierTestServer({
      '/api/cashier/gethistory': (p) => {
        const offset = Number(p.get('offset') ?? 0)
        return { data: { items: offset === 0 ? [item(1, '50.00'), item(2, '-20.00', 'withdrawal')] : [item(3, '10.00')], total: 21, offset, count: 20 } }
      },
    })
    render(wrap(<History />))
    const rows = await screen.findAllByTestId('history-row')
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('+€50.00'), expect.stringContaining('\u2212€20.00')])
    expect((screen.getByTestId('history-prev') as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByTestId('history-next'))
    await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(1))
    expect(server.calls.at(-1)!.params.get('offset')).toBe('20')
    expect(screen.getByTestId('address').textContent).toBe('offset=20')
    expect(screen.getByTestId('history-range').textContent).toBe('21–21 of 21')
    expect((screen.getByTestId('history-next') as HTMLButtonElement).disabled).toBe(true)

    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'withdrawal' } })
    fireEvent.click(screen.getByRole('button', { name: 'Show' }))
    await waitFor(() => expect(server.calls.at(-1)!.params.get('type')).toBe('withdrawal'))
    // A new filter starts from the first page.
    expect(server.calls.at(-1)!.params.get('offset')).toBe('0')
    expect(screen.getByTestId('address').textContent).toBe('type=withdrawal')
  })

  it('opens on the page the address names, and says when nothing matches', async () => {
    const server = installCashierTestServer({
      '/api/cashier/gethistory': (p) => ({ data: { items: [], total: 0, offset: Number(p.get('offset') ?? 0), count: 20 } }),
    })
    render(wrap(<History />, '/cashier/history?type=bonus&from=2025-01-01'))
    expect(await screen.findByTestId('history-empty')).toBeTruthy()
    expect(server.calls[0]!.params.getAll('type')).toEqual(['bonus'])
    expect(server.calls[0]!.params.get('date_from')).toBe('2025-01-01')
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('bonus')
  })

  it('a start after the end is explained without asking the server', async () => {
    const server = installCashierTestServer({ '/api/cashier/gethistory': () => ({ data: { items: [item(1, '5.00')], total: 1, offset: 0, count: 20 } }) })
    render(wrap(<History />))
    await screen.findAllByTestId('history-row')
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '01.03.2026' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '01.01.2026' } })
    fireEvent.click(screen.getByRole('button', { name: 'Show' }))
    expect(await screen.findByTestId('history-invalid-range')).toBeTruthy()
    expect(server.calls).toHaveLength(1)
  })

  it('labels a deposit whose checkout session expired as expired, as its receipt does; other cancellations stay cancelled', async () => {
    installCashierTestServer({
      '/api/cashier/gethistory': () => ({
        data: {
          items: [
            { ...item(1, '40.00'), status: 'cancelled', failure_code: 'expired' },
            { ...item(2, '30.00'), status: 'cancelled', failure_code: 'cancelled_by_player' },
            { ...item(3, '-20.00', 'withdrawal'), status: 'cancelled', failure_code: null },
            { ...item(4, '10.00'), status: 'failed', failure_code: 'expired_card' },
          ],
          total: 4,
          offset: 0,
          count: 20,
        },
      }),
    })
    render(wrap(<History />))
    const rows = await screen.findAllByTestId('history-row')
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['cancelled', 'cancelled', 'cancelled', 'failed'])
    const text = rows.map((r) => r.textContent ?? '')
    expect(text[0]).toContain('Expired')
    expect(text[0]).not.toContain('Cancelled')
    expect(text[1]).toContain('Cancelled')
    expect(text[2]).toContain('Cancelled')
    expect(text[3]).toContain('Failed')
    expect(text.slice(1).join()).not.toContain('Expired')
  })

  it('only a completed credit is green with a "+": a pending deposit is muted, unsigned and says Pending in words', async () => {
    installCashierTestServer({
      '/api/cashier/gethistory': () => ({
        data: {
          items: [
            { ...item(1, '105.00'), status: 'pending', failure_code: null },
            item(2, '50.00'),
            { ...item(3, '-30.00', 'withdrawal'), status: 'approved' },
            { ...item(4, '10.00'), status: 'failed', failure_code: 'declined' },
            { ...item(5, '40.00'), status: 'cancelled', failure_code: 'expired' },
            item(6, '-20.00', 'withdrawal'),
          ],
          total: 6,
          offset: 0,
          count: 20,
        },
      }),
    })
    render(wrap(<History />))
    const rows = await screen.findAllByTestId('history-row')
    const amountOf = (row: HTMLElement) => within(row).getByTestId('history-amount')
    const lookOf = (row: HTMLElement) => amountOf(row).parentElement!
    const statusOf = (row: HTMLElement) => within(row).getByTestId('history-status').textContent
    // The pending deposit: no sign, not the credit colour, its status in words.
    expect(amountOf(rows[0]!).textContent).toBe('€105.00')
    expect(lookOf(rows[0]!).dataset).toMatchObject({ sign: 'none', settled: 'underWay' })
    expect(statusOf(rows[0]!)).toBe('Pending')
    // The completed deposit is the one credit shown as money in.
    expect(amountOf(rows[1]!).textContent).toBe('+€50.00')
    expect(lookOf(rows[1]!).dataset).toMatchObject({ sign: 'plus', settled: 'completed' })
    expect(statusOf(rows[1]!)).toBe('Completed')
    expect(amountOf(rows[2]!).textContent).toBe('€30.00')
    expect(statusOf(rows[2]!)).toBe('Approved')
    // Failed and expired moved no money: unsigned and struck, with their status.
    expect(rows.slice(3, 5).map((r) => [amountOf(r).textContent, lookOf(r).dataset.settled, statusOf(r)])).toEqual([
      ['€10.00', 'void', 'Failed'],
      ['€40.00', 'void', 'Expired'],
    ])
    expect(amountOf(rows[5]!).textContent).toBe('\u2212€20.00')
    expect(rows.filter((r) => amountOf(r).textContent!.startsWith('+'))).toEqual([rows[1]])
  })

  it('the date filters show and take dd.mm.yyyy whatever the browser locale; a date that is no date is refused at its field and kept', async () => {
    const server = installCashierTestServer({
      '/api/cashier/gethistory': (p) => ({ data: { items: [item(1, '5.00')], total: 1, offset: Number(p.get('offset') ?? 0), count: 20 } }),
    })
    render(wrap(<History />, '/cashier/history?from=2025-01-01'))
    await screen.findAllByTestId('history-row')
    const from = screen.getByLabelText('From') as HTMLInputElement
    const to = screen.getByLabelText('To') as HTMLInputElement
    // Text fields in the site's format, not native date inputs that follow the browser.
    expect([from.type, to.type]).toEqual(['text', 'text'])
    expect(from.value).toBe('01.01.2025')
    expect(from.getAttribute('aria-describedby')).toContain(screen.getByTestId('history-date-format').id)

    // The browser's US order is refused, with a message at the field, and what was typed stays.
    fireEvent.change(from, { target: { value: '01/31/2026' } })
    fireEvent.change(to, { target: { value: '28.02.2026' } })
    fireEvent.click(screen.getByRole('button', { name: 'Show' }))
    await waitFor(() => expect(from.getAttribute('aria-invalid')).toBe('true'))
    const error = document.getElementById(from.getAttribute('aria-describedby')!.split(' ')[0]!)!
    expect(error.textContent).toBe('Enter a date as dd.mm.yyyy, for example 31.01.2026.')
    expect(from.value).toBe('01/31/2026')
    expect(to.value).toBe('28.02.2026')
    expect(to.getAttribute('aria-invalid')).toBeNull()
    expect(server.calls).toHaveLength(1)
    expect(screen.getByTestId('address').textContent).toBe('from=2025-01-01')

    // Typed as the site writes dates, it is asked for as days, and the address keeps them.
    fireEvent.change(from, { target: { value: '31.01.2026' } })
    expect(from.getAttribute('aria-invalid')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Show' }))
    await waitFor(() => expect(server.calls).toHaveLength(2))
    expect(server.calls[1]!.params.get('date_from')).toBe('2026-01-31')
    expect(server.calls[1]!.params.get('date_to')).toBe('2026-02-28')
    expect(screen.getByTestId('address').textContent).toBe('from=2026-01-31&to=2026-02-28')
    expect(from.value).toBe('31.01.2026')
  })

  it('says the history could not load when the server is absent, and tries again', async () => {
    const server = installCashierTestServer({})
    render(wrap(<History />))
    expect((await screen.findByTestId('load-failed')).textContent).toContain('We could not load your transactions.')
    fireEvent.click(screen.getByTestId('load-failed-retry'))
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/api/cashier/gethistory')).toHaveLength(2))
  })
})

describe('ReceiptView', () => {
  const receipt = (id: string | null) => <ReceiptView id={id} />

  it('says a transaction of someone else (not found) is not there', async () => {
    installCashierTestServer({
      '/api/cashier/gettransaction': () => ({ error: { type: 'MethodNotFoundException', code: 'transaction_not_found' }, status: 404 }),
    })
    render(wrap(receipt('tx_1'), '/cashier/receipt?id=tx_1'))
    expect(await screen.findByTestId('receipt-not-found')).toBeTruthy()
  })

  it('shows the transaction with its type and status; an impossible id is not asked for', async () => {
    const server = installCashierTestServer({
      '/api/cashier/gettransaction': (p) => ({
        data: {
          id: p.get('id'),
          type: 'withdrawal',
          status: 'approved',
          amount: { amount: '40.00', currency: 'EUR' },
          fee: { amount: '0.00', currency: 'EUR' },
          method: { sysname: 'banktransfer', name: 'Bank transfer', kind: 'bank' },
          requisite: 'DE89 ···· 3000',
          campaign_offer_id: null,
          created_at: '2026-11-22T10:00:00Z',
          updated_at: '2026-11-22T10:00:00Z',
          completed_at: null,
          failure_code: null,
          redirect_url: null,
        },
      }),
    })
    render(wrap(receipt('ptx_9'), '/cashier/receipt?id=ptx_9'))
    expect((await screen.findByTestId('receipt-type')).textContent).toBe('Withdrawal')
    expect(screen.getByTestId('receipt-status').textContent).toBe('Approved')
    expect(screen.getByTestId('transaction-amount').textContent).toBe('€40.00')
    cleanup()
    render(wrap(receipt('../x'), '/cashier/receipt?id=../x'))
    expect(screen.getByTestId('receipt-not-found')).toBeTruthy()
    expect(server.calls).toHaveLength(1)
  })

  it('labels a deposit whose checkout session expired as expired', async () => {
    installCashierTestServer({
      '/api/cashier/gettransaction': (p) => ({
        data: {
          id: p.get('id'),
          type: 'deposit',
          status: 'cancelled',
          amount: { amount: '40.00', currency: 'EUR' },
          fee: { amount: '0.00', currency: 'EUR' },
          method: { sysname: 'card', name: 'Card', kind: 'card' },
          requisite: null,
          campaign_offer_id: null,
          created_at: '2026-11-22T10:00:00Z',
          updated_at: '2026-11-22T11:00:05Z',
          completed_at: '2026-11-22T11:00:00Z',
          failure_code: 'expired',
          redirect_url: null,
        },
      }),
    })
    render(wrap(receipt('ptx_9'), '/cashier/receipt?id=ptx_9'))
    expect((await screen.findByTestId('receipt-status')).textContent).toBe('Expired')
  })
})
