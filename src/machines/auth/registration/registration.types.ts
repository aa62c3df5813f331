// Types of the registration flow (SPEC §2.3, §3 'Profile field sysnames', 'Registration form state',
// 'Registration settings', §4 'Registration', §5, §7 'Registration payload', §8 'Registration failure').
import type { RegistrationSettingsInfo } from '../../../services/api/contract/account'
import type { RegisterParams } from '../../../services/api/contract/auth'
import type { ErrorCode, ErrorType } from '../../../shared/errors'
import type { ProfileFieldSysname, ProfileFieldType } from '../../../shared/profile-fields'
import type { FormErrors, ValidationStrategy } from '../../../shared/validation/rules'
import type { FormEmitted } from '../../forms/focus-first-error'
import type { DialogKind } from '../../app/dialog-stack/dialog-stack.types'
import type { AccountInfo, AppRef, AuthResult, DialogsRef } from '../auth.types'
import type { ActorRefFrom } from 'xstate'
import type { socialLoginMachine } from '../social-login/social-login.machine'

/** The social-login flow a social button's choice goes to. */
export type SocialLoginRef = ActorRefFrom<typeof socialLoginMachine>

// ── profile fields (SPEC §3) ────────────────────────────────────────────────

export type { ProfileFieldSysname, ProfileFieldType }

/** A select's choice. Phone-country lists carry the dial code and mask too (SPEC §3). */
export interface FieldChoice {
  readonly value: string
  readonly label: string
  readonly phone_code?: string
  readonly mask?: string
}

/** A profile field as the per-country field list gives it (SPEC §3, GET account/getPersonalDataFields). */
export interface ProfileField {
  readonly sysname: ProfileFieldSysname
  readonly is_visible: boolean
  readonly is_required: boolean
  readonly type: ProfileFieldType
  readonly options: {
    readonly mask?: string | null
    readonly list?: readonly FieldChoice[] | null
    readonly regex?: string | null
  }
}

// ── settings (SPEC §3 'Registration settings') ──────────────────────────────

/** SPEC §2.3 auth types; the mode switcher shows when there is more than one. */
export type RegistrationMode = 'social' | 'fast' | 'form'

/**
 * The content system's currency rules (SPEC §3). Each picks a value:
 * - emptyValue: none; the player must choose;
 * - firstValue: the first currency of the list;
 * - selectedValue: the one already chosen (initially the preselected currency), if still offered.
 */
export type CurrencyRule = 'emptyValue' | 'firstValue' | 'selectedValue'

export interface CurrencyRules {
  /** When the form opens. */
  readonly defaultValue: CurrencyRule
  /** When defaultValue picks nothing (selectedValue with no preselected currency offered). */
  readonly emptyValue: CurrencyRule
  /** When the country changes and the currency list with it. */
  readonly changeCountryValue: CurrencyRule
  /** When changeCountryValue picks nothing. */
  readonly changeCountryFallbackValue: CurrencyRule
}

export interface RegistrationSettings {
  /** In the order the switcher shows them; the first is where the form opens. Never empty. */
  readonly modes: readonly RegistrationMode[]
  /** Terms must be ticked to register or to use a social button (SPEC §5 Checkbox). Default off. */
  readonly terms: { readonly isActive: boolean }
  /**
   * The mailing-consent checkbox shows (default on). Consent is never implied: it starts unticked
   * and a form without the checkbox sends notify '0'.
   */
  readonly notify: { readonly isActive: boolean }
  /** The betting/casino choice shows; defaultValue is used with no stored preference (default betting). */
  readonly markBetting: { readonly isActive: boolean; readonly defaultValue: 'betting' | 'casino' }
  /** The promo checkbox is offered. */
  readonly showPromocode: boolean
  /** The promo field is open when the form opens (SPEC §3 "promo field shown by default"). */
  readonly promoOpenByDefault: boolean
  /** The confirm-email popup is queued after registration. */
  readonly confirmEmailPopup: boolean
  /** The player picks a loyalty character; its id is sent as character_id. */
  readonly characterSelect: { readonly isActive: boolean }
  readonly currency: CurrencyRules
  /** SPEC §5 'Strategy'. */
  readonly strategy: ValidationStrategy
}

export const DEFAULT_REGISTRATION_SETTINGS: RegistrationSettings = Object.freeze({
  modes: ['form'],
  terms: { isActive: false },
  notify: { isActive: true },
  markBetting: { isActive: false, defaultValue: 'betting' },
  showPromocode: true,
  promoOpenByDefault: false,
  confirmEmailPopup: true,
  characterSelect: { isActive: false },
  currency: {
    defaultValue: 'selectedValue',
    emptyValue: 'firstValue',
    changeCountryValue: 'selectedValue',
    changeCountryFallbackValue: 'firstValue',
  },
  strategy: 'onSubmit',
} satisfies RegistrationSettings)

// ── form state (SPEC §3 'Registration form state') ──────────────────────────

