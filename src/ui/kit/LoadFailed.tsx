import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Alert } from './Alert'
import { Button } from './Button'

/**
 * A part of a page that could not load (the server absent, offline): says so in place, as the kit's
 * error Alert, and offers to try again. `children` names what failed; a generic line otherwise.
 */
export function LoadFailed({ onRetry, children }: { onRetry: () => void; children?: ReactNode }) {
  return (
    <Alert
      tone="error"
      title={children ?? <Trans>We could not load this page.</Trans>}
      action={
        <Button variant="primary" size="sm" onClick={onRetry} data-testid="load-failed-retry">
          <Trans>Try again</Trans>
        </Button>
      }
      data-testid="load-failed"
    >
      <Trans>Check your connection and try again.</Trans>
    </Alert>
  )
}
