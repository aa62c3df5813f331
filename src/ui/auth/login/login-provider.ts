import { fromPromise } from 'xstate'
import { settleAuthCall } from '../../../machines/auth/auth.results'
import { createLoadSession } from '../../../machines/auth/login/login.actors'
import { loginMachine } from '../../../machines/auth/login/login.machine'
import type { SubmitLoginInput, SubmitLoginResult } from '../../../machines/auth/login/login.types'
import { getInfo, getprofileinfo } from '../../../services/api/contract/account'
import { login } from '../../../services/api/contract/auth'
import { getinfo as getLoyaltyInfo } from '../../../services/api/contract/loyalty'
import { isLocale, localizePath, splitLocale, DEFAULT_LOCALE } from '../../../shared/locales'
import { safeRedirectPath } from '../../../shared/redirect'
import type { AppActorRef, AppServices, DialogsRef } from '../../app/AppProviders'
import { AUTH_DIALOG_ID } from '../auth-popup/AuthPopupShell.ids'

/**
 * Where a player lands after logging in (SPEC §2.3): the page they were sent home from
 * (redirectUrl, same-origin only) or the page they are on, in the player's own locale. A full
 * load, so the server renders it with the new session.
 */
export function afterLoginTarget(location: { pathname: string; search: string }, accountLocale: string): string {
  const params = new URLSearchParams(location.search)
  const wanted = safeRedirectPath(params.get('redirectUrl'))
  const locale = isLocale(accountLocale) ? accountLocale : DEFAULT_LOCALE
  if (wanted) {
    const url = new URL(wanted, 'http://same-origin')
    return localizePath(splitLocale(url.pathname).path, locale) + url.search
  }
  for (const flag of ['show_popup_auth', 'show_popup_reg', 'prevent_close']) params.delete(flag)
  const query = params.toString()
  return localizePath(splitLocale(location.pathname).path, locale) + (query ? `?${query}` : '')
}

/** The login machine with its effects bound to this page's services (ARCHITECTURE §3). */
export function provideLogin({ services, app, dialogs }: { services: AppServices; app: AppActorRef; dialogs: DialogsRef }) {
  const { api, analytics } = services
  return loginMachine.provide({
    actors: {
      submitLogin: fromPromise<SubmitLoginResult, SubmitLoginInput>(({ input }) =>
        settleAuthCall(async () => {
          await api.call(login, input)
          return {}
        }),
      ),
      loadSession: createLoadSession({
        loadUser: () => api.call(getInfo),
        loadProfile: () => api.call(getprofileinfo, { fields: 'contacts,document' }),
        loadLoyalty: () => api.call(getLoyaltyInfo),
      }),
    },
    actions: {
      setUser: (_, { session }) => app.send({ type: 'session.set', account: session.account }),
      trackLogin: (_, { uid }) => analytics.playerIn(uid, 'login'),
      trackLoginError: (_, { type, code }) => analytics.track({ event: 'login_error', error_type: type, error_code: code === null ? null : String(code) }),
      closePopup: (_, { reason }) => dialogs.send({ type: 'dialog.close', id: AUTH_DIALOG_ID, immediate: reason === 'loggedIn' }),
      goToLocaleHome: (_, { locale }) => window.location.assign(afterLoginTarget(window.location, String(locale))),
      reportError: (_, { error }) => console.error('login flow:', error),
      // The server bound the session to the banned player: a full load of this page (without the
      // popup flags) renders the user-blocked page with its 403 (SPEC §2.2, §8).
      showBlockedPage: () => window.location.assign(afterLoginTarget(window.location, splitLocale(window.location.pathname).locale)),
    },
  })
}
