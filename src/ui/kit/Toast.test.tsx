// @vitest-environment happy-dom
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { setupI18n } from '@lingui/core'
import { Toast, ToastRegion, type ToastType } from './Toast'

afterEach(cleanup)

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
const wrap = (ui: ReactNode) => render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>)

describe('Toast', () => {
  it.each<ToastType>(['neutral', 'info', 'success', 'warning'])('%s is a polite status', (type) => {
    wrap(<Toast type={type} title="Saved" />)
    const toast = screen.getByRole('status')
    expect(toast.getAttribute('aria-live')).toBe('polite')
    expect(toast.getAttribute('data-type')).toBe(type)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('error is an alert', () => {
    wrap(<Toast type="error" title="Payment failed" />)
    expect(screen.getByRole('alert').getAttribute('aria-live')).toBe('assertive')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('offers a dismiss button only with onDismiss', () => {
    const onDismiss = vi.fn()
    wrap(
      <>
        <Toast title="Kept">Message</Toast>
        <Toast title="Closable" onDismiss={onDismiss} />
      </>,
    )
    const buttons = screen.getAllByRole('button', { name: 'Dismiss' })
    expect(buttons).toHaveLength(1)
    fireEvent.click(buttons[0]!)
    expect(onDismiss).toHaveBeenCalledTimes(1)
  })

  it('asks to hold the toasts while the pointer rests on them or focus is inside, and to go on when both left', () => {
    const onPause = vi.fn()
    const onResume = vi.fn()
    wrap(
      <>
        <ToastRegion onPause={onPause} onResume={onResume}>
          <Toast title="Saved" onDismiss={() => {}} />
        </ToastRegion>
        <button type="button">Elsewhere</button>
      </>,
    )
    const region = screen.getByRole('region', { name: 'Notifications' })
    fireEvent.pointerEnter(region)
    expect([onPause.mock.calls.length, onResume.mock.calls.length]).toEqual([1, 0])
    // Focus comes in while the pointer is there: still one hold.
    fireEvent.focus(screen.getByRole('button', { name: 'Dismiss' }))
    fireEvent.pointerLeave(region)
    expect([onPause.mock.calls.length, onResume.mock.calls.length]).toEqual([1, 0])
    fireEvent.blur(screen.getByRole('button', { name: 'Dismiss' }), { relatedTarget: screen.getByRole('button', { name: 'Elsewhere' }) })
    expect([onPause.mock.calls.length, onResume.mock.calls.length]).toEqual([1, 1])
  })

  it('lives in a labelled region', () => {
    wrap(
      <ToastRegion>
        <Toast title="Saved" />
      </ToastRegion>,
    )
    expect(screen.getByRole('region', { name: 'Notifications' }).contains(screen.getByRole('status'))).toBe(true)
  })
})
