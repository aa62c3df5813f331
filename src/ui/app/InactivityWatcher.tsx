import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { createActor, type ActorRefFrom } from 'xstate'
import { selectGeneralInfo, selectIsLoggedIn, selectLocale } from '../../machines/app/app.selectors'
import type { inactivityMachine } from '../../machines/session/inactivity.machine'
import { getgeneralinfo } from '../../services/api/contract/metadata'
import { useAppActor, useAppSelector, useDialogs, useOptionalServices } from './AppProviders'
import { provideInactivity } from './inactivity-provider'

export type InactivityRef = ActorRefFrom<typeof inactivityMachine>
const InactivityContext = createContext<InactivityRef | null>(null)

/** The running watcher, for the warning popup; null on the server and before hydration. */
export function useInactivity(): InactivityRef | null {
  return useContext(InactivityContext)
}

/**
 * SPEC §4 'Automatic logout by inactivity' in the browser: runs the inactivity machine while the
 * page lives, tells it the setting (general info time_to_force_logout) and the login state, and
 * reports route changes as activity. Nothing runs on the server.
 */
export function InactivityWatcher({ children }: { children: ReactNode }) {
  const services = useOptionalServices()
  const app = useAppActor()
  const dialogs = useDialogs()
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const known = useAppSelector(selectGeneralInfo)
  const [timeoutSec, setTimeoutSec] = useState<number | null | undefined>(known ? known.time_to_force_logout : undefined)
  const [actor, setActor] = useState<InactivityRef | null>(null)

  // General info is read once a player is known; the root actor may already hold it.
  useEffect(() => {
    if (!services || !loggedIn || timeoutSec !== undefined) return
    let live = true
    services.api
      .call(getgeneralinfo)
      .then((info) => live && setTimeoutSec(info.time_to_force_logout))
      .catch((error: unknown) => console.error('inactivity: general info', error))
    return () => {
      live = false
    }
  }, [services, loggedIn, timeoutSec])

  useEffect(() => {
    if (!services || timeoutSec === undefined) return
    const ref = createActor(provideInactivity({ services, app, dialogs, locale: () => selectLocale(app.getSnapshot()) }), {
      input: { timeoutSec, loggedIn: selectIsLoggedIn(app.getSnapshot()) },
      inspect: services.inspect,
    }).start()
    setActor(ref)
    return () => {
      ref.stop()
      setActor(null)
    }
    // One actor per page and setting; the login state is sent to it below.
  }, [services, app, dialogs, timeoutSec])

  useEffect(() => {
    actor?.send({ type: 'inactivity.configure', timeoutSec: timeoutSec ?? null, loggedIn })
  }, [actor, loggedIn, timeoutSec])

  // SPEC §4: a route change is activity too.
  const { pathname, search } = useLocation()
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    actor?.send({ type: 'activity' })
  }, [actor, pathname, search])

  return <InactivityContext.Provider value={actor}>{children}</InactivityContext.Provider>
}
