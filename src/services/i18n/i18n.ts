import { setupI18n, type I18n, type MessageDescriptor, type Messages } from '@lingui/core'
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/locales'

// Catalogs are compiled by `lingui compile --typescript` (run by npm's prepare and build).
const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../../locales/en/messages'),
  es: () => import('../../../locales/es/messages'),
  pt: () => import('../../../locales/pt/messages'),
  de: () => import('../../../locales/de/messages'),
}

// A module is imported once, but each import() still goes through module resolution (and, under
// a loader hook such as tsx's, a message to its thread): once per locale is enough.
const loaded = new Map<Locale, Promise<Messages>>()

export function loadMessages(locale: Locale): Promise<Messages> {
  const key = isLocale(locale) ? locale : DEFAULT_LOCALE
  let messages = loaded.get(key)
  if (!messages) {
    messages = loaders[key]().then((mod) => mod.messages)
    // A failed load (a chunk the network dropped) is tried again next time.
    messages.catch(() => loaded.delete(key))
    loaded.set(key, messages)
  }
  return messages
}

/** One i18n instance per request on the server and one per page in the browser; never the global one. */
export function createI18n(locale: Locale, messages: Messages): I18n {
  return setupI18n({ locale, messages: { [locale]: messages } })
}

/**
 * A message descriptor with values. Lingui's extractor cannot read `i18n._({ ...descriptor, values })`
 * at a call site, so descriptors made with `msg` elsewhere are translated through here.
 */
export function translate(i18n: Pick<I18n, '_'>, descriptor: MessageDescriptor, values: Record<string, unknown>): string {
  const withValues: MessageDescriptor = { ...descriptor, values }
  return i18n._(withValues)
}
