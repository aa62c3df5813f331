// Account area (SPEC §7 'Account'). More calls join this file as their flows are built.
import { array, boolean, enums, integer, literal, min, nullable, number, object, optional, pattern, refine, size, string, type, type Infer } from 'superstruct'
import { DEFAULT_LOCALE, LOCALES } from '../../../shared/locales'
import { EXCLUSION_PERIODS } from '../../../shared/self-exclusion'
import { REALITY_CHECK_MINUTES } from '../../../shared/reality-check'
import { PROFILE_FIELD_SYSNAMES, PROFILE_FIELD_TYPES } from '../../../shared/profile-fields'
import { DepositOfferSchema } from './cashier'
import { defineCall } from './define'
import { DecimalString, MoneyShape } from './shapes'
import { wireBoolean } from './params'

/**
 * SPEC §3 'Account info'. One shape for visitor and player, because getInfo answers both: a
 * visitor is uid 0 with empty text, null balances and every flag off. `type` (not `object`)
 * lets a newer server add fields without breaking older clients.
 */
export const AccountInfoSchema = refine(
  type({
    /** Above 0 means logged in. */
    uid: min(integer(), 0),
    /** ISO 8601; null for a visitor. */
    reg_time: nullable(string()),
    login: string(),
    fakename: nullable(string()),
    is_subscribed: boolean(),
    /** The player's currency is the main balance's (SPEC §3). */
    balance_main: nullable(MoneyShape),
    balance_bonus: nullable(MoneyShape),
    balance_betting_bonus: nullable(MoneyShape),
    balance_fun: nullable(MoneyShape),
    is_on_verification: boolean(),
    is_verified: boolean(),
    is_kyc_block_enabled: boolean(),
    is_registration_completed: boolean(),
    /** ISO 3166-1 alpha-2; null when unknown. */
    country_code: nullable(string()),
    locale: string(),
    two_factor_auth: boolean(),
    /**
     * Our addition: the player chose betting over casino at registration (is_betting 1). The home
     * page leads with the sportsbook for them. Optional, so another platform's answer still reads.
     */
    is_betting: optional(boolean()),
  }),
  'PlayerHasMainBalance',
  // The header total and the player's currency both come from the main balance, so a logged-in
  // answer without one is a server bug worth failing on in development.
  (info) => info.uid === 0 || info.balance_main !== null || 'a logged-in player (uid > 0) needs balance_main',
)

export type AccountInfo = Infer<typeof AccountInfoSchema>

export const VISITOR: Readonly<AccountInfo> = Object.freeze({
  uid: 0,
  reg_time: null,
  login: '',
  fakename: null,
  is_subscribed: false,
  balance_main: null,
  balance_bonus: null,
  balance_betting_bonus: null,
  balance_fun: null,
  is_on_verification: false,
  is_verified: false,
  is_kyc_block_enabled: false,
  is_registration_completed: false,
  country_code: null,
  locale: DEFAULT_LOCALE,
  two_factor_auth: false,
  is_betting: false,
})

export function isLoggedIn(info: Pick<AccountInfo, 'uid'>): boolean {
  return info.uid > 0
}

/** GET /api/account/getInfo: the current player, or VISITOR's shape when nobody is logged in. */
export const getInfo = defineCall({
  area: 'account',
  name: 'getInfo',
  method: 'GET',
  access: 'anyone',
  request: object({}),
  response: AccountInfoSchema,
})

/** SPEC §3 'Contact': an e-mail or phone of the player and its state. */
export const ContactSchema = object({
  type: enums(['email', 'phone']),
  contact: string(),
  is_confirmed: boolean(),
  is_subscribed: boolean(),
  phone_country_code: optional(nullable(string())),
})
export type Contact = Infer<typeof ContactSchema>

