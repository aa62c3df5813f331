import { watch } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { CmsConfig, ContentPage } from '../../../src/services/api/contract/content'
import { SLUG_PATTERN } from '../../../src/services/api/contract/content'
import { LOCALES, type Locale } from '../../../src/shared/locales'
import { cmsBackend, type ContentApiConfig } from './cms-backend'
import { buildContentPage, PageFile } from './pages'
import { ContentError, sectionPath, validateSection, type ContentBackend, type ContentSection } from './section'
import { contentSections } from './sections'

export type { ContentBackend }

/** A load or reload that found broken content: every problem, each naming its file and field. */
export class ContentLoadError extends Error {
  constructor(readonly problems: readonly ContentError[]) {
    super(`The content has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map((p) => `  ${p.message}`).join('\n')}`)
    this.name = 'ContentLoadError'
  }
}

export interface ContentSummary {
  origin: string
  locales: Locale[]
  sections: string[]
  pages: number
  /** Content served with a change, each naming its file and field (HTML stripped from rich text). */
  warnings: string[]
  loadedAt: string
}

/** Where the server reads the operator's content: checked at start, kept in memory, reloaded on demand. */
export interface ContentSource {
  /** Loads and checks everything once; rejects with ContentLoadError. Later calls reuse the first load. */
  load(): Promise<ContentSummary>
  /** Loads everything again; on a problem rejects and keeps serving the last good content. */
  reload(): Promise<ContentSummary>
  /** Watching: picks up changed content now (the page cache asks before it answers). Otherwise nothing. */
  refresh(): Promise<void>
  section<T>(section: ContentSection<T>, locale: Locale): Promise<T>
  page(locale: Locale, slug: string): Promise<ContentPage | null>
  /** The slugs of a locale's pages, sorted: the sitemap lists them, whichever backend holds them. */
  pageSlugs(locale: Locale): Promise<string[]>
  /** The public sections of a locale (GET /nfx/cms-config/{locale}); host picks the domain's SEO settings. */
  publicConfig(locale: Locale, host: string): Promise<CmsConfig>
  /** Called after every load that changed the content (the HTML cache clears itself). */
  onChange(listener: () => void): () => void
  /** Called with a problem a watched change ran into (the last good content stays). */
  onProblem(listener: (error: ContentLoadError) => void): () => void
}

interface Snapshot {
  values: Map<string, unknown>
  pages: Map<string, ContentPage>
  version: string | null
  summary: ContentSummary
}

const key = (section: ContentSection<unknown>, locale: Locale) => (section.scope === 'site' ? section.name : `${section.name}:${locale}`)

/** Reads and checks everything the backend has; throws ContentLoadError listing every problem. */
async function loadAll(backend: ContentBackend, sections: readonly ContentSection<unknown>[]): Promise<Snapshot> {
  const version = await backend.version()
  const problems: ContentError[] = []
  const catchProblem = (error: unknown) => {
    if (error instanceof ContentError) problems.push(error)
    else throw error
  }
  for (const { locale, where } of await backend.localesPresent()) {
    if (!(LOCALES as readonly string[]).includes(locale)) problems.push(new ContentError(where, '', `"${locale}" is not a locale of the site (${LOCALES.join(', ')})`))
  }
  const values = new Map<string, unknown>()
  const pages = new Map<string, ContentPage>()
  /** Rich text that had to be sanitised: told to the operator, served cleaned. */
  const warnings: string[] = []
  for (const section of sections) {
    for (const locale of section.scope === 'site' ? [LOCALES[0]] : LOCALES) {
      try {
        const raw = await backend.read(section, locale)
        if (!raw.found) {
          if (section.fallback === undefined) throw new ContentError(raw.where, '', 'missing')
          values.set(key(section, locale), section.fallback)
        } else values.set(key(section, locale), validateSection(section, raw.where, raw.value))
      } catch (error) {
        catchProblem(error)
      }
    }
  }
  for (const locale of LOCALES) {
    try {
      for (const raw of await backend.pages(locale)) {
        try {
          if (!SLUG_PATTERN.test(raw.slug)) throw new ContentError(raw.where, '', 'the name must be a slug: lowercase letters, digits and hyphens')
          const file = validateSection({ name: 'page', scope: 'locale', file: '', struct: PageFile, public: false }, raw.where, raw.value)
          const built = buildContentPage(raw.slug, raw.where, file)
          pages.set(`${locale}/${raw.slug}`, built.page)
          warnings.push(...built.warnings.map((w) => w.message))
        } catch (error) {
          catchProblem(error)
        }
      }
    } catch (error) {
      catchProblem(error)
    }
  }
  if (problems.length) throw new ContentLoadError(problems)
  // Alternate-language links name only the locales that have the page.
  for (const page of pages.values()) page.locales = LOCALES.filter((l) => pages.has(`${l}/${page.slug}`))
  return {
    values,
    pages,
    version,
    summary: { origin: backend.origin, locales: [...LOCALES], sections: sections.map((s) => s.name), pages: pages.size, warnings, loadedAt: new Date().toISOString() },
  }
}

