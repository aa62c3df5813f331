// @vitest-environment happy-dom
import { setupI18n } from '@lingui/core'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { appMachine } from '../../../machines/app/app/app.machine'
import { VISITOR, type AccountInfo } from '../../../services/api/contract/account'
import { AppProviders } from '../../app/AppProviders'
import { installCashierTestServer, type Handler } from '../cashier-test-server'
import { WalletView } from './WalletView'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
const usd = (amount: string) => ({ amount, currency: 'USD' })
const player: AccountInfo = {
  ...VISITOR,
  uid: 7,
  login: 'player@example.com',
  reg_time: '2026-01-01T00:00:00Z',
  balance_main: usd('50.00'),
  balance_bonus: usd('10.25'),
  balance_betting_bonus: null,
  balance_fun: usd('5000.00'),
}
const rates = {
  data: {
    base: 'USD',
    rates: [
      { currency: 'BTC', exponent: 8, rate: '0.0000155' },
      { currency: 'EUR', exponent: 2, rate: '0.92' },
      { currency: 'USD', exponent: 2, rate: '1' },
    ],
  },
}

function setup(handlers: Record<string, Handler>) {
  const server = installCashierTestServer({ '/api/account/getcurrencyrates': () => rates, ...handlers })
  const app = createActor(appMachine, { input: { account: player, locale: 'en', theme: 'dark' } }).start()
  const ui = (node: ReactNode) => (
    <AppProviders i18n={i18n} actor={app}>
      <MemoryRouter initialEntries={['/cashier/wallet']}>{node}</MemoryRouter>
    </AppProviders>
  )
  render(ui(<WalletView />))
  return { server, app }
}

describe('WalletView', () => {
  it('shows every balance and the header total through the one formatter, and follows the live balance', async () => {
    const { app } = setup({})
    expect(screen.getByTestId('wallet-total').textContent).toBe('$60.25')
    expect(screen.getByTestId('wallet-balance-main').textContent).toBe('$50.00')
    expect(screen.getByTestId('wallet-balance-bonus').textContent).toBe('$10.25')
    expect(screen.getByTestId('wallet-balance-betting_bonus').textContent).toBe('—')
    expect(screen.getByTestId('wallet-balance-fun').textContent).toBe('$5,000.00')
    const rows = await screen.findAllByTestId('wallet-rate')
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('0.0000155 BTC'),
      expect.stringContaining('0.92 EUR'),
      expect.stringContaining('1 USD'),
    ])
    // A balance push reaches the root actor; the page shows it without reading anything itself.
    app.send({ type: 'balance.update', balances: { balance_main: usd('75.00'), balance_bonus: usd('0.00'), balance_betting_bonus: null } })
    await waitFor(() => expect(screen.getByTestId('wallet-total').textContent).toBe('$75.00'))
  })

  it('changes the currency after confirmation and hands the new balances to the root actor', async () => {
    const eur = (amount: string) => ({ amount, currency: 'EUR' })
    const { server, app } = setup({
      '/api/account/setCurrency': () => ({ data: { balance_main: eur('0.00'), balance_bonus: eur('0.00'), balance_betting_bonus: eur('0.00'), balance_fun: eur('0.00') } }),
    })
    const select = (await screen.findByLabelText('Change currency')) as HTMLSelectElement
    expect(select.value).toBe('USD')
    fireEvent.change(select, { target: { value: 'EUR' } })
    expect(server.calls.some((c) => c.path === '/api/account/setCurrency')).toBe(false)
    fireEvent.click(screen.getByTestId('wallet-confirm-change'))
    expect(await screen.findByTestId('wallet-changed')).toBeTruthy()
    expect(server.calls.find((c) => c.path === '/api/account/setCurrency')!.params.get('currency')).toBe('EUR')
    expect(app.getSnapshot().context.account.balance_main).toEqual(eur('0.00'))
    expect(screen.getByTestId('wallet-account-currency').textContent).toContain('EUR')
    expect(screen.getByTestId('wallet-total').textContent).toBe('€0.00')
  })

  it('explains a refusal by the server and keeps the currency', async () => {
    const { app } = setup({
      '/api/account/setCurrency': () => ({ error: { type: 'InvalidRequestException', code: 'currency_locked_by_deposit_limit', message: 'no' }, status: 400 }),
    })
    fireEvent.change(await screen.findByLabelText('Change currency'), { target: { value: 'EUR' } })
    fireEvent.click(screen.getByTestId('wallet-confirm-change'))
    const refused = await screen.findByTestId('wallet-refused')
    expect(refused.dataset.reason).toBe('depositLimit')
    expect(screen.getByTestId('wallet-refused-link').getAttribute('href')).toBe('/profile/responsible-game')
    expect(app.getSnapshot().context.account.balance_main).toEqual(usd('50.00'))
    fireEvent.click(screen.getByTestId('wallet-dismiss'))
    await waitFor(() => expect(screen.queryByTestId('wallet-refused')).toBeNull())
    expect((screen.getByLabelText('Change currency') as HTMLSelectElement).value).toBe('USD')
  })
})