/** SPEC §3 'Profile'. `document` and `contacts` come when asked for in `fields`. */
export const ProfileSchema = object({
  first_name: nullable(string()),
  last_name: nullable(string()),
  sex: number(),
  birth_date: nullable(string()),
  country: nullable(string()),
  country_code: nullable(string()),
  region: nullable(string()),
  home_town: nullable(string()),
  address: nullable(string()),
  postcode: nullable(string()),
  document: optional(nullable(object({ type: nullable(string()), number: nullable(string()) }))),
  contacts: optional(array(ContactSchema)),
  /** Not in SPEC §3's list; a platform without them leaves them out. */
  middle_name: optional(nullable(string())),
  /** When the nickname may change next (ISO 8601); null when it may change now. */
  fakename_next_change_at: optional(nullable(string())),
})
export type Profile = Infer<typeof ProfileSchema>

export const PROFILE_FIELDS = ['contacts', 'document'] as const

/** GET /api/account/getprofileinfo: the logged-in player's profile; `fields` is e.g. 'contacts,document'. */
export const getprofileinfo = defineCall({
  area: 'account',
  name: 'getprofileinfo',
  method: 'GET',
  access: 'player',
  request: object({ fields: optional(string()) }),
  response: ProfileSchema,
})

// ── registration form configuration (SPEC §3 'Profile field sysnames', 'Registration settings') ──

/** A select's choice; phone-country choices carry the dial code and mask (SPEC §3). */
export const FieldChoiceSchema = object({
  value: string(),
  label: string(),
  phone_code: optional(string()),
  mask: optional(string()),
})

/** One field of the per-country list: params is_visible and is_required, a type and options. */
export const ProfileFieldSchema = object({
  sysname: enums(PROFILE_FIELD_SYSNAMES),
  is_visible: boolean(),
  is_required: boolean(),
  type: enums(PROFILE_FIELD_TYPES),
  options: object({
    mask: optional(nullable(string())),
    list: optional(nullable(array(FieldChoiceSchema))),
    regex: optional(nullable(string())),
  }),
})
export type ProfileFieldInfo = Infer<typeof ProfileFieldSchema>

/**
 * GET /api/account/getPersonalDataFields?country_code=XX: the registration and profile fields of
 * that country, in the order the form shows them. A country without a list of its own gets the
 * site's default list. The country_code is ISO 3166-1 alpha-2, any case.
 */
export const getPersonalDataFields = defineCall({
  area: 'account',
  name: 'getPersonalDataFields',
  method: 'GET',
  access: 'anyone',
  request: object({ country_code: pattern(string(), /^[A-Za-z]{2}$/) }),
  response: array(ProfileFieldSchema),
})

const currencyRule = () => enums(['emptyValue', 'firstValue', 'selectedValue'] as const)

/**
 * SPEC §2.3 side banner of the auth popup. A banner that advertises a deposit offer names it
 * (offer_sysname, in the content file) instead of writing its figure: the server answers the offer
 * itself (offer), as the cashier gives it to a visitor, and the view words the figure and the line
 * under it from the offer's data, so the banner promises exactly what the cashier offers. An offer
 * that is not running takes the banner away.
 */
export const SideBannerSchema = object({
  banner_type: enums(['compact', 'other'] as const),
  label: size(string(), 1, 80),
  /** The figure and the line under it of a banner without an offer. */
  value: optional(nullable(size(string(), 1, 40))),
  addition: optional(nullable(size(string(), 1, 160))),
  /** A same-origin image path. */
  image: nullable(pattern(string(), /^\/[A-Za-z0-9/_.-]+$/)),
  /** The deposit offer advertised, by its sysname (content file). */
  offer_sysname: optional(nullable(pattern(string(), /^[a-z0-9][a-z0-9_-]{0,63}$/))),
  /** That offer as getdepositoffers answers a visitor; filled in by the server. */
  offer: optional(nullable(DepositOfferSchema)),
})
export type SideBannerInfo = Infer<typeof SideBannerSchema>

/** SPEC §2.3 social list item. */
export const SocialProviderSchema = object({ id: string(), name: string(), icon: string() })

/**
 * SPEC §3 'Registration settings', as the content system of the request's locale gives them
 * (content/<locale>/registration.json). Not in SPEC §7's table, which names no call for them.
 */
