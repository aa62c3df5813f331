// Actors of the inactivity watcher. The defaults are the browser's (ARCHITECTURE §3: they call
// src/services and the DOM themselves); tests swap them with .provide(). The root actor invokes
// the watcher in the browser only, so none of them runs on the server.
import { fromCallback, fromPromise, type EventObject } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { logout as logoutCall } from '../../../services/api/contract/auth'
import { touch } from '../../../services/api/contract/session'
import type { ChannelCommand, TabMessage, TouchResult } from './inactivity.types'

/** The BroadcastChannel the tabs of one browser share (same origin only, by the platform's rule). */
export const SESSION_CHANNEL = 'royal-ace-session'
/** DOM activity is reported at most once a second: a scroll fires dozens of events. */
export const ACTIVITY_THROTTLE_MS = 1000

/** Sends 'activity' to the parent on key presses, clicks and scrolls (SPEC §4), throttled. */
export const activitySource = fromCallback<EventObject>(({ sendBack }) => {
  let last = 0
  const onActivity = () => {
    const now = Date.now()
    if (now - last < ACTIVITY_THROTTLE_MS) return
    last = now
    sendBack({ type: 'activity' })
  }
  const events = ['keydown', 'click', 'scroll'] as const
  for (const name of events) document.addEventListener(name, onActivity, { capture: true, passive: true })
  return () => {
    for (const name of events) document.removeEventListener(name, onActivity, { capture: true })
  }
})

/**
 * The other tabs of this browser: sends 'activity.remote' and 'logout.remote' to the parent and
 * posts what it is told with 'channel.post'. Without a BroadcastChannel each tab is on its own.
 */
export const channel = fromCallback<ChannelCommand>(({ sendBack, receive }) => {
  if (typeof BroadcastChannel === 'undefined') return undefined
  const tabs = new BroadcastChannel(SESSION_CHANNEL)
  tabs.onmessage = (message: MessageEvent<{ type?: TabMessage }>) => {
    if (message.data?.type === 'activity') sendBack({ type: 'activity.remote' })
    else if (message.data?.type === 'logout') sendBack({ type: 'logout.remote' })
  }
  receive((command) => tabs.postMessage({ type: command.message }))
  return () => tabs.close()
})

/** POST session/touch: the keep-alive; `loggedIn: false` when the server's session is already over. */
export const touchSession = fromPromise<TouchResult>(async () => ({ loggedIn: (await browserApiClient().call(touch)).logged_in }))

/** GET auth/logout. */
export const logout = fromPromise<void>(async () => {
  await browserApiClient().call(logoutCall)
})
