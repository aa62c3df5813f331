import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, type Dirent } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { LOCALES, type Locale } from '../src/shared/locales'

interface ManifestChunk {
  file: string
  imports?: string[]
}

/**
 * For each locale, the built addresses of its message catalog and the chunks that catalog
 * imports, read from the client build's manifest (Vike writes Vite's manifest to dist/assets.json).
 * The page preloads them, so the catalog the browser needs to hydrate downloads alongside the
 * entry script instead of after it. A missing or unreadable manifest means no preloads.
 */
export function localePreloadsFrom(manifestPath: string): (locale: Locale) => readonly string[] {
  const none: readonly string[] = []
  if (!existsSync(manifestPath)) return () => none
  let manifest: Record<string, ManifestChunk>
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>
  } catch {
    return () => none
  }
  const byLocale = new Map<Locale, readonly string[]>()
  for (const locale of LOCALES) {
    const files = new Set<string>()
    const visit = (key: string) => {
      const chunk = manifest[key]
      if (!chunk || files.has(`/${chunk.file}`)) return
      files.add(`/${chunk.file}`)
      chunk.imports?.forEach(visit)
    }
    visit(`locales/${locale}/messages.ts`)
    byLocale.set(locale, [...files])
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
