import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { fromPromise } from 'xstate'
import { settleAuthCall } from '../../../machines/auth/auth.results'
import { messengerMachine } from '../../../machines/auth/messenger/messenger.machine'
import type { MessengerMessageId, SignInInput, SignInResult } from '../../../machines/auth/messenger/messenger.types'
import { register } from '../../../services/api/contract/auth'
import type { AppActorRef, AppServices } from '../../app/AppProviders'

/** SPEC §8 'Messenger auto-registration failure shows an error toast': the texts. */
export const MESSENGER_TOASTS: Record<MessengerMessageId, MessageDescriptor> = {
  messengerInvalid: msg`We could not sign you in with the messenger. Open the app from the messenger again.`,
  messengerExpired: msg`Your messenger sign-in has expired. Close the app and open it again from the messenger.`,
  messengerFailed: msg`Signing in with the messenger failed. Please try again later.`,
}

/** The messenger sign-in with its effects bound to this page's services (ARCHITECTURE §3). */
export function provideMessenger({ services, app, i18n }: { services: AppServices; app: AppActorRef; i18n: I18n }) {
  const { api, analytics } = services
  return messengerMachine.provide({
    actors: {
      signIn: fromPromise<SignInResult, SignInInput>(({ input }) => settleAuthCall(async () => ({ account: await api.call(register, input) }))),
    },
    actions: {
      setUser: (_, { account }) => app.send({ type: 'session.set', account }),
      trackSignIn: (_, { uid }) => {
        analytics.identify(uid)
        analytics.track({ event: 'messenger_sign_in' })
      },
      showErrorToast: (_, { messageId, type, code }) => {
        app.send({ type: 'toast.show', toast: { type: 'error', message: i18n._(MESSENGER_TOASTS[messageId]) } })
        analytics.track({ event: 'messenger_sign_in_error', error_type: type, error_code: code === null ? null : String(code) })
      },
      reportError: (_, { error }) => console.error('messenger sign-in:', error),
    },
  })
}
