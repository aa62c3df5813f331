import { useLingui } from '@lingui/react/macro'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { Link } from 'react-router'
import { selectToasts } from '../../../machines/app/toasts/toasts.selectors'
import { Toast, ToastRegion } from '../../kit/Toast'
import { Button } from '../../kit/Button'
import { useAppActor, useToasts } from '../AppProviders'

/**
 * The toasts of the root actor; each leaves by its own timer in the machine (SPEC §9: 5000 ms),
 * held while the player reads them, and each has its dismiss button.
 */
export function ToastHost() {
  const { t } = useLingui()
  const toasts = useToasts()
  const app = useAppActor()
  const list = useSelector(toasts, selectToasts)
  return (
    <ToastRegion label={t`Notifications`} onPause={() => toasts.send({ type: 'toast.pause' })} onResume={() => toasts.send({ type: 'toast.resume' })}>
      {list.map((toast) => (
        <Toast
          key={toast.id}
          type={toast.type === 'fill_for_deposit' ? 'info' : toast.type}
          onDismiss={() => toasts.send({ type: 'toast.dismiss', id: toast.id })}
          action={
            toast.type === 'fill_for_deposit' ? (
              <Link to="/cashier/deposit">
                <Trans>Deposit</Trans>
              </Link>
            ) : toast.action === 'reload' ? (
              <Button size="sm" data-testid="reload-new-build" onClick={() => app.send({ type: 'build.reload' })}>
                <Trans>Reload</Trans>
              </Button>
            ) : undefined
          }
        >
          {toast.message}
        </Toast>
      ))}
    </ToastRegion>
  )
}
