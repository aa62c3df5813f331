// What the registration flow does outside its chart: its API calls on this browser page's client,
// wrapped in `settleAuthCall` (auth.results.ts) so API errors come back as values, and the page's
// storage, analytics and post-registration popups. Tests swap them with `.provide()`.
import { fromPromise } from 'xstate'
import { pageAnalytics } from '../../../services/analytics/analytics'
import { browserApiClient } from '../../../services/api/browser-client'
import { getPersonalDataFields, getprofileinfo, getRegistrationSettings } from '../../../services/api/contract/account'
import { register as registerCall, type RegisterParams } from '../../../services/api/contract/auth'
import { checkPromocode as checkPromocodeCall, getoffers } from '../../../services/api/contract/campaigns'
import { get as getCashbacks } from '../../../services/api/contract/cashbacks'
import { pageIsFramed, postToFrameParent } from '../../../services/frame/frame-bridge'
import { assignLocation } from '../../../services/navigation'
import { DEFAULT_LOCALE, isLocale, localizePath } from '../../../shared/locales'
import { isUnseenCashback, SEEN_CASHBACK_KEY, UNSEEN_CASHBACK_STATUSES } from '../../../shared/cashback-unseen'
import type { ErrorCode, ErrorType } from '../../../shared/errors'
import type { DialogKind } from '../../app/dialog-stack/dialog-stack.types'
import { settleAuthCall } from '../auth.results'
import type { DialogsRef } from '../auth.types'
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
} from './registration.types'

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

/** The home page's casino/betting choice, for the flow's input. */
export function storedBettingPreference(): StoredBettingPreference | null {
  const value = storage()?.getItem(BETTING_PREFERENCE_KEY)
  return value === '1' || value === '2' ? value : null
}

/** GET account/getRegistrationSettings: the content system's settings for the page's locale. */
export const loadSettings = fromPromise<LoadSettingsResult>(() =>
  settleAuthCall(async () => ({ settings: await browserApiClient().call(getRegistrationSettings) })),
)

/** GET account/getPersonalDataFields with country_code: the profile fields of that country. */
export const loadFields = fromPromise<LoadFieldsResult, LoadFieldsInput>(({ input }) =>
  settleAuthCall(async () => ({
    fields: (await browserApiClient().call(getPersonalDataFields, { country_code: input.countryCode })) as readonly ProfileField[],
  })),
)

/** POST campaigns/checkPromocode with the trimmed promo_code; `valid: false` when the data is falsy. */
export const checkPromocode = fromPromise<CheckPromocodeResult, CheckPromocodeInput>(({ input }) =>
  settleAuthCall(async () => ({ valid: Boolean(await browserApiClient().call(checkPromocodeCall, { promo_code: input.promoCode })) })),
)

/** POST auth/register with the SPEC §7 payload; the new account, logged in. */
export const register = fromPromise<RegisterResult, RegisterInput>(({ input }) =>
  // The payload is the wire form (strings, SPEC §7), which is what the contract decodes.
  settleAuthCall(async () => ({ account: await browserApiClient().call(registerCall, input.payload as unknown as RegisterParams) })),
)

/** Analytics: a registration (SPEC §4 'Marketing analytics'). */
export function trackRegistration(uid: number): void {
  const analytics = pageAnalytics()
  analytics.identify(uid)
  analytics.track({ event: 'sign-up', user_id: uid })
}

/** Analytics 'error sign-up' with the §8 type and code. */
export function trackRegistrationError(type: ErrorType | null, code: ErrorCode): void {
  pageAnalytics().track({ event: 'error sign-up', error_type: type, error_code: code === null ? null : String(code) })
}

/** SPEC §4: the betting preference and a saved promo code are forgotten once registered. */
export function clearStoredPreferences(): void {
  storage()?.removeItem(BETTING_PREFERENCE_KEY)
  storage()?.removeItem(SAVED_PROMO_KEY)
}

/** SPEC §4: the popups after registration, each only when it has something to say. */
export async function queuePostRegistrationPopups(dialogs: DialogsRef, kinds: readonly DialogKind[]): Promise<void> {
  const api = browserApiClient()
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

/**
 * After a registration on the embeddable /forms/sign_up page: framed, the parent hears
 * refresh_user and the frame stays (the parent owns the page); alone, a full load of the target
 * (`to` is locale-free: the page's locale goes in front).
 */
export function finishEmbeddedRegistration(to: string, locale: string): void {
  if (pageIsFramed()) {
    postToFrameParent({ type: 'refresh_user' }).catch((error: unknown) => console.error('registration: refresh_user', error))
  } else assignLocation(localizePath(to, isLocale(locale) ? locale : DEFAULT_LOCALE))
}
