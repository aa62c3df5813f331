// The first-load JavaScript of a page, from the client build's manifest (Vite's format, which vike
// writes to dist/assets.json): the entries every page loads, the route modules the page's router
// resolves before hydrating, and every chunk they import statically, each counted once.
import { gzipSync } from 'node:zlib'

export interface ManifestChunk {
  file: string
  imports?: string[]
  dynamicImports?: string[]
  isEntry?: boolean
  isDynamicEntry?: boolean
}
export type Manifest = Record<string, ManifestChunk>

export interface PageBudget {
  url: string
  /** The locale the page is visited in, for its message catalogs; the default locale when absent. */
  locale?: string
  /** Manifest keys (source paths) of the route modules the page resolves before hydrating. */
  routeModules: string[]
  /** Over this the check fails; a page without one is measured only. */
  maxGzipKiB?: number
  /** Where the page is meant to get to; printed with the distance left, never failed on. */
  targetGzipKiB?: number
}

export interface BudgetConfig {
  /** The client build's manifest, relative to the config file. */
  manifest: string
  /** The built client files, relative to the config file. */
  clientDir?: string
  /** Manifest keys every page loads: vike's client runtime and the page entry. */
  entries: string[]
  pages: PageBudget[]
}

/** dist/catalogs.json (scripts/vite-split-catalogs.ts): site paths of the core and each chunk's catalog per locale. */
export interface CatalogManifest {
  core: Record<string, string>
  chunks: Record<string, Record<string, string>>
}

export interface PageResult {
  url: string
  files: number
  raw: number
  gzip: number
  /** The message catalogs the page loads before hydrating (not part of the JS budget). */
  catalogFiles: number
  catalogGzip: number
  maxGzipKiB?: number
  targetGzipKiB?: number
  over: boolean
}

/**
 * The JS files a first visit downloads, given the manifest keys it starts from. A key missing from
 * the manifest throws: a renamed route module must not silently drop out of the budget.
 */
export function firstLoadFiles(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>()
  const files: string[] = []
  const visit = (key: string, from?: string) => {
    if (seen.has(key)) return
    const chunk = manifest[key]
    if (!chunk) throw new Error(`budget: "${key}"${from ? ` (imported by ${from})` : ''} is not in the build manifest; update budget.config.json`)
    seen.add(key)
    if (/\.m?js$/.test(chunk.file)) files.push(chunk.file)
    for (const dep of chunk.imports ?? []) visit(dep, key)
  }
  for (const key of keys) visit(key)
  return files
}

/** Bytes after gzip at the level servers commonly use (zlib's default, 6). */
export function gzipSize(content: Buffer | string): number {
  return gzipSync(content).length
}

/**
 * The catalogs a first visit in `locale` loads besides its JS: the core catalog and those of the
 * page's chunks when the build split them, else the locale's whole catalog chunk.
 */
export function firstLoadCatalogs(manifest: Manifest, files: readonly string[], locale: string, catalogs: CatalogManifest | null): string[] {
  if (!catalogs) {
    const key = `locales/${locale}/messages.ts`
    return key in manifest ? firstLoadFiles(manifest, [key]) : []
  }
  const paths = [catalogs.core[locale], ...files.map((file) => catalogs.chunks[file]?.[locale])]
  return [...new Set(paths.flatMap((path) => (path ? [path.replace(/^\//, '')] : [])))]
}

/** Every page's figures and whether it is over its budget; `readAsset` reads a file of the client build. */
export function measurePages(
  config: BudgetConfig,
  manifest: Manifest,
  readAsset: (file: string) => Buffer | string,
  catalogs: CatalogManifest | null = null,
): PageResult[] {
  const sizes = new Map<string, { raw: number; gzip: number }>()
  const sizeOf = (file: string) => {
    let size = sizes.get(file)
    if (!size) {
      const content = readAsset(file)
      size = { raw: Buffer.byteLength(content), gzip: gzipSize(content) }
      sizes.set(file, size)
    }
    return size
  }
  return config.pages.map((page) => {
    const files = firstLoadFiles(manifest, [...config.entries, ...page.routeModules])
    const raw = files.reduce((sum, f) => sum + sizeOf(f).raw, 0)
    const gzip = files.reduce((sum, f) => sum + sizeOf(f).gzip, 0)
    const over = page.maxGzipKiB !== undefined && gzip > page.maxGzipKiB * 1024
    const catalogFiles = firstLoadCatalogs(manifest, files, page.locale ?? 'en', catalogs)
    const catalogGzip = catalogFiles.reduce((sum, f) => sum + sizeOf(f).gzip, 0)
    return { url: page.url, files: files.length, raw, gzip, catalogFiles: catalogFiles.length, catalogGzip, maxGzipKiB: page.maxGzipKiB, targetGzipKiB: page.targetGzipKiB, over }
  })
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

/** The table the build prints, and one failure line per page over its budget. */
export function report(results: PageResult[]): { lines: string[]; failures: string[] } {
  const lines = results.map((r) => {
    const budget = r.maxGzipKiB === undefined ? 'measured only' : `budget ${r.maxGzipKiB} KiB${r.over ? ' OVER' : ' ok'}`
    // The budget stops regressions; the target is where the page is meant to get to.
    const target =
      r.targetGzipKiB === undefined ? '' : `, target ${r.targetGzipKiB} KiB${r.gzip > r.targetGzipKiB * 1024 ? ` (${kib(r.gzip - r.targetGzipKiB * 1024)} to go)` : ' met'}`
    const catalogs = `+ ${kib(r.catalogGzip)} catalogs (${r.catalogFiles}) = ${kib(r.gzip + r.catalogGzip)}`
    return `${r.url.padEnd(20)} ${kib(r.gzip).padStart(11)} gzip  ${kib(r.raw).padStart(11)} raw  ${String(r.files).padStart(3)} files  ${catalogs}  ${budget}${target}`
  })
  const failures = results
    .filter((r) => r.over && r.maxGzipKiB !== undefined)
    .map((r) => `${r.url}: first-load JS is ${kib(r.gzip)} gzip, over its budget of ${r.maxGzipKiB} KiB by ${kib(r.gzip - r.maxGzipKiB! * 1024)}`)
  return { lines, failures }
}
