import { useSelector } from '@xstate/react'
import { selectOpenDialogs } from '../../machines/app/dialog-stack.selectors'
import type { Dialog } from '../../machines/app/dialog-stack.types'
import { AuthPopupShell } from '../auth/AuthPopupShell'
import { ConfirmDialog } from './ConfirmDialog'
import { useDialogs } from './AppProviders'

/** Renders the open dialogs of the stack, bottom first, each by its kind. */
export function DialogHost() {
  const dialogs = useDialogs()
  const open = useSelector(dialogs, selectOpenDialogs)
  return (
    <>
      {open.map((dialog) => (
        <DialogView key={dialog.id} dialog={dialog} />
      ))}
    </>
  )
}

function DialogView({ dialog }: { dialog: Dialog }) {
  const dialogs = useDialogs()
  const close = () => dialogs.send({ type: 'dialog.close', id: dialog.id })
  switch (dialog.kind) {
    case 'auth':
      return <AuthPopupShell dialog={dialog} onClose={close} />
    case 'confirm':
      return (
        <ConfirmDialog
          props={dialog.props}
          preventClose={dialog.preventClose}
          onAnswer={(answer) => dialogs.send({ type: 'dialog.confirm.answer', id: dialog.id, answer })}
        />
      )
    default:
      // Kinds whose views arrive with later issues are not opened by anything yet.
      return null
  }
}
