// @vitest-environment happy-dom
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Input } from './Input'
import { Select } from './Select'

afterEach(cleanup)

const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)

describe('Input', () => {
  it('is named by its label and describes its hint', () => {
    render(<Input label="Nickname" hint="At least 4 characters" />)
    const input = screen.getByRole('textbox', { name: 'Nickname' })
    expect(input.hasAttribute('aria-invalid')).toBe(false)
    expect(describedBy(input)).toEqual(['At least 4 characters'])
  })

  it('wires the error: aria-invalid and described by error first, then hint', () => {
    render(<Input label="Nickname" hint="At least 4 characters" error="Too short" aria-describedby="extra" />)
    const input = screen.getByRole('textbox', { name: 'Nickname' })
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(input.getAttribute('aria-describedby')?.split(' ').at(-1)).toBe('extra')
    expect(describedBy(input).slice(0, 2)).toEqual(['Too short', 'At least 4 characters'])
  })

  it('keeps a given id', () => {
    render(<Input id="promo" label="Promo code" error="Unknown code" />)
    expect(screen.getByLabelText('Promo code').id).toBe('promo')
    expect(document.getElementById('promo-error')?.textContent).toBe('Unknown code')
  })

  it('masks an uncontrolled input and hands the masked value to onChange', () => {
    const onChange = vi.fn((e: React.ChangeEvent<HTMLInputElement>) => e.target.value)
    render(<Input label="Birth date" mask="##.##.####" onChange={onChange} />)
    const input = screen.getByRole('textbox', { name: 'Birth date' }) as HTMLInputElement
    expect(input.inputMode).toBe('numeric')
    fireEvent.change(input, { target: { value: '12031990' } })
    expect(input.value).toBe('12.03.1990')
    expect(onChange).toHaveLastReturnedWith('12.03.1990')
  })

  it('masks a controlled input, including a value set from outside', () => {
    function Controlled() {
      const [value, setValue] = useState('1203')
      return <Input label="Birth date" mask="##.##.####" value={value} onChange={(e) => setValue(e.target.value)} />
    }
    render(<Controlled />)
    const input = screen.getByRole('textbox', { name: 'Birth date' }) as HTMLInputElement
    expect(input.value).toBe('12.03')
    fireEvent.change(input, { target: { value: '12.03x1' } })
    expect(input.value).toBe('12.03.1')
  })

  it('keeps the caret after a character typed in the middle', () => {
    render(<Input label="Code" mask="##-##" defaultValue="1234" />)
    const input = screen.getByRole('textbox', { name: 'Code' }) as HTMLInputElement
    input.focus()
    // Types "9" after "1": set the raw value behind React's back, as the browser does, then fire input.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '19234')
    input.setSelectionRange(2, 2)
    fireEvent.input(input)
    expect(input.value).toBe('19-23')
    expect(input.selectionStart).toBe(2)
  })

  it('leaves the keyboard alone for letter masks', () => {
    render(<Input label="Postcode" mask="@@## #@@" />)
    expect((screen.getByRole('textbox') as HTMLInputElement).inputMode).toBe('')
  })
})

describe('Select', () => {
  it('is named by its label, wires its error and starts on the placeholder', () => {
    render(
      <Select label="Country" placeholder="Choose a country" error="Pick your country">
        <option value="es">Spain</option>
        <option value="pt">Portugal</option>
      </Select>,
    )
    const select = screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement
    expect(select.value).toBe('')
    expect(select.getAttribute('aria-invalid')).toBe('true')
    expect(describedBy(select)).toEqual(['Pick your country'])
  })
})
