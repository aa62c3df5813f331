import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { StructError, create, type Struct } from 'superstruct'
import type { Locale } from '../../../src/shared/locales'

/**
 * One part of the content an operator edits: a JSON file, either one per locale
 * (`<CONTENT_DIR>/<locale>/<file>`) or one for the whole site (`<CONTENT_DIR>/<file>`), and the
 * superstruct schema it must satisfy. The content store loads every registered section
 * (sections.ts); a feature reads its own section through the store, never the file.
 */
export interface ContentSection<T> {
  /** Key of the section in the content config (`/nfx/cms-config/{locale}`). */
  name: string
  scope: 'locale' | 'site'
  /** Path of the file, relative to the locale's folder or to the content root. */
  file: string
  struct: Struct<T, unknown>
  /** Used when the file does not exist; without it a missing file is an error. */
  fallback?: T
  /** Whether the section is sent to the browser in the content config (server-only settings are not). */
  public: boolean
  /** What the browser gets of a public section for a request, when not the whole value (seo: the request's domain). */
  publicView?: (value: T, request: { locale: Locale; host: string }) => unknown
}

/** A content file an operator got wrong: names the file and the field, so the fix is obvious. */
export class ContentError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    readonly reason: string,
  ) {
    super(field ? `${file}: ${field}: ${reason}` : `${file}: ${reason}`)
    this.name = 'ContentError'
  }
}

export function sectionPath<T>(root: string, section: ContentSection<T>, locale: Locale): string {
  return section.scope === 'locale' ? join(root, locale, section.file) : join(root, section.file)
}

/** Checks parsed JSON against a section's schema; errors name the file and the first bad field. */
export function validateSection<T>(section: ContentSection<T>, file: string, value: unknown): T {
  try {
    return create(value, section.struct)
  } catch (error) {
    if (error instanceof StructError) {
      const failure = error.failures()[0] ?? error
      throw new ContentError(file, failure.path.join('.'), failure.message)
    }
    throw error
  }
}

/** Reads and checks one section's file from the file system. */
export async function readSection<T>(root: string, section: ContentSection<T>, locale: Locale): Promise<T> {
  const file = sectionPath(root, section, locale)
  let raw: string
  try {
    raw = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && section.fallback !== undefined) return section.fallback
    throw new ContentError(file, '', (error as Error).message)
  }
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch (error) {
    throw new ContentError(file, '', `not valid JSON: ${(error as Error).message}`)
  }
  return validateSection(section, file, value)
}

/**
 * Where the content comes from: the files of CONTENT_DIR (the default) or a headless CMS
 * (cms-backend.ts). A backend only fetches raw values; the store checks them against the
 * sections' schemas, so both kinds of backend fail the same way, naming the file (or entry) and field.
 */
export interface ContentBackend {
  /** The folder or address, for messages. */
  readonly origin: string
  /** The locale folders (or entries) the content has, so one the site does not know is reported. */
  localesPresent(): Promise<{ locale: string; where: string }[]>
  /** One section's raw value; `found: false` when the content has no such file or entry. */
  read(section: ContentSection<unknown>, locale: Locale): Promise<{ where: string; found: false } | { where: string; found: true; value: unknown }>
  /** Every page of a locale, raw. */
  pages(locale: Locale): Promise<{ slug: string; where: string; value: unknown }[]>
  /** A token that changes whenever the content does; null when the backend cannot tell cheaply. */
  version(): Promise<string | null>
  /**
   * Calls back when something may have changed, so a watching store asks version() only then;
   * returns the unsubscribe, or null when it cannot watch (the store then asks on every read).
   * `lost`: the watcher stopped and cannot tell any more.
   */
  watch?(onChange: (lost?: boolean) => void): (() => void) | null
}
