import { useLingui } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import { Dialog } from '../../kit/Dialog'
import { Skeleton } from '../../kit/Skeleton'
import { VisuallyHidden } from '../../kit/VisuallyHidden'

const body = css({ display: 'grid', gap: '4', mt: '2' })

/**
 * SPEC §2.3: while the popup's content loads it shows a skeleton, and no close button until the
 * content is there. Shaped like the login form so nothing jumps when it arrives.
 */
export function AuthPopupSkeleton() {
  const { t } = useLingui()
  return (
    <Dialog open size="md" title={<VisuallyHidden>{t`Loading`}</VisuallyHidden>} onClose={() => {}} hideClose>
      <div className={body} aria-busy="true" data-testid="auth-popup-loading">
        <Skeleton height={44} radius="md" />
        <Skeleton height={44} radius="md" />
        <Skeleton height={48} radius="md" />
      </div>
    </Dialog>
  )
}
