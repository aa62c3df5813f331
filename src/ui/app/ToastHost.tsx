import { useLingui } from '@lingui/react/macro'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { Link } from 'react-router'
import { Toast, ToastRegion } from '../kit/Toast'
import { useToasts } from './AppProviders'

/** The toasts of the root actor; each leaves by its own timer in the machine (SPEC §9: 5000 ms). */
export function ToastHost() {
  const { t } = useLingui()
  const toasts = useToasts()
  const list = useSelector(toasts, (s) => s.context.toasts)
  return (
    <ToastRegion label={t`Notifications`}>
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
            ) : undefined
          }
        >
          {toast.message}
        </Toast>
      ))}
    </ToastRegion>
  )
}
