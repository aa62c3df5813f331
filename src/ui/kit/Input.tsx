import type { ChangeEvent, ComponentPropsWithRef, ReactNode } from 'react'
import { control } from 'styled-system/recipes'
import { Field, useField } from './Field'
import { applyMask } from './mask'

export type InputProps = Omit<ComponentPropsWithRef<'input'>, 'size'> & {
  label: ReactNode
  hint?: ReactNode
  /** Shown under the field and marks it invalid; leave empty when the value is fine. */
  error?: ReactNode
  /** SPEC §9 mask ('#' digit, '@' letter, '*' alphanumeric, anything else literal); onChange gets the masked value. */
  mask?: string
  /** Class for the wrapper holding label, input and messages. */
  className?: string
}

export function Input({ label, hint, error, mask, className, onChange, value, defaultValue, inputMode, ...rest }: InputProps) {
  const { controlId, hintId, errorId, controlProps } = useField({ ...rest, hint, error })
  const masked = (v: typeof value) => (mask && typeof v === 'string' ? applyMask(v, mask) : v)

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (mask) conform(event.currentTarget, mask)
    onChange?.(event)
  }

  return (
    <Field {...{ controlId, hintId, errorId, label, hint, error, className }}>
      <input
        {...rest}
        {...controlProps}
        value={masked(value)}
        defaultValue={masked(defaultValue)}
        inputMode={inputMode ?? (mask && !/[@*]/.test(mask) ? 'numeric' : undefined)}
        className={control({ kind: 'input' })}
        onChange={handleChange}
      />
    </Field>
  )
}

// Rewrites the field in place before React sees the change, so controlled and uncontrolled inputs both
// hold the masked text, and keeps the caret after the character just typed rather than at the end.
function conform(input: HTMLInputElement, mask: string) {
  const raw = input.value
  const next = applyMask(raw, mask)
  if (next === raw) return
  const caret = applyMask(raw.slice(0, input.selectionStart ?? raw.length), mask).length
  input.value = next
  if (input.ownerDocument.activeElement !== input) return
  try {
    input.setSelectionRange(caret, caret)
  } catch {
    // type=email/number have no selection API.
  }
}