/** Profile fields held as text; currency has its own key, country_code its own event. */
export type ProfileTextField = Exclude<ProfileFieldSysname, 'currency'>

/**
 * The form's values. SPEC §3's hasPromocode is not here: whether the promo field is open is the
 * promo region's state (`on` or `off`), never a flag beside it (ARCHITECTURE §3).
 */
export interface RegistrationValues {
  readonly password: string
  readonly locale: string
  readonly currency: string
  readonly promo_code: string
  readonly terms: boolean
  readonly notify: boolean
  /** 1 betting, 0 casino. */
  readonly is_betting: 0 | 1
  readonly character_id: number | null
  readonly profile: Readonly<Partial<Record<ProfileTextField, string>>>
}

/** Names the player types into: profile text fields (not country_code), password, currency. */
export type EditableField = Exclude<ProfileTextField, 'country_code'> | 'password' | 'currency'

/** The stored betting preference (SPEC §3): '2' betting, '1' casino. */
export type StoredBettingPreference = '1' | '2'

export interface RegistrationInput {
  /**
   * Settings already known to the caller. Without them the flow loads the content system's
   * settings for the page's locale first (`settings.loading`), which is what the popup does.
   */
  readonly settings?: RegistrationSettings
  readonly locale: string
  /**
   * The country the form opens with (geo or the site's), ISO 3166-1 alpha-2. Without it the loaded
   * settings' defaultCountry; with given settings it is required.
   */
  readonly countryCode?: string
  /** Preselected currency (general info default_currency), what `selectedValue` means at first. */
  readonly currency?: string | null
  /** Currencies when the field list has no currency list (general info available_currencies). */
  readonly currencies?: readonly string[]
  readonly storedBettingPreference?: StoredBettingPreference | null
  /** The redirectUrl query value, if any (SPEC §2.3). */
  readonly redirectUrl?: string | null
  /**
   * Values the form opens with: what is already known of the player (the e-mail of a social
   * registration that needs completing, SPEC §2.3) or what they typed before the popup reopened.
   * The currency is not here: input.currency and the currency rules decide it.
   */
  readonly prefill?: Readonly<Partial<Record<Exclude<EditableField, 'currency'>, string>>>
  /** The root actor: told of the new session ('session.set'). Required to finish a registration. */
  readonly app?: AppRef
  /** The page's dialog stack: the auth popup is closed and the post-registration popups queued on it. */
  readonly dialogs?: DialogsRef
  /** The social-login flow of the view, which a social button's choice is sent to ('social.select'). */
  readonly social?: SocialLoginRef
  /**
   * The embeddable /forms/sign_up page (SPEC §2.3): once registered, framed it tells the parent
   * refresh_user and stays; alone it loads the target page in full. No router move, no popup.
   */
  readonly embedded?: boolean
}

/** SPEC §8: the notice when the server's errors name no field the form shows. */
export type RegistrationGeneralError = 'wrongRegistrationServerError'

/** The content system's registration settings as getRegistrationSettings answers (SPEC §3). */
export type RegistrationContent = RegistrationSettingsInfo

export interface RegistrationContext {
  /** Where the settings come from: the input, or the content system (loaded first). */
  readonly settingsSource: 'input' | 'server'
  readonly settings: RegistrationSettings
  /**
   * What the view draws besides the form rules (side banner, terms page, minimum age, social
   * list): null until the settings were loaded, and when the input gave them.
   */
  readonly content: RegistrationContent | null
  /** The stored betting preference (input), applied when the settings arrive. */
  readonly storedBettingPreference: StoredBettingPreference | null
  readonly mode: RegistrationMode
  readonly values: RegistrationValues
  /** Null until the first field list arrived; then the list of the current country. */
  readonly fields: readonly ProfileField[] | null
  /** Fallback currency list (input.currencies). */
  readonly currencies: readonly string[]
  /** Preselected currency for `selectedValue` before the player chose one. */
  readonly preselectedCurrency: string | null
  /** SPEC §5 strategies: whether the form was submitted, and which fields were typed in since (onSubmit) or ever (eager). */
  readonly submitted: boolean
  readonly touched: readonly string[]
  /** Errors the client rules do not produce: the server's, and the terms error a social click raises. Cleared per field on edit. */
  readonly reportedErrors: FormErrors
  readonly generalError: RegistrationGeneralError | null
  /** The promo code the server accepted, while the promo region is `valid`: the only one ever sent. */
  readonly validPromoCode: string | null
  readonly redirectUrl: string | null
  /**
   * Where the player goes once registered, locale-free for the router and with register=success
   * (SPEC §2.2): set on the way through `registered`, before the redirect is emitted.
   */
  readonly redirectTo: string | null
  /** The new player, set on the way into `registered`, whose entry hands it on. */
  readonly account: AccountInfo | null
  readonly app: AppRef | null
  readonly dialogs: DialogsRef | null
  readonly social: SocialLoginRef | null
  /** input.embedded: where a registration leads (redirectAfterRegistration). */
  readonly embedded: boolean
}

