// SPEC §9 business constants and limits, in one module so machines name their `after` delays
// from here and tests can reason about the same numbers (ARCHITECTURE §3).
// Durations carry their unit in the name: _MS, _SEC, _MIN, _DAYS.

// ── Validation (SPEC §5, §9) ────────────────────────────────────────────────
export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_MAX_LENGTH = 20
export const CODE_LENGTH = 6
export const NICKNAME_MIN_LENGTH = 4
export const POSTCODE_MAX_LENGTH = 8
export const YEAR_LENGTH = 4
export const PROMO_CODE_MIN_LENGTH = 1
export const PROMO_CHECK_DEBOUNCE_MS = 300

/** Input mask tokens: # digit, @ letter, * alphanumeric. Unicode-aware so names in any script fit `@`. */
export const INPUT_MASK_TOKENS = {
  '#': /^\d$/,
  '@': /^\p{L}$/u,
  '*': /^[\p{L}\d]$/u,
} as const satisfies Record<string, RegExp>

// ── Balance refresh (SPEC §3 site config functionalSettings.settingsForUpdBalance) ──
/**
 * Keys match the site config so the effective settings are `{ ...BALANCE_REFRESH_DEFAULTS, ...config }`
 * with no renaming layer in between.
 */
export interface BalanceRefreshSettings {
  isEnabledInterval: boolean
  countSecondsForInterval: number
  isEnabledTurnOffRequests: boolean
  countMinutesAfterWhichRequestsTurnedOff: number
  isEnabledRequestsAfterClick: boolean
  countSecondsForDelayBetweenClick: number
}

export const BALANCE_REFRESH_DEFAULTS: Readonly<BalanceRefreshSettings> = Object.freeze({
  isEnabledInterval: false,
  countSecondsForInterval: 10,
  isEnabledTurnOffRequests: true,
  countMinutesAfterWhichRequestsTurnedOff: 5,
  isEnabledRequestsAfterClick: false,
  countSecondsForDelayBetweenClick: 1,
})

// ── Toasts, loyalty notices, ids ────────────────────────────────────────────
export const TOAST_DURATION_MS = 5000
export const TOAST_ICON_SIZE = 'medium'
/** The loyalty config gives its notice duration in seconds; this is the fallback. */
export const LOYALTY_TOAST_DURATION_SEC_DEFAULT = 5
export const LOYALTY_TOAST_DELAY_MS = 300
export const LOYALTY_SOUND_VOLUME = 0.5
export const GENERATED_ID_LENGTH = 21
export const LOYALTY_PROGRAMS_PROBE_LIMIT = 2
export const CASHBACK_PROBE_COUNT = 1

// ── Hints and inactivity ────────────────────────────────────────────────────
export const REGISTRATION_HINT_MS = 7_200_000
export const CONFIRM_HINT_DAYS = 5
export const CONFIRM_HINT_MS = CONFIRM_HINT_DAYS * 24 * 60 * 60 * 1000
/** The warning shows at 80 % of time_to_force_logout; the last 20 % is the visible countdown. */
export const INACTIVITY_WARNING_RATIO = 0.8

// ── Lists and paging ────────────────────────────────────────────────────────
export const TOURNAMENT_GAMES_PAGE_SIZE = 12
export const TOURNAMENT_GAMES_SORT = 'priority'
export const TOURNAMENT_GAMES_ORDER = 'asc'
export const TOURNAMENT_GAME_TYPES = ['slot', 'live', 'casino', 'fast'] as const
export const BANNERS_PAGE_SIZE = 10
export const FREESPINS_FETCH_COUNT = 99

// ── Theme and cookies ───────────────────────────────────────────────────────
/** Cookie Max-Age is in seconds; a year of 365 days. */
export const ONE_YEAR_SEC = 365 * 24 * 60 * 60
export const THEME_COOKIE_MAX_AGE_SEC = ONE_YEAR_SEC
export const LOCALE_COOKIE_MAX_AGE_SEC = ONE_YEAR_SEC
/** The cookie banner's choice is kept a year, like the other preferences, then asked again. */
export const CONSENT_COOKIE_MAX_AGE_SEC = ONE_YEAR_SEC
export const THEMES = ['dark', 'light'] as const
export type Theme = (typeof THEMES)[number]
export const DEFAULT_THEME: Theme = 'dark'

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value)
}

// ── Third-party scripts and windows ─────────────────────────────────────────
export const CHAT_LAZY_LOAD_FALLBACK_MS = 1000
export const FINGERPRINT_HIT_DELAY_MS = 3000
/** A fingerprint script that neither loads nor fails by then counts as failed: no seon session (SPEC §8). */
export const FINGERPRINT_TIMEOUT_MS = 10_000
export const FINGERPRINT_SOURCES = ['audio', 'canvas', 'webgl'] as const
export const POPUP_WINDOW = Object.freeze({ width: 640, height: 480 })
export const ICON_VIEW_SIZE = Object.freeze({ width: 312, height: 129 })

