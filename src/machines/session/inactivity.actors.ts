// Actors of the inactivity watcher. Defaults fail loudly; the browser provides the real ones
// (src/ui/app/inactivity-provider.ts) and tests swap them (ARCHITECTURE §3).
import { fromCallback, fromPromise, type EventObject } from 'xstate'
import type { ChannelCommand, TouchResult } from './inactivity.types'

/** Sends 'activity' to the parent on key presses, clicks and scrolls (throttled by the provider). */
export const activitySource = fromCallback<EventObject>(() => {
  throw new Error('inactivityMachine: actor "activitySource" not provided')
})

/**
 * The other tabs of this browser: sends 'activity.remote' and 'logout.remote' to the parent and
 * posts what it is told with 'channel.post'. A BroadcastChannel in the browser.
 */
export const channel = fromCallback<ChannelCommand>(() => {
  throw new Error('inactivityMachine: actor "channel" not provided')
})

/** POST session/touch: the keep-alive; `loggedIn: false` when the server's session is already over. */
export const touchSession = fromPromise<TouchResult>(async () => {
  throw new Error('inactivityMachine: actor "touchSession" not provided')
})

/** GET auth/logout. */
export const logout = fromPromise<void>(async () => {
  throw new Error('inactivityMachine: actor "logout" not provided')
})
