import { array, enums, object, optional, refine, size, string, type Infer } from 'superstruct'
import type { PathRedirect } from '../../../src/services/api/contract/content'
import { localizePath, splitLocale } from '../../../src/shared/locales'
import { safeRedirectTarget } from '../../../src/shared/redirect'
import type { ContentReport } from './pages'
import { ContentError, type ContentSection } from './section'

/**
 * The CMS redirect table (SPEC §2.1): content/redirects.json, one list for the whole site.
 * `from` is a locale-free path where `*` matches anything (slashes too); each `*` of `to` takes
 * what the matching `*` of `from` matched. A path target keeps the request's locale; the request's
 * query is kept (the target's own parameters win) and the browser keeps the hash unless `to` has one.
 */
const Rule = object({
  from: refine(size(string(), 1, 512), 'from', (v) => /^\/[^\s?#]*$/.test(v) || 'must be a path such as /old-page or /old/*, without query or hash'),
  to: refine(size(string(), 1, 2048), 'to', (v) => safeTarget(v) !== null || 'must be a path on this site or an http(s) address'),
  status: optional(enums([301, 302])),
})
export type RedirectRule = Infer<typeof Rule>

const MAX_HOPS = 10

export const RedirectTable = refine(array(Rule), 'redirects', (rules) => {
  for (const [i, rule] of rules.entries()) {
    const sample = rule.from.replace(/\*/g, 'x')
    const chain = follow(rules, sample)
    if (chain.loop) return `redirect ${i} (${rule.from}) forms a loop: ${chain.paths.join(' → ')}`
  }
  return true
})

export const redirectsSection: ContentSection<RedirectRule[]> = {
  name: 'redirects',
  scope: 'site',
  file: 'redirects.json',
  struct: RedirectTable,
  fallback: [],
  public: false,
}

function safeTarget(to: string): string | null {
  if (to.startsWith('/')) return safeRedirectTarget(to.replace(/\*/g, 'x')) === null ? null : to
  try {
    const url = new URL(to)
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password ? to : null
  } catch {
    return null
  }
}

const compiled = new WeakMap<RedirectRule, RegExp>()
function pattern(rule: RedirectRule): RegExp {
  let re = compiled.get(rule)
  if (!re) {
    const body = trimSlash(rule.from)
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('(.*)')
    re = new RegExp(`^${body}$`)
    compiled.set(rule, re)
  }
  return re
}

const trimSlash = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path)

/** One rule applied to a locale-free path: the rule and its target with the wildcards filled, or null. */
function matchRule(rules: readonly RedirectRule[], path: string): { rule: RedirectRule; to: string } | null {
  const clean = trimSlash(path)
  for (const rule of rules) {
    const m = pattern(rule).exec(clean)
    if (!m) continue
    let i = 1
    return { rule, to: rule.to.replace(/\*/g, () => m[i++] ?? '') }
  }
  return null
}

/** Follows the table from a locale-free path while it leads to other paths on the site. */
function follow(rules: readonly RedirectRule[], path: string): { paths: string[]; loop: boolean; last: { rule: RedirectRule; to: string } | null } {
  const paths = [trimSlash(path)]
  let last: { rule: RedirectRule; to: string } | null = null
  let current = path
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const next = matchRule(rules, current)
    if (!next) return { paths, loop: false, last }
    last = next
    if (!next.to.startsWith('/')) return { paths: [...paths, next.to], loop: false, last }
    const nextPath = trimSlash(splitLocale(new URL(next.to, 'https://x.invalid').pathname).path)
    if (paths.includes(nextPath)) return { paths: [...paths, nextPath], loop: true, last }
    paths.push(nextPath)
    current = nextPath
  }
  return { paths, loop: true, last }
}

export interface ResolveOptions {
  /** The site's own origin: an absolute target on it is a path, not another site. */
  publicUrl?: string | null
  report?: ContentReport
}

/**
 * Where the table sends `requestPath` (a path with its locale prefix and query, as requested), or
 * null. Chains collapse into one redirect; a loop found at request time is reported and not followed.
 */
export function resolveRedirect(rules: readonly RedirectRule[], requestPath: string, options: ResolveOptions = {}): PathRedirect | null {
  if (!rules.length) return null
  let request: URL
  try {
    request = new URL(requestPath, 'https://x.invalid')
  } catch {
    return null
  }
  const split = splitLocale(request.pathname)
  const locale = split.locale
  const chain = follow(rules, split.path)
  if (!chain.last) return null
  if (chain.loop) {
    options.report?.(new ContentError('redirects.json', '', `the redirects from ${split.path} form a loop: ${chain.paths.join(' → ')}; not followed`), 'error')
    return null
  }
  const status = chain.last.rule.status ?? 301
  let target: URL
  let external: boolean
  try {
    const origin = options.publicUrl ? new URL(options.publicUrl).origin : null
    const to = chain.last.to
    target = new URL(to, 'https://x.invalid')
    external = !to.startsWith('/') && target.origin !== origin
  } catch {
    return null
  }
  // The request's query comes along; the target's own parameters win.
  for (const [name, value] of request.searchParams) if (!target.searchParams.has(name)) target.searchParams.append(name, value)
  if (external) return { location: target.toString(), status, external: true }
  const own = splitLocale(target.pathname)
  const path = own.basename ? target.pathname : localizePath(target.pathname, locale)
  const location = safeRedirectTarget(`${path}${target.search}${target.hash}`)
  if (!location) return null
  return { location, status, external: false }
}
