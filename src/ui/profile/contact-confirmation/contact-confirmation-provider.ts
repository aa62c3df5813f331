import { fromPromise } from 'xstate'
import { settleAuthCall } from '../../../machines/auth/auth.results'
import { contactConfirmationMachine } from '../../../machines/profile/contact-confirmation/contact-confirmation.machine'
import type {
  ConfirmCodeInput,
  ConfirmCodeResult,
  LoadContactResult,
  SendCodeInput,
  SendCodeResult,
} from '../../../machines/profile/contact-confirmation/contact-confirmation.types'
import { confirmContact, getprofileinfo, sendconfirmationtocontact } from '../../../services/api/contract/account'
import type { AppServices } from '../../app/AppProviders'

/** The contact-confirmation machine with its effects bound to this page's API client and router (ARCHITECTURE §3). */
export function provideContactConfirmation({ services, showSuccess }: { services: AppServices; showSuccess: () => void }) {
  const { api } = services
  return contactConfirmationMachine.provide({
    actors: {
      loadContact: fromPromise<LoadContactResult>(() =>
        settleAuthCall(async () => {
          const profile = await api.call(getprofileinfo, { fields: 'contacts' })
          const email = profile.contacts?.find((c) => c.type === 'email') ?? null
          return { email: email?.contact ?? null, confirmed: email?.is_confirmed ?? false }
        }),
      ),
      sendCode: fromPromise<SendCodeResult, SendCodeInput>(({ input }) =>
        settleAuthCall(async () => {
          const sent = await api.call(sendconfirmationtocontact, { contact: input.contact })
          return { contact: sent.contact, resendTime: sent.resend_time }
        }),
      ),
      confirmCode: fromPromise<ConfirmCodeResult, ConfirmCodeInput>(({ input }) =>
        settleAuthCall(async () => {
          await api.call(confirmContact, { contact: input.contact, code: input.code })
          return {}
        }),
      ),
    },
    actions: {
      showSuccess: () => showSuccess(),
      reportError: (_, { error }) => console.error('contact confirmation:', error),
    },
  })
}
