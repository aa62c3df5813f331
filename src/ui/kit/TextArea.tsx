import type { ComponentPropsWithRef, ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { control } from 'styled-system/recipes'
import { Field, useField } from './Field'

const area = css({ py: '2', minH: '20', resize: 'vertical', lineHeight: '1.5' })
const codeArea = css({ fontFamily: 'mono', fontSize: 'sm' })

export type TextAreaProps = ComponentPropsWithRef<'textarea'> & {
  label: ReactNode
  hint?: ReactNode
  /** Shown under the field and marks it invalid; leave empty when the value is fine. */
  error?: ReactNode
  /** Code (JSON, seeds): a fixed-width font and no spelling or capital help. */
  code?: boolean
  className?: string
}

/** A multi-line field in the kit's look: label, hint and error wired as Input does. */
export function TextArea({ label, hint, error, code = false, className, ...rest }: TextAreaProps) {
  const { controlId, hintId, errorId, controlProps } = useField({ ...rest, hint, error })
  const codeProps = code ? { spellCheck: false, autoCapitalize: 'off', autoCorrect: 'off' } : {}
  return (
    <Field {...{ controlId, hintId, errorId, label, hint, error, className }}>
      <textarea {...codeProps} {...rest} {...controlProps} className={cx(control({ kind: 'input' }), area, code && codeArea)} />
    </Field>
  )
}
