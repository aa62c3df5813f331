import type { ComponentPropsWithRef, ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { control } from 'styled-system/recipes'
import { Field, useField } from '../../kit/Field'

const area = css({ py: '2', minH: '20', resize: 'vertical', fontFamily: 'mono', fontSize: 'sm' })

/** A multi-line field in the kit's look (label, hint, error wired as Input does): JSON is typed here. */
export function TextArea({ label, hint, error, className, ...rest }: ComponentPropsWithRef<'textarea'> & { label: ReactNode; hint?: ReactNode; error?: ReactNode; className?: string }) {
  const { controlId, hintId, errorId, controlProps } = useField({ ...rest, hint, error })
  return (
    <Field {...{ controlId, hintId, errorId, label, hint, error, className }}>
      <textarea spellCheck={false} autoCapitalize="off" autoCorrect="off" {...rest} {...controlProps} className={cx(control({ kind: 'input' }), area)} />
    </Field>
  )
}
