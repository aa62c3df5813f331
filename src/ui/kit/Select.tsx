import type { ComponentPropsWithRef, ReactNode } from 'react'
import { field, control } from 'styled-system/recipes'
import { Field, useField } from './Field'

export type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'size' | 'multiple'> & {
  label: ReactNode
  hint?: ReactNode
  error?: ReactNode
  /** An empty first option that cannot be picked again, for "choose one" prompts. */
  placeholder?: string
  /** Class for the wrapper holding label, select and messages. */
  className?: string
  /** The <option> and <optgroup> elements. */
  children: ReactNode
}

/** A styled native select: the platform picker is the most usable one on phones. */
export function Select({ label, hint, error, placeholder, className, children, value, defaultValue, ...rest }: SelectProps) {
  const { controlId, hintId, errorId, controlProps } = useField({ ...rest, hint, error })
  const classes = field()
  return (
    <Field {...{ controlId, hintId, errorId, label, hint, error, className }}>
      <div className={classes.selectWrap}>
        <select
          {...rest}
          {...controlProps}
          value={value}
          // Without an explicit value the browser would skip the disabled placeholder and pick the first option.
          defaultValue={value === undefined && placeholder !== undefined ? (defaultValue ?? '') : defaultValue}
          className={control({ kind: 'select' })}
        >
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {children}
        </select>
        <svg className={classes.chevron} viewBox="0 0 16 16" aria-hidden="true">
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
    </Field>
  )
}
