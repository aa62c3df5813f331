import { array, boolean, enums, integer, max, min, nullable, number, object, optional, pattern, record, refine, size, string, union, type Infer } from 'superstruct'
import { LOCALES } from '../../../shared/locales'
import { RegistrationSettingsSchema } from './account'
import { defineCall } from './define'
import { CONSENT_CATEGORIES, type ConsentCategory } from '../../../shared/consent'

// Content pages (SPEC §2.1 /{slug}) are files an operator edits in content/<locale>/pages.
// The SPEC shows no call for them, so they get their own area in the §7 form (ARCHITECTURE §4).

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/

/**
 * Rich text travels as structure, never as HTML: the server parses and sanitises the operator's
 * text into spans and blocks, and the page renders them as elements (no innerHTML anywhere).
 * An href is a same-site path or an https address, already checked by the server.
 */
export const SpanSchema = object({
  text: string(),
  bold: optional(boolean()),
  italic: optional(boolean()),
  href: optional(string()),
})
export type Span = Infer<typeof SpanSchema>

export const BlockSchema = union([
  object({ kind: enums(['paragraph', 'heading']), spans: array(SpanSchema) }),
  object({ kind: enums(['list', 'ordered']), items: array(array(SpanSchema)) }),
])
export type Block = Infer<typeof BlockSchema>

export const FaqEntrySchema = object({ question: string(), answer: array(SpanSchema) })
export type FaqEntry = Infer<typeof FaqEntrySchema>

/** One step of the trail; `path` is locale-free ('/support'), the page itself is the last step. */
export const BreadcrumbSchema = object({ name: string(), path: string() })
export type Breadcrumb = Infer<typeof BreadcrumbSchema>

/** Dates are ISO 8601 (yyyy-mm-dd or a full timestamp). */
export const ArticleMetaSchema = object({ published: string(), modified: nullable(string()), author: string() })
export type ArticleMeta = Infer<typeof ArticleMetaSchema>

export const ContentPageSchema = object({
  slug: string(),
  title: string(),
  /** The meta description and the social cards' text. */
  description: string(),
  body: array(BlockSchema),
  faq: array(FaqEntrySchema),
  /** The trail from home to this page; the home step is added by the view. */
  breadcrumbs: array(BreadcrumbSchema),
  article: nullable(ArticleMetaSchema),
  /** The locales that have this page: its alternate-language links name only these. */
  locales: array(enums(LOCALES)),
})
export type ContentPage = Infer<typeof ContentPageSchema>

/** Answers null when the locale has no page of that slug: the route then shows the 404 page. */
export const getPage = defineCall({
  area: 'content',
  name: 'getPage',
  method: 'GET',
  access: 'anyone',
  request: object({ slug: pattern(string(), SLUG_PATTERN) }),
  response: nullable(ContentPageSchema),
})

export const PathRedirectSchema = object({
  /** A same-site path (with the request's query and the rule's hash) or an absolute address. */
  location: string(),
  status: enums([301, 302]),
  /** Another site: the browser leaves with a full page load. */
  external: boolean(),
})
export type PathRedirect = Infer<typeof PathRedirectSchema>

/**
 * The server-side path check (SPEC §2.1): where the CMS redirect table sends a path, or null.
 * The server applies it to every page request itself; the browser asks before showing a 404 after
 * a client-side navigation.
 */
export const checkPath = defineCall({
  area: 'content',
  name: 'checkPath',
  method: 'GET',
  access: 'anyone',
  request: object({ path: pattern(string(), /^\/[^\s]{0,2047}$/) }),
  response: nullable(PathRedirectSchema),
})

/** The page SEO settings of one locale (SPEC §3 'SEO data'), for the head of every page. */
export const SeoSettingsSchema = object({
  /** Default description, and per route name (index, offers, ...) a description of its own. */
  description: string(),
  pages: array(object({ route: string(), description: string() })),
  openGraph: object({ image: nullable(string()), siteName: string() }),
  organization: object({ name: string(), logo: nullable(string()), sameAs: array(string()) }),
  /** Locale-free path patterns of robots.txt Disallow lines: such pages get noindex, follow. */
  disallow: array(string()),
})
export type SeoSettings = Infer<typeof SeoSettingsSchema>

export const getSeo = defineCall({
  area: 'content',
  name: 'getSeo',
  method: 'GET',
  access: 'anyone',
  request: object({}),
  response: SeoSettingsSchema,
})

// ── The content system's configuration (SPEC §3 'Site config', 'Other'; §7 GET /nfx/cms-config/{locale}) ──
// Sections an operator edits in content/<locale>/<file>.json (seo: content/seo.json) that the
// browser reads. The server checks each file against these at start and on reload; the browser
// gets them through /nfx/cms-config/{locale} and the root actor's `cmsConfig` (dehydrated by SSR).