export const RegistrationSettingsSchema = object({
  /** SPEC §2.3 auth types in switcher order; the first is where the form opens. */
  modes: size(array(enums(['social', 'fast', 'form'] as const)), 1, 3),
  /** The terms box; the player also confirms being of age with it. pageSlug is the content page linked. */
  terms: object({ isActive: boolean(), pageSlug: nullable(string()) }),
  notify: object({ isActive: boolean() }),
  markBetting: object({ isActive: boolean(), defaultValue: enums(['betting', 'casino'] as const) }),
  showPromocode: boolean(),
  promoOpenByDefault: boolean(),
  confirmEmailPopup: boolean(),
  characterSelect: object({ isActive: boolean() }),
  currency: object({
    defaultValue: currencyRule(),
    emptyValue: currencyRule(),
    changeCountryValue: currencyRule(),
    changeCountryFallbackValue: currencyRule(),
  }),
  strategy: enums(['eager', 'onSubmit'] as const),
  /** The country the form opens with in this locale (ISO 3166-1 alpha-2). */
  defaultCountry: pattern(string(), /^[A-Z]{2}$/),
  /** The minimum age players confirm (18 unless the market says otherwise). */
  minimumAge: min(integer(), 18),
  /** SPEC §2.3 social list; empty when social login is not offered. */
  socialProviders: array(SocialProviderSchema),
  /**
   * SPEC §2.3 side banner beside the registration form: label, value, addition, banner_type
   * (compact: a strip above the form; other: a panel beside it on wider screens) and an image.
   * Null or absent: no banner.
   */
  sideBanner: optional(nullable(SideBannerSchema)),
})
export type RegistrationSettingsInfo = Infer<typeof RegistrationSettingsSchema>

/** GET /api/account/getRegistrationSettings: the registration form's settings for the request's locale. */
export const getRegistrationSettings = defineCall({
  area: 'account',
  name: 'getRegistrationSettings',
  method: 'GET',
  access: 'anyone',
  request: object({}),
  response: RegistrationSettingsSchema,
})

/**
 * The four balances of SPEC §3 'Account info' in the player's currency (the main balance's),
 * decimal strings with exactly the currency's minor units. Main is always there; a balance the
 * player has no wallet for is null.
 */
export const BalanceSchema = type({
  balance_main: MoneyShape,
  balance_bonus: nullable(MoneyShape),
  balance_betting_bonus: nullable(MoneyShape),
  balance_fun: nullable(MoneyShape),
})
export type Balance = Infer<typeof BalanceSchema>

/** GET /api/account/getBalance: the logged-in player's balances (AuthorizationException for a visitor). */
export const getBalance = defineCall({
  area: 'account',
  name: 'getBalance',
  method: 'GET',
  access: 'player',
  request: object({}),
  response: BalanceSchema,
})

/** One currency the player may hold: its minor-unit exponent (how amounts are shown) and its rate. */
export const CurrencyRateSchema = type({
  currency: string(),
  /** Decimals of the currency's minor unit (USD 2, JPY 0, BTC 8). */
  exponent: min(integer(), 0),
  /** Units of this currency per one unit of `base`, plain decimal text. */
  rate: DecimalString,
})
export type CurrencyRate = Infer<typeof CurrencyRateSchema>

export const CurrencyRatesSchema = type({ base: string(), rates: array(CurrencyRateSchema) })
export type CurrencyRates = Infer<typeof CurrencyRatesSchema>

/** GET /api/account/getcurrencyrates: the available currencies with their rates against `base`. */
export const getcurrencyrates = defineCall({
  area: 'account',
  name: 'getcurrencyrates',
  method: 'GET',
  access: 'anyone',
  request: object({}),
  response: CurrencyRatesSchema,
})

