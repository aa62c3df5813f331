import { useRef, type ReactNode } from 'react'
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
 * The fixed stack the toasts live in: on phones at the bottom, above the bottom bar and the safe
 * area; from the tablet up top right, under the sticky header. Render it once in the layout, even
 * when empty. While the pointer is over it or focus is inside it the toasts are being read:
 * `onPause` then, `onResume` when both have left (WCAG 2.2.1, whoever times the toasts holds them).
 */
export function ToastRegion({ children, label, onPause, onResume }: { children?: ReactNode; label?: string; onPause?: () => void; onResume?: () => void }) {
  const { t } = useLingui()
  const pointerInside = useRef(false)
  const focusInside = useRef(false)
  const update = (pointer: boolean, focus: boolean) => {
    const wasHeld = pointerInside.current || focusInside.current
    pointerInside.current = pointer
    focusInside.current = focus
    const held = pointer || focus
    if (held && !wasHeld) onPause?.()
    else if (!held && wasHeld) onResume?.()
  }
  return (
    <section
      aria-label={label ?? t`Notifications`}
      className={toast().region}
      data-testid="toast-region"
      onPointerEnter={() => update(true, focusInside.current)}
      onPointerLeave={() => update(false, focusInside.current)}
      onFocus={() => update(pointerInside.current, true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) update(pointerInside.current, false)
      }}
    >
      {children}
    </section>
  )
}
