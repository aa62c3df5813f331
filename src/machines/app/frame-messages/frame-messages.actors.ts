// What the frame-messages flow does outside its chart: the window's message events and this page's
// own post to its parent (src/services/frame), and full loads (src/services/navigation).
// Tests swap them with `.provide()`.
import { fromCallback, type EventObject } from 'xstate'
import { parseFrameMessage, postToParent } from '../../../services/frame/frame-messages'
import { assignLocation } from '../../../services/navigation'
import type { FrameHeardEvent } from './frame-messages.types'

function isChildFrame(source: MessageEventSource | null): boolean {
  if (!source) return false
  for (const frame of Array.from(document.querySelectorAll('iframe'))) if (frame.contentWindow === source) return true
  return false
}

/**
 * Hears the messages of this document's own frames on our origin (other scripts post messages
 * too), parsed into the flow's events with where the page is now.
 */
export const listenToFrames = fromCallback<EventObject>(({ sendBack }) => {
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== window.location.origin || !isChildFrame(event.source)) return
    const message = parseFrameMessage(event.data)
    if (!message) return
    const page = { href: window.location.href, pathname: window.location.pathname }
    const heard: FrameHeardEvent =
      message.type === 'refresh_user'
        ? { type: 'frame.refreshUser' }
        : message.type === 'redirect'
          ? { type: 'frame.redirect', url: message.url, page }
          : { type: 'frame.checkIframe', path: message.path, page }
    sendBack(heard)
  }
  window.addEventListener('message', onMessage)
  return () => window.removeEventListener('message', onMessage)
})

/** Tells a parent on our own origin where this page is (checkIframe with its path); nothing when not framed. */
export function announceLocation(): void {
  postToParent(window, { type: 'checkIframe', path: window.location.pathname }, [window.location.origin])
}

/** A full load of `url`. */
export function goTo(url: string): void {
  assignLocation(url)
}
