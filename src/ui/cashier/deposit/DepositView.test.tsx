// @vitest-environment happy-dom
import { setupI18n } from '@lingui/core'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sampleCard, sampleWallet } from '../../../machines/cashier/cashier.samples'
import { sampleDepositSettings, sampleOffers } from '../../../machines/cashier/deposit/deposit.samples'
import { depositBrowserDouble, installCashierTestServer, type Handler } from '../cashier-test-server'
import { cashierTestPage } from '../cashier-test-page'
import { DepositView } from './DepositView'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })

const loads: Record<string, Handler> = {
  '/api/cashier/getdepositsettings': () => ({ data: sampleDepositSettings }),
  '/api/cashier/getdepositinfo': () => ({ data: { methods: [sampleCard, sampleWallet] } }),
  '/api/cashier/getdepositoffers': () => ({ data: { offers: sampleOffers } }),
}

const depositResult = (status: string, extra: Record<string, unknown> = {}) => ({
  data: { status, transaction_id: 'tx_1', redirect_url: null, mobile: null, balance: null, failure_code: null, ...extra },
})

function setup(handlers: Record<string, Handler>, preselect: string | null = null) {
  const server = installCashierTestServer({ ...loads, ...handlers })
  const browser = depositBrowserDouble()
  const page = cashierTestPage({ i18n, at: '/cashier/deposit' })
  render(page.wrap(<DepositView preselect={preselect} returnUrl="/cashier" />))
  return { server, browser, page }
}

const chooseCard = async () => {
  const methods = await screen.findByTestId('cashier-methods')
  fireEvent.click(within(methods).getByText('Visa / Mastercard'))
  return screen.findByTestId('deposit-form')
}

