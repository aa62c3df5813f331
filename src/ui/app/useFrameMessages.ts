import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { isFormsPath, parseFrameMessage, postToParent } from '../../services/frame/frame-messages'
import { useAppActor } from './AppProviders'

function isChildFrame(source: MessageEventSource | null): boolean {
  if (!source) return false
  for (const frame of Array.from(document.querySelectorAll('iframe'))) if (frame.contentWindow === source) return true
  return false
}

/**
 * The site's own side of SPEC §2.3's frame messages, for same-origin embedding:
 * - as a framed page: tells a parent on our own origin where it is (checkIframe with the path);
 * - as a parent: hears its own frames only (same origin, a frame of this document): refresh_user
 *   re-reads the session, redirect goes to a URL of ours, and checkIframe from a page that is not
 *   a /forms page brings that page to the top (it was meant to be the whole page, e.g. a payment
 *   result loaded inside a frame).
 */
export function useFrameMessages() {
  const app = useAppActor()
  const { pathname } = useLocation()

  useEffect(() => {
    postToParent(window, { type: 'checkIframe', path: window.location.pathname }, [window.location.origin])
  }, [pathname])

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isChildFrame(event.source)) return
      const message = parseFrameMessage(event.data)
      if (!message) return
      if (message.type === 'refresh_user') app.send({ type: 'session.refresh' })
      else if (message.type === 'redirect') {
        const target = new URL(message.url, window.location.href)
        if (target.origin === window.location.origin) window.location.assign(target.toString())
      } else if (!isFormsPath(message.path) && message.path !== window.location.pathname) {
        window.location.assign(message.path)
      }
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [app])
}
