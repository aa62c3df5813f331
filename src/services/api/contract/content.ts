import { array, boolean, enums, nullable, object, optional, pattern, string, union, type Infer } from 'superstruct'
import { LOCALES } from '../../../shared/locales'
import { defineCall } from './define'

// Content pages (SPEC §2.1 /{slug}) are files an operator edits in content/<locale>/pages.
// The SPEC shows no call for them, so they get their own area in the §7 form (ARCHITECTURE §4).

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/

/**
 * Rich text travels as structure, never as HTML: the server parses and sanitises the operator's
 * text into spans and blocks, and the page renders them as elements (no innerHTML anywhere).
 * An href is a same-site path or an https address, already checked by the server.
 */
export const SpanSchema = object({
  text: string(),
  bold: optional(boolean()),
  italic: optional(boolean()),
  href: optional(string()),
})
export type Span = Infer<typeof SpanSchema>

export const BlockSchema = union([
  object({ kind: enums(['paragraph', 'heading']), spans: array(SpanSchema) }),
  object({ kind: enums(['list', 'ordered']), items: array(array(SpanSchema)) }),
])
export type Block = Infer<typeof BlockSchema>

export const FaqEntrySchema = object({ question: string(), answer: array(SpanSchema) })
export type FaqEntry = Infer<typeof FaqEntrySchema>

/** One step of the trail; `path` is locale-free ('/support'), the page itself is the last step. */
export const BreadcrumbSchema = object({ name: string(), path: string() })
export type Breadcrumb = Infer<typeof BreadcrumbSchema>

/** Dates are ISO 8601 (yyyy-mm-dd or a full timestamp). */
export const ArticleMetaSchema = object({ published: string(), modified: nullable(string()), author: string() })
export type ArticleMeta = Infer<typeof ArticleMetaSchema>

export const ContentPageSchema = object({
  slug: string(),
  title: string(),
  /** The meta description and the social cards' text. */
  description: string(),
  body: array(BlockSchema),
  faq: array(FaqEntrySchema),
  /** The trail from home to this page; the home step is added by the view. */
  breadcrumbs: array(BreadcrumbSchema),
  article: nullable(ArticleMetaSchema),
  /** The locales that have this page: its alternate-language links name only these. */
  locales: array(enums(LOCALES)),
})
export type ContentPage = Infer<typeof ContentPageSchema>

/** Answers null when the locale has no page of that slug: the route then shows the 404 page. */
export const getPage = defineCall({
  area: 'content',
  name: 'getPage',
  method: 'GET',
  access: 'anyone',
  request: object({ slug: pattern(string(), SLUG_PATTERN) }),
  response: nullable(ContentPageSchema),
})

export const PathRedirectSchema = object({
  /** A same-site path (with the request's query and the rule's hash) or an absolute address. */
  location: string(),
  status: enums([301, 302]),
  /** Another site: the browser leaves with a full page load. */
  external: boolean(),
})
export type PathRedirect = Infer<typeof PathRedirectSchema>

/**
 * The server-side path check (SPEC §2.1): where the CMS redirect table sends a path, or null.
 * The server applies it to every page request itself; the browser asks before showing a 404 after
 * a client-side navigation.
 */
export const checkPath = defineCall({
  area: 'content',
  name: 'checkPath',
  method: 'GET',
  access: 'anyone',
  request: object({ path: pattern(string(), /^\/[^\s]{0,2047}$/) }),
  response: nullable(PathRedirectSchema),
})

/** The page SEO settings of one locale (SPEC §3 'SEO data'), for the head of every page. */
export const SeoSettingsSchema = object({
  /** Default description, and per route name (index, offers, ...) a description of its own. */
  description: string(),
  pages: array(object({ route: string(), description: string() })),
  openGraph: object({ image: nullable(string()), siteName: string() }),
  organization: object({ name: string(), logo: nullable(string()), sameAs: array(string()) }),
  /** Locale-free path patterns of robots.txt Disallow lines: such pages get noindex, follow. */
  disallow: array(string()),
})
export type SeoSettings = Infer<typeof SeoSettingsSchema>

export const getSeo = defineCall({
  area: 'content',
  name: 'getSeo',
  method: 'GET',
  access: 'anyone',
  request: object({}),
  response: SeoSettingsSchema,
})

