import { access, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { array, object, optional, pattern, refine, size, string, union, type Infer } from 'superstruct'
import type { ContentPage } from '../../../src/services/api/contract/content'
import { SLUG_PATTERN } from '../../../src/services/api/contract/content'
import { LOCALES, type Locale } from '../../../src/shared/locales'
import { safeRedirectTarget } from '../../../src/shared/redirect'
import { parseBody, parseInline, spansText, type RichTextProblem } from './rich-text'
import { ContentError } from './section'

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/
const isoDate = refine(pattern(string(), ISO_DATE), 'date', (v) => !Number.isNaN(Date.parse(v)) || 'is not a real date')
const sitePath = refine(string(), 'path', (v) => (v.startsWith('/') && safeRedirectTarget(v) === v) || 'must be a path on this site, such as /support')

/** What an operator writes in content/<locale>/pages/<slug>.json (docs in README "Content pages"). */
export const PageFile = object({
  title: size(string(), 1, 200),
  /** Meta description; without it the first paragraph's opening words. */
  description: optional(size(string(), 1, 320)),
  body: array(union([string(), object({ heading: string() }), object({ list: array(string()) }), object({ ordered: array(string()) })])),
  faq: optional(array(object({ question: size(string(), 1, 300), answer: size(string(), 1, 5000) }))),
  /** The steps between home and this page (home and the page itself are added). */
  breadcrumbs: optional(array(object({ name: size(string(), 1, 100), path: sitePath }))),
  article: optional(object({ published: isoDate, modified: optional(isoDate), author: size(string(), 1, 200) })),
})
type PageFile = Infer<typeof PageFile>

/** How a page's problems reach the operator: the server log, naming the file and the field. */
export type ContentReport = (problem: ContentError, severity: 'error' | 'warn') => void

const DESCRIPTION_LENGTH = 160

export function pageFile(root: string, locale: Locale, slug: string): string {
  return join(root, locale, 'pages', `${slug}.json`)
}

/**
 * Reads a content page of one locale from `root` (CONTENT_DIR, server/config.ts). The slug is checked against the contract's pattern before
 * it touches the file system, so no path can climb out of the content folder. A page missing in
 * the locale is missing: the player gets the 404 page, never another language's text. A broken
 * file is reported (file and field) and answers null too: the player gets a working 404 page,
 * not an error, while the operator reads what to fix in the log.
 */
export async function readContentPage(locale: Locale, slug: string, root: string, report: ContentReport = () => {}): Promise<ContentPage | null> {
  if (!SLUG_PATTERN.test(slug)) return null
  const file = pageFile(root, locale, slug)
  let raw: string
  try {
    raw = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    report(new ContentError(file, '', (error as Error).message), 'error')
    return null
  }
  let parsed: PageFile
  try {
    parsed = parsePageFile(file, raw)
  } catch (error) {
    if (error instanceof ContentError) {
      report(error, 'error')
      return null
    }
    throw error
  }
  const problems: RichTextProblem[] = []
  const page = toPage(slug, parsed, problems)
  for (const p of problems) report(new ContentError(file, p.field, p.reason), 'warn')
  page.locales = await localesWith(root, slug)
  return page
}

/** Parses and checks a page file's text; a ContentError names the file and the first bad field. */
export function parsePageFile(file: string, raw: string): PageFile {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch (error) {
    throw new ContentError(file, '', `not valid JSON: ${(error as Error).message}`)
  }
  const [error, page] = PageFile.validate(value, { coerce: true })
  if (error) {
    const failure = error.failures()[0] ?? error
    throw new ContentError(file, failure.path.join('.'), failure.message)
  }
  return page
}

/**
 * A checked page file as the page the API serves; `locales` is left for the caller (the store knows
 * every locale's pages). Sanitising the rich text yields warnings (file and field), not failures:
 * the player gets the page's words either way.
 */
export function buildContentPage(slug: string, where: string, file: PageFile): { page: ContentPage; warnings: ContentError[] } {
  const problems: RichTextProblem[] = []
  const page = toPage(slug, file, problems)
  return { page, warnings: problems.map((p) => new ContentError(where, p.field, p.reason)) }
}

function toPage(slug: string, file: PageFile, problems: RichTextProblem[]): ContentPage {
  const body = parseBody(file.body, problems)
  const faq = (file.faq ?? []).map((entry, i) => ({
    question: spansText(parseInline(entry.question, `faq.${i}.question`, problems)),
    answer: parseInline(entry.answer, `faq.${i}.answer`, problems),
  }))
  const title = spansText(parseInline(file.title, 'title', problems))
  const description = file.description ? spansText(parseInline(file.description, 'description', problems)) : firstWords(body)
  return {
    slug,
    title,
    description,
    body,
    faq,
    breadcrumbs: [...(file.breadcrumbs ?? []).map((b) => ({ name: b.name, path: b.path })), { name: title, path: `/${slug}` }],
    article: file.article ? { published: file.article.published, modified: file.article.modified ?? null, author: file.article.author } : null,
    locales: [],
  }
}

function firstWords(body: ContentPage['body']): string {
  const first = body.find((b) => b.kind === 'paragraph')
  const text = first && 'spans' in first ? spansText(first.spans) : ''
  if (text.length <= DESCRIPTION_LENGTH) return text
  const cut = text.slice(0, DESCRIPTION_LENGTH - 1)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_LENGTH / 2))}…`
}

async function localesWith(root: string, slug: string): Promise<Locale[]> {
  const found = await Promise.all(LOCALES.map((l) => access(pageFile(root, l, slug)).then(() => true, () => false)))
  return LOCALES.filter((_, i) => found[i])
}
