import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, type Dirent } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { LOCALES, type Locale } from '../src/shared/locales'

interface ManifestChunk {
  file: string
  imports?: string[]
  isEntry?: boolean
}

type Manifest = Record<string, ManifestChunk>

function readManifest(manifestPath: string): Manifest | null {
  if (!existsSync(manifestPath)) return null
  try {
    return JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
  } catch {
    return null
  }
}

/** What scripts/vite-split-catalogs.ts writes beside the manifest (dist/catalogs.json). */
interface CatalogManifest {
  core: Partial<Record<Locale, string>>
  chunks: Record<string, Partial<Record<Locale, string>>>
}

function readCatalogs(manifestPath: string): CatalogManifest | null {
  const path = join(dirname(manifestPath), 'catalogs.json')
  if (!existsSync(path)) return null
  try {
    const catalogs = JSON.parse(readFileSync(path, 'utf8')) as CatalogManifest
    return catalogs.core && catalogs.chunks ? catalogs : null
  } catch {
    return null
  }
}

/** A chunk's file and everything it imports statically, as site paths, each once. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key]
  if (!chunk || into.has(`/${chunk.file}`)) return into
  into.add(`/${chunk.file}`)
  chunk.imports?.forEach((next) => closure(manifest, next, into))
  return into
}

/**
 * Chunks every page's start-up imports itself rather than through the entry (src/renderer/
 * +onRenderClient.tsx), so that each is evaluated in a task of its own: the route table with the
 * layout, and the root actor with its machines.
 */
export const STARTUP_MODULES: readonly string[] = ['src/routes/routes.tsx', 'src/ui/app/app-actor.ts']

/**
 * For the page modules a request matched (PAGE_MODULES in src/routes/routes.tsx), the built
 * chunks the browser needs to draw them, minus what the entry scripts load anyway, and the
 * catalogs of those chunks in the page's locale (each chunk awaits its own before it runs).
 * Preloaded from the head, they download alongside the entry instead of after it has run and
 * asked the router. The start-up's own chunks (STARTUP_MODULES) come with every page's.
 */
export function pagePreloadsFrom(manifestPath: string): (modules: readonly string[], locale?: Locale) => readonly string[] {
  const manifest = readManifest(manifestPath)
  if (!manifest) return () => []
  const catalogs = readCatalogs(manifestPath)
  const loadedByEntries = new Set<string>()
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(manifest, key, loadedByEntries)
  const filesOfKey = (key: string | undefined): readonly string[] =>
    key && key in manifest ? [...closure(manifest, key)].filter((file) => !loadedByEntries.has(file)) : []
  const byModule = new Map<string, readonly string[]>()
  const filesOf = (module: string): readonly string[] => {
    let files = byModule.get(module)
    if (!files) {
      files = filesOfKey([`src/routes/${module}.tsx`, `src/routes/${module}.ts`].find((k) => k in manifest))
      byModule.set(module, files)
    }
    return files
  }
  const everyPage = STARTUP_MODULES.flatMap(filesOfKey)
  const catalogsOf = (file: string, locale: Locale) => {
    const catalog = catalogs?.chunks[file.slice(1)]?.[locale]
    return catalog ? [catalog] : []
  }
  return (modules, locale) => {
    const files = [...new Set([...modules.flatMap(filesOf), ...everyPage])]
    return locale ? [...files, ...new Set(files.flatMap((file) => catalogsOf(file, locale)))] : files
  }
}

/**
 * For each locale, the built address of the message catalog the browser needs to hydrate: its
 * core catalog when the build split them (dist/catalogs.json), else its whole catalog and the chunks
 * that imports, read from the client build's manifest (Vike writes Vite's manifest to
 * dist/assets.json). The page preloads it, so it downloads alongside the entry script instead of
 * after it. A missing or unreadable manifest means no preloads.
 */
export function localePreloadsFrom(manifestPath: string): (locale: Locale) => readonly string[] {
  const none: readonly string[] = []
  const manifest = readManifest(manifestPath)
  if (!manifest) return () => none
  const catalogs = readCatalogs(manifestPath)
  const byLocale = new Map<Locale, readonly string[]>()
  for (const locale of LOCALES) {
    const core = catalogs?.core[locale]
    byLocale.set(locale, core ? [core] : [...closure(manifest, `locales/${locale}/messages.ts`)])
  }
  return (locale) => byLocale.get(locale) ?? none
}

/** What one client build is, for the service worker and the new-build check. */
export interface BuildInfo {
  /** Changes whenever any built asset does: a digest of the hashed asset names. */
  readonly buildId: string
  /** Addresses of every built asset (`/assets/...`), precached by the service worker. */
  readonly assets: readonly string[]
}

const SKIPPED = /\.(?:br|gz|map)$/

/**
 * The build in dist/client: its hashed assets and an id made from their names (each name carries
 * its content hash, so the id moves with any change). The Vite plugin writes the id into sw.js and
 * the server reports the same id at /build-manifest.json, from one function. Null without a build.
 */
export function buildInfoOf(clientDir: string): BuildInfo | null {
  const assetsDir = join(clientDir, 'assets')
  if (!existsSync(assetsDir)) return null
  const assets = (readdirSync(assetsDir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile() && !SKIPPED.test(entry.name))
    .map((entry) => `/${relative(clientDir, join(entry.parentPath, entry.name)).split(sep).join('/')}`)
    .sort()
  const buildId = createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 16)
  return { buildId, assets }
}
