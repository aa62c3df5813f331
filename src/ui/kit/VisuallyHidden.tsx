import type { ComponentPropsWithRef } from 'react'
import { css, cx } from 'styled-system/css'

/** Text for screen readers only, e.g. a dialog title the design does not show. */
export function VisuallyHidden({ className, ...rest }: ComponentPropsWithRef<'span'>) {
  return <span {...rest} className={cx(css({ srOnly: true }), className)} />
}
