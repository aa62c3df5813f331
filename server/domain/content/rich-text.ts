import type { Block, Span } from '../../../src/services/api/contract/content'
import { safeRedirectTarget } from '../../../src/shared/redirect'

/**
 * The rich text an operator writes in a page file: plain strings with three marks (`**bold**`,
 * `*italic*`, `[label](/path)`), and blocks `{ "heading" }`, `{ "list" }`, `{ "ordered" }`.
 * It is parsed here into spans, so the page renders elements and never HTML. HTML in the text is
 * not markup: tags are stripped (scripts and styles with their content) and reported, so the
 * operator learns of it and the player still gets the page's words.
 */

export interface RichTextProblem {
  field: string
  reason: string
}

const STRIP_WITH_CONTENT = /<(script|style|iframe|object|embed|template|noscript)\b[^>]*>[\s\S]*?(<\/\1\s*>|$)/gi
const TAG = /<\/?[a-z!?][^>]*>?/gi
const MARK = /\*\*(.+?)\*\*|\*(.+?)\*|\[([^\]\n]+)\]\(([^)\s]+)\)/g

/** The text with every HTML tag removed; `problems` gets one entry when there was any. */
export function stripTags(text: string, field: string, problems: RichTextProblem[]): string {
  const stripped = text.replace(STRIP_WITH_CONTENT, '').replace(TAG, '')
  if (stripped !== text) problems.push({ field, reason: 'HTML is not allowed in content text; the tags were removed (use **bold**, *italic* and [label](/path))' })
  return stripped
}

/** A link the page may carry: a same-site path, or an https (or mailto) address. */
export function safeHref(href: string): string | null {
  if (href.startsWith('/')) return safeRedirectTarget(href)
  try {
    const url = new URL(href)
    if (url.protocol === 'https:' && !url.username && !url.password) return url.toString()
    if (url.protocol === 'mailto:') return url.toString()
  } catch {
    return null
  }
  return null
}

/** One string of marked-up text as spans. */
export function parseInline(raw: string, field: string, problems: RichTextProblem[]): Span[] {
  const text = stripTags(raw, field, problems)
  const spans: Span[] = []
  let last = 0
  for (const match of text.matchAll(MARK)) {
    if (match.index > last) spans.push({ text: text.slice(last, match.index) })
    const [, bold, italic, label, href] = match
    if (bold !== undefined) spans.push({ text: bold, bold: true })
    else if (italic !== undefined) spans.push({ text: italic, italic: true })
    else if (label !== undefined && href !== undefined) {
      const safe = safeHref(href)
      if (safe) spans.push({ text: label, href: safe })
      else {
        problems.push({ field, reason: `the link "${href}" is neither a path on this site nor an https address; it is shown as plain text` })
        spans.push({ text: label })
      }
    }
    last = match.index + match[0].length
  }
  if (last < text.length) spans.push({ text: text.slice(last) })
  return spans.filter((s) => s.text !== '')
}

/** What a page file's body may hold; the schema in pages.ts checks the shape first. */
export type BodyEntry = string | { heading: string } | { list: string[] } | { ordered: string[] }

export function parseBody(entries: readonly BodyEntry[], problems: RichTextProblem[]): Block[] {
  return entries.flatMap((entry, i): Block[] => {
    const field = `body.${i}`
    if (typeof entry === 'string') {
      const spans = parseInline(entry, field, problems)
      return spans.length ? [{ kind: 'paragraph', spans }] : []
    }
    if ('heading' in entry) return [{ kind: 'heading', spans: parseInline(entry.heading, `${field}.heading`, problems) }]
    const kind = 'list' in entry ? 'list' : 'ordered'
    const items = 'list' in entry ? entry.list : entry.ordered
    return [{ kind, items: items.map((item, j) => parseInline(item, `${field}.${kind}.${j}`, problems)) }]
  })
}

/** Plain text of spans (JSON-LD answers, meta descriptions). */
export function spansText(spans: readonly Span[]): string {
  return spans.map((s) => s.text).join('')
}
