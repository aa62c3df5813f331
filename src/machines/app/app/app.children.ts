// The long-lived children of the root actor that talk back to it (app.machine.ts invokes them).
// Tests provide their effects on these, so the parts that talk to the root stay in place.
import { sendParent } from 'xstate'
import { balanceRefreshMachine } from '../../cashier/balance-refresh/balance-refresh.machine'
import { buildWatchMachine } from '../build-watch/build-watch.machine'
import { frameMessagesMachine } from '../frame-messages/frame-messages.machine'
import { serviceWorkerMachine } from '../service-worker/service-worker.machine'
import { sitePopupsMachine } from '../site-popups/site-popups.machine'
import type { SitePopup } from '../site-popups/site-popups.types'
import { INACTIVITY_DIALOG_ID, inactivityMachine } from '../../session/inactivity/inactivity.machine'
import type { LogoutReason } from '../../session/inactivity/inactivity.types'
import type { AccountBalances } from './app.types'
import { favouritesMachine } from '../../games/favourites/favourites.machine'
import { AUTH_DIALOG_ID } from '../../auth/auth-popup/auth-popup.ids'
import { betslipMachine } from '../../sportsbook/betslip/betslip.machine'
import { REALITY_CHECK_DIALOG_ID, realityCheckMachine } from '../../responsible/reality-check/reality-check.machine'
import { chatWidgetMachine } from '../../support/chat-widget/chat-widget.machine'
import { storeVendorEvent } from '../../support/chat-widget/chat-widget.actors'
import type { ChatEvent } from '../../support/chat-widget/chat-widget.types'

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

/** An operator's popup goes on the root's dialog stack, after whatever the player has open. */
export const rootSitePopupsMachine = sitePopupsMachine.provide({
  actions: {
    openPopup: sendParent((_, params: { popup: SitePopup }) => ({
      type: 'dialog.open',
      queue: true,
      dialog: { id: `site-popup-${params.popup.id}`, kind: 'site-popup', props: sitePopupProps(params.popup) },
    })),
  },
})

/** The dialog's props: JSON only (they travel in the snapshot), absent fields left out. */
function sitePopupProps(popup: SitePopup): Record<string, string> {
  return {
    title: popup.title,
    text: popup.text,
    ...(popup.image ? { image: popup.image } : {}),
    ...(popup.cta ? { ctaLabel: popup.cta.label, ctaHref: popup.cta.href } : {}),
  }
}

/** A visitor's heart opens the login popup on the root's dialog stack (SPEC §4: favourites are the players'). */
export const rootFavouritesMachine = favouritesMachine.provide({
  actions: { askLogin: sendParent({ type: 'dialog.open', dialog: { id: AUTH_DIALOG_ID, kind: 'auth', props: { view: 'authorization' } } }) },
})

/** A visitor's Place opens the login popup on the root's dialog stack: bets are the players'. */
export const rootBetslipMachine = betslipMachine.provide({
  actions: { askLogin: sendParent({ type: 'dialog.open', dialog: { id: AUTH_DIALOG_ID, kind: 'auth', props: { view: 'authorization' } } }) },
})

/** The check is an entry of the root's dialog stack; "stop playing" is the root's logout. */
export const rootRealityCheckMachine = realityCheckMachine.provide({
  actions: {
    openCheck: sendParent({ type: 'dialog.open', dialog: { id: REALITY_CHECK_DIALOG_ID, kind: 'reality-check' } }),
    closeCheck: sendParent({ type: 'dialog.close', id: REALITY_CHECK_DIALOG_ID, immediate: true }),
    stopPlaying: sendParent({ type: 'session.logout' }),
  },
})

/** A vendor's chat widget (none for our own chat): its events are kept on the player's record. */
export const rootChatWidgetMachine = chatWidgetMachine.provide({
  actions: { storeChatEvent: (_, params: { event: ChatEvent }) => storeVendorEvent(params.event) },
})
