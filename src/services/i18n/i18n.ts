import { setupI18n, type I18n, type MessageDescriptor, type Messages } from '@lingui/core'
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/locales'

// Whole catalogs, compiled by `lingui compile --typescript` (run by npm's prepare and build). The
// server and the dev server use them; the built client only when a split catalog fails to load.
const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../../locales/en/messages'),
  es: () => import('../../../locales/es/messages'),
  pt: () => import('../../../locales/pt/messages'),
  de: () => import('../../../locales/de/messages'),
}

/**
 * In the client build scripts/vite-split-catalogs.ts replaces this with each locale's core catalog
 * ('en=/assets/chunks/catalog.en-….js;es=…'): the messages the entries use. Every lazy chunk then
 * awaits its own catalog before its modules run (`globalThis.__linguiArea`, below). Elsewhere it
 * stays as written and whole catalogs are loaded.
 */
const SPLIT_CATALOGS: string = '__LINGUI_SPLIT_CATALOGS__'

function coreCatalogs(): Partial<Record<Locale, string>> | null {
  const pairs = SPLIT_CATALOGS.split(';').map((pair) => pair.split('='))
  if (!pairs.every(([locale, path]) => isLocale(locale) && path?.startsWith('/'))) return null
  return Object.fromEntries(pairs) as Partial<Record<Locale, string>>
}

const split = typeof window !== 'undefined' ? coreCatalogs() : null

// A module is imported once, but each import() still goes through module resolution (and, under
// a loader hook such as tsx's, a message to its thread): once per locale is enough.
const loaded = new Map<Locale, Promise<Messages>>()

function importCatalog(path: string): Promise<Messages> {
  return (import(/* @vite-ignore */ path) as Promise<{ messages: Messages }>).then((mod) => mod.messages)
}

/** The whole catalog: what the server renders with, and the browser's fallback when a part fails. */
function loadWhole(locale: Locale): Promise<Messages> {
  return loaders[locale]().then((mod) => mod.messages)
}

/** The locale's messages for the first render: its core catalog in the built client, else all of them. */
export function loadMessages(locale: Locale): Promise<Messages> {
  const key = isLocale(locale) ? locale : DEFAULT_LOCALE
  let messages = loaded.get(key)
  if (!messages) {
    const core = split?.[key]
    // A core catalog that cannot be loaded is replaced by the whole one rather than showing ids.
    messages = core ? importCatalog(core).catch(() => loadWhole(key)) : loadWhole(key)
    // A failed load (a chunk the network dropped) is tried again next time.
    messages.catch(() => loaded.delete(key))
    loaded.set(key, messages)
  }
  return messages
}

// The lazy chunks' messages loaded so far, and the page's i18n instance they go into (browser only).
let areaLocale: Locale | undefined
const areaMessages: Messages = {}
let pageI18n: I18n | undefined

/**
 * The locale lazy chunks load their catalogs in: the page's, set before its chunks are imported.
 * Changing the locale is a full page load (app-actor's switchLocale), so it is set once per page.
 */
export function setCatalogLocale(locale: Locale): void {
  areaLocale = isLocale(locale) ? locale : DEFAULT_LOCALE
}

function currentLocale(): Locale {
  if (areaLocale) return areaLocale
  const lang = document.documentElement.lang
  return isLocale(lang) ? lang : DEFAULT_LOCALE
}

type AreaCatalog = Partial<Record<Locale, string | Messages>>

// Each catalog file once per page, however many chunks name it.
const areaFiles = new Map<string, Promise<Messages>>()

function loadAreaFile(locale: Locale, path: string | undefined): Promise<Messages> {
  if (!path) return loadWhole(locale)
  let messages = areaFiles.get(path)
  if (!messages) {
    messages = importCatalog(path).catch(() => loadWhole(locale))
    messages.catch(() => areaFiles.delete(path))
    areaFiles.set(path, messages)
  }
  return messages
}

/**
 * Awaited by lazy chunks of the built client before their modules run: `own` is the chunk's
 * catalog when small enough to travel inline (an address otherwise, loaded by the chunk imported
 * dynamically above it), `loads` every catalog file of a dynamically imported chunk's lazy static
 * closure, fetched at once. All in the page's locale, merged into what the page renders with. A
 * file that fails to load is replaced by the whole catalog, so a message is never shown as its id;
 * failing that too, the chunk's import fails like a chunk the network dropped.
 */
async function loadArea(own: AreaCatalog | null, loads: readonly AreaCatalog[]): Promise<void> {
  const locale = currentLocale()
  const inline = own?.[locale]
  const parts = await Promise.all([
    typeof inline === 'object' ? inline : own && inline === undefined ? loadWhole(locale) : {},
    ...loads.map((paths) => {
      const path = paths[locale]
      return loadAreaFile(locale, typeof path === 'string' ? path : undefined)
    }),
  ])
  const fresh: Messages = {}
  for (const messages of parts) for (const [id, message] of Object.entries(messages)) if (!(id in areaMessages)) fresh[id] = areaMessages[id] = message
  // load() re-renders every translated component: only when something new arrived.
  if (pageI18n && Object.keys(fresh).length > 0) pageI18n.load(locale, fresh)
}

declare global {
  var __linguiArea: ((own: AreaCatalog | null, loads: readonly AreaCatalog[]) => Promise<void>) | undefined
}

if (split) globalThis.__linguiArea = loadArea

/** One i18n instance per request on the server and one per page in the browser; never the global one. */
export function createI18n(locale: Locale, messages: Messages): I18n {
  if (!split) return setupI18n({ locale, messages: { [locale]: messages } })
  // The lazy chunks loaded before hydration (the page's own) brought their messages already.
  const i18n = setupI18n({ locale, messages: { [locale]: { ...messages, ...(locale === currentLocale() ? areaMessages : {}) } } })
  pageI18n = i18n
  return i18n
}

/**
 * A message descriptor with values. Lingui's extractor cannot read `i18n._({ ...descriptor, values })`
 * at a call site, so descriptors made with `msg` elsewhere are translated through here.
 */
export function translate(i18n: Pick<I18n, '_'>, descriptor: MessageDescriptor, values: Record<string, unknown>): string {
  const withValues: MessageDescriptor = { ...descriptor, values }
  return i18n._(withValues)
}
