import type { FastifyInstance, FastifyRequest } from 'fastify'
import { e2eTestOverrides } from '../config'
import { splitLocale } from '../../src/shared/locales'
import { is } from 'superstruct'
import { ChatContentSchema, type AnalyticsContent, type ChatContent } from '../../src/services/api/contract/content'
import { analyticsSection, chatSection } from '../domain/content/sections'
import {
  DEFAULT_FINGERPRINT_HOST,
  DEFAULT_GA4_HOST,
  DEFAULT_GTM_HOST,
  DEFAULT_META_PIXEL_HOST,
  DEFAULT_YANDEX_METRIKA_HOST,
  NO_ANALYTICS,
  toolOrigin,
  type AnalyticsSettings,
} from '../../src/shared/analytics-settings'
import type { Settings } from '../domain/settings/cache'

/**
 * The operator's analytics tools (SPEC §3 'Other' analytics ids, 'General info' is_seon_enabled;
 * §7 the fingerprint host). The ids come from the content system (content/<locale>/analytics.json:
 * gtm, ga4, yandexMetrika, facebookPixel; see analyticsSettings); the settings rows hold the rest:
 * `analytic` = { gtm_host, ga4_host, yandex_metrika_host, meta_pixel_host } (and ids where no
 * content says otherwise), `is_seon_enabled`,
 * `fingerprint_host`. SSR hands them to the page and the
 * CSP allows exactly their hosts, so both always agree. A malformed id or host turns that tool
 * off (and is logged) rather than putting an attacker's host into the CSP.
 */
export function analyticsSettingsFrom(settings: Settings, warn: (message: string) => void = () => {}): AnalyticsSettings {
  const analytic = isRecord(settings.analytic) ? settings.analytic : {}
  const id = (key: string, pattern: RegExp): string | null => {
    const value = analytic[key]
    if (value === undefined || value === null || value === '') return null
    if (typeof value === 'string' && pattern.test(value)) return value
    warn(`settings: analytic.${key} is not a valid id; the tool stays off`)
    return null
  }
  const host = (value: unknown, fallback: string, name: string): string | null => {
    if (value === undefined || value === null || value === '') return fallback
    const origin = typeof value === 'string' ? toolOrigin(value) : null
    if (!origin) warn(`settings: ${name} is not an https origin; the tool stays off`)
    return origin
  }
  const gtmHost = host(analytic.gtm_host, DEFAULT_GTM_HOST, 'analytic.gtm_host')
  const pixelHost = host(analytic.meta_pixel_host, DEFAULT_META_PIXEL_HOST, 'analytic.meta_pixel_host')
  const fingerprintHost = host(settings.fingerprint_host, DEFAULT_FINGERPRINT_HOST, 'fingerprint_host')
  const ga4Host = host(analytic.ga4_host, DEFAULT_GA4_HOST, 'analytic.ga4_host')
  const yandexHost = host(analytic.yandex_metrika_host, DEFAULT_YANDEX_METRIKA_HOST, 'analytic.yandex_metrika_host')
  return {
    ...NO_ANALYTICS,
    gtmId: gtmHost ? id('gtm', /^GTM-[A-Z0-9]{4,12}$/) : null,
    gtmHost: gtmHost ?? DEFAULT_GTM_HOST,
    metaPixelId: pixelHost ? id('meta_pixel', /^\d{5,20}$/) : null,
    metaPixelHost: pixelHost ?? DEFAULT_META_PIXEL_HOST,
    ga4Id: ga4Host ? id('ga4', /^G-[A-Z0-9]{4,16}$/) : null,
    ga4Host: ga4Host ?? DEFAULT_GA4_HOST,
    yandexMetrikaId: yandexHost ? id('yandex_metrika', /^\d{4,12}$/) : null,
    yandexMetrikaHost: yandexHost ?? DEFAULT_YANDEX_METRIKA_HOST,
    fingerprintEnabled: settings.is_seon_enabled === true && fingerprintHost !== null,
    fingerprintHost: fingerprintHost ?? DEFAULT_FINGERPRINT_HOST,
  }
}

/**
 * E2E_TEST_OVERRIDES only (production refuses it): a journey configures its own context's tools
 * with this cookie, a JSON object of settings rows (analytic, is_seon_enabled, fingerprint_host)
 * laid over the table's and checked the same way.
 */
export const TEST_ANALYTICS_COOKIE = 'test_analytics'

// A rendered page asks twice (its root actor and its CSP): the answer is worked out once per request.
const perRequest = new WeakMap<FastifyRequest, Promise<AnalyticsSettings>>()

