import { fromPromise } from 'xstate'
import { settleAuthCall } from '../../../machines/auth/auth.results'
import { resetPasswordMachine } from '../../../machines/auth/reset-password/reset-password.machine'
import type { SubmitResetInput, SubmitResetResult } from '../../../machines/auth/reset-password/reset-password.types'
import { resetPassword } from '../../../services/api/contract/auth'
import type { AppServices, DialogsRef } from '../../app/AppProviders'
import { AUTH_DIALOG_ID, RESET_PASSWORD_DIALOG_ID } from '../auth-popup/AuthPopupShell.ids'

/** The reset-password flow with its effects bound to this page (ARCHITECTURE §3). */
export function provideResetPassword({ services, dialogs }: { services: AppServices; dialogs: DialogsRef }) {
  const { api } = services
  return resetPasswordMachine.provide({
    actors: {
      submitReset: fromPromise<SubmitResetResult, SubmitResetInput>(({ input }) =>
        settleAuthCall(async () => {
          await api.call(resetPassword, input)
          return {}
        }),
      ),
    },
    actions: {
      openAuth: (_, { view }) =>
        dialogs.send({ type: 'dialog.open', dialog: { id: AUTH_DIALOG_ID, kind: 'auth', props: { view } } }),
      closeDialog: () => dialogs.send({ type: 'dialog.close', id: RESET_PASSWORD_DIALOG_ID, immediate: true }),
      reportError: (_, { error }) => console.error('reset-password flow:', error),
    },
  })
}
