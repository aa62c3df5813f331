import { localizePath, type Locale } from './locales'

/**
 * The search-engine URL templates of SPEC §2.1: the one address search engines are given for a
 * deposit method, an offer, a jackpot, a game and a tournament (and a promotion), used by the
 * sitemap and the canonical links alike. Parameters are percent-encoded into one path segment.
 */
export const SEO_URL_TEMPLATES = {
  deposit: '/cashier/deposit/{sysname}',
  offers: '/offers/{id}',
  jackpots: '/jackpots/{id}',
  game: '/game/{sysname}',
  tournaments: '/tournaments/{id}',
  promotions: '/promotions/{id}',
} as const
export type SeoUrlKind = keyof typeof SEO_URL_TEMPLATES

export function seoUrl(kind: SeoUrlKind, params: Record<string, string | number>, locale: Locale): string {
  const path = SEO_URL_TEMPLATES[kind].replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined || value === '') throw new Error(`seoUrl(${kind}): missing ${name}`)
    return encodeURIComponent(String(value))
  })
  return localizePath(path, locale)
}
