import { useLingui } from '@lingui/react'
import { useEffect, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { MessengerSignIn } from '../auth/messenger/MessengerSignIn'
import { useRouteHandle } from '../layout/route-handle'
import { DialogHost } from './dialog-stack/DialogHost'
import { HintBanner } from '../session/hints/HintBanner'
import { useAppActor } from './AppProviders'
import { usePageHead } from './page-head'
import { useResetLink } from './reset-link'
import { FavouritesRefusals } from './FavouritesRefusals'
import { ToastHost } from './toasts/ToastHost'
import { ConsentBanner } from './consent/ConsentBanner'

/** What every layout carries: dialogs, toasts and the document title (icons come from the /_icons sprite file). */
export function AppChrome({ children }: { children: ReactNode }) {
  // The embeddable forms live in a partner's page, which asks its own visitors about cookies; in a
  // frame our consent cookie is not even sent. They load no tool that needs consent either.
  const embedded = useRouteHandle()?.layout === 'empty'
  useRouteHead()
  useResetLink()
  useRouteChanges()
  useEffect(() => {
    // Controls work from here on; tests (and anyone measuring) wait for it.
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  // The cookie banner comes first in the markup though it is drawn at the bottom: it is the largest
  // text on a phone's first screen, and placed after a long page it was painted frames after the
  // rest, which a phone's first paint (LCP) waited for. Asking first also suits a screen reader.
  return (
    <>
      {embedded ? null : <ConsentBanner />}
      {children}
      <HintBanner />
      <DialogHost />
      <ToastHost />
      <FavouritesRefusals />
      <MessengerSignIn />
    </>
  )
}

/**
 * Tells the root actor where the router is (the inactivity watcher counts a move as activity, the
 * balance refresh pauses on game pages). Sent on every render of a new location, the first too:
 * the root decides what is a move, so a layout that mounts anew loses nothing.
 */
function useRouteChanges() {
  const app = useAppActor()
  const { pathname, search } = useLocation()
  useEffect(() => {
    app.send({ type: 'route.change', path: pathname + search })
  }, [app, pathname, search])
}

/** SSR writes the first head; client navigations keep it in step with the route (content pages keep their own). */
function useRouteHead() {
  const handle = useRouteHandle()
  const { i18n } = useLingui()
  const own = handle?.name === 'not-found' || handle?.name === 'slug'
  usePageHead({ routeName: handle?.name ?? null, title: handle ? i18n._(handle.title) : '', noindex: Boolean(handle?.noindex), page: null, skip: own })
}