export type RegistrationEvent =
  /** Retry after the settings failed to load. */
  | { type: 'reg.settings.retry' }
  /** The mode switcher (SPEC §2.3); only modes the settings list. */
  | { type: 'reg.mode.select'; mode: RegistrationMode }
  /** Typing or choosing in a field. */
  | { type: 'reg.field.change'; name: EditableField; value: string }
  /** The country select: reloads the field list and resets region, currency, document type. */
  | { type: 'reg.country.change'; countryCode: string }
  /** Retry after the field list failed to load. */
  | { type: 'reg.fields.retry' }
  /** The promo checkbox (SPEC §4: the promo field shows only when it is on). */
  | { type: 'reg.promo.toggle' }
  | { type: 'reg.promo.change'; value: string }
  | { type: 'reg.terms.toggle' }
  | { type: 'reg.notify.toggle' }
  /** The betting/casino choice (markBetting). */
  | { type: 'reg.betting.select'; isBetting: boolean }
  /** The loyalty character picker (characterSelect). */
  | { type: 'reg.character.select'; id: number }
  | { type: 'reg.social.click'; provider: string }
  | { type: 'reg.submit' }
  /** The page tells the flow the redirect it emitted (REGISTRATION_REDIRECT) has landed. */
  | { type: 'reg.redirect.landed' }

/** Emitted once registered: the page moves to `to` (its router, client-side), then sends 'reg.redirect.landed'. */
export const REGISTRATION_REDIRECT = 'registration.redirect' as const

export type RegistrationEmitted = FormEmitted | { readonly type: typeof REGISTRATION_REDIRECT; readonly to: string }

// ── actors ──────────────────────────────────────────────────────────────────

/** GET account/getRegistrationSettings: the settings for the page's locale. */
export type LoadSettingsResult = AuthResult<{ readonly settings: RegistrationContent }>

/** GET account/getPersonalDataFields (country_code). */
export interface LoadFieldsInput {
  readonly countryCode: string
}
export type LoadFieldsResult = AuthResult<{ readonly fields: readonly ProfileField[] }>

/** POST campaigns/checkPromocode (promo_code, trimmed): valid false when the data is falsy. */
export interface CheckPromocodeInput {
  readonly promoCode: string
}
export type CheckPromocodeResult = AuthResult<{ readonly valid: boolean }>

/**
 * SPEC §7 'Registration payload', every value as the form sends it. Keys are the auth contract's:
 * a key it does not take does not compile.
 */
export type RegistrationPayload = Readonly<Partial<Record<keyof RegisterParams, string>>>

export interface RegisterInput {
  readonly payload: RegistrationPayload
}
/** POST auth/register: the new player's account, logged in. */
export type RegisterResult = AuthResult<{ readonly account: AccountInfo }>

// ── actions a provider implements ───────────────────────────────────────────

export interface RegistrationActionParams {
  /** Hands the new account to the root actor ('session.set'). */
  readonly setUser: { readonly account: AccountInfo }
  /** Loads the profile of the new player. */
  readonly loadProfile: undefined
  /** Activates the promo code saved in storage, if there is one (SPEC §4). */
  readonly activateSavedPromo: undefined
  /** Analytics: a registration (SPEC §4 'Marketing analytics': identify the visitor). */
  readonly trackRegistration: { readonly uid: number }
  /** Analytics 'error sign-up' with the error code (SPEC §4). */
  readonly trackRegistrationError: { readonly type: ErrorType | null; readonly code: ErrorCode }
  /** Clears the stored betting preference and the saved promo code (SPEC §4). */
  readonly clearStoredPreferences: undefined
  /** Closes the auth popup, even when prevent_close is set: the flow is finished and its redirect landed. */
  readonly closePopup: { readonly reason: 'registered' }
  /** Queues these popups on the dialog stack, in order (SPEC §4); the provider skips the ones that do not apply (no unseen cashback, no campaign). */
  readonly queuePostRegistrationPopups: { readonly kinds: readonly DialogKind[] }
  /**
   * Emits REGISTRATION_REDIRECT to `to`: redirectUrl when it is a same-origin path, else
   * /cashier/deposit (SPEC §2.3), locale-free and with register=success.
   */
  readonly redirectAfterRegistration: { readonly to: string }
  /** input.embedded only: framed, refresh_user to the parent; alone, a full load of `to` in the page's locale. */
  readonly finishEmbedded: { readonly to: string }
  /** Sends the choice to the social-login flow, which opens the 640x480 window at /oauth/init (SPEC §7). */
  readonly openSocialLogin: { readonly provider: string }
  /** A bug (an actor rejected); loud by default. */
  readonly reportError: { readonly error: unknown }
}

export const AFTER_REGISTRATION_PATH = '/cashier/deposit'
