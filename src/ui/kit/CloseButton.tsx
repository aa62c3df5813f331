import { useLingui } from '@lingui/react/macro'
import { Button } from './Button'

type CloseButtonProps = {
  onClick: () => void
  /** Accessible name; "Close" unless given. */
  label?: string
  className?: string
}

export function CloseButton({ onClick, label, className }: CloseButtonProps) {
  const { t } = useLingui()
  return (
    <Button variant="ghost" size="sm" iconOnly aria-label={label ?? t`Close`} onClick={onClick} className={className}>
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
        <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
      </svg>
    </Button>
  )
}