/**
 * Why setCurrency refused, in `error.code`:
 * - unavailable: InvalidParameterException 400, invalid_parameters { currency: ['unavailable'] };
 * - depositLimit: InvalidRequestException 400 while a deposit limit is set (or its removal is still
 *   cooling off). A limit binds deposits in the currency it was set in, so switching would shed it
 *   (SPEC §3 'Deposit limit': raised or removed only after the 24-hour cooling-off);
 * - lossLimit: the same, for a loss limit (account/setLossLimit);
 * - pendingWithdrawal: InvalidRequestException 400 while a withdrawal is pending or approved and not
 *   paid out: its reserve and its cancellation belong to the current currency.
 */
export const CURRENCY_ERROR_CODE = {
  unavailable: 'unknown_currency',
  depositLimit: 'currency_locked_by_deposit_limit',
  lossLimit: 'currency_locked_by_loss_limit',
  pendingWithdrawal: 'currency_locked_by_pending_withdrawal',
} as const
export type CurrencyErrorCode = (typeof CURRENCY_ERROR_CODE)[keyof typeof CURRENCY_ERROR_CODE]

/**
 * POST /api/account/setCurrency: makes `currency` the player's (the main balance's) currency and
 * answers the balances in it. Money in other currencies stays in their wallets. Asking for the
 * current currency changes nothing. Refusals: CURRENCY_ERROR_CODE.
 */
export const setCurrency = defineCall({
  area: 'account',
  name: 'setCurrency',
  method: 'POST',
  access: 'player',
  request: object({ currency: size(string(), 1, 10) }),
  response: BalanceSchema,
})
/**
 * GET /api/account/getDepositSummary (not in the SPEC; ARCHITECTURE §4 form): whether the player
 * has deposited, for SPEC §4 'Hints' (the registration hint shows while there is no deposit).
 */
export const getDepositSummary = defineCall({
  area: 'account',
  name: 'getDepositSummary',
  method: 'GET',
  access: 'player',
  request: object({}),
  response: object({
    deposit_count: min(integer(), 0),
    /** ISO 8601 of the first deposit; null without one. */
    first_deposit_at: nullable(string()),
  }),
})
export type DepositSummary = Infer<typeof getDepositSummary.response>
// ── Account status: bans and self-exclusion (SPEC §2.2, §6, §8) ─────────────

/**
 * Failure codes for an account that may not be used. UserBannedException (403) carries
 * `user_banned` and error_data.ban_type, on login and on every call of a banned player's session.
 * A self-excluded player's login is refused with AuthorizationException (401) `self_excluded` and
 * error_data.until: the ISO 8601 end of the period, or null when it is permanent, and error_data.kind:
 * 'self_exclusion', or 'timeout' for a time-out.
 */
export const ACCOUNT_STATUS_ERROR_CODE = {
  userBanned: 'user_banned',
  selfExcluded: 'self_excluded',
} as const

/** Why an operator banned a player; `ban_type` in UserBannedException's error_data. */
export const BAN_TYPES = ['fraud', 'multi_accounting', 'bonus_abuse', 'chargeback', 'underage', 'terms_violation', 'other'] as const
export type BanType = (typeof BAN_TYPES)[number]

// ── Two-factor set-up (SPEC §7 changeTwoFactorAuth, confirmTwoFactorAuth) ────

/**
 * Failure codes of the two-factor calls, in `error.code`. Wrong input is InvalidParameterException
 * (400) naming the field in invalid_parameters; throttling is TooManyRequestsException (429) with
 * resend_time, as on login.
 */
export const TWO_FACTOR_ERROR_CODE = {
  /** AuthorizationException 401: no player is logged in. */
  notLoggedIn: 'not_logged_in',
  /** InvalidParameterException 400, invalid_parameters { password: ['invalid'] }. */
  wrongPassword: 'wrong_password',
  /** InvalidParameterException 400, invalid_parameters { code: ['invalid'] }: wrong or already used. */
  codeInvalid: 'two_factor_invalid',
  /** InvalidParameterException 400, invalid_parameters { code: ['expired'] }: right a few steps ago. */
  codeExpired: 'two_factor_expired',
  /** InvalidRequestException 400: enabling while it is on. */
  alreadyEnabled: 'two_factor_already_enabled',
  /** InvalidRequestException 400: disabling while it is off. */
  notEnabled: 'two_factor_not_enabled',
  /** InvalidRequestException 400: confirming with no set-up started. */
  notPending: 'two_factor_not_pending',
  /** TooManyRequestsException 429. */
  tooManyAttempts: 'too_many_attempts',
} as const