// ── Responsible gaming ──────────────────────────────────────────────────────
export const DEPOSIT_LIMIT_PERIODS_DAYS = [1, 7, 14, 30] as const
export type DepositLimitPeriodDays = (typeof DEPOSIT_LIMIT_PERIODS_DAYS)[number]

/** Calendar units, not a fixed number of days: "3 months" from 31 January ends on the last day of April. */
export type SelfExclusionPeriod =
  | { readonly id: string; readonly unit: 'day' | 'month' | 'year'; readonly count: number }
  | { readonly id: 'permanent'; readonly unit: 'permanent'; readonly count: null }

export const SELF_EXCLUSION_PERIODS: readonly SelfExclusionPeriod[] = Object.freeze([
  { id: '1d', unit: 'day', count: 1 },
  { id: '7d', unit: 'day', count: 7 },
  { id: '30d', unit: 'day', count: 30 },
  { id: '3m', unit: 'month', count: 3 },
  { id: '6m', unit: 'month', count: 6 },
  { id: '9m', unit: 'month', count: 9 },
  { id: '1y', unit: 'year', count: 1 },
  { id: '2y', unit: 'year', count: 2 },
  { id: '3y', unit: 'year', count: 3 },
  { id: '4y', unit: 'year', count: 4 },
  { id: '5y', unit: 'year', count: 5 },
  { id: 'permanent', unit: 'permanent', count: null },
])

// ── Layout ──────────────────────────────────────────────────────────────────
/** Inclusive pixel ranges; `max: null` means open-ended. */
export const BREAKPOINTS = Object.freeze({
  mobile: { min: 0, max: 767 },
  tablet: { min: 768, max: 991 },
  laptop: { min: 992, max: 1279 },
  laptopLarge: { min: 1280, max: 1365 },
  desktopSmall: { min: 1366, max: 1439 },
  desktop: { min: 1440, max: 1695 },
  desktopMedium: { min: 1696, max: 1919 },
  desktopLarge: { min: 1920, max: null },
} as const)
export type Breakpoint = keyof typeof BREAKPOINTS

/** The breakpoint a viewport width falls in (fractional widths from zoom round down). */
export function breakpointForWidth(width: number): Breakpoint {
  const w = Math.max(0, Math.floor(width))
  for (const [name, range] of Object.entries(BREAKPOINTS) as [Breakpoint, { min: number; max: number | null }][]) {
    if (w >= range.min && (range.max === null || w <= range.max)) return name
  }
  return 'mobile'
}

export const SCREENS = Object.freeze({ xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const)

// ── Images ──────────────────────────────────────────────────────────────────
export const IMAGE_QUALITY = 95
export const IMAGE_FORMAT = 'webp'
export const IMAGE_DENSITIES = [1, 2] as const
export const COUNTRY_SELECT_MIN_ITEM_SIZE = 36

// ── Rendering ───────────────────────────────────────────────────────────────
export const ASYNC_COMPONENT_DELAY_MS = 200
export const PAYLOAD_CACHE_MS = 60 * 60 * 1000

// ── Money ───────────────────────────────────────────────────────────────────
/** SPEC §3: "the only currency constant is USD" – the fallback before the player's currency is known. */
export const DEFAULT_CURRENCY = 'USD'

// ── HTTP status ─────────────────────────────────────────────────────────────
export const STATUS_CODE_MIN = 100
export const STATUS_CODE_MAX = 999
export const DEFAULT_STATUS_CODE = 200

/**
 * SPEC §9: a status code is valid between 100 and 999, otherwise 200. Guards the SSR response,
 * where a thrown value may carry any `status` (or none) and Node refuses out-of-range codes.
 */
export function normalizeStatus(status: unknown): number {
  return typeof status === 'number' && Number.isInteger(status) && status >= STATUS_CODE_MIN && status <= STATUS_CODE_MAX
    ? status
    : DEFAULT_STATUS_CODE
}

/** SPEC §4 'Build manifest': how often the page asks for the latest build. */
export const BUILD_CHECK_INTERVAL_MS = 5 * 60 * 1000
/** How long the reload offer stays up: a player busy elsewhere still finds it. */
export const RELOAD_OFFER_TOAST_MS = 60 * 60 * 1000
/** How long the toast saying why a player was logged out stays: long enough to read twice. */
export const LOGOUT_NOTICE_TOAST_MS = 12_000
/** How long a waiting service worker gets to take over before the page reloads anyway. */
export const SW_TAKEOVER_TIMEOUT_MS = 3000
