import type { CustomCodeEntry, CustomCodePosition } from '../domain/content/custom-code-schema'
import { CUSTOM_CODE_POSITIONS } from '../domain/content/custom-code-schema'
import { isGranted, type ConsentChoice } from '../../src/shared/consent'

/**
 * The operator's custom code entries (content/<locale>/custom-code.json) put into a rendered page:
 * head before </head>, bodyStart after <body>, bodyEnd before </body>. Every script tag gets the
 * request's CSP nonce (the cache's placeholder, swapped per response) and its entry's consent
 * category as data-consent; only entries of granted categories go in. An entry that cannot go in safely is
 * left out and reported; the page renders without it.
 */

/** Elements an entry may hold at its top level; anything else (a div in head, a form) is refused. */
const ALLOWED = new Set(['script', 'noscript', 'meta', 'link', 'style', 'img', 'iframe'])
const HEAD_ONLY_FORBIDDEN = new Set(['img', 'iframe'])

export interface CustomCodeProblem {
  position: CustomCodePosition
  entry: string
  reason: string
}

/** Why an entry's code cannot go in at its position, or null when it can. */
export function customCodeProblem(entry: Pick<CustomCodeEntry, 'code' | 'position'>): string | null {
  const code = entry.code
  if (/<\/?(html|head|body)\b/i.test(code)) return 'must not open or close html, head or body'
  if (/\snonce\s*=/i.test(code)) return 'must not carry its own nonce'
  const opens = code.match(/<script\b/gi)?.length ?? 0
  const closes = code.match(/<\/script\s*>/gi)?.length ?? 0
  if (opens !== closes) return `has ${opens} <script> and ${closes} </script>`
  // Top-level tags only: script bodies are the script's business.
  const outside = code.replace(/<script\b[\s\S]*?<\/script\s*>/gi, '')
  for (const match of outside.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)/g)) {
    const tag = match[1]!.toLowerCase()
    if (!ALLOWED.has(tag)) return `<${tag}> is not allowed (script, noscript, meta, link, style, img, iframe)`
    if (entry.position === 'head' && HEAD_ONLY_FORBIDDEN.has(tag)) return `<${tag}> cannot go in head`
  }
  if (/<[^>]*$/.test(outside)) return 'has an unclosed tag'
  return null
}

function prepared(entry: CustomCodeEntry, nonce: string): string {
  return entry.code.replace(/<script\b/gi, `<script nonce="${nonce}" data-consent="${entry.consentCategory}" data-custom-code="${entry.id.replace(/[^A-Za-z0-9_-]/g, '')}"`)
}

/**
 * The page with the enabled entries in place, and the entries (or positions) that failed. An entry
 * whose consent category the visitor has not granted (the consent cookie; none yet: necessary
 * only) is not in the page at all: it comes with the first page after the choice.
 */
export function injectCustomCode(
  html: string,
  entries: readonly CustomCodeEntry[],
  nonce: string,
  consent: ConsentChoice | null,
): { html: string; problems: CustomCodeProblem[] } {
  const problems: CustomCodeProblem[] = []
  let out = html
  for (const position of CUSTOM_CODE_POSITIONS) {
    const snippets: string[] = []
    for (const entry of entries) {
      if (!entry.isEnabled || entry.position !== position || !isGranted(consent, entry.consentCategory)) continue
      const reason = customCodeProblem(entry)
      if (reason) problems.push({ position, entry: entry.id, reason })
      else snippets.push(prepared(entry, nonce))
    }
    if (!snippets.length) continue
    const code = snippets.join('\n')
    const anchor =
      position === 'head' ? /<\/head>/i : position === 'bodyStart' ? /<body\b[^>]*>/i : /<\/body>(?![\s\S]*<\/body>)/i
    const match = anchor.exec(out)
    if (!match) {
      problems.push({ position, entry: '*', reason: `the page has no ${position === 'head' ? '</head>' : position === 'bodyStart' ? '<body>' : '</body>'}` })
      continue
    }
    const at = position === 'bodyStart' ? match.index + match[0].length : match.index
    out = out.slice(0, at) + code + out.slice(at)
  }
  return { html: out, problems }
}
