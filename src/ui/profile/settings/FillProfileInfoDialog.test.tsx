// @vitest-environment happy-dom
import { type ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { setupI18n } from '@lingui/core'
import { MemoryRouter } from 'react-router'
import type { Dialog } from '../../../machines/app/dialog-stack/dialog-stack.types'
import { FillProfileInfoDialog } from './FillProfileInfoDialog'

afterEach(cleanup)

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
const wrap = (ui: ReactNode) => (
  <I18nProvider i18n={i18n}>
    <MemoryRouter>{ui}</MemoryRouter>
  </I18nProvider>
)
const dialog = (props: Dialog['props']): Dialog => ({ id: 'fill-profile-info', kind: 'fill-profile-info-confirm', preventClose: false, props })

describe('FillProfileInfoDialog (SPEC §2.4 fill-profile-info confirm)', () => {
  it('names the missing details and leads to the details form with from and toastType', () => {
    const onClose = vi.fn()
    render(wrap(<FillProfileInfoDialog dialog={dialog({ from: '/cashier/withdraw?m=bank', toastType: 'fill_for_withdrawal', fields: ['first_name', 'birth_date', '<b>x</b>'] })} onClose={onClose} />))
    expect(screen.getByTestId('fill-profile-info').dataset.reason).toBe('fill_for_withdrawal')
    // Only fields the site knows are listed; anything else in the props is dropped, never rendered.
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['First name', 'Date of birth'])
    const go = screen.getByTestId('fill-profile-info-go')
    const url = new URL(go.getAttribute('href')!, 'https://casino.test')
    expect(url.pathname).toBe('/profile/settings')
    expect(Object.fromEntries(url.searchParams)).toEqual({ from: '/cashier/withdraw?m=bank', toastType: 'fill_for_withdrawal' })
    fireEvent.click(go)
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('says why for a deposit, closes on Not now, and never sends the player back to another site', () => {
    const onClose = vi.fn()
    render(wrap(<FillProfileInfoDialog dialog={dialog({ from: '//evil.example/x', toastType: 'fill_for_deposit', fields: [] })} onClose={onClose} />))
    expect(screen.getByText(/Before you deposit/)).toBeTruthy()
    expect(screen.queryByRole('list')).toBeNull()
    const url = new URL(screen.getByTestId('fill-profile-info-go').getAttribute('href')!, 'https://casino.test')
    expect(Object.fromEntries(url.searchParams)).toEqual({ toastType: 'fill_for_deposit' })
    fireEvent.click(screen.getByTestId('fill-profile-info-later'))
    expect(onClose).toHaveBeenCalledOnce()
  })
})
