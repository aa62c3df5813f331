import type { ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { toast } from 'styled-system/recipes'
import { CloseButton } from './CloseButton'

export type ToastType = 'neutral' | 'info' | 'success' | 'warning' | 'error'

export type ToastProps = {
  type?: ToastType
  title?: ReactNode
  /** The message. */
  children?: ReactNode
  /** Buttons or links under the message, e.g. "Deposit" on a fill-for-deposit toast. */
  action?: ReactNode
  /** Shows a dismiss button when given. Timing (SPEC §9, 5 s) belongs to whoever owns the toast list. */
  onDismiss?: () => void
}

/**
 * One notification. Errors interrupt (role=alert); everything else waits politely (role=status). The
 * type is also carried by the words, never by the stripe colour alone.
 */
export function Toast({ type = 'neutral', title, children, action, onDismiss }: ToastProps) {
  const { t } = useLingui()
  const classes = toast({ type })
  const isError = type === 'error'
  return (
    <div
      role={isError ? 'alert' : 'status'}
      aria-live={isError ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-type={type}
      className={classes.root}
    >
      <div className={classes.content}>
        {title && <p className={classes.title}>{title}</p>}
        {children && <div className={classes.description}>{children}</div>}
        {action && <div className={classes.action}>{action}</div>}
      </div>
      {onDismiss && <CloseButton label={t`Dismiss`} onClick={onDismiss} />}
    </div>
  )
}

/**
 * The fixed stack the toasts live in, top right on desktop and full width on phones, just below the
 * sticky header (it reads --header-height). Render it once in the layout, even when empty.
 */
export function ToastRegion({ children, label }: { children?: ReactNode; label?: string }) {
  const { t } = useLingui()
  return (
    <section aria-label={label ?? t`Notifications`} className={toast().region}>
      {children}
    </section>
  )
}
