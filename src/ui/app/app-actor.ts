import { createActor, fromPromise, type InspectionEvent, type Observer, type Snapshot } from 'xstate'
import type { AccountInfo, CmsConfig, FetchAccountInput, FetchAccountResult } from '../../machines/app/app/app.types'
import { appMachine } from '../../machines/app/app/app.machine'
import { selectIsLoggedIn, selectTheme } from '../../machines/app/app/app.selectors'
import { dialogStackMachine } from '../../machines/app/dialog-stack/dialog-stack.machine'
import { consentMachine } from '../../machines/app/consent/consent.machine'
import type { AnalyticsSettings } from '../../shared/analytics-settings'
import { encodeConsent, type ConsentChoice } from '../../shared/consent'
import type { Analytics } from '../../services/analytics/analytics'
import type { ApiClient } from '../../services/api/client'
import { getInfo, VISITOR } from '../../services/api/contract/account'
import { SESSION_ENDED_EVENT, type SessionEndReason } from '../../shared/session-limit'
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { CONSENT_COOKIE_MAX_AGE_SEC, THEME_COOKIE_MAX_AGE_SEC, LOCALE_COOKIE_MAX_AGE_SEC, LOGOUT_NOTICE_TOAST_MS, RELOAD_OFFER_TOAST_MS } from '../../shared/constants'
import { CONSENT_COOKIE, LOCALE_COOKIE, THEME_COOKIE } from '../../shared/cookies'
import { isApiError } from '../../shared/errors'
import { localizePath, type Locale } from '../../shared/locales'
import type { AppActorRef } from './AppProviders'
import { finishLogout, takeLogoutNotice } from './logout'

/**
 * The root actor with its page-level side effects bound (cookies, scroll lock, the request's API
 * client, the logout's navigation). Server: per request, no effects, persisted into the HTML.
 * Browser: resumed from that snapshot; 'app.hydrated' then starts the long-lived actors, whose
 * default actors call src/services themselves (ARCHITECTURE §3).
 */
/**
 * The root machine as the server runs it: no page effects, and the account it already read for
 * the request. Provided once: `provide` copies the whole machine, a cost no request should pay.
 */
const serverAppMachine = appMachine.provide({
  actions: { persistTheme: () => {}, switchLocale: () => {}, endSession: () => {}, trackLogoutError: () => {} },
  actors: {
    fetchAccount: fromPromise<FetchAccountResult, FetchAccountInput>(async ({ input }) => ({ ok: true, account: input.current })),
    consent: consentMachine.provide({ actions: { persistConsent: () => {}, applyConsent: () => {} } }),
  },
})

export function startServerAppActor({
  account,
  locale,
  theme,
  path,
  cmsConfig = null,
  buildId = null,
  consent,
  analytics,
}: {
  account: AccountInfo | null
  locale: Locale
  theme: string | undefined
  /** The request's path without its locale prefix. */
  path: string
  /** The locale's public content config; dehydrated with the snapshot, so the browser does not fetch it again. */
  cmsConfig?: CmsConfig | null
  /** The build serving the page (SPEC §4 'Build manifest'); null in development. */
  buildId?: string | null
  /** The consent cookie's choice; null: the banner shows. */
  consent: ConsentChoice | null
  analytics: AnalyticsSettings
}) {
  const ref = createActor(
    serverAppMachine,
    // The long-lived actors (inactivity, balance, hints, socket) stay dormant here: they start on
    // 'app.hydrated', which only the browser sends.
    { input: { account: account ?? VISITOR, locale, theme, path, cmsConfig, buildId, consent, analytics } },
  ).start()
  return {
    ref,
    isLoggedIn: () => selectIsLoggedIn(ref.getSnapshot()),
    get theme() {
      return selectTheme(ref.getSnapshot())
    },
    persist: () => ref.getPersistedSnapshot(),
    stop: () => ref.stop(),
  }
}

function setCookie(name: string, value: string, maxAge: number) {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`
}

export function startBrowserAppActor({
  snapshot,
  api,
  analytics,
  basename,
  inspect,
  i18n,
}: {
  snapshot: unknown
  api: ApiClient
  analytics: Analytics
  basename: string
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void)
  /** The page's catalog: the reload offer is worded here (machines do not translate). */
  i18n: I18n
}) {
  const machine = appMachine.provide({
    actions: {
      offerReload: ({ self }) =>
        self.send({
          type: 'toast.show',
          toast: { type: 'info', message: i18n._(msg`A new version of the site is ready. Reload to use it; what you have typed stays.`), action: 'reload', duration: RELOAD_OFFER_TOAST_MS },
        }),
      persistTheme: (_, { theme }) => {
        setCookie(THEME_COOKIE, theme, THEME_COOKIE_MAX_AGE_SEC)
        document.documentElement.dataset.theme = theme
      },
      switchLocale: (_, { locale }) => {
        setCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE_SEC)
        // A full load: the server renders the page in the new language with its catalogs.
        const path = location.pathname.slice(basename.length) || '/'
        location.assign(localizePath(path, locale) + location.search + location.hash)
      },
      endSession: ({ self, context }, { reason }) => finishLogout({ app: self as AppActorRef, analytics, locale: context.locale, reason }),
      trackLogoutError: (_, { errorType }) => analytics.track({ event: 'logout_error', error_type: errorType }),
    },
    actors: {
      dialogs: dialogStackMachine.provide({
        actions: {
          lockScroll: () => {
            document.documentElement.style.overflow = 'hidden'
          },
          unlockScroll: () => {
            document.documentElement.style.overflow = ''
          },
        },
      }),
      // The choice is kept a year (SPEC §9 like the other preferences); the page's tools follow it.
      consent: consentMachine.provide({
        actions: {
          persistConsent: (_, { choice }) => setCookie(CONSENT_COOKIE, encodeConsent(choice), CONSENT_COOKIE_MAX_AGE_SEC),
          applyConsent: ({ context }) => analytics.setConsent(context.choice, context.settings),
        },
      }),
      fetchAccount: fromPromise<FetchAccountResult, FetchAccountInput>(async () => {
        try {
          return { ok: true, account: await api.call(getInfo) }
        } catch (error) {
          if (isApiError(error)) return { ok: false, error: { type: error.type, code: error.code } }
          throw error
        }
      }),
    },
  })
  // Input only seeds a new actor; a restored one takes everything from the server's snapshot.
  const ref = createActor(machine, { snapshot: snapshot as Snapshot<unknown>, input: undefined as never, inspect }).start()
  // The server ended the session on an API call and said why: the player is logged out and told.
  window.addEventListener(SESSION_ENDED_EVENT, (event) => {
    const reason = (event as CustomEvent<SessionEndReason>).detail
    ref.send({ type: 'session.end', reason: reason === 'time_limit' ? 'sessionLimit' : 'selfExcluded' })
  })
  // 'app.hydrated' wakes the long-lived actors; until the page has hydrated, the views must draw
  // what the server drew. The renderer calls this in a task of its own (HydrationDone).
  let woken = false
  const hydrated = () => {
    if (woken) return
    woken = true
    ref.send({ type: 'app.hydrated' })
    if (takeLogoutNotice() === 'sessionLimit') {
      ref.send({ type: 'toast.show', toast: { type: 'info', message: i18n._(msg`You have been logged out: your session reached the time limit you set. You can log in again.`), duration: LOGOUT_NOTICE_TOAST_MS } })
    }
  }
  return { ref, isLoggedIn: () => selectIsLoggedIn(ref.getSnapshot()), hydrated }
}