/** The tools for this request (the settings cache: no query while its copy is fresh). */
export function analyticsSettings(app: FastifyInstance, request?: FastifyRequest): Promise<AnalyticsSettings> {
  if (!request) return readAnalyticsSettings(app)
  let settings = perRequest.get(request)
  if (!settings) {
    settings = readAnalyticsSettings(app, request)
    perRequest.set(request, settings)
  }
  return settings
}

// Worked out once per settings copy and content version, not on every page answer (its CSP asks too).
const derived = new WeakMap<Settings, WeakMap<object, AnalyticsSettings>>()
const NO_CONTENT_IDS = {}

async function readAnalyticsSettings(app: FastifyInstance, request?: FastifyRequest): Promise<AnalyticsSettings> {
  try {
    const rows = await app.settings.read()
    const ids = await contentIdsOf(app, request)
    const test = e2eTestOverrides(app.config) ? testOverride(request?.cookies?.[TEST_ANALYTICS_COOKIE]) : null
    const memo = test ? undefined : derived.get(rows)?.get(ids ?? NO_CONTENT_IDS)
    if (memo) return memo
    const settings = withAnalyticsContent(rows, ids)
    const answer = analyticsSettingsFrom(test ? { ...settings, ...test } : settings, (message) => app.log.warn(message))
    if (!test) {
      let byIds = derived.get(rows)
      if (!byIds) derived.set(rows, (byIds = new WeakMap()))
      byIds.set(ids ?? NO_CONTENT_IDS, answer)
    }
    return answer
  } catch (err) {
    // No settings, no tools: the page still renders, and loads nothing third-party.
    app.log.error({ err }, 'analytics settings unreadable')
    return NO_ANALYTICS
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function testOverride(value: string | undefined): Record<string, unknown> | null {
  if (!value) return null
  try {
    const parsed: unknown = JSON.parse(value)
    return isRecord(parsed) ? parsed : null
  } catch {
    return null
  }
}

/** The content system's analytics ids for the request's locale; null without content or request. */
async function contentIdsOf(app: FastifyInstance, request: FastifyRequest | undefined): Promise<AnalyticsContent | null> {
  if (!app.hasDecorator('content') || !request) return null
  const { locale } = splitLocale(request.url.split('?')[0] ?? '/')
  return app.content.section(analyticsSection, locale)
}

/** The content's ids over the settings rows' (null: the tool is off). */
function withAnalyticsContent(settings: Settings, ids: AnalyticsContent | null): Settings {
  if (!ids) return settings
  const analytic = isRecord(settings.analytic) ? settings.analytic : {}
  return { ...settings, analytic: { ...analytic, gtm: ids.gtm, ga4: ids.ga4, yandex_metrika: ids.yandexMetrika, meta_pixel: ids.facebookPixel } }
}

/**
 * The origin a vendor's support chat loads from, for the request's locale (the site config's chat
 * section, docs/chat-vendors.md): its script, requests and frames come from there. None for our own
 * chat, for no chat, and for a same-origin or unusable script address.
 */
export async function chatVendorOrigins(app: FastifyInstance, request: FastifyRequest): Promise<string[]> {
  if (!app.hasDecorator('content')) return []
  try {
    const { locale } = splitLocale(request.url.split('?')[0] ?? '/')
    const chat = testChatOverride(app, request) ?? (await app.content.section(chatSection, locale))
    if (chat.kind === 'none' || chat.kind === 'builtin' || chat.kind === 'comm100') return []
    const src = chat.config['scriptUrl']
    if (typeof src !== 'string' || !src.startsWith('https://')) return []
    const url = new URL(src)
    return url.username === '' && url.password === '' ? [url.origin] : []
  } catch {
    // No content, no vendor: the page loads nothing third-party for the chat.
    return []
  }
}

/**
 * E2E_TEST_OVERRIDES only (production refuses it): a journey gives its own context a vendor chat
 * with this cookie, a chat section as content/<locale>/chat.json has it (its script a stand-in the
 * journey serves), checked by the same schema. Every other context keeps the site's chat.
 */
export const TEST_CHAT_COOKIE = 'test_chat'

export function testChatOverride(app: FastifyInstance, request: FastifyRequest): ChatContent | null {
  if (!e2eTestOverrides(app.config)) return null
  const chat = testOverride(request.cookies?.[TEST_CHAT_COOKIE])
  return is(chat, ChatContentSchema) ? chat : null
}
