// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Button, ButtonLink } from './Button'

afterEach(cleanup)

describe('Button', () => {
  it('is a plain button by default, not a submit', () => {
    render(<Button>Deposit</Button>)
    expect(screen.getByRole('button', { name: 'Deposit' }).getAttribute('type')).toBe('button')
  })

  it('while loading: busy, keeps its name and focus, ignores clicks and form submits', () => {
    const onClick = vi.fn()
    const onSubmit = vi.fn((e: React.FormEvent) => e.preventDefault())
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit" loading onClick={onClick}>
          Place bet
        </Button>
      </form>,
    )
    const button = screen.getByRole('button', { name: 'Place bet' })
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect((button as HTMLButtonElement).disabled).toBe(false)
    expect(button.querySelector('.spinner')?.getAttribute('aria-hidden')).toBe('true')
    button.focus()
    fireEvent.click(button)
    expect(onClick).not.toHaveBeenCalled()
    expect(onSubmit).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(button)
  })

  it('clicks normally when not loading', () => {
    const onClick = vi.fn()
    render(<Button onClick={onClick}>Deposit</Button>)
    const button = screen.getByRole('button', { name: 'Deposit' })
    expect(button.hasAttribute('aria-busy')).toBe(false)
    fireEvent.click(button)
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('disabled is native disabled', () => {
    render(<Button disabled>Deposit</Button>)
    expect((screen.getByRole('button', { name: 'Deposit' }) as HTMLButtonElement).disabled).toBe(true)
  })
})

describe('ButtonLink', () => {
  it('is a link to its target', () => {
    render(
      <ButtonLink href="/cashier/deposit" variant="secondary">
        Deposit
      </ButtonLink>,
    )
    expect(screen.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe('/cashier/deposit')
  })
})
