// @vitest-environment happy-dom
import { setupI18n } from '@lingui/core'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sampleTransaction } from '../../../machines/cashier/cashier.samples'
import { sampleWithdrawSettings } from '../../../machines/cashier/withdraw/withdraw.samples'
import { installCashierTestServer, type Handler } from '../cashier-test-server'
import { cashierTestPage } from '../cashier-test-page'
import { PaymentResultView } from './PaymentResultView'
import { WithdrawView } from '../withdraw/WithdrawView'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })

// The cashier samples' card deposit of 50 € (tx_1), in the status a test needs.
const tx = sampleTransaction

function renderResult(page: 'paysuccess' | 'paypending' | 'payfail' | 'paycancel' | 'paymobile', handler: Handler, handOff: Parameters<typeof PaymentResultView>[0]['handOff'] = null) {
  const server = installCashierTestServer({ '/api/cashier/gettransaction': handler })
  const at = cashierTestPage({ i18n, at: `/cashier/${page}/tx_1` })
  render(at.wrap(<PaymentResultView page={page} transactionId="tx_1" handOff={handOff} />))
  return { server, page: at }
}

describe('PaymentResultView', () => {
  it('shows the settled transaction with its amount and the games hall button on paysuccess', async () => {
    const { server, page } = renderResult('paysuccess', () => ({ data: tx('success') }))
    const details = await screen.findByTestId('transaction-details')
    expect(within(details).getByTestId('transaction-amount').textContent).toBe('€50.00')
    expect(screen.getByTestId('payment-result-title').textContent).toBe('Payment successful')
    expect(screen.getByTestId('payment-result-button').getAttribute('href')).toBe('/gamehall')
    expect(server.calls[0]!.params.get('id')).toBe('tx_1')
    expect(page.sent()).toContainEqual({ type: 'balance.refresh' })
  })

  it('sends a failed transaction shown on paysuccess to payfail, in place of the wrong page', async () => {
    const { page } = renderResult('paysuccess', () => ({ data: tx('failed') }))
    await waitFor(() => expect(page.location()?.pathname).toBe('/cashier/payfail/tx_1'))
    // Replaced, not pushed: back does not return to the wrong page.
    expect(page.navigationType()).toBe('REPLACE')
    expect(page.sent()).not.toContainEqual({ type: 'balance.refresh' })
  })

  it('says an expired checkout session expired, and a cancelled one that the player cancelled', async () => {
    renderResult('paycancel', () => ({ data: { ...tx('cancelled'), failure_code: 'expired' } }))
    expect((await screen.findByTestId('payment-result-message')).textContent).toBe(
      'The payment was not completed in time, so the payment page expired. No money was taken. You can start a new deposit.',
    )
    expect(screen.getByTestId('payment-result-title').textContent).toBe('Payment cancelled')
    // The status in the words the history and the receipt use for it.
    expect(screen.getByTestId('payment-result-status').textContent).toBe('Expired')
    expect(screen.getByTestId('payment-result-button').getAttribute('href')).toBe('/cashier/deposit')
    cleanup()
    renderResult('paycancel', () => ({ data: { ...tx('cancelled'), failure_code: 'cancelled_by_player' } }))
    expect((await screen.findByTestId('payment-result-message')).textContent).toBe('You cancelled the payment. No money was taken.')
  })

  it('shows the loader while the payment is pending', async () => {
    renderResult('paypending', () => ({ data: tx('pending') }))
    await waitFor(() => expect(screen.getByTestId('payment-result').dataset.view).toBe('waiting'))
    expect(screen.getByTestId('payment-result-status').textContent).toBe('Pending')
    expect(screen.getByRole('progressbar')).toBeTruthy()
  })

  it('shows the mobile hand-off while the payment waits on paymobile', async () => {
    renderResult('paymobile', () => ({ data: tx('pending') }), { deep_link: 'sandboxpay://pay/9', qr: null, instructions: 'Open the Sandbox app.' })
    const handOff = await screen.findByTestId('payment-handoff')
    expect(handOff.textContent).toContain('Open the Sandbox app.')
    expect(within(handOff).getByTestId('payment-deep-link').getAttribute('href')).toBe('sandboxpay://pay/9')
  })

  it('shows the hand-off QR code under the deep link, or alone when there is no link', async () => {
    const qr = 'data:image/svg+xml;base64,PHN2Zy8+'
    renderResult('paymobile', () => ({ data: tx('pending') }), { deep_link: 'https://casino.example/sandbox/phone/tx_1?code=x', qr, instructions: 'Open the Sandbox app.' })
    const figure = await screen.findByTestId('payment-qr')
    const image = within(figure).getByRole('img', { name: 'QR code to scan with your phone' })
    expect(image.getAttribute('src')).toBe(qr)
    expect(figure.textContent).toBe('Or scan this code with your phone')
    // The main action on a phone stays the link; the code comes after it.
    expect(screen.getByTestId('payment-deep-link').compareDocumentPosition(figure) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    cleanup()
    renderResult('paymobile', () => ({ data: tx('pending') }), { deep_link: null, qr, instructions: 'Scan the code.' })
    expect((await screen.findByTestId('payment-qr')).textContent).toBe('Scan this code with your phone')
    expect(screen.queryByTestId('payment-deep-link')).toBeNull()
    cleanup()
    renderResult('paymobile', () => ({ data: tx('pending') }), { deep_link: 'sandboxpay://pay/9', qr: null, instructions: 'Open the Sandbox app.' })
    await screen.findByTestId('payment-handoff')
    expect(screen.queryByTestId('payment-qr')).toBeNull()
  })

  it('says the payment could not load when the server is absent, with a retry', async () => {
    // No cashier API yet: the route answers MethodNotFound without transaction_not_found.
    renderResult('payfail', () => ({ error: { type: 'MethodNotFoundException', message: 'no such method' }, status: 404 }))
    const failed = await screen.findByTestId('load-failed')
    expect(failed.textContent).toContain('We could not load this payment.')
  })
})

function renderWithdraw(handlers: Record<string, Handler>) {
  const server = installCashierTestServer({ '/api/cashier/getwithdrawsettings': () => ({ data: sampleWithdrawSettings }), ...handlers })
  const page = cashierTestPage({ i18n, at: '/cashier/withdraw' })
  render(page.wrap(<WithdrawView />))
  return { server, page }
}

describe('WithdrawView', () => {
  it('lists the pending withdrawals and cancels one', async () => {
    const { server, page } = renderWithdraw({
      '/api/cashier/cancelwithdrawal': () => ({
        data: { withdrawal: { ...sampleWithdrawSettings.pending[0]!, status: 'cancelled', can_cancel: false }, balance: { amount: '150.00', currency: 'EUR' } },
      }),
    })
    const row = await screen.findByTestId('withdraw-pending-row')
    expect(row.textContent).toContain('€30.00')
    fireEvent.click(within(row).getByTestId('withdraw-cancel'))
    await waitFor(() => expect(screen.queryByTestId('withdraw-pending-row')).toBeNull())
    expect(server.calls.find((c) => c.path === '/api/cashier/cancelwithdrawal')!.params.get('id')).toBe('wd_1')
    expect(page.sent()).toContainEqual({ type: 'balance.refresh' })
  })

  it('a withdrawal paid out at once says Completed, as the history does, and is not listed as pending', async () => {
    renderWithdraw({
      '/api/cashier/makewithdrawal': () => ({
        data: {
          withdrawal: { id: 'wd_7', status: 'success', amount: { amount: '40.00', currency: 'EUR' }, method: { sysname: 'sandbox_bank', name: 'Bank transfer' }, requisite: 'DE89 ···· 3000', created_at: '2026-11-22T10:00:00Z', can_cancel: false },
          balance: { amount: '80.00', currency: 'EUR' },
        },
      }),
    })
    fireEvent.click(within(await screen.findByTestId('cashier-methods')).getByText('Bank transfer'))
    await screen.findByTestId('withdraw-form')
    fireEvent.change(screen.getByTestId('requisite-iban'), { target: { value: 'DE89370400440532013000' } })
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '40' } })
    fireEvent.click(screen.getByTestId('withdraw-submit'))
    const requested = await screen.findByTestId('withdraw-requested')
    expect(within(requested).getByTestId('withdraw-requested-status').textContent).toBe('Completed')
    expect(requested.textContent).toContain('Withdrawal paid out')
    expect(requested.textContent).not.toContain('pending')
    // Only the withdrawal that is still pending is listed, with its status in words.
    const rows = screen.getAllByTestId('withdraw-pending-row')
    expect(rows.map((r) => r.dataset.id)).toEqual(['wd_1'])
  })

  it('checks the IBAN before sending', async () => {
    const { server } = renderWithdraw({})
    fireEvent.click(within(await screen.findByTestId('cashier-methods')).getByText('Bank transfer'))
    await screen.findByTestId('withdraw-form')
    fireEvent.change(screen.getByTestId('requisite-iban'), { target: { value: 'DE00 1234' } })
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '40' } })
    fireEvent.click(screen.getByTestId('withdraw-submit'))
    await waitFor(() => expect(screen.getByTestId('requisite-iban').getAttribute('aria-invalid')).toBe('true'))
    expect(server.calls.some((c) => c.path === '/api/cashier/makewithdrawal')).toBe(false)
  })

  it('shows the confirm-contact refusal with its button setting', async () => {
    renderWithdraw({
      '/api/cashier/makewithdrawal': () => ({
        error: { type: 'UserNeedConfirmContactException', code: 'confirm_contact_required', error_data: { contact_type: 'email' } },
        status: 422,
      }),
    })
    fireEvent.click(within(await screen.findByTestId('cashier-methods')).getByText('Bank transfer'))
    await screen.findByTestId('withdraw-form')
    fireEvent.change(screen.getByTestId('requisite-iban'), { target: { value: 'DE89370400440532013000' } })
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '40' } })
    fireEvent.click(screen.getByTestId('withdraw-submit'))
    const alert = await screen.findByTestId('withdraw-alert')
    expect(alert.dataset.message).toBe('confirmContact')
    expect(alert.textContent).toContain('confirm your e-mail')
    expect(within(alert).getByTestId('withdraw-alert-button').getAttribute('href')).toBe('/confirmation')
  })

  it('says the methods could not load when the server is absent', async () => {
    installCashierTestServer({})
    render(cashierTestPage({ i18n }).wrap(<WithdrawView />))
    expect((await screen.findByTestId('load-failed')).textContent).toContain('We could not load the withdrawal methods.')
  })
})
