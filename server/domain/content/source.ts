import type { Locale } from '../../../src/shared/locales'
import { readSection, type ContentSection } from './section'

/** Where the server reads the operator's content: the files of CONTENT_DIR by default. */
export interface ContentSource {
  section<T>(section: ContentSection<T>, locale: Locale): Promise<T>
}

const sources = new Map<string, ContentSource>()

/** The content source of a content root; features read their sections through it, never the files. */
export function contentSource(config: { contentDir: string }): ContentSource {
  let source = sources.get(config.contentDir)
  if (!source) {
    const root = config.contentDir
    source = { section: (section, locale) => readSection(root, section, locale) }
    sources.set(root, source)
  }
  return source
}
