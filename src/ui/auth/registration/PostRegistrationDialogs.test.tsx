// @vitest-environment happy-dom
import { type ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { setupI18n } from '@lingui/core'
import type { Dialog } from '../../../machines/app/dialog-stack/dialog-stack.types'
import { SEEN_CASHBACK_KEY } from '../../../shared/cashback-unseen'
import { CashbackUnseenDialog } from './PostRegistrationDialogs'

afterEach(cleanup)
beforeEach(() => window.localStorage.clear())

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
const wrap = (ui: ReactNode) => <I18nProvider i18n={i18n}>{ui}</I18nProvider>
const dialog: Dialog = {
  id: 'cashback-unseen',
  kind: 'cashback-unseen',
  preventClose: false,
  props: { id: 42, status: 'active', amount: '12.50', currency: 'USD' },
}

describe('CashbackUnseenDialog', () => {
  it('shows the amount and stores the id as seen when closed with its button', () => {
    const onClose = vi.fn()
    render(wrap(<CashbackUnseenDialog dialog={dialog} onClose={onClose} />))
    expect(screen.getByTestId('cashback-unseen-amount').textContent).toBe('$12.50')
    expect(window.localStorage.getItem(SEEN_CASHBACK_KEY)).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }))
    expect(window.localStorage.getItem(SEEN_CASHBACK_KEY)).toBe('42')
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('stores the id when dismissed with Escape too', () => {
    const onClose = vi.fn()
    render(wrap(<CashbackUnseenDialog dialog={{ ...dialog, props: { ...dialog.props, id: 7, status: 'paid_out' } }} onClose={onClose} />))
    expect(screen.getByText('Your cashback has been paid out.')).toBeTruthy()
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })
    expect(window.localStorage.getItem(SEEN_CASHBACK_KEY)).toBe('7')
    expect(onClose).toHaveBeenCalledOnce()
  })
})
