import { fromCallback, fromPromise, type EventObject } from 'xstate'
import { inactivityMachine } from '../../machines/session/inactivity.machine'
import type { ChannelCommand, TabMessage, TouchResult } from '../../machines/session/inactivity.types'
import { logout } from '../../services/api/contract/auth'
import { touch } from '../../services/api/contract/session'
import type { Locale } from '../../shared/locales'
import type { AppActorRef, AppServices, DialogsRef } from './AppProviders'
import { finishLogout } from './logout'
import { isAccountStateError } from './expected-errors'

export const INACTIVITY_DIALOG_ID = 'inactivity-warning'
/** The BroadcastChannel the tabs of one browser share (same origin only, by the platform's rule). */
export const SESSION_CHANNEL = 'royal-ace-session'
/** DOM activity is reported at most once a second: a scroll fires dozens of events. */
export const ACTIVITY_THROTTLE_MS = 1000

/** SPEC §4: key presses, clicks and scrolls (route changes are sent by the watcher). */
export const domActivity = fromCallback<EventObject>(({ sendBack }) => {
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

/** The other tabs, through a BroadcastChannel; without one (old browsers) each tab is on its own. */
export const broadcastChannel = fromCallback<ChannelCommand>(({ sendBack, receive }) => {
  if (typeof BroadcastChannel === 'undefined') return undefined
  const channel = new BroadcastChannel(SESSION_CHANNEL)
  channel.onmessage = (message: MessageEvent<{ type?: TabMessage }>) => {
    if (message.data?.type === 'activity') sendBack({ type: 'activity.remote' })
    else if (message.data?.type === 'logout') sendBack({ type: 'logout.remote' })
  }
  receive((command) => channel.postMessage({ type: command.message }))
  return () => channel.close()
})

/** The inactivity watcher bound to this page (ARCHITECTURE §3). */
export function provideInactivity({ services, app, dialogs, locale }: { services: AppServices; app: AppActorRef; dialogs: DialogsRef; locale: () => Locale }) {
  const { api, analytics } = services
  return inactivityMachine.provide({
    actors: {
      activitySource: domActivity,
      channel: broadcastChannel,
      touchSession: fromPromise<TouchResult>(async () => ({ loggedIn: (await api.call(touch)).logged_in })),
      logout: fromPromise<void>(async () => {
        await api.call(logout)
      }),
    },
    actions: {
      openWarning: () => dialogs.send({ type: 'dialog.open', dialog: { id: INACTIVITY_DIALOG_ID, kind: 'inactivity-warning' } }),
      closeWarning: () => dialogs.send({ type: 'dialog.close', id: INACTIVITY_DIALOG_ID, immediate: true }),
      endSession: (_, { reason }) => finishLogout({ app, analytics, locale: locale(), reason }),
      // A banned account or a closed site shows its system page; the watcher just stops asking.
      reportError: (_, { error }) => {
        if (!isAccountStateError(error)) console.error('inactivity:', error)
      },
    },
  })
}
