import { RegistrationSettingsSchema, type RegistrationSettingsInfo } from '../../../src/services/api/contract/account'
import {
  AnalyticsContentSchema,
  BannersContentSchema,
  ChatContentSchema,
  LoyaltyContentSchema,
  PopupsContentSchema,
  SeoContentSchema,
  SiteConfigSchema,
  WebSettingSchema,
  type AnalyticsContent,
  type BannersContent,
  type ChatContent,
  type LoyaltyContent,
  type PopupsContent,
  type SeoContent,
  type SiteConfig,
  type WebSetting,
} from '../../../src/services/api/contract/content'
import { activeBanners } from './banners'
import { CustomCodeSchema, type CustomCode } from './custom-code-schema'
import type { ContentSection } from './section'
import { redirectsSection } from './redirects'
import { seoDefaults, seoSettings } from './seo'

/** SPEC §3 'Registration settings': content/<locale>/registration.json. */
export const registrationSection: ContentSection<RegistrationSettingsInfo> = {
  name: 'registration',
  scope: 'locale',
  file: 'registration.json',
  struct: RegistrationSettingsSchema,
  public: true,
}

/** SPEC §3 'Site config': feature flags, settingsForUpdBalance, view modes. */
export const siteSection: ContentSection<SiteConfig> = { name: 'site', scope: 'locale', file: 'site.json', struct: SiteConfigSchema, public: true }

/** Banner and promotion texts. */
// A finished banner leaves the config at its end, without a content reload.
export const bannersSection: ContentSection<BannersContent> = {
  name: 'banners',
  scope: 'locale',
  file: 'banners.json',
  struct: BannersContentSchema,
  public: true,
  publicView: (value) => activeBanners(value, Date.now()),
}

export const popupsSection: ContentSection<PopupsContent> = { name: 'popups', scope: 'locale', file: 'popups.json', struct: PopupsContentSchema, public: true }

/** SPEC §3 'Loyalty config' and loyalty notices. */
export const loyaltySection: ContentSection<LoyaltyContent> = { name: 'loyalty', scope: 'locale', file: 'loyalty.json', struct: LoyaltyContentSchema, public: true }

/** Support chat vendor, its settings and consent category. */
export const chatSection: ContentSection<ChatContent> = { name: 'chat', scope: 'locale', file: 'chat.json', struct: ChatContentSchema, public: true }

/** SPEC §3 'web-setting': favicons (also the app manifest's icons) and default images. */
export const webSettingSection: ContentSection<WebSetting> = { name: 'webSetting', scope: 'locale', file: 'web-setting.json', struct: WebSettingSchema, public: true }

/** Analytics ids per tool; public, they are in every page anyway. */
export const analyticsSection: ContentSection<AnalyticsContent> = { name: 'analytics', scope: 'locale', file: 'analytics.json', struct: AnalyticsContentSchema, public: true }

/**
 * Custom code entries, injected by the server into the page (server/http/custom-code.ts). Not sent
 * in the content config: the browser never needs the code itself.
 */
export const customCodeSection: ContentSection<CustomCode> = { name: 'customCode', scope: 'locale', file: 'custom-code.json', struct: CustomCodeSchema, public: false }

/** SEO settings for every domain: content/seo.json; the browser gets its domain's and locale's part. */
export const seoSection: ContentSection<SeoContent> = {
  name: 'seo',
  scope: 'site',
  file: 'seo.json',
  struct: SeoContentSchema,
  public: true,
  publicView: (value, { locale, host }) => ({ ...seoDefaults(value, host, locale), page: seoSettings(value, host, locale) }),
}

/**
 * Every section of the content system. The store loads and checks them all at start, so a broken
 * file stops the start with its name and field; add a feature's section here.
 */
export const contentSections: readonly ContentSection<unknown>[] = [
  registrationSection,
  siteSection,
  bannersSection,
  popupsSection,
  loyaltySection,
  chatSection,
  webSettingSection,
  analyticsSection,
  customCodeSection,
  seoSection,
  redirectsSection,
] as unknown as ContentSection<unknown>[]
