// @vitest-environment happy-dom
// The withdraw page's card field: a payout to a new card shows a card number field, checks it
// (required, Luhn) with translated messages, sends the number to the provider's card fields only
// and makewithdrawal the token; a provider without card fields says to deposit with a card first.
import type { I18n } from '@lingui/core'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sampleWithdrawSettings } from '../../../machines/cashier/withdraw/withdraw.samples'
import { createI18n, loadMessages } from '../../../services/i18n/i18n'
import type { Locale } from '../../../shared/locales'
import { installCashierTestServer, type Handler } from '../cashier-test-server'
import { cashierTestPage } from '../cashier-test-page'
import { WithdrawView } from './WithdrawView'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const VAULTED = { token: 'sbcard_NDI0MjQyLi4uNDI0MnxWaXNh.0123456789abcdefghijkl', masked: '424242...4242', brand: 'Visa' }

/** The provider's card fields, as a double: records what it was sent, answers like the sandbox's. */
function cardFields() {
  const sent: { url: string; body: string; credentials: RequestCredentials | undefined }[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = String(init?.body ?? '')
    sent.push({ url: String(input), body, credentials: init?.credentials })
    const digits = new URLSearchParams(body).get('card_number') ?? ''
    const ok = digits === '4242424242424242'
    return new Response(JSON.stringify(ok ? VAULTED : { error: { field: 'card_number', code: 'cardNumber' } }), {
      status: ok ? 200 : 422,
      headers: { 'content-type': 'application/json' },
    })
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent }
}

async function i18nFor(locale: Locale): Promise<I18n> {
  return createI18n(locale, await loadMessages(locale))
}

async function renderWithdraw(opts: { locale?: Locale; settings?: typeof sampleWithdrawSettings; handlers?: Record<string, Handler> } = {}) {
  const i18n = await i18nFor(opts.locale ?? 'en')
  const fields = cardFields()
  const server = installCashierTestServer(
    { '/api/cashier/getwithdrawsettings': () => ({ data: opts.settings ?? sampleWithdrawSettings }), ...opts.handlers },
    { elsewhere: fields.fetch },
  )
  render(cashierTestPage({ i18n }).wrap(<WithdrawView />))
  fireEvent.click(within(await screen.findByTestId('cashier-methods')).getByText('Visa / Mastercard'))
  await screen.findByTestId('withdraw-form')
  return { server, fields }
}

const errorOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby')?.split(' ').find((id) => id.includes('error')) ?? '')?.textContent

