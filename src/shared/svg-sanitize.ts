/**
 * Makes an SVG from outside safe to inline into our pages (SPEC §7 'external SVG icons are fetched
 * as text'). It does not filter the text it was given: it reads the markup and writes a new
 * document from what it allows, elements and attributes named on allowlists, so what it does not
 * understand cannot reach the page. Out: scripts, styles, foreignObject, event handlers (on*),
 * links and references to anything but a fragment of the same icon (`#id`), entities, DOCTYPEs.
 * Pure, so the server sanitises before it serves and the client again before it inlines.
 */

const ELEMENTS = new Set([
  'svg', 'g', 'path', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'rect', 'defs', 'symbol', 'use',
  'lineargradient', 'radialgradient', 'stop', 'clippath', 'mask', 'pattern', 'title', 'desc', 'text', 'tspan',
])

/** Elements whose whole content goes with them. */
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'foreignobject', 'iframe', 'object', 'embed', 'a', 'image', 'animate', 'set', 'animatetransform', 'animatemotion', 'handler', 'listener', 'metadata'])

const ATTRIBUTES = new Set([
  'id', 'class', 'viewbox', 'width', 'height', 'x', 'y', 'x1', 'x2', 'y1', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy',
  'd', 'points', 'transform', 'fill', 'fill-opacity', 'fill-rule', 'clip-rule', 'stroke', 'stroke-width', 'stroke-linecap',
  'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'stroke-opacity', 'opacity', 'color',
  'offset', 'stop-color', 'stop-opacity', 'gradientunits', 'gradienttransform', 'spreadmethod', 'patternunits',
  'patterncontentunits', 'patterntransform', 'clippathunits', 'maskunits', 'maskcontentunits', 'clip-path', 'mask',
  'preserveaspectratio', 'xmlns', 'version', 'role', 'aria-hidden', 'aria-label', 'focusable', 'font-family', 'font-size',
  'font-weight', 'text-anchor', 'dominant-baseline', 'dx', 'dy', 'href', 'xlink:href', 'xmlns:xlink', 'vector-effect',
  'shape-rendering', 'visibility', 'display',
])

/** The largest SVG we read (external icons are a few KiB); more is refused, not cut. */
export const SVG_MAX_BYTES = 256 * 1024

const NAMESPACES: Record<string, string> = { xmlns: 'http://www.w3.org/2000/svg', 'xmlns:xlink': 'http://www.w3.org/1999/xlink' }

export class SvgRejected extends Error {
  constructor(readonly reason: string) {
    super(`SVG refused: ${reason}`)
    this.name = 'SvgRejected'
  }
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;')

/** The five XML entities and numeric references; any other named entity is refused (no DTDs here). */
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    const lower = ref.toLowerCase()
    if (lower.startsWith('#x')) return safeCodePoint(parseInt(lower.slice(2), 16))
    if (lower.startsWith('#')) return safeCodePoint(parseInt(lower.slice(1), 10))
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
    if (lower in named) return named[lower]!
    throw new SvgRejected(`unknown entity ${whole.slice(0, 20)}`)
  })
}

function safeCodePoint(n: number): string {
  return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : ''
}

