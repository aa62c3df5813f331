import { fromPromise } from 'xstate'
import { settleAuthCall } from '../../../machines/auth/auth.results'
import { registrationMachine } from '../../../machines/auth/registration/registration.machine'
import type {
  CheckPromocodeInput,
  CheckPromocodeResult,
  LoadFieldsInput,
  LoadFieldsResult,
  LoadSettingsResult,
  ProfileField,
  RegisterInput,
  RegisterResult,
  StoredBettingPreference,
} from '../../../machines/auth/registration/registration.types'
import type { DialogKind } from '../../../machines/app/dialog-stack/dialog-stack.types'
import { getPersonalDataFields, getprofileinfo, getRegistrationSettings } from '../../../services/api/contract/account'
import { register, type RegisterParams } from '../../../services/api/contract/auth'
import { checkPromocode, getoffers } from '../../../services/api/contract/campaigns'
import { get as getCashbacks } from '../../../services/api/contract/cashbacks'
import { isUnseenCashback, SEEN_CASHBACK_KEY, UNSEEN_CASHBACK_STATUSES } from '../../../shared/cashback-unseen'
import { splitLocale } from '../../../shared/locales'
import type { AppActorRef, AppServices, DialogsRef } from '../../app/AppProviders'
import { AUTH_DIALOG_ID } from '../auth-popup/AuthPopupShell.ids'

/** Where the casino/betting choice of the home page is remembered (SPEC §3: '2' betting, '1' casino). */
export const BETTING_PREFERENCE_KEY = 'betting_preference'
/** Where a promo code met before sign-up would be kept (SPEC §4 'Registration': activated after it). */
export const SAVED_PROMO_KEY = 'saved_promo_code'

export const CONFIRM_EMAIL_DIALOG_ID = 'confirm-email'
export const CAMPAIGN_DIALOG_ID = 'campaign'
export const CASHBACK_UNSEEN_DIALOG_ID = 'cashback-unseen'

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

export function storedBettingPreference(): StoredBettingPreference | null {
  const value = storage()?.getItem(BETTING_PREFERENCE_KEY)
  return value === '1' || value === '2' ? value : null
}

export interface RegistrationEffects {
  services: AppServices
  app: AppActorRef
  dialogs: DialogsRef
  /**
   * react-router's navigate: a client-side move keeps the queued popups and the new session. It
   * resolves once the new page's loaders ran and its location is current.
   */
  navigate: (to: string) => Promise<void> | void
  /**
   * Starts the social-login flow for a provider once the registration flow allowed it (terms
   * ticked): the view's social-login actor, which opens the window and follows the result.
   */
  openSocialLogin?: (provider: string) => void
}

/**
 * The registration machine with its effects bound to this page's services (ARCHITECTURE §3), as
 * login-provider.ts does for login. After success the player moves client-side, so the popups
 * queued on the dialog stack show on the page they land on.
 */
