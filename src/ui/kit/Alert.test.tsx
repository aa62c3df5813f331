// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Alert, type AlertTone } from './Alert'

afterEach(cleanup)

describe('Alert', () => {
  it('an error interrupts: role alert', () => {
    render(<Alert tone="error">The payment was declined.</Alert>)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe('The payment was declined.')
    expect(alert.getAttribute('data-tone')).toBe('error')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it.each<AlertTone>(['warning', 'info', 'success'])('%s waits politely: role status', (tone) => {
    render(<Alert tone={tone}>Saved.</Alert>)
    expect(screen.getByRole('status').getAttribute('data-tone')).toBe(tone)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('a view may override the role', () => {
    render(
      <Alert tone="info" role="alert">
        Your session ends soon.
      </Alert>,
    )
    expect(screen.getByRole('alert').textContent).toBe('Your session ends soon.')
  })

  it('a standing remark is a note, not a live region', () => {
    render(
      <Alert tone="info" role="note">
        Your new limit applies from tomorrow.
      </Alert>,
    )
    expect(screen.getByRole('note').textContent).toBe('Your new limit applies from tomorrow.')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('renders the title, the message and the action, and passes test ids and data through', () => {
    const retry = vi.fn()
    render(
      <Alert
        tone="error"
        title="Not saved"
        data-testid="limit-alert"
        data-message="locked"
        action={
          <button type="button" onClick={retry}>
            Try again
          </button>
        }
      >
        <p>Your limit cannot be changed right now.</p>
      </Alert>,
    )
    const alert = screen.getByTestId('limit-alert')
    expect(alert.getAttribute('role')).toBe('alert')
    expect(alert.getAttribute('data-message')).toBe('locked')
    expect(screen.getByText('Not saved').closest('[role=alert]')).toBe(alert)
    expect(screen.getByText('Your limit cannot be changed right now.').closest('[role=alert]')).toBe(alert)
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(retry).toHaveBeenCalledOnce()
    // The tone icon is decoration; the words carry the meaning.
    expect(alert.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true')
  })

  it('leaves out the title and action when not given', () => {
    render(<Alert tone="success">Done.</Alert>)
    const alert = screen.getByRole('status')
    expect(alert.querySelector('button')).toBeNull()
    expect(alert.querySelectorAll('p')).toHaveLength(0)
  })
})