/** A value that names something outside the icon: url(...) other than url(#id), or any scheme. */
function isExternalReference(value: string): boolean {
  const compact = value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase()
  if (/(?:javascript|vbscript|data|file|https?|ftp):/.test(compact)) return true
  const urls = compact.match(/url\(([^)]*)\)/g) ?? []
  return urls.some((u) => !/^url\(['"]?#[\w.-]+['"]?\)$/.test(u)) || compact.includes('expression(') || compact.includes('@import')
}

function cleanAttribute(name: string, raw: string): string | null {
  const lower = name.toLowerCase()
  if (lower.startsWith('on') || !ATTRIBUTES.has(lower)) return null
  const value = decodeEntities(raw)
  if (lower in NAMESPACES) return NAMESPACES[lower]!
  if (lower === 'href' || lower === 'xlink:href') return /^#[\w.-]+$/.test(value.trim()) ? value.trim() : null
  if (isExternalReference(value)) return null
  return value
}

interface Token {
  kind: 'open' | 'close' | 'text'
  name?: string
  attributes?: [string, string][]
  selfClosing?: boolean
  text?: string
}

const NAME = /[A-Za-z_][\w:.-]*/y
const ATTRIBUTE = /\s+([A-Za-z_][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/y

/** Reads the markup into tags and text; anything that is not well-formed is refused. */
function tokenize(markup: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < markup.length) {
    const lt = markup.indexOf('<', i)
    if (lt < 0) {
      tokens.push({ kind: 'text', text: markup.slice(i) })
      break
    }
    if (lt > i) tokens.push({ kind: 'text', text: markup.slice(i, lt) })
    if (markup.startsWith('<!--', lt)) {
      const end = markup.indexOf('-->', lt + 4)
      if (end < 0) throw new SvgRejected('unclosed comment')
      i = end + 3
      continue
    }
    if (markup.startsWith('<?', lt)) {
      const end = markup.indexOf('?>', lt + 2)
      if (end < 0) throw new SvgRejected('unclosed processing instruction')
      i = end + 2
      continue
    }
    if (markup.startsWith('<!', lt)) throw new SvgRejected('DOCTYPE, entity declarations and CDATA are not allowed')
    if (markup[lt + 1] === '/') {
      NAME.lastIndex = lt + 2
      const name = NAME.exec(markup)
      const end = markup.indexOf('>', lt)
      if (!name || end < 0 || markup.slice(NAME.lastIndex, end).trim()) throw new SvgRejected('malformed closing tag')
      tokens.push({ kind: 'close', name: name[0].toLowerCase() })
      i = end + 1
      continue
    }
    NAME.lastIndex = lt + 1
    const name = NAME.exec(markup)
    if (!name) throw new SvgRejected('malformed tag')
    let at = NAME.lastIndex
    const attributes: [string, string][] = []
    for (;;) {
      ATTRIBUTE.lastIndex = at
      const attribute = ATTRIBUTE.exec(markup)
      if (!attribute) break
      attributes.push([attribute[1]!, attribute[2] ?? attribute[3] ?? ''])
      at = ATTRIBUTE.lastIndex
    }
    const rest = /^\s*(\/?)>/.exec(markup.slice(at, at + 64))
    if (!rest) throw new SvgRejected('malformed attributes')
    tokens.push({ kind: 'open', name: name[0].toLowerCase(), attributes, selfClosing: rest[1] === '/' })
    i = at + rest[0].length
  }
  return tokens
}

/** The sanitised SVG, one root <svg>; throws SvgRejected when the input is no SVG we can read. */
export function sanitizeSvg(markup: string): string {
  if (markup.length > SVG_MAX_BYTES) throw new SvgRejected('too large')
  const tokens = tokenize(markup)
  const out: string[] = []
  const stack: string[] = []
  let dropping = 0
  let roots = 0
  let skipped = 0
  for (const token of tokens) {
    if (token.kind === 'text') {
      if (dropping || skipped) continue
      if (stack.length === 0) {
        if (token.text!.trim()) throw new SvgRejected('text outside the root element')
        continue
      }
      out.push(escapeText(decodeEntities(token.text!)))
      continue
    }
    const name = token.name!
    if (token.kind === 'open') {
      const kept = ELEMENTS.has(name) && !dropping
      if (stack.length === 0 && !dropping) {
        if (name !== 'svg') throw new SvgRejected('the root element is not <svg>')
        if (roots++) throw new SvgRejected('more than one root element')
      }
      if (token.selfClosing) {
        if (kept) out.push(`<${svgName(name)}${attributesOf(token)}/>`)
        continue
      }
      stack.push(name)
      if (dropping || DROPPED_WITH_CONTENT.has(name)) dropping++
      else if (!kept) skipped++
      else out.push(`<${svgName(name)}${attributesOf(token)}>`)
      continue
    }
    const open = stack.pop()
    if (open !== name) throw new SvgRejected('mismatched tags')
    if (dropping) dropping--
    else if (!ELEMENTS.has(name)) skipped--
    else out.push(`</${svgName(name)}>`)
  }
  if (stack.length) throw new SvgRejected('unclosed tags')
  if (!roots) throw new SvgRejected('no <svg> element')
  return out.join('')
}

/** SVG's camel-cased element names, which we read case-insensitively. */
function svgName(lower: string): string {
  return { lineargradient: 'linearGradient', radialgradient: 'radialGradient', clippath: 'clipPath' }[lower] ?? lower
}

function attributesOf(token: Token): string {
  const kept: string[] = []
  const seen = new Set<string>()
  for (const [name, raw] of token.attributes ?? []) {
    const value = cleanAttribute(name, raw)
    const key = name.toLowerCase()
    if (value === null || seen.has(key)) continue
    seen.add(key)
    kept.push(` ${name}="${escapeAttr(value)}"`)
  }
  if (token.name === 'svg' && !seen.has('xmlns')) kept.unshift(` xmlns="${NAMESPACES.xmlns}"`)
  return kept.join('')
}
