// @vitest-environment happy-dom
import { type ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { setupI18n } from '@lingui/core'
import { MemoryRouter } from 'react-router'
import type { Dialog } from '../../../machines/app/dialog-stack/dialog-stack.types'
import { IdentityVerificationDialog } from './IdentityVerificationDialog'

afterEach(cleanup)

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
const wrap = (ui: ReactNode) => (
  <I18nProvider i18n={i18n}>
    <MemoryRouter>{ui}</MemoryRouter>
  </I18nProvider>
)
const dialog = (props: Dialog['props']): Dialog => ({ id: 'identity-verification', kind: 'identity-verification', preventClose: false, props })

describe('IdentityVerificationDialog (SPEC §2.4 identity verification)', () => {
  it('names the threshold and leads to the operator-set page', () => {
    const onClose = vi.fn()
    render(wrap(<IdentityVerificationDialog dialog={dialog({ threshold: { amount: '500.00', currency: 'USD' }, link: '/profile/verification?from=cashier' })} onClose={onClose} />))
    expect(screen.getByTestId('identity-verification').textContent).toContain('Withdrawals above $500.00')
    const go = screen.getByTestId('identity-verification-go')
    expect(go.getAttribute('href')).toBe('/profile/verification?from=cashier')
    fireEvent.click(go)
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('never leads off the site, and says it plainly without a threshold', () => {
    const onClose = vi.fn()
    render(wrap(<IdentityVerificationDialog dialog={dialog({ threshold: null, link: 'https://evil.example/kyc' })} onClose={onClose} />))
    expect(screen.getByText(/This withdrawal goes out once we know it is you/)).toBeTruthy()
    expect(screen.getByTestId('identity-verification-go').getAttribute('href')).toBe('/profile/verification')
    fireEvent.click(screen.getByTestId('identity-verification-later'))
    expect(onClose).toHaveBeenCalledOnce()
  })
})