const text = (max: number) => size(string(), 1, max)
/** A same-site path ("/promotions") or an https address; never javascript: or data:. */
const isLink = (value: string) => /^\/(?!\/)/.test(value) || /^https:\/\//.test(value)
const link = refine(size(string(), 1, 500), 'link', (value) => isLink(value) || 'must start with / or https://')
/**
 * Where a call to action goes: a link, or this page with a query ("?show_popup_reg=1" opens the
 * registration popup where the visitor is).
 */
const target = refine(size(string(), 1, 500), 'target', (value) => isLink(value) || /^\?[^\s#]*$/.test(value) || 'must start with /, ? or https://')

/**
 * Consent categories a script or a chat belongs to: the cookie banner's own (src/shared/consent.ts),
 * so every category an operator can name is one a player can grant or refuse.
 */
export { CONSENT_CATEGORIES, type ConsentCategory }

/** functionalSettings.settingsForUpdBalance: keys as in src/shared/constants BALANCE_REFRESH_DEFAULTS. */
export const BalanceRefreshSettingsSchema = object({
  isEnabledInterval: boolean(),
  countSecondsForInterval: min(integer(), 1),
  isEnabledTurnOffRequests: boolean(),
  countMinutesAfterWhichRequestsTurnedOff: min(integer(), 1),
  isEnabledRequestsAfterClick: boolean(),
  countSecondsForDelayBetweenClick: min(integer(), 0),
})

/** SPEC §3 'Site config': content/<locale>/site.json. */
export const SiteConfigSchema = object({
  features: object({
    twoFactor: boolean(),
    identityVerification: boolean(),
    responsibleGaming: boolean(),
    betHistory: boolean(),
    noticeBettingVisible: boolean(),
    clickableTitle: boolean(),
  }),
  functionalSettings: object({ settingsForUpdBalance: BalanceRefreshSettingsSchema }),
  detailViewMode: enums(['ContainerView', 'ContainerScrollView']),
  detalizationLocations: array(enums(['header-cashier', 'header-profile-menu'])),
  paymentMethodDisplay: enums(['sysname', 'name']),
  loader: object({ minDisplayMs: max(min(integer(), 0), 10_000) }),
  /** Popup ids shown when the popup the site asked for is not available. */
  popupFallbacks: record(string(), string()),
})
export type SiteConfig = Infer<typeof SiteConfigSchema>
/** A switch of the site config's `features`. */
export type SiteFeature = keyof SiteConfig['features']
/**
 * AccessDeniedException code of a call whose section the site config switches off for the request's
 * locale (errorData.feature names the switch): two-factor set-up, identity verification, the
 * responsible-gaming tools, the bet history.
 */
export const FEATURE_OFF_ERROR_CODE = 'feature_off'

const Cta = object({ label: text(60), href: target })

/** A date and time an operator writes, e.g. 2026-12-31T23:59:59Z; 'tomorrow' is refused with the file and field. */
const isoDate = refine(string(), 'date', (value) => (value.length <= 40 && /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value))) || 'must be an ISO 8601 date, such as 2026-12-31T23:59:59Z')

/** Banner and promotion texts: content/<locale>/banners.json. */
export const BannersContentSchema = object({
  banners: array(
    object({
      id: text(64),
      position: enums(['home-hero', 'home-strip', 'casino', 'sports', 'registration']),
      title: text(120),
      text: optional(size(string(), 0, 400)),
      image: link,
      cta: optional(Cta),
      /** ISO 8601; after it the banner is not shown (the server leaves it out of the config). */
      finishedAt: optional(nullable(isoDate)),
    }),
  ),
  promotions: array(
    object({
      id: text(64),
      title: text(120),
      summary: text(300),
      body: array(size(string(), 1, 2000)),
      image: link,
      terms: optional(size(string(), 1, 4000)),
      cta: optional(Cta),
    }),
  ),
})
export type BannersContent = Infer<typeof BannersContentSchema>

/** Site popups (SPEC §2.4): content/<locale>/popups.json. */
export const PopupsContentSchema = object({
  items: array(
    object({
      id: text(64),
      trigger: enums(['firstVisit', 'afterLogin', 'afterRegistration', 'exitIntent']),
      audience: enums(['all', 'visitor', 'player']),
      delaySeconds: max(min(integer(), 0), 600),
      title: text(120),
      text: text(600),
      image: optional(link),
      cta: optional(Cta),
    }),
  ),
})
export type PopupsContent = Infer<typeof PopupsContentSchema>

