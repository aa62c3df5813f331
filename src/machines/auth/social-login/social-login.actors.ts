// What the social-login flow does outside its chart: its API calls on this browser page's client
// (wrapped in `settleAuthCall` so API errors come back as values), the window it opens and
// watches, storage, analytics and navigation. Tests swap them all with `.provide()`.
import { fromCallback, fromPromise } from 'xstate'
import { pageAnalytics } from '../../../services/analytics/analytics'
import { browserApiClient } from '../../../services/api/browser-client'
import { getInfo } from '../../../services/api/contract/account'
import { getsettings, SOCIAL_AUTH_ERROR_CODES, SOCIAL_AUTH_MESSAGE, type SocialAuthErrorCode } from '../../../services/api/contract/oauth'
import { assignLocation, currentLocation } from '../../../services/navigation'
import { settleAuthCall } from '../auth.results'
import { afterSocialLoginTarget, rememberBackUrl, takeBackUrl, type KeyValueStorage } from './social-login.rules'
import type { LoadSocialSettingsResult, RefreshUserResult, SocialLoginEvent, SocialWindowResult, TypeAuth, WatchWindowInput } from './social-login.types'

const WINDOW_POLL_MS = 500
/**
 * The callback page posts its message and then closes itself; the message is a task on this page
 * that may run after the poll has already seen the window closed. A closed window is reported
 * only once this grace has passed without a message.
 */
const CLOSED_GRACE_MS = 1000

/**
 * The window openSocialWindow opened, for watchWindow to watch. One per page, as the browser
 * window it stands for: the flow always opens it under the same name, so a second open reuses it.
 */
let popup: Window | null = null

function browserStorage(): KeyValueStorage | null {
  try {
    return window.localStorage
  } catch {
    // Storage can be switched off; the backUrl is then simply not kept.
    return null
  }
}

/** GET oauth/getsettings: the buttons to show and the redirect allowlist. */
export const loadSettings = fromPromise<LoadSocialSettingsResult>(() => settleAuthCall(async () => ({ settings: await browserApiClient().call(getsettings) })))

/** GET account/getInfo after the window finished: is this page's session a player now? */
export const refreshUser = fromPromise<RefreshUserResult>(() => settleAuthCall(async () => ({ account: await browserApiClient().call(getInfo) })))

/** The callback page's message, or null for anything else arriving on the channel. */
export function parseSocialAuthMessage(data: unknown): SocialWindowResult | null {
  if (!data || typeof data !== 'object') return null
  const m = data as Record<string, unknown>
  if (m.type !== SOCIAL_AUTH_MESSAGE) return null
  if (m.status === 'success') return { ok: true, created: m.created === true }
  if (m.status === 'error') {
    const code = (SOCIAL_AUTH_ERROR_CODES as readonly string[]).includes(String(m.code)) ? (m.code as SocialAuthErrorCode) : 'invalid_state'
    return { ok: false, code }
  }
  return null
}

/**
 * Watches the window openSocialWindow opened: sends 'social.window.result' for its message,
 * 'social.window.closed' when it closes without one, 'social.window.blocked' when there is none.
 */
export const watchWindow = fromCallback<SocialLoginEvent, WatchWindowInput>(({ sendBack }) => {
    if (!popup) {
      sendBack({ type: 'social.window.blocked' })
      return () => {}
    }
    const watched = popup
    let done = false
    const report = (data: unknown) => {
      const result = parseSocialAuthMessage(data)
      if (!result || done) return
      done = true
      sendBack({ type: 'social.window.result', result })
    }
    // Same origin only: the callback page posts to our origin, and anything else is ignored.
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) report(event.data)
    }
    window.addEventListener('message', onMessage)
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SOCIAL_AUTH_MESSAGE) : null
    if (channel) channel.onmessage = (event) => report(event.data)
    let grace: number | undefined
    const poll = window.setInterval(() => {
      if (!watched.closed || done) return
      window.clearInterval(poll)
      grace = window.setTimeout(() => {
        if (done) return
        done = true
        sendBack({ type: 'social.window.closed' })
      }, CLOSED_GRACE_MS)
    }, WINDOW_POLL_MS)
    return () => {
      window.removeEventListener('message', onMessage)
      channel?.close()
      window.clearInterval(poll)
      window.clearTimeout(grace)
      // Cancelled while open: the window goes too.
      if (!done && !watched.closed) watched.close()
      if (popup === watched) popup = null
    }
  })

/** A full load of `url` in this page. */
export function navigateTo(url: string): void {
  assignLocation(url)
}

/** Keeps this page's backUrl query value (SPEC §4). */
export function rememberPageBackUrl(): void {
  rememberBackUrl(browserStorage(), currentLocation().search)
}

/** Opens the /oauth/init window centred over this one (SPEC §9: 640x480). */
export function openSocialWindow({ url, name, width, height }: { url: string; name: string; width: number; height: number }): void {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2))
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2))
  popup = window.open(url, name, `popup=yes,width=${width},height=${height},left=${left},top=${top}`)
}

/** Analytics: a social login or sign-up (SPEC §4 'Marketing analytics'). */
export function trackSocialLogin(uid: number, created: boolean, typeAuth: TypeAuth): void {
  const analytics = pageAnalytics()
  analytics.identify(uid)
  analytics.track({ event: created ? 'sign_up' : 'login', method: 'social', type_auth: typeAuth })
}

/** Analytics: a failed social login with its code. */
export function trackSocialLoginError(code: string | null): void {
  pageAnalytics().track({ event: 'login_error', method: 'social', error_code: code })
}

/** A full load of the kept backUrl when the redirect allowlist allows it, else of the player's page. */
export function followBackUrl(locale: string): void {
  const go = (allowlist: readonly string[]) => assignLocation(afterSocialLoginTarget(takeBackUrl(browserStorage()), currentLocation(), allowlist, locale))
  browserApiClient()
    .call(getsettings)
    .then(
      (s) => go(s.redirect_allowlist),
      () => go([]),
    )
}
