// @vitest-environment happy-dom
import { useRef, useState, type ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { setupI18n } from '@lingui/core'
import { Dialog, type DialogProps } from './Dialog'
import { Curtain } from './Curtain'

afterEach(cleanup)

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
const wrap = (ui: ReactNode) => <I18nProvider i18n={i18n}>{ui}</I18nProvider>

function renderDialog(props: Partial<DialogProps> = {}) {
  const onClose = vi.fn()
  const view = render(
    wrap(
      <Dialog open title="Confirm" onClose={onClose} {...props}>
        <button>First</button>
        <button>Last</button>
      </Dialog>,
    ),
  )
  return { onClose, ...view }
}

const tab = (shiftKey = false) => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey })
const escape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })

describe('Dialog', () => {
  it('is a labelled modal dialog rendered into body', () => {
    renderDialog({ description: 'Are you sure?' })
    const dialog = screen.getByRole('dialog', { name: 'Confirm' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe('Are you sure?')
    expect(dialog.parentElement?.parentElement).toBe(document.body)
  })

  it('renders nothing while closed', () => {
    renderDialog({ open: false })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('focuses the first control of the body, or initialFocusRef', () => {
    renderDialog()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First' }))
    cleanup()

    function WithRef() {
      const ref = useRef<HTMLButtonElement>(null)
      return wrap(
        <Dialog open title="Confirm" onClose={() => {}} initialFocusRef={ref}>
          <button>First</button>
          <button ref={ref}>Last</button>
        </Dialog>,
      )
    }
    render(<WithRef />)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Last' }))
  })

  it('traps Tab and Shift+Tab inside', () => {
    renderDialog()
    const close = screen.getByRole('button', { name: 'Close' })
    const last = screen.getByRole('button', { name: 'Last' })
    last.focus()
    tab()
    expect(document.activeElement).toBe(close)
    tab(true)
    expect(document.activeElement).toBe(last)
  })

  it('pulls focus back in when it has escaped the panel', () => {
    renderDialog()
    ;(document.activeElement as HTMLElement).blur()
    tab()
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true)
  })

  it('closes on Escape, overlay click and the close button', () => {
    const { onClose } = renderDialog()
    escape()
    fireEvent.click(screen.getByTestId('modal-overlay'))
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledTimes(3)
  })

  it('ignores Escape and overlay and hides the close button when preventClose', () => {
    const { onClose } = renderDialog({ preventClose: true })
    escape()
    fireEvent.click(screen.getByTestId('modal-overlay'))
    expect(onClose).not.toHaveBeenCalled()
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull()
  })

  it('hideClose drops the button but still closes on Escape', () => {
    const { onClose } = renderDialog({ hideClose: true })
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull()
    escape()
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('gives focus back to the trigger and unlocks scroll on close', () => {
    function Harness() {
      const [open, setOpen] = useState(false)
      return wrap(
        <>
          <button onClick={() => setOpen(true)}>Open</button>
          <Dialog open={open} title="Confirm" onClose={() => setOpen(false)}>
            <button>Inside</button>
          </Dialog>
        </>,
      )
    }
    render(<Harness />)
    const trigger = screen.getByRole('button', { name: 'Open' })
    trigger.focus()
    fireEvent.click(trigger)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inside' }))
    expect(document.body.style.overflow).toBe('hidden')
    escape()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(trigger)
    expect(document.body.style.overflow).toBe('')
  })

  it('lets only the top-most modal answer Escape', () => {
    const closeCurtain = vi.fn()
    const closeDialog = vi.fn()
    render(
      wrap(
        <>
          <Curtain open title="Menu" onClose={closeCurtain}>
            <a href="/profile">Profile</a>
          </Curtain>
          <Dialog open title="Confirm" onClose={closeDialog}>
            <button>Yes</button>
          </Dialog>
        </>,
      ),
    )
    escape()
    expect(closeDialog).toHaveBeenCalledTimes(1)
    expect(closeCurtain).not.toHaveBeenCalled()
  })
})

describe('Curtain', () => {
  it('has the same modal behaviour', () => {
    const onClose = vi.fn()
    render(
      wrap(
        <Curtain open title="Menu" position="right" onClose={onClose}>
          <a href="/profile">Profile</a>
        </Curtain>,
      ),
    )
    expect(screen.getByRole('dialog', { name: 'Menu' }).getAttribute('aria-modal')).toBe('true')
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Profile' }))
    tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }))
    fireEvent.click(screen.getByTestId('modal-overlay'))
    escape()
    expect(onClose).toHaveBeenCalledTimes(2)
  })
})
