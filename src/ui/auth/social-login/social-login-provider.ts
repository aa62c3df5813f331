import { fromCallback, fromPromise } from 'xstate'
import { settleAuthCall } from '../../../machines/auth/auth.results'
import { socialLoginMachine } from '../../../machines/auth/social-login/social-login.machine'
import type { LoadSocialSettingsResult, RefreshUserResult, SocialLoginEvent, SocialWindowResult, TypeAuth, WatchWindowInput } from '../../../machines/auth/social-login/social-login.types'
import { socialRegistrationMachine } from '../../../machines/auth/social-registration/social-registration.machine'
import type { CompleteInput, CompleteResult, LoadCurrenciesResult } from '../../../machines/auth/social-registration/social-registration.types'
import { getInfo } from '../../../services/api/contract/account'
import { getgeneralinfo } from '../../../services/api/contract/metadata'
import {
  completeRegistration,
  getsettings,
  SOCIAL_AUTH_ERROR_CODES,
  SOCIAL_AUTH_MESSAGE,
  type SocialAuthErrorCode,
} from '../../../services/api/contract/oauth'
import { safeRedirectTarget } from '../../../shared/redirect'
import type { AppActorRef, AppServices, DialogsRef } from '../../app/AppProviders'
import { AUTH_DIALOG_ID } from '../auth-popup/AuthPopupShell.ids'
import { afterLoginTarget } from '../../../machines/auth/login/login.rules'

/** SPEC §4 'Social login': the storage key the backUrl query value is kept under. */
export const SOCIAL_AUTH_STORAGE_KEY = 'social-auth'
const WINDOW_POLL_MS = 500
/**
 * The callback page posts its message and then closes itself; the message is a task on this page
 * that may run after the poll has already seen the window closed. A closed window is reported
 * only once this grace has passed without a message.
 */
const CLOSED_GRACE_MS = 1000

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

function browserStorage(): KeyValueStorage | null {
  try {
    return window.localStorage
  } catch {
    // Storage can be switched off; the backUrl is then simply not kept.
    return null
  }
}

/** Keeps the page's backUrl query value (SPEC §4); a page without one clears an old one. */
export function rememberBackUrl(storage: KeyValueStorage | null, search: string): void {
  if (!storage) return
  const backUrl = new URLSearchParams(search).get('backUrl')
  if (backUrl) storage.setItem(SOCIAL_AUTH_STORAGE_KEY, backUrl)
  else storage.removeItem(SOCIAL_AUTH_STORAGE_KEY)
}

/** Reads the kept backUrl once: it is removed whatever it was. */
export function takeBackUrl(storage: KeyValueStorage | null): string | null {
  if (!storage) return null
  const value = storage.getItem(SOCIAL_AUTH_STORAGE_KEY)
  storage.removeItem(SOCIAL_AUTH_STORAGE_KEY)
  return value
}

/**
 * Where to go after a social login or its completion: the kept backUrl when the shared redirect
 * rule allows it (same origin, or REDIRECT_ALLOWLIST), else the page of the player's locale.
 */
export function afterSocialLoginTarget(backUrl: string | null, location: { origin: string; pathname: string; search: string }, allowlist: readonly string[], locale: string): string {
  return safeRedirectTarget(backUrl, { origin: location.origin, allowedOrigins: allowlist }) ?? afterLoginTarget(location, locale)
}

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

function followBackUrl(services: AppServices, locale: string): void {
  const go = (allowlist: readonly string[]) => window.location.assign(afterSocialLoginTarget(takeBackUrl(browserStorage()), window.location, allowlist, locale))
  services.api.call(getsettings).then(
    (s) => go(s.redirect_allowlist),
    () => go([]),
  )
}

interface Deps {
  services: AppServices
  app: AppActorRef
  dialogs: DialogsRef
}

/** The social-login machine bound to this page: the API, the window, storage and navigation. */
export function provideSocialLogin({ services, app, dialogs }: Deps, typeAuth: TypeAuth) {
  const { api, analytics } = services
  // The window this flow opened; openWindow sets it, watchWindow watches it.
  let popup: Window | null = null
  return socialLoginMachine.provide({
    actors: {
      loadSettings: fromPromise<LoadSocialSettingsResult>(() => settleAuthCall(async () => ({ settings: await api.call(getsettings) }))),
      refreshUser: fromPromise<RefreshUserResult>(() => settleAuthCall(async () => ({ account: await api.call(getInfo) }))),
      watchWindow: fromCallback<SocialLoginEvent, WatchWindowInput>(({ sendBack }) => {
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
      }),
    },
    actions: {
      rememberBackUrl: () => rememberBackUrl(browserStorage(), window.location.search),
      openWindow: (_, { url, name, width, height }) => {
        // Centred over this window (SPEC §9: 640x480).
        const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2))
        const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2))
        popup = window.open(url, name, `popup=yes,width=${width},height=${height},left=${left},top=${top}`)
      },
      navigate: (_, { url }) => window.location.assign(url),
      setUser: (_, { account }) => app.send({ type: 'session.set', account }),
      trackLogin: (_, { uid, created }) => {
        analytics.identify(uid)
        analytics.track({ event: created ? 'sign_up' : 'login', method: 'social', type_auth: typeAuth })
      },
      trackLoginError: (_, { code }) => analytics.track({ event: 'login_error', method: 'social', error_code: code }),
      closePopup: (_, { reason }) => dialogs.send({ type: 'dialog.close', id: AUTH_DIALOG_ID, immediate: reason === 'loggedIn' }),
      followBackUrl: (_, { locale }) => followBackUrl(services, locale),
      reportError: (_, { error }) => console.error('social login:', error),
    },
  })
}

/** The socialRegistration view's machine bound to this page. */
export function provideSocialRegistration({ services, app, dialogs }: Deps) {
  const { api, analytics } = services
  return socialRegistrationMachine.provide({
    actors: {
      loadCurrencies: fromPromise<LoadCurrenciesResult>(() =>
        settleAuthCall(async () => {
          const info = await api.call(getgeneralinfo)
          return { currencies: info.available_currencies, defaultCurrency: info.default_currency }
        }),
      ),
      completeRegistration: fromPromise<CompleteResult, CompleteInput>(({ input }) =>
        settleAuthCall(async () => ({ account: await api.call(completeRegistration, { currency: input.currency, terms: input.terms, notify: input.notify }) })),
      ),
    },
    actions: {
      setUser: (_, { account }) => app.send({ type: 'session.set', account }),
      trackCompleted: (_, { uid }) => analytics.track({ event: 'sign_up_completed', method: 'social', uid }),
      closePopup: (_, { reason }) => dialogs.send({ type: 'dialog.close', id: AUTH_DIALOG_ID, immediate: reason === 'registered' }),
      followBackUrl: (_, { locale }) => followBackUrl(services, locale),
      reportError: (_, { error }) => console.error('social registration:', error),
    },
  })
}
