// @vitest-environment happy-dom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LoadFailed } from './LoadFailed'

afterEach(cleanup)

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })

describe('LoadFailed', () => {
  it('interrupts with what failed and a way forward, and tries again on the button', () => {
    const retry = vi.fn()
    render(
      <I18nProvider i18n={i18n}>
        <LoadFailed onRetry={retry}>We could not load your transactions.</LoadFailed>
      </I18nProvider>,
    )
    const alert = screen.getByRole('alert')
    expect(alert.getAttribute('data-tone')).toBe('error')
    expect(alert.textContent).toContain('We could not load your transactions.')
    expect(alert.textContent).toContain('Check your connection and try again.')
    expect(retry).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(retry).toHaveBeenCalledTimes(1)
  })

  it('says the page could not load when not told what', () => {
    render(
      <I18nProvider i18n={i18n}>
        <LoadFailed onRetry={() => {}} />
      </I18nProvider>,
    )
    expect(screen.getByTestId('load-failed').textContent).toContain('We could not load this page.')
  })
})