describe('DepositView', () => {
  it('shows the loading skeletons, then the methods with their bounds and fees', async () => {
    setup({})
    expect(screen.getByTestId('deposit-loading')).toBeTruthy()
    expect(screen.getByTestId('cashier-methods-loading')).toBeTruthy()
    const methods = await screen.findByTestId('cashier-methods')
    expect(within(methods).getAllByTestId('cashier-method').map((b) => b.dataset.sysname)).toEqual(['sandbox_card', 'sandbox_wallet'])
    expect(methods.textContent).toContain('€10 – €5,000')
    expect(methods.textContent).toContain('Fee 1.5%')
  })

  it('says the methods could not load when the server is absent, and loads again on retry', async () => {
    const server = installCashierTestServer({})
    render(cashierTestPage({ i18n }).wrap(<DepositView preselect={null} returnUrl="/cashier" />))
    const failed = await screen.findByTestId('load-failed')
    expect(failed.textContent).toContain('We could not load the payment methods.')
    const before = server.calls.length
    fireEvent.click(screen.getByTestId('load-failed-retry'))
    await waitFor(() => expect(server.calls.length).toBeGreaterThan(before))
  })

  it('deposits a preset amount with a saved card and goes to the success page of the transaction', async () => {
    const { server, page } = setup({ '/api/cashier/makedeposit': () => depositResult('success', { balance: { amount: '150.00', currency: 'EUR' } }) })
    await chooseCard()
    const presets = screen.getAllByTestId('deposit-preset')
    expect(presets.map((b) => b.textContent)).toEqual(['€10', '€50', '€100', '€10,000'])
    // Outside the card's bounds (max 5000): disabled.
    expect((presets[3] as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(presets[2]!)
    expect((screen.getByTestId('deposit-amount') as HTMLInputElement).value).toBe('100')
    fireEvent.click(screen.getByTestId('deposit-submit'))
    await waitFor(() => expect(page.location()?.pathname).toBe('/cashier/paysuccess/tx_1'))
    // The money moved: the root actor's balance refresh reads the balances again.
    expect(page.sent()).toContainEqual({ type: 'balance.refresh' })
    const call = server.calls.find((c) => c.path === '/api/cashier/makedeposit')!
    expect(call.params.get('amount')).toBe('100')
    expect(call.params.get('method')).toBe('sandbox_card')
    expect(JSON.parse(call.params.get('requisites')!)).toEqual({ card_number: '411111...1111' })
    expect(call.params.get('return_url')).toBe('/cashier')
  })

  it('holds the submit while makedeposit runs: loading and a single request', async () => {
    let answer: (a: ReturnType<typeof depositResult>) => void = () => {}
    const { server } = setup({ '/api/cashier/makedeposit': () => new Promise((resolve) => (answer = resolve)) }, 'sandbox_card')
    await screen.findByTestId('deposit-form')
    fireEvent.click(screen.getByTestId('deposit-submit'))
    await waitFor(() => expect(screen.getByTestId('deposit-submit').getAttribute('aria-busy')).toBe('true'))
    fireEvent.click(screen.getByTestId('deposit-submit'))
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/api/cashier/makedeposit')).toHaveLength(1))
    answer(depositResult('pending'))
  })

  it('opens the provider window on the click and sends it to the provider page for a newwindow result', async () => {
    const { browser, page } = setup(
      { '/api/cashier/makedeposit': () => depositResult('newwindow', { redirect_url: 'https://pay.example/hosted/1' }) },
      'sandbox_card',
    )
    await screen.findByTestId('deposit-form')
    fireEvent.click(screen.getByTestId('deposit-submit'))
    // Synchronously, in the click: a window opened after the answer would be blocked.
    expect(browser.open).toHaveBeenCalledTimes(1)
    expect(browser.open).toHaveBeenCalledWith('about:blank', '_blank')
    await waitFor(() => expect(browser.held.location.href).toBe('https://pay.example/hosted/1'))
    expect(browser.held.close).not.toHaveBeenCalled()
    await waitFor(() => expect(page.location()?.pathname).toBe('/cashier/paynewwindow/tx_1'))
    expect(page.sent()).not.toContainEqual({ type: 'balance.refresh' })
  })

  it('leaves for the hosted page on a redirect result and closes the prepared window', async () => {
    const { browser, page } = setup(
      { '/api/cashier/makedeposit': () => depositResult('redirect', { redirect_url: 'https://pay.example/hosted/2' }) },
      'sandbox_card',
    )
    await screen.findByTestId('deposit-form')
    fireEvent.change(screen.getByTestId('requisite-card_number'), { target: { value: 'new' } })
    fireEvent.click(screen.getByTestId('deposit-submit'))
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith('https://pay.example/hosted/2'))
    expect(browser.held.close).toHaveBeenCalled()
    expect(page.location()?.pathname).toBe('/cashier/deposit')
  })

  it('hands a mobile payment to the paymobile page with its deep link', async () => {
    const mobile = { deep_link: 'sandboxpay://pay/1', qr: null, instructions: 'Open the Sandbox app.' }
    const { page } = setup({ '/api/cashier/makedeposit': () => depositResult('mobile', { mobile }) }, 'sandbox_card')
    await screen.findByTestId('deposit-form')
    fireEvent.click(screen.getByTestId('deposit-submit'))
    await waitFor(() => expect(page.location()?.pathname).toBe('/cashier/paymobile/tx_1'))
    expect(page.location()?.state).toEqual({ mobile })
  })

  it('shows what may still be deposited when the server refuses the deposit limit', async () => {
    setup(
      {
        '/api/cashier/makedeposit': () => ({
          error: {
            type: 'BillingDepositLimitExceededException',
            code: 'deposit_limit_exceeded',
            error_data: { available_amount: { amount: '30.00', currency: 'EUR' }, expired_at: null },
          },
          status: 422,
        }),
      },
      'sandbox_card',
    )
    await screen.findByTestId('deposit-form')
    fireEvent.click(screen.getByTestId('deposit-submit'))
    const alert = await screen.findByTestId('deposit-alert')
    expect(alert.dataset.message).toBe('depositLimitExceeded')
    expect(alert.textContent).toContain('€30.00')
  })

  it('refuses an amount under the method minimum without calling the server', async () => {
    const { server, browser } = setup({}, 'sandbox_card')
    await screen.findByTestId('deposit-form')
    fireEvent.change(screen.getByTestId('deposit-amount'), { target: { value: '5' } })
    fireEvent.click(screen.getByTestId('deposit-submit'))
    await waitFor(() => expect(screen.getByTestId('deposit-amount').getAttribute('aria-invalid')).toBe('true'))
    expect(server.calls.some((c) => c.path === '/api/cashier/makedeposit')).toBe(false)
    expect(browser.held.close).toHaveBeenCalled()
  })

  it('offers a deposit limit at a first deposit without one, under the button, and drops it on Not now', async () => {
    const first = { ...sampleDepositSettings, is_first_deposit: true, deposit_limit: { ...sampleDepositSettings.deposit_limit, period: 'none' as const, limit_amount: null, available_amount: null } }
    setup({ '/api/cashier/getdepositsettings': () => ({ data: first }) }, 'sandbox_card')
    const offer = await screen.findByTestId('deposit-limit-offer')
    expect(offer.compareDocumentPosition(screen.getByTestId('deposit-submit')) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy()
    fireEvent.click(screen.getByTestId('deposit-limit-offer-skip'))
    await waitFor(() => expect(screen.queryByTestId('deposit-limit-offer')).toBeNull())
  })

  it('offers no deposit limit to a player who has one', async () => {
    setup({}, 'sandbox_card')
    await screen.findByTestId('deposit-form')
    expect(screen.queryByTestId('deposit-limit-offer')).toBeNull()
  })

})