/** The secret of a set-up in progress: what an authenticator app is given, by QR code or by hand. */
export const TwoFactorPendingSchema = object({
  /** RFC 4648 base32, no padding. */
  secret: string(),
  /** otpauth://totp/... with the issuer and the player's e-mail or login. */
  otpauth_uri: string(),
  /** The otpauth URI as a QR code to scan, a data:image/svg+xml URI; a platform may leave it out. */
  qr: optional(string()),
})
export type TwoFactorPending = Infer<typeof TwoFactorPendingSchema>

/**
 * POST /api/account/changepassword (SPEC §7 Account): the current password and the new one. The
 * new one passes the registration's rules (SPEC §5; 'common' when it is among the most common or
 * the player's own login, 'same' when it is the current one). A wrong current password is
 * `current_password: ['invalid']` and counts against a per-player throttle. Every other session of
 * the player ends and this one goes on under a new token; the player is told by mail.
 */
export const changepassword = defineCall({
  area: 'account',
  name: 'changepassword',
  method: 'POST',
  access: 'player',
  request: object({
    current_password: size(string(), 1, 256),
    password: size(string(), 1, 256),
  }),
  response: object({
    /** How many of the player's other sessions were signed out. */
    other_sessions_ended: min(integer(), 0),
  }),
})
export type ChangePasswordParams = Infer<typeof changepassword.request>
export type ChangePasswordResult = Infer<typeof changepassword.response>


/**
 * POST /api/account/selfExclude: the player excludes themself from now for one of SPEC §9's
 * periods, or takes a time-out (24h, 48h, 1w, 2w, 4w, 6w: the same block under its own name; the
 * login refusal's error_data.kind is 'timeout'), with their password. Every session of the player ends, this one too (the cookie is
 * cleared); logins are refused until the period is over. A period ending before the one already
 * running is refused (self_exclusion_shorter, with its end): a self-exclusion is never shortened.
 * AccessDeniedException feature_off while the site config's features.responsibleGaming is off.
 */
export const selfExclude = defineCall({
  area: 'account',
  name: 'selfExclude',
  method: 'POST',
  access: 'player',
  request: object({
    period: enums(EXCLUSION_PERIODS),
    password: size(string(), 1, 256),
  }),
  response: object({
    /** When it ends; null for a permanent one. */
    self_excluded_until: nullable(string()),
  }),
})

/** What the reality check shows: this session's time and real-money result so far. */
export const RealityCheckSchema = object({
  /** The player's interval in minutes; null when they want no reality check. */
  interval_minutes: nullable(integer()),
  /** The interval the page times with (its minutes; shorter only in an e2e run's own context). */
  interval_seconds: nullable(min(integer(), 1)),
  /** When this session began (the login). */
  started_at: string(),
  /** Seconds since then, by the server's clock. */
  played_seconds: min(integer(), 0),
  /** Real-money stakes, and what came back (wins, refunds, returned stakes), since the login. */
  stakes: MoneyShape,
  returns: MoneyShape,
  /** returns - stakes: negative is a loss. */
  net: MoneyShape,
})
export type RealityCheck = Infer<typeof RealityCheckSchema>

/** GET /api/account/getRealityCheck: the player's reality-check interval and this session's figures. */
export const getRealityCheck = defineCall({
  area: 'account',
  name: 'getRealityCheck',
  method: 'GET',
  access: 'player',
  request: object({}),
  response: RealityCheckSchema,
})

/**
 * POST /api/account/setRealityCheck: `interval_minutes` 15, 30, 45, 60, 90 or 120, or 0 for none.
 * Answers as getRealityCheck. AccessDeniedException feature_off while the site config's
 * features.responsibleGaming is off.
 */
