import { useId, type ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { field } from 'styled-system/recipes'

type FieldText = { id?: string; hint?: ReactNode; error?: ReactNode; 'aria-describedby'?: string }

/** Ids and aria wiring shared by Input and Select: the error is read first, then the hint. */
export function useField({ id, hint, error, 'aria-describedby': extra }: FieldText) {
  const autoId = useId()
  const controlId = id ?? autoId
  const hintId = hint ? `${controlId}-hint` : undefined
  const errorId = error ? `${controlId}-error` : undefined
  return {
    controlId,
    hintId,
    errorId,
    controlProps: {
      id: controlId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [errorId, hintId, extra].filter(Boolean).join(' ') || undefined,
    },
  }
}

type FieldProps = {
  controlId: string
  hintId?: string
  errorId?: string
  label: ReactNode
  hint?: ReactNode
  error?: ReactNode
  className?: string
  children: ReactNode
}

export function Field({ controlId, hintId, errorId, label, hint, error, className, children }: FieldProps) {
  const classes = field()
  return (
    <div className={cx(classes.root, className)}>
      <label htmlFor={controlId} className={classes.label}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={hintId} className={classes.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={classes.error}>
          {error}
        </p>
      )}
    </div>
  )
}
