// What the login flow does outside its chart. Its actors call this browser page's API client,
// wrapped in `settleAuthCall` so API errors come back as values; its analytics and its full page
// loads are the default actions. Tests swap them with `loginMachine.provide({ actors, actions })`.
import { fromPromise } from 'xstate'
import { pageAnalytics } from '../../../services/analytics/analytics'
import { browserApiClient } from '../../../services/api/browser-client'
import { getInfo, getprofileinfo } from '../../../services/api/contract/account'
import { login } from '../../../services/api/contract/auth'
import { getinfo as getLoyaltyInfo } from '../../../services/api/contract/loyalty'
import { pageIsFramed, postToFrameParent } from '../../../services/frame/frame-bridge'
import { BACK_URL_QUERY } from '../../../services/frame/frame-messages'
import { assignLocation, currentLocation } from '../../../services/navigation'
import type { ErrorCode, ErrorType } from '../../../shared/errors'
import { settleAuthCall } from '../auth.results'
import type { AccountInfo, LoyaltyInfo, PlayerProfile } from '../auth.types'
import { DEFAULT_LOCALE, isLocale, localizePath, splitLocale } from '../../../shared/locales'
import { safeRedirectPath } from '../../../shared/redirect'
import { afterLoginTarget } from './login.rules'
import type { LoadSessionInput, LoadSessionResult, SubmitLoginInput, SubmitLoginResult } from './login.types'

/** POST auth/login (SPEC §7) with login, password and, in the twofa step, code. */
export const submitLogin = fromPromise<SubmitLoginResult, SubmitLoginInput>(({ input }) =>
  settleAuthCall(async () => {
    await browserApiClient().call(login, input)
    return {}
  }),
)

export interface SessionLoaders {
  /** GET account/getInfo. */
  readonly loadUser: () => Promise<AccountInfo>
  /** GET account/getprofileinfo. */
  readonly loadProfile: () => Promise<PlayerProfile>
  /** GET loyalty/getinfo; null when the player has no programme. */
  readonly loadLoyalty: () => Promise<LoyaltyInfo | null>
}

/**
 * The `loadSession` actor from three calls made at once (SPEC §4 'Login': user, profile and
 * loyalty load). User and profile are the session: an API error in either is a failed login.
 * Loyalty is an extra (SPEC §8: a single loyalty failure is swallowed inside a settled group), so
 * its failure gives `loyalty: null` and the login goes on.
 */
export function createLoadSession(loaders: SessionLoaders) {
  return fromPromise<LoadSessionResult, LoadSessionInput>(() =>
    settleAuthCall(async () => {
      const [account, profile, loyalty] = await Promise.all([
        loaders.loadUser(),
        loaders.loadProfile(),
        loaders.loadLoyalty().catch(() => null),
      ])
      return { session: { account, profile, loyalty } }
    }),
  )
}

/** Loads user, profile and loyalty after the server accepted the login. */
export const loadSession = createLoadSession({
  loadUser: () => browserApiClient().call(getInfo),
  loadProfile: () => browserApiClient().call(getprofileinfo, { fields: 'contacts,document' }),
  loadLoyalty: () => browserApiClient().call(getLoyaltyInfo),
})

/** The page's dataLayer: the visitor is this player now (SPEC §4 'Marketing analytics'). */
export function trackLogin(uid: number): void {
  pageAnalytics().playerIn(uid, 'login')
}

/** The page's dataLayer: a failed login with its §8 type and code. */
export function trackLoginError(type: ErrorType | null, code: ErrorCode): void {
  pageAnalytics().track({ event: 'login_error', error_type: type, error_code: code === null ? null : String(code) })
}

/** A full load of where the player goes after logging in, in their locale. */
export function goToAfterLogin(locale: string): void {
  assignLocation(afterLoginTarget(currentLocation(), locale))
}

/** After a login on the /forms/sign_in page opened alone: its backUrl when it is one of our paths, else the locale's home. */
export function embeddedAfterLoginTarget(search: string, accountLocale: string): string {
  const wanted = safeRedirectPath(new URLSearchParams(search).get(BACK_URL_QUERY))
  return wanted ?? localizePath('/', isLocale(accountLocale) ? accountLocale : DEFAULT_LOCALE)
}

/**
 * After a login on the embeddable /forms/sign_in page: framed, the parent hears refresh_user and the
 * frame stays (the parent owns the page); alone, a full load of its backUrl or the locale's home.
 */
export function finishEmbeddedLogin(locale: string): void {
  if (pageIsFramed()) {
    postToFrameParent({ type: 'refresh_user' }).catch((error: unknown) => console.error('login: refresh_user', error))
  } else assignLocation(embeddedAfterLoginTarget(currentLocation().search, locale))
}

/** A full load of this page in its own locale, without the popup flags: the server answers with the blocked page. */
export function showBlockedPage(): void {
  const location = currentLocation()
  assignLocation(afterLoginTarget(location, splitLocale(location.pathname).locale))
}