/**
 * The caching store over a backend. With `watch` (CONTENT_WATCH, on by default in APP_ENV demo)
 * every read first compares the backend's version and reloads on a change, so an edit shows on the
 * next request; without it the content changes only through reload() (the operator's call).
 */
export function createContentStore(backend: ContentBackend, options: { watch: boolean; sections?: readonly ContentSection<unknown>[] }): ContentSource {
  const sections = options.sections ?? contentSections
  let current: Snapshot | null = null
  let loading: Promise<Snapshot> | null = null
  let checking: Promise<void> | null = null
  /** The version a watched reload failed on: not retried (nor reported again) until the content changes again. */
  let failedVersion: string | null = null
  const changeListeners = new Set<() => void>()
  const problemListeners = new Set<(error: ContentLoadError) => void>()

  const install = (next: Snapshot) => {
    const changed = current !== null
    current = next
    failedVersion = null
    if (changed) for (const listener of changeListeners) listener()
    return next
  }
  /** One load at a time: a second caller waits for the one under way. */
  const loadOnce = (): Promise<Snapshot> => {
    loading ??= loadAll(backend, sections)
      .then(install)
      .finally(() => {
        loading = null
      })
    return loading
  }
  // Comparing versions reads every file's size and time: with a watcher it is done only after the
  // watcher saw something, not on each of the thousands of reads a second a busy site makes.
  let dirty = true
  let watching =
    options.watch && backend.watch
      ? backend.watch((lost) => {
          dirty = true
          if (lost) watching = false
        }) !== null
      : false
  const ready = async (): Promise<Snapshot> => {
    if (!current) return loadOnce()
    if (options.watch && (dirty || !watching)) {
      dirty = false
      checking ??= check().finally(() => {
        checking = null
      })
      await checking
    }
    return current
  }
  const check = async () => {
    const version = await backend.version()
    if (version === null || version === current?.version || version === failedVersion) return
    try {
      await loadOnce()
    } catch (error) {
      if (!(error instanceof ContentLoadError)) throw error
      failedVersion = version
      for (const listener of problemListeners) listener(error)
    }
  }
  const valueOf = (snapshot: Snapshot, section: ContentSection<unknown>, locale: Locale) => {
    const k = key(section, locale)
    if (!snapshot.values.has(k)) throw new Error(`Content section "${section.name}" is not registered in server/domain/content/sections.ts`)
    return snapshot.values.get(k)
  }

  return {
    load: async () => (current ?? (await loadOnce())).summary,
    reload: async () => (await loadOnce()).summary,
    refresh: async () => {
      await ready()
    },
    section: async <T>(section: ContentSection<T>, locale: Locale) => valueOf(await ready(), section as ContentSection<unknown>, locale) as T,
    page: async (locale, slug) => (await ready()).pages.get(`${locale}/${slug}`) ?? null,
    pageSlugs: async (locale) =>
      [...(await ready()).pages.keys()]
        .filter((k) => k.startsWith(`${locale}/`))
        .map((k) => k.slice(locale.length + 1))
        .sort(),
    publicConfig: async (locale, host) => {
      const snapshot = await ready()
      const config: Record<string, unknown> = { locale }
      for (const section of sections) {
        if (!section.public) continue
        const value = valueOf(snapshot, section, locale)
        config[section.name] = section.publicView ? section.publicView(value, { locale, host }) : value
      }
      return config as CmsConfig
    },
    onChange: (listener) => {
      changeListeners.add(listener)
      return () => changeListeners.delete(listener)
    },
    onProblem: (listener) => {
      problemListeners.add(listener)
      return () => problemListeners.delete(listener)
    },
  }
}

