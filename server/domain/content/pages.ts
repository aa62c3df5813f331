import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { array, create, object, string } from 'superstruct'
import type { ContentPage } from '../../../src/services/api/contract/content'
import { SLUG_PATTERN } from '../../../src/services/api/contract/content'
import type { Locale } from '../../../src/shared/locales'

/** What an operator writes in content/<locale>/pages/<slug>.json. */
export const PageFile = object({ title: string(), body: array(string()) })

/**
 * Reads a content page of one locale from `root` (CONTENT_DIR, server/config.ts). The slug is checked against the contract's pattern before
 * it touches the file system, so no path can climb out of the content folder. A page missing in
 * the locale is missing: the player gets the 404 page, never another language's text.
 */
export async function readContentPage(locale: Locale, slug: string, root: string): Promise<ContentPage | null> {
  if (!SLUG_PATTERN.test(slug)) return null
  let raw: string
  try {
    raw = await readFile(join(root, locale, 'pages', `${slug}.json`), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  const page = create(JSON.parse(raw), PageFile)
  return { slug, title: page.title, body: page.body }
}