/** SPEC §3 'Loyalty config' and the list of loyalty notices: content/<locale>/loyalty.json. */
export const LoyaltyContentSchema = object({
  isLoyaltyEnabled: boolean(),
  isCharactersEnabled: boolean(),
  charactersPlace: enums(['profile-page', 'loyalty-page', 'profile-loyalty-pages']),
  coinIcon: link,
  tutorialUrl: nullable(link),
  notification: object({ durationSeconds: max(min(integer(), 1), 60), sound: nullable(link) }),
  notices: array(
    object({
      trigger: enums(['quest', 'register', 'profile', 'confirm', 'product', 'level']),
      title: text(120),
      message: text(400),
    }),
  ),
})
export type LoyaltyContent = Infer<typeof LoyaltyContentSchema>

/**
 * SPEC §3 'Support chat settings' kinds, plus our own chat (`builtin`, the default: players write,
 * operators answer on /operator/chat) and none (no chat at all).
 */
export const CHAT_KINDS = ['none', 'builtin', 'live_tex', 'freshChat', 'liveChat', 'verbox', 'comm100', 'betunlim', 'jivoSite'] as const

/** Support chat: content/<locale>/chat.json. The vendor's script loads only under its consent category. */
export const ChatContentSchema = object({
  kind: enums(CHAT_KINDS),
  consentCategory: enums(CONSENT_CATEGORIES),
  /** SPEC §9 chat lazy-load fallback. */
  lazyLoadMs: max(min(integer(), 0), 60_000),
  /** The vendor's own settings (widget id, host, ...): public values only, as they end up in the page. */
  config: record(string(), union([string(), number(), boolean()])),
})
export type ChatContent = Infer<typeof ChatContentSchema>

/** SPEC §3 'web-setting': content/<locale>/web-setting.json. */
export const WebSettingSchema = object({
  /** Icon paths; sizes come from the names ("icon-192x192.png", SPEC §9), an SVG is any size. */
  favicons: size(array(link), 1, 20),
  /** Default images of system pages and empty states, by key. */
  defaultImages: record(string(), link),
})
export type WebSetting = Infer<typeof WebSettingSchema>

/** Analytics ids per tool: content/<locale>/analytics.json; null turns a tool off. */
export const AnalyticsContentSchema = object({
  gtm: nullable(pattern(string(), /^GTM-[A-Z0-9]{4,12}$/)),
  ga4: nullable(pattern(string(), /^G-[A-Z0-9]{4,16}$/)),
  yandexMetrika: nullable(pattern(string(), /^\d{4,12}$/)),
  facebookPixel: nullable(pattern(string(), /^\d{6,20}$/)),
})
export type AnalyticsContent = Infer<typeof AnalyticsContentSchema>

const SeoTexts = object({
  title: text(120),
  description: text(320),
  /** Route name (src/routes/routes.tsx: index, gamehall, ...) → that page's description in this locale. */
  pages: optional(record(string(), text(320))),
})
const OpenGraph = object({ siteName: text(80), type: enums(['website', 'article']), image: link })

/**
 * SEO settings (site scope, content/seo.json): per domain (a host, or "*" for any other), the
 * per-locale title and description defaults and openGraph; robots Disallow lines for all domains.
 */
export const SeoContentSchema = object({
  domains: record(
    string(),
    object({
      locales: record(enums(LOCALES), SeoTexts),
      openGraph: OpenGraph,
      /** The Organization JSON-LD of the home page. */
      organization: optional(object({ logo: optional(nullable(link)), sameAs: optional(array(pattern(string(), /^https:\/\//))) })),
    }),
  ),
  robots: object({ disallow: array(pattern(string(), /^\/[^\s]*$/)) }),
})
export type SeoContent = Infer<typeof SeoContentSchema>

/**
 * What the browser gets of the SEO settings: the request's domain and locale, and what a page's
 * head is made of (getSeo's answer), so that a client-side move writes the head the server would.
 */
export const SeoDefaultsSchema = object({
  title: string(),
  description: string(),
  openGraph: nullable(OpenGraph),
  disallow: array(string()),
  page: SeoSettingsSchema,
})
export type SeoDefaults = Infer<typeof SeoDefaultsSchema>

/** GET /nfx/cms-config/{locale}: the public sections of one locale. */
export const CmsConfigSchema = object({
  locale: string(),
  site: SiteConfigSchema,
  banners: BannersContentSchema,
  popups: PopupsContentSchema,
  loyalty: LoyaltyContentSchema,
  chat: ChatContentSchema,
  webSetting: WebSettingSchema,
  analytics: AnalyticsContentSchema,
  seo: SeoDefaultsSchema,
  registration: RegistrationSettingsSchema,
})
export type CmsConfig = Infer<typeof CmsConfigSchema>
export type CmsSectionName = Exclude<keyof CmsConfig, 'locale'>