/** The files of CONTENT_DIR: <locale>/<file>, <file> for site sections, <locale>/pages/<slug>.json. */
export function fileBackend(root: string): ContentBackend {
  const readJson = async (file: string): Promise<{ where: string; found: false } | { where: string; found: true; value: unknown }> => {
    let raw: string
    try {
      raw = await readFile(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { where: file, found: false }
      throw new ContentError(file, '', (error as Error).message)
    }
    try {
      return { where: file, found: true, value: JSON.parse(raw) }
    } catch (error) {
      throw new ContentError(file, '', `not valid JSON: ${(error as Error).message}`)
    }
  }
  return {
    origin: root,
    localesPresent: async () => {
      const entries = await readdir(root, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        throw new ContentError(root, '', `the content folder cannot be read (${error.code ?? error.message})`)
      })
      return entries.filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => ({ locale: e.name, where: join(root, e.name) }))
    },
    read: (section, locale) => readJson(sectionPath(root, section, locale)),
    pages: async (locale) => {
      const dir = join(root, locale, 'pages')
      let names: string[]
      try {
        names = await readdir(dir)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
        throw new ContentError(dir, '', (error as Error).message)
      }
      const pages = []
      for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
        const raw = await readJson(join(dir, name))
        if (raw.found) pages.push({ slug: name.slice(0, -'.json'.length), where: raw.where, value: raw.value })
      }
      return pages
    },
    watch: (onChange) => {
      try {
        const watcher = watch(root, { recursive: true, persistent: false }, () => onChange())
        watcher.on('error', () => {
          watcher.close()
          // A watcher that died can no longer tell: every read checks from now on.
          onChange(true)
        })
        return () => watcher.close()
      } catch {
        return null
      }
    },
    // Every file's path, size and modification time: an edit, a new file or a removed one changes it.
    version: async () => {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
      const parts: string[] = []
      for (const entry of entries) {
        if (!entry.isFile()) continue
        const path = join(entry.parentPath ?? entry.path, entry.name)
        const info = await stat(path).catch(() => null)
        if (info) parts.push(`${path}:${info.size}:${info.mtimeMs}`)
      }
      return parts.sort().join('\n')
    },
  }
}

const sources = new Map<string, ContentSource>()

/**
 * The content store of a configuration, one per content origin in the process, so the app, its
 * handlers and SSR share one copy in memory. Features read their sections through it, never the files.
 */
export function contentSource(config: { contentDir: string; contentWatch?: boolean; contentApi?: ContentApiConfig | null }): ContentSource {
  const api = config.contentApi ?? null
  const id = api ? `api:${api.url}:${api.identifier}` : `files:${config.contentDir}:${config.contentWatch ? 'watch' : 'signal'}`
  let source = sources.get(id)
  if (!source) {
    source = api ? createContentStore(cmsBackend(api), { watch: false }) : createContentStore(fileBackend(config.contentDir), { watch: config.contentWatch ?? false })
    sources.set(id, source)
  }
  return source
}