export const setRealityCheck = defineCall({
  area: 'account',
  name: 'setRealityCheck',
  method: 'POST',
  access: 'player',
  request: object({ interval_minutes: enums(['0', ...REALITY_CHECK_MINUTES.map(String)]) }),
  response: RealityCheckSchema,
})

/**
 * POST /api/account/changeTwoFactorAuth.
 * - enable=1 with the account password: starts a set-up. A new secret is kept pending (two-factor
 *   stays as it was, off) and returned; confirmTwoFactorAuth makes it active. Starting again
 *   replaces the pending secret.
 * - enable=0 with `code`: a current authenticator code or an unused recovery code (not the
 *   password: whoever learnt the password must not be able to remove the second factor). Turns
 *   two-factor off and deletes the recovery codes.
 * Wrong passwords and codes count against one per-player throttle. With the site config's
 * features.twoFactor off, enabling (and confirming) is refused with AccessDeniedException feature_off.
 */
export const changeTwoFactorAuth = defineCall({
  area: 'account',
  name: 'changeTwoFactorAuth',
  method: 'POST',
  access: 'player',
  request: object({
    enable: wireBoolean(),
    password: optional(size(string(), 1, 256)),
    code: optional(size(string(), 1, 64)),
  }),
  response: object({
    two_factor_auth: boolean(),
    /** The set-up to confirm when enabling; null when disabling. */
    pending: nullable(TwoFactorPendingSchema),
  }),
})
export type ChangeTwoFactorAuthParams = Infer<typeof changeTwoFactorAuth.request>
export type ChangeTwoFactorAuthResult = Infer<typeof changeTwoFactorAuth.response>

/**
 * POST /api/account/confirmTwoFactorAuth: a current 6-digit code of the pending secret turns
 * two-factor on. Answers the new recovery codes, shown this once (only their hashes are kept);
 * the player's other sessions end and this one gets a new token.
 */
export const confirmTwoFactorAuth = defineCall({
  area: 'account',
  name: 'confirmTwoFactorAuth',
  method: 'POST',
  access: 'player',
  request: object({ code: size(string(), 1, 64) }),
  response: object({
    two_factor_auth: literal(true),
    recovery_codes: array(string()),
  }),
})
export type ConfirmTwoFactorAuthResult = Infer<typeof confirmTwoFactorAuth.response>

/**
 * GET /api/account/getToken (SPEC §7, response data.token): a short-lived signed token with which
 * the balance socket (/ws) authenticates; AuthorizationException for a visitor.
 */
export const getToken = defineCall({
  area: 'account',
  name: 'getToken',
  method: 'GET',
  access: 'player',
  request: object({}),
  response: type({
    token: string(),
    /** Seconds the token stays valid for opening a socket. */
    expires_in: min(integer(), 1),
  }),
})

// ── Contact confirmation (SPEC §2.1 /confirmation, §7 sendconfirmationtocontact, confirmContact) ──

/**
 * Failure codes of the contact-confirmation calls, in `error.code`. A wrong code is
 * InvalidParameterException naming the field: invalid_parameters { code: ['invalid' | 'expired' |
 * 'attempts'] } ('attempts': guessed wrong too often, ask for a new one), or { contact: [...] } for
 * an address that is not the player's e-mail. Sending too soon is TooManyRequestsException with
 * resend_time (seconds until the next code may be sent), as the two-factor resend of SPEC §3.
 */
export const CONTACT_CONFIRMATION_ERROR_CODE = {
  /** AuthorizationException 401: sending a code needs a logged-in player. */
  notLoggedIn: 'not_logged_in',
  /** InvalidParameterException 400: see invalid_parameters. */
  invalidParameters: 'invalid_parameters',
  /** InvalidRequestException 400: the address is confirmed already (confirming again changes nothing). */
  alreadyConfirmed: 'contact_already_confirmed',
  /** TooManyRequestsException 429 with resend_time. */
  tooManyRequests: 'too_many_attempts',
} as const

