// Locale codes are reserved first path segments: /de is never a content slug.
export const LOCALES = ['en', 'es', 'pt', 'de'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'

export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  pt: 'Português',
  de: 'Deutsch',
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

export interface LocalePath {
  locale: Locale
  /** The router basename: '' for the default locale, '/es' otherwise. */
  basename: string
  /** The path without its locale prefix, always starting with '/'. */
  path: string
  /** True when the URL spelled out the default locale (/en/...), which we redirect to the bare form. */
  redundantPrefix: boolean
}

/**
 * Splits the locale prefix off a pathname before routing. A bare `/:locale?` pattern cannot tell
 * /de (a locale) from /about (a slug), so the locale is decided here and routing sees the rest.
 */
export function splitLocale(pathname: string): LocalePath {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname)
  const first = match?.[1]
  if (first && isLocale(first)) {
    const path = match?.[2] || '/'
    return { locale: first, basename: `/${first}`, path, redundantPrefix: first === DEFAULT_LOCALE }
  }
  return { locale: DEFAULT_LOCALE, basename: '', path: pathname || '/', redundantPrefix: false }
}

/** Builds the address of `path` (locale-free, starting with '/') in `locale`. */
export function localizePath(path: string, locale: Locale): string {
  const clean = path.startsWith('/') ? path : `/${path}`
  if (locale === DEFAULT_LOCALE) return clean
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`
}

/**
 * A text kept per locale (names, descriptions) in `locale`: else English, else any there is, else
 * empty. A feed or an operator may give some locales only.
 */
export function textIn(texts: Readonly<Record<string, string>> | null | undefined, locale: string): string {
  return texts?.[locale] ?? texts?.en ?? Object.values(texts ?? {})[0] ?? ''
}
