// The long-lived children of the root actor that talk back to it (app.machine.ts invokes them).
// Tests provide their effects on these, so the parts that talk to the root stay in place.
import { sendParent } from 'xstate'
import { balanceRefreshMachine } from '../../cashier/balance-refresh/balance-refresh.machine'
import { buildWatchMachine } from '../build-watch/build-watch.machine'
import { frameMessagesMachine } from '../frame-messages/frame-messages.machine'
import { serviceWorkerMachine } from '../service-worker/service-worker.machine'
import { INACTIVITY_DIALOG_ID, inactivityMachine } from '../../session/inactivity/inactivity.machine'
import type { LogoutReason } from '../../session/inactivity/inactivity.types'
import type { AccountBalances } from './app.types'

/** The warning is an entry of the root's dialog stack; the end of the session is the root's to carry out. */
export const rootInactivityMachine = inactivityMachine.provide({
  actions: {
    openWarning: sendParent({ type: 'dialog.open', dialog: { id: INACTIVITY_DIALOG_ID, kind: 'inactivity-warning' } }),
    closeWarning: sendParent({ type: 'dialog.close', id: INACTIVITY_DIALOG_ID, immediate: true }),
    endSession: sendParent((_, params: { reason: LogoutReason }) => ({ type: 'session.end', reason: params.reason })),
  },
})

/** Fresh balances go to the root's account, which the header and the cashier show. */
export const rootBalanceMachine = balanceRefreshMachine.provide({
  actions: { publishBalances: sendParent((_, params: { balances: AccountBalances }) => ({ type: 'balance.update', balances: params.balances })) },
})


/** A frame of ours says the player logged in or registered inside it: the root re-reads the session. */
export const rootFrameMessagesMachine = frameMessagesMachine.provide({
  actions: { refreshSession: sendParent({ type: 'session.refresh' }) },
})

/** A newer build was seen: the root offers the reload (a toast) and asks the service worker to fetch it. */
export const rootBuildWatchMachine = buildWatchMachine.provide({
  actions: { offerReload: sendParent({ type: 'build.offer' }) },
})

/** A new build's worker waits: the root's build watch offers the reload if it has not yet. */
export const rootServiceWorkerMachine = serviceWorkerMachine.provide({
  actions: { announceUpdate: sendParent({ type: 'build.updateReady' }) },
})
