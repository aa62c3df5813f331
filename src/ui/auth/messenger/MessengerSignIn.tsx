import { useLingui } from '@lingui/react'
import { useEffect } from 'react'
import { createActor } from 'xstate'
import { selectIsLoggedIn } from '../../../machines/app/app/app.selectors'
import { useAppActor, useServices } from '../../app/AppProviders'
import { provideMessenger } from './messenger-provider'

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
    const actor = createActor(provideMessenger({ services, app, i18n }), { inspect: services.inspect }).start()
    actor.send({ type: 'messenger.check', hash: window.location.hash, loggedIn: selectIsLoggedIn(app.getSnapshot()) })
    return () => {
      actor.stop()
    }
    // Once per page load: the launch data arrives with the first URL only.
  }, [])
  return null
}
