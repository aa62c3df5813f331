import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { checkbox, checkRow } from './registration-form.styles'

const errorText = css({ textStyle: 'small', color: 'danger', gridColumn: '2' })

/** One checkbox of the registration form with its label and error. */
export function ConsentCheckbox({ name, checked, onChange, error, children }: { name: string; checked: boolean; onChange: () => void; error?: string; children: ReactNode }) {
  const id = `reg-${name}`
  return (
    <div className={checkRow}>
      <input
        id={id}
        name={name}
        type="checkbox"
        className={checkbox}
        checked={checked}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label htmlFor={id}>{children}</label>
      {error ? (
        <p id={`${id}-error`} className={errorText}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
