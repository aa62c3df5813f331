import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react'
import { useEffect } from 'react'
import { createActor } from 'xstate'
import { selectIsLoggedIn } from '../../../machines/app/app/app.selectors'
import type { MessengerMessageId } from '../../../machines/auth/messenger/messenger.types'
import { useAppActor, useServices } from '../../app/AppProviders'

/** SPEC §8 'Messenger auto-registration failure shows an error toast': the texts. */
export const MESSENGER_TOASTS: Record<MessengerMessageId, MessageDescriptor> = {
  messengerInvalid: msg`We could not sign you in with the messenger. Open the app from the messenger again.`,
  messengerExpired: msg`Your messenger sign-in has expired. Close the app and open it again from the messenger.`,
  messengerFailed: msg`Signing in with the messenger failed. Please try again later.`,
}

/**
 * SPEC §4 'Messenger mini-app': once the page is in the browser, hands the URL hash and the
 * session to the messenger sign-in, which does nothing unless a logged-out visitor came with
 * tgWebAppData. Renders nothing; the outcome is the header's session or an error toast.
 */
export function MessengerSignIn() {
  const app = useAppActor()
  const services = useServices()
  const { i18n } = useLingui()
  useEffect(() => {
    // Launch data travels in the hash: a page opened without one has nothing to check, so the
    // flow's code is fetched only for pages that have a hash.
    const hash = window.location.hash
    if (hash.length <= 1) return
    let stop: (() => void) | undefined
    let cancelled = false
    void import('../../../machines/auth/messenger/messenger.machine').then(({ messengerMachine }) => {
      if (cancelled) return
      const toastText = (messageId: MessengerMessageId) => i18n._(MESSENGER_TOASTS[messageId])
      const actor = createActor(messengerMachine, { input: { app, toastText }, inspect: services.inspect }).start()
      actor.send({ type: 'messenger.check', hash, loggedIn: selectIsLoggedIn(app.getSnapshot()) })
      stop = () => actor.stop()
    })
    return () => {
      cancelled = true
      stop?.()
    }
    // Once per page load: the launch data arrives with the first URL only.
  }, [])
  return null
}
