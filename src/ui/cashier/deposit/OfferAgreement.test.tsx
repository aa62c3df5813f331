// @vitest-environment happy-dom
// The sign-up banner and the cashier word one offer the same way in every locale: the figure and
// the cap the banner promises are the ones the cashier's first-deposit offer shows, and the offer
// stays in the cashier (with its minimum) while the amount is below it.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DepositOffer } from '../../../machines/cashier/cashier.types'
import { sampleCard, sampleWallet } from '../../../machines/cashier/cashier.samples'
import { sampleDepositSettings } from '../../../machines/cashier/deposit/deposit.samples'
import { createI18n, loadMessages } from '../../../services/i18n/i18n'
import { formatShortAmount } from '../../../shared/format-money'
import { LOCALES, type Locale } from '../../../shared/locales'
import { SideBanner } from '../../auth/auth-popup/SideBanner'
import { installCashierTestServer } from '../cashier-test-server'
import { cashierTestPage } from '../cashier-test-page'
import { DepositView } from './DepositView'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** The welcome offer as getRegistrationSettings gives it to a visitor: the cap in every currency. */
const advertised: DepositOffer = {
  id: 1,
  audience: 'first_deposit',
  trigger: { action: 'deposit', user_satisfies_params: true, params: { exclude_methods: ['bitcoin'] } },
  description: { title: 'Welcome', text: '', image: null },
  promotions: [
    {
      type: 'bonus_percent',
      value: '100',
      max_amount: [
        { amount: '2500.00', currency: 'BRL' },
        { amount: '500.00', currency: 'EUR' },
        { amount: '500.00', currency: 'USD' },
      ],
    },
  ],
}
/** The same offer as getdepositoffers gives it to a EUR player who never deposited. */
const inCashier: DepositOffer = {
  ...advertised,
  trigger: { ...advertised.trigger, params: { exclude_methods: ['bitcoin'], min_amount: [{ amount: '20.00', currency: 'EUR' }] } },
  promotions: [{ type: 'bonus_percent', value: '100', max_amount: [{ amount: '500.00', currency: 'EUR' }] }],
}
const spins: DepositOffer = {
  id: 3,
  audience: 'everyone',
  trigger: { action: 'deposit', user_satisfies_params: true, params: { exclude_methods: [] } },
  description: { title: 'Spins', text: '', image: null },
  promotions: [{ type: 'freespins', value: '50' }],
}

async function renderIn(locale: Locale, ui: ReactNode) {
  const i18n = createI18n(locale, await loadMessages(locale))
  return render(cashierTestPage({ i18n }).wrap(ui))
}

const banner = { banner_type: 'other' as const, label: 'Welcome offer', image: null, offer_sysname: 'welcome-double', offer: advertised }

describe('the banner and the cashier word one offer alike', () => {
  it.each(LOCALES)('%s: the banner promises the figure and cap the cashier shows', async (locale) => {
    const cap = formatShortAmount('500.00', 'EUR', locale)
    const figure = new Intl.NumberFormat(locale, { style: 'percent' }).format(1)
    await renderIn(locale, <SideBanner banner={banner} currency="EUR" />)
    expect(screen.getByTestId('auth-side-banner-value').textContent).toBe(figure)
    const promised = screen.getByTestId('auth-side-banner-line').textContent!
    expect(promised).toContain(cap)
    cleanup()

    installCashierTestServer({
      '/api/cashier/getdepositsettings': () => ({ data: sampleDepositSettings }),
      '/api/cashier/getdepositinfo': () => ({ data: { methods: [sampleCard, sampleWallet] } }),
      '/api/cashier/getdepositoffers': () => ({ data: { offers: [inCashier, spins] } }),
    })
    await renderIn(locale, <DepositView preselect="sandbox_card" returnUrl="/cashier" />)
    const offers = await screen.findByTestId('deposit-offers')
    const welcome = within(offers).getAllByTestId('deposit-offer').find((o) => o.dataset.offer === '1')!
    expect(within(welcome).getByTestId('deposit-offer-facts').textContent).toContain(cap)

    // Below the offer's minimum it stays in sight, with the minimum, and cannot be chosen yet.
    fireEvent.change(screen.getByTestId('deposit-amount'), { target: { value: '10' } })
    await waitFor(() => expect(welcome.dataset.selectable).toBe('false'))
    expect(within(welcome).getByRole('radio')).toHaveProperty('disabled', true)
    expect(within(welcome).getByTestId('deposit-offer-facts').textContent).toContain(formatShortAmount('20.00', 'EUR', locale))
    fireEvent.change(screen.getByTestId('deposit-amount'), { target: { value: '25' } })
    await waitFor(() => expect(welcome.dataset.selectable).toBe('true'))
    fireEvent.click(within(welcome).getByRole('radio'))
    expect(within(welcome).getByRole('radio')).toHaveProperty('checked', true)
  })

  it('the cap follows the currency the player signs up with', async () => {
    await renderIn('pt', <SideBanner banner={banner} currency="BRL" />)
    expect(screen.getByTestId('auth-side-banner-line').textContent).toBe(`no seu primeiro depósito, até ${formatShortAmount('2500.00', 'BRL', 'pt')}`)
    cleanup()
    // A currency the offer has no cap in: the promise leaves the cap out rather than guess one.
    await renderIn('en', <SideBanner banner={banner} currency="JPY" />)
    expect(screen.getByTestId('auth-side-banner-line').textContent).toBe('on your first deposit')
  })
})