describe('WithdrawView: a new card', () => {
  it('with no saved card, shows the card number field alone (no dead "New card" choice)', async () => {
    await renderWithdraw()
    const number = screen.getByTestId('withdraw-card-number')
    expect(number.getAttribute('autocomplete')).toBe('cc-number')
    expect(number.getAttribute('inputmode')).toBe('numeric')
    expect(screen.getByLabelText('Card number')).toBe(number)
    expect(screen.queryByTestId('requisite-card_number')).toBeNull()
  })

  it('checks the number (required, then Luhn) before anything leaves the page', async () => {
    const { server, fields } = await renderWithdraw()
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '40' } })
    fireEvent.click(screen.getByTestId('withdraw-submit'))
    const number = screen.getByTestId('withdraw-card-number')
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'))
    expect(errorOf(number)).toBe('Field is required')
    fireEvent.change(number, { target: { value: '4242424242424241' } })
    // Grouped in fours as typed.
    expect((number as HTMLInputElement).value).toBe('4242 4242 4242 4241')
    expect(number.getAttribute('aria-invalid')).not.toBe('true')
    fireEvent.click(screen.getByTestId('withdraw-submit'))
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'))
    expect(errorOf(number)).toBe('Field Card number')
    expect(fields.sent).toHaveLength(0)
    expect(server.calls.some((c) => c.path === '/api/cashier/makewithdrawal')).toBe(false)
  })

  it.each([
    ['es', 'Este campo es obligatorio', 'Número de tarjeta no válido'],
    ['pt', 'Este campo é obrigatório', 'Número do cartão inválido'],
    ['de', 'Dieses Feld ist erforderlich', 'Ungültige Kartennummer'],
  ] as const)('%s: the card number and its errors are translated', async (locale, required, wrong) => {
    await renderWithdraw({ locale })
    const number = screen.getByTestId('withdraw-card-number')
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '40' } })
    fireEvent.click(screen.getByTestId('withdraw-submit'))
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'))
    expect(errorOf(number)).toBe(required)
    fireEvent.change(number, { target: { value: '1234 5678 9012 3456' } })
    fireEvent.click(screen.getByTestId('withdraw-submit'))
    await waitFor(() => expect(errorOf(number)).toBe(wrong))
    expect(screen.queryByLabelText('Card number')).toBeNull()
  })

  it('sends the number to the card fields only and the token with makewithdrawal; the result names the saved card', async () => {
    const { server, fields } = await renderWithdraw({
      handlers: {
        '/api/cashier/makewithdrawal': () => ({
          data: {
            withdrawal: { ...sampleWithdrawSettings.pending[0]!, id: 'wd_7', status: 'success', can_cancel: false, method: { sysname: 'sandbox_card', name: 'Visa / Mastercard' }, requisite: '424242...4242' },
            balance: { amount: '80.00', currency: 'EUR' },
          },
        }),
      },
    })
    fireEvent.change(screen.getByTestId('withdraw-card-number'), { target: { value: '4242 4242 4242 4242' } })
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '40' } })
    fireEvent.click(screen.getByTestId('withdraw-submit'))
    await screen.findByTestId('withdraw-requested')
    expect(fields.sent).toEqual([{ url: '/sandbox/cards', body: 'card_number=4242424242424242', credentials: 'omit' }])
    const made = server.calls.find((c) => c.path === '/api/cashier/makewithdrawal')!
    expect(made.params.get('card_token')).toBe(VAULTED.token)
    expect(JSON.parse(made.params.get('requisites')!)).toEqual({ card_number: 'new' })
    // Not a digit of the number reached our API.
    for (const call of server.calls) expect(call.params.toString()).not.toMatch(/4242424242424242|4242\+4242/)
    // The next withdrawal starts on the saved card.
    fireEvent.click(screen.getByRole('button', { name: 'New withdrawal' }))
    const select = (await screen.findByTestId('requisite-card_number')) as HTMLSelectElement
    expect(select.value).toBe('424242...4242')
    expect([...select.options].map((o) => o.textContent)).toEqual(['Visa ···· 4242', 'New card'])
    expect(screen.queryByTestId('withdraw-card-number')).toBeNull()
  })

  it('a number the card fields refuse is the field\'s error, and nothing is asked of our API', async () => {
    const { server } = await renderWithdraw()
    const number = screen.getByTestId('withdraw-card-number')
    fireEvent.change(number, { target: { value: '4000 0566 5566 5556' } })
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '40' } })
    fireEvent.click(screen.getByTestId('withdraw-submit'))
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'))
    expect(errorOf(number)).toBe('Field Card number')
    expect(server.calls.some((c) => c.path === '/api/cashier/makewithdrawal')).toBe(false)
  })

  it('a provider that pays out only to cards it charged: the page says to deposit with a card first, with no form', async () => {
    await renderWithdraw({ settings: { ...sampleWithdrawSettings, card_vault: null } })
    const note = screen.getByTestId('withdraw-card-deposit-first')
    expect(note.textContent).toContain('Make a deposit with your card first')
    expect(within(note).getByRole('link', { name: 'Deposit with a card' }).getAttribute('href')).toBe('/cashier/deposit/sandbox_card')
    expect(screen.queryByTestId('withdraw-submit')).toBeNull()
    expect(screen.queryByTestId('withdraw-card-number')).toBeNull()
  })
})
