// @vitest-environment happy-dom
// The amount field of the deposit and withdraw pages with what players type (SPEC §5 'Sum'): in es
// the comma is the decimal sign, so "10,5" is ten and a half and is refused with the rule; hostile
// text is refused the same way and nothing on the page throws (a throw once replaced the cashier
// with a "not found" page).
import type { I18n } from '@lingui/core'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { sampleCard, sampleWallet } from '../../machines/cashier/cashier.samples'
import { sampleDepositSettings, sampleOffers } from '../../machines/cashier/deposit/deposit.samples'
import { sampleWithdrawSettings } from '../../machines/cashier/withdraw/withdraw.samples'
import { createI18n, loadMessages } from '../../services/i18n/i18n'
import { depositBrowserDouble, installCashierTestServer, type TestServer } from './cashier-test-server'
import { cashierTestPage } from './cashier-test-page'
import { DepositView } from './deposit/DepositView'
import { WithdrawView } from './withdraw/WithdrawView'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

let es: I18n
beforeAll(async () => {
  es = createI18n('es', await loadMessages('es'))
})

const wrap = (i18n: I18n, ui: ReactNode) => cashierTestPage({ i18n }).wrap(ui)

const RULE_ES = 'Escribe una cantidad entera sin decimales, como 1.000'
const HOSTILE = ['abc', '1e3', '１００', '<script>', '<script>alert(1)</script>', '10,5', '-50', '0100', '1,000']
const noLimit = { ...sampleDepositSettings.deposit_limit, period: 'none' as const, limit_amount: null, available_amount: null, limits: [] }

function depositPage() {
  const server = installCashierTestServer({
    '/api/cashier/getdepositsettings': () => ({ data: { ...sampleDepositSettings, deposit_limit: noLimit } }),
    '/api/cashier/getdepositinfo': () => ({ data: { methods: [sampleCard, sampleWallet] } }),
    '/api/cashier/getdepositoffers': () => ({ data: { offers: sampleOffers } }),
    '/api/cashier/makedeposit': () => ({ data: { status: 'pending', transaction_id: 'tx_1', redirect_url: null, mobile: null, balance: null, failure_code: null } }),
  })
  depositBrowserDouble()
  render(wrap(es, <DepositView preselect="sandbox_card" returnUrl="/cashier" />))
  return server
}

const deposits = (server: TestServer) => server.calls.filter((c) => c.path === '/api/cashier/makedeposit')

describe('the deposit amount in es', () => {
  it.each(HOSTILE)('%j: refused with the translated rule, shown as typed, and the page stays', async (value) => {
    const server = depositPage()
    const form = await screen.findByTestId('deposit-form')
    const amount = screen.getByTestId('deposit-amount') as HTMLInputElement
    fireEvent.change(amount, { target: { value } })
    // No amount is read from it: the button names none, no fee is shown.
    expect(screen.getByTestId('deposit-submit').textContent).toBe('Depositar')
    expect(screen.queryByTestId('payment-fee')).toBeNull()
    fireEvent.click(screen.getByTestId('deposit-submit'))
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'))
    expect(form.textContent).toContain(RULE_ES)
    expect(amount.value).toBe(value)
    expect(screen.getByTestId('deposit')).toBeTruthy()
    expect(deposits(server)).toHaveLength(0)
  })

  it('"1.000" is a thousand: the button says so and makedeposit carries 1000', async () => {
    const server = depositPage()
    await screen.findByTestId('deposit-form')
    fireEvent.change(screen.getByTestId('deposit-amount'), { target: { value: '1.000' } })
    expect(screen.getByTestId('deposit-submit').textContent).toMatch(/^Depositar 1\.000\s€$/)
    fireEvent.click(screen.getByTestId('deposit-submit'))
    await waitFor(() => expect(deposits(server)).toHaveLength(1))
    expect(deposits(server)[0]!.params.get('amount')).toBe('1000')
  })

  it('" 100 " is a hundred: spaces around the amount are trimmed', async () => {
    const server = depositPage()
    await screen.findByTestId('deposit-form')
    fireEvent.change(screen.getByTestId('deposit-amount'), { target: { value: ' 100 ' } })
    fireEvent.click(screen.getByTestId('deposit-submit'))
    await waitFor(() => expect(deposits(server)).toHaveLength(1))
    expect(deposits(server)[0]!.params.get('amount')).toBe('100')
  })

  it('a server refusal of the amount (invalid_parameters wholeAmount) reads as the same rule', async () => {
    installCashierTestServer({
      '/api/cashier/getdepositsettings': () => ({ data: { ...sampleDepositSettings, deposit_limit: noLimit } }),
      '/api/cashier/getdepositinfo': () => ({ data: { methods: [sampleCard] } }),
      '/api/cashier/getdepositoffers': () => ({ data: { offers: [] } }),
      '/api/cashier/makedeposit': () => ({
        error: { type: 'InvalidParameterException', code: 'amount_not_whole', invalid_parameters: { amount: ['wholeAmount'] }, error_data: { reason: 'decimal' } },
        status: 400,
      }),
    })
    depositBrowserDouble()
    render(wrap(es, <DepositView preselect={null} returnUrl="/cashier" />))
    const form = await screen.findByTestId('deposit-form')
    fireEvent.change(screen.getByTestId('deposit-amount'), { target: { value: '50' } })
    fireEvent.click(screen.getByTestId('deposit-submit'))
    await waitFor(() => expect(form.textContent).toContain(RULE_ES))
  })
})

describe('the withdrawal amount in es', () => {
  function withdrawPage() {
    const settings = { ...sampleWithdrawSettings, withdrawable: { amount: '5000.00', currency: 'EUR' }, is_verified: true }
    const server = installCashierTestServer({
      '/api/cashier/getwithdrawsettings': () => ({ data: settings }),
      '/api/cashier/makewithdrawal': () => ({ error: { type: 'BillingUnavailableException', code: null }, status: 503 }),
    })
    render(wrap(es, <WithdrawView />))
    return server
  }

  it.each(HOSTILE)('%j: refused with the translated rule and the page stays', async (value) => {
    const server = withdrawPage()
    const methods = await screen.findByTestId('cashier-methods')
    fireEvent.click(within(methods).getAllByTestId('cashier-method').find((b) => b.dataset.sysname === 'sandbox_bank')!)
    const form = await screen.findByTestId('withdraw-form')
    const amount = screen.getByTestId('withdraw-amount') as HTMLInputElement
    fireEvent.change(amount, { target: { value } })
    fireEvent.click(screen.getByTestId('withdraw-submit'))
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'))
    expect(form.textContent).toContain(RULE_ES)
    expect(amount.value).toBe(value)
    expect(server.calls.some((c) => c.path === '/api/cashier/makewithdrawal')).toBe(false)
  })
})
