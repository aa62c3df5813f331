import { useLingui } from '@lingui/react/macro'
import { css, cx } from 'styled-system/css'
import { isUnderWay, isVoid, type PaymentStatus } from '../../shared/payment-status'

/** The words of each status the player sees (src/shared/payment-status.ts), the same on every cashier page. */
export function usePaymentStatusLabels(): Readonly<Record<PaymentStatus, string>> {
  const { t } = useLingui()
  return {
    pending: t`Pending`,
    approved: t`Approved`,
    completed: t`Completed`,
    failed: t`Failed`,
    cancelled: t`Cancelled`,
    expired: t`Expired`,
  }
}

const badge = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  fontSize: 'sm',
  fontWeight: 'semibold',
  lineHeight: '1.2',
  px: '2.5',
  py: '0.5',
  borderRadius: 'full',
  border: '1px solid',
  borderColor: 'border',
  bg: 'surfaceRaised',
  color: 'text',
  whiteSpace: 'nowrap',
  // A mark beside the word, so the status never rests on colour alone: a hollow ring while under
  // way, a filled dot when done, a bar when it ended without money moving.
  _before: { content: '""', display: 'inline-block', w: '2', h: '2', borderRadius: 'full', flexShrink: '0' },
  '&[data-tone=waiting]': { borderStyle: 'dashed', borderColor: 'warning', _before: { border: '2px solid', borderColor: 'warning' } },
  '&[data-tone=done]': { _before: { bg: 'success' } },
  '&[data-tone=void]': { color: 'textMuted', _before: { h: '0.5', borderRadius: 'none', bg: 'textMuted' } },
})

function statusTone(status: PaymentStatus): 'waiting' | 'done' | 'void' {
  return isUnderWay(status) ? 'waiting' : isVoid(status) ? 'void' : 'done'
}

/** A transaction's status in words, as a badge. */
export function PaymentStatusBadge({ status, className, testId }: { status: PaymentStatus; className?: string; testId?: string }) {
  const labels = usePaymentStatusLabels()
  return (
    <span className={cx(badge, className)} data-status={status} data-tone={statusTone(status)} data-testid={testId}>
      {labels[status]}
    </span>
  )
}