/** How long a mailed code (and the link carrying it) works. */
export const CONFIRMATION_CODE_TTL_HOURS = 24
/** Seconds between two codes sent to one player (resend_time after a send). */
export const CONFIRMATION_RESEND_SEC = 60
/** The mailed link opens `/confirmation#contact=...&code=...`: a fragment, never sent to the server or in a Referer. */
export const CONFIRMATION_LINK_PARAMS = { contact: 'contact', code: 'code' } as const

/**
 * POST /api/account/sendconfirmationtocontact (SPEC §7, contact): sends a new 6-digit code and a
 * link carrying it to the logged-in player's e-mail, or by SMS to the player's phone (`contact` must
 * be one of them; without it, the e-mail), in the player's locale. Earlier codes stop working.
 * Answers the contact (a phone as +digits) and resend_time; ApplicationUnavailableException
 * sms_unavailable when no SMS provider is configured.
 */
export const sendconfirmationtocontact = defineCall({
  area: 'account',
  name: 'sendconfirmationtocontact',
  method: 'POST',
  access: 'player',
  request: object({ contact: size(string(), 1, 254) }),
  response: object({ contact: string(), resend_time: min(integer(), 0) }),
})
export type SendConfirmationResult = Infer<typeof sendconfirmationtocontact.response>

/**
 * POST /api/account/confirmContact (SPEC §7, contact and code): confirms the e-mail or phone the
 * code was sent to (a phone in any usual writing: '+49 151 ...', '0049151...'). Needs no session
 * (the link may be opened on another device): the code is bound to the player and the contact.
 * Answers 1 (SPEC §7: contact writes succeed when data equals 1).
 */
export const confirmContact = defineCall({
  area: 'account',
  name: 'confirmContact',
  method: 'POST',
  access: 'anyone',
  request: object({ contact: size(string(), 1, 254), code: size(string(), 1, 16) }),
  response: literal(1),
})

/**
 * POST /api/account/changeSubscription (SPEC §7): news and offers on ('1') or off ('0') for one of
 * the player's contacts, its e-mail or its phone. Turning the e-mail on sends the list's first mail
 * with its one-click way out. A contact that is not the player's is `contact: ['unknown']`.
 */
export const changeSubscription = defineCall({
  area: 'account',
  name: 'changeSubscription',
  method: 'POST',
  access: 'player',
  request: object({ contact: size(string(), 1, 254), subscription: wireBoolean() }),
  response: literal(1),
})

/**
 * POST /api/account/changelocale (SPEC §7): the player's language, kept on the account for what
 * the site sends them (mails) and where a login lands. Answers 1. The page's own language is the
 * locale cookie's and the address's; the page calls this when a player switches.
 */
export const changelocale = defineCall({
  area: 'account',
  name: 'changelocale',
  method: 'POST',
  access: 'player',
  request: object({ locale: enums(LOCALES) }),
  response: literal(1),
})

// ── Mailing lists (SPEC §2.1 /unsubscribe, §7 unsubscribe) ────────────────────

/**
 * The lists a player can leave from a mail's link. `marketing` is SPEC §3's mailing consent
 * (registration `notify`, account `is_subscribed`).
 */
export const MAILING_LISTS = ['marketing'] as const
export type MailingList = (typeof MAILING_LISTS)[number]

/** InvalidParameterException 400, invalid_parameters { token: ['invalid'] }: missing, tampered with or not ours. */
export const UNSUBSCRIBE_ERROR_CODE = { invalidToken: 'unsubscribe_token_invalid' } as const

/**
 * POST /api/account/unsubscribe (SPEC §7): leaves the list a mail's signed link names, for the
 * player it names; no session needed. Idempotent: the same link answers the same again.
 */
export const unsubscribe = defineCall({
  area: 'account',
  name: 'unsubscribe',
  method: 'POST',
  access: 'anyone',
  request: object({ token: size(string(), 1, 256) }),
  response: object({ list: enums(MAILING_LISTS) }),
})
