import { useLingui } from '@lingui/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { SITE_NAME } from '../../shared/brand'
import { IconSprite } from '../icons/IconSprite'
import { MessengerSignIn } from '../auth/MessengerSignIn'
import { useRouteHandle } from '../layout/route-handle'
import { DialogHost } from './DialogHost'
import { HintBanner } from './HintBanner'
import { useAppActor } from './AppProviders'
import { useResetLink } from './reset-link'
import { ToastHost } from './ToastHost'
import { useFrameMessages } from './useFrameMessages'

/** What every layout carries: the icon sprite, dialogs, toasts and the document title. */
export function AppChrome({ children }: { children: ReactNode }) {
  useDocumentTitle()
  useFrameMessages()
  useResetLink()
  useRouteChanges()
  useEffect(() => {
    // Controls work from here on; tests (and anyone measuring) wait for it.
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <>
      <IconSprite />
      {children}
      <HintBanner />
      <DialogHost />
      <ToastHost />
      <MessengerSignIn />
    </>
  )
}

/**
 * Tells the root actor where the router went (the inactivity watcher counts it as activity, the
 * balance refresh pauses on game pages). The first render is the page load, not a move.
 */
function useRouteChanges() {
  const app = useAppActor()
  const { pathname, search } = useLocation()
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    app.send({ type: 'route.change', path: pathname })
  }, [app, pathname, search])
}

/** SSR writes the first title; client navigations keep it in step with the route. */
function useDocumentTitle() {
  const handle = useRouteHandle()
  const { i18n } = useLingui()
  const title = handle ? i18n._(handle.title) : ''
  useEffect(() => {
    if (handle?.name === 'not-found' || handle?.name === 'slug') return
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_NAME
  }, [title, handle?.name])
}