export function provideRegistration({ services, app, dialogs, navigate, openSocialLogin }: RegistrationEffects) {
  const { api, analytics } = services
  // addRegisterSuccessQuery runs before the redirect in SPEC §4's order; the query goes on the target.
  let successQuery = false
  // The popup closes once the redirect has landed: closing it first would make the popup's query
  // flags be cleared from the page being left, a navigation that cancels the redirect in flight.
  let closeWhenLanded = false
  const closeAuthPopup = () => dialogs.send({ type: 'dialog.close', id: AUTH_DIALOG_ID, immediate: true })

  /** SPEC §4: the popups after registration, each only when it has something to say. */
  async function queuePopups(kinds: readonly DialogKind[]) {
    for (const kind of kinds) {
      if (kind === 'confirm-email') {
        const profile = await api.call(getprofileinfo, { fields: 'contacts' })
        const email = profile.contacts?.find((c) => c.type === 'email' && !c.is_confirmed)
        if (email) dialogs.send({ type: 'dialog.open', queue: true, dialog: { id: CONFIRM_EMAIL_DIALOG_ID, kind, props: { email: email.contact } } })
      } else if (kind === 'campaign') {
        const [offer] = await api.call(getoffers, {})
        if (offer) {
          dialogs.send({
            type: 'dialog.open',
            queue: true,
            dialog: { id: CAMPAIGN_DIALOG_ID, kind, props: { title: offer.description.title, text: offer.description.text } },
          })
        }
      } else if (kind === 'cashback-unseen') {
        // SPEC §4 'Cashback unseen': the latest by end date; a new player usually has none.
        const [latest] = await api.call(getCashbacks, { count: 1, sort: 'ended_at', order: 'desc', statuses: [...UNSEEN_CASHBACK_STATUSES] })
        if (isUnseenCashback(latest, storage()?.getItem(SEEN_CASHBACK_KEY) ?? null)) {
          dialogs.send({
            type: 'dialog.open',
            queue: true,
            dialog: { id: CASHBACK_UNSEEN_DIALOG_ID, kind, props: { id: latest.id, status: latest.status, amount: latest.amount.amount, currency: latest.amount.currency } },
          })
        }
      }
    }
  }

  return registrationMachine.provide({
    actors: {
      loadSettings: fromPromise<LoadSettingsResult>(() => settleAuthCall(async () => ({ settings: await api.call(getRegistrationSettings) }))),
      loadFields: fromPromise<LoadFieldsResult, LoadFieldsInput>(({ input }) =>
        settleAuthCall(async () => ({
          fields: (await api.call(getPersonalDataFields, { country_code: input.countryCode })) as readonly ProfileField[],
        })),
      ),
      checkPromocode: fromPromise<CheckPromocodeResult, CheckPromocodeInput>(({ input }) =>
        settleAuthCall(async () => ({ valid: Boolean(await api.call(checkPromocode, { promo_code: input.promoCode })) })),
      ),
      register: fromPromise<RegisterResult, RegisterInput>(({ input }) =>
        // The payload is the wire form (strings, SPEC §7), which is what the contract decodes.
        settleAuthCall(async () => ({ account: await api.call(register, input.payload as unknown as RegisterParams) })),
      ),
    },
    actions: {
      setUser: (_, { account }) => app.send({ type: 'session.set', account }),
      addRegisterSuccessQuery: () => {
        successQuery = true
      },
      // The profile is read by the popups that need it (confirm-email) and by the profile pages
      // themselves; there is no client-side profile store to fill yet.
      loadProfile: () => {},
      // Nothing on the site saves a promo code before sign-up yet (SAVED_PROMO_KEY stays empty),
      // and activating one is the bonuses issue's campaigns/activateOffer; clearStoredPreferences
      // removes a stale one.
      activateSavedPromo: () => {},
      trackRegistration: (_, { uid }) => {
        analytics.identify(uid)
        analytics.track({ event: 'sign-up', user_id: uid })
      },
      trackRegistrationError: (_, { type, code }) =>
        analytics.track({ event: 'error sign-up', error_type: type, error_code: code === null ? null : String(code) }),
      clearStoredPreferences: () => {
        storage()?.removeItem(BETTING_PREFERENCE_KEY)
        storage()?.removeItem(SAVED_PROMO_KEY)
      },
      closePopup: () => {
        closeWhenLanded = true
      },
      queuePostRegistrationPopups: (_, { kinds }) => {
        queuePopups(kinds).catch((error: unknown) => console.error('registration popups:', error))
      },
      redirectAfterRegistration: (_, { to }) => {
        // The router's basename carries the page's locale; a redirectUrl may name one too.
        const url = new URL(to, 'http://same-origin')
        if (successQuery) url.searchParams.set('register', 'success')
        Promise.resolve(navigate(splitLocale(url.pathname).path + url.search + url.hash))
          .catch((error: unknown) => console.error('registration redirect:', error))
          .finally(() => {
            if (closeWhenLanded) closeAuthPopup()
          })
      },
      openSocialLogin: (_, { provider }) => {
        if (openSocialLogin) return openSocialLogin(provider)
        const back = window.location.pathname + window.location.search
        const query = new URLSearchParams({ service: provider, redirect_url: back, type_auth: 'registration' })
        window.open(`/oauth/init?${query.toString()}`, 'oauth', 'width=640,height=480')
      },
      reportError: (_, { error }) => console.error('registration flow:', error),
    },
  })
}
