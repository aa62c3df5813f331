import { existsSync, readFileSync } from 'node:fs'
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
