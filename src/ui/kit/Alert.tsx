import type { ComponentPropsWithoutRef, ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { alert } from 'styled-system/recipes'
import { Icon } from '../icons/Icon'

export type AlertTone = 'error' | 'warning' | 'info' | 'success'

export type AlertProps = Omit<ComponentPropsWithoutRef<'div'>, 'title' | 'role'> & {
  tone: AlertTone
  title?: ReactNode
  /** The message: text, or paragraphs of it. */
  children?: ReactNode
  /** Buttons or links under the message ("Try again", "Verify account"). */
  action?: ReactNode
  /** Errors interrupt and the rest wait politely; `note` is for a standing remark that is part of the content, never announced. */
  role?: 'alert' | 'status' | 'note'
}

/**
 * A message that belongs to the page, in the place it concerns: a refused form, a saved setting, a part
 * that could not load. Errors are announced at once (role=alert), every other tone politely (role=status).
 */
export function Alert({ tone, title, children, action, role, className, ...rest }: AlertProps) {
  const classes = alert({ tone })
  return (
    <div {...rest} role={role ?? (tone === 'error' ? 'alert' : 'status')} data-tone={tone} className={cx(classes.root, className)}>
      <span className={classes.icon}>
        <Icon name={tone} size={18} />
      </span>
      <div className={classes.content}>
        {title ? <p className={classes.title}>{title}</p> : null}
        {children ? <div className={classes.body}>{children}</div> : null}
        {action ? <div className={classes.action}>{action}</div> : null}
      </div>
    </div>
  )
}
