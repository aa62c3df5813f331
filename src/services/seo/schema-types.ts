/**
 * The schema.org types the site emits as JSON-LD, with the properties search engines require and
 * recommend for a rich result (after Google Search Central's structured-data pages, kept here as
 * a local table because this network reaches no validator). `oneOf`: at least one of each group.
 */
export interface SchemaTypeRule {
  required: readonly string[]
  recommended: readonly string[]
  oneOf?: readonly (readonly string[])[]
}

export const SCHEMA_TYPES: Readonly<Record<string, SchemaTypeRule>> = {
  Organization: { required: ['name'], recommended: ['url', 'logo', 'sameAs'] },
  WebSite: { required: ['name', 'url'], recommended: ['inLanguage'] },
  FAQPage: { required: ['mainEntity'], recommended: [] },
  Question: { required: ['name', 'acceptedAnswer'], recommended: [] },
  Answer: { required: ['text'], recommended: [] },
  Article: { required: ['headline'], recommended: ['author', 'datePublished', 'dateModified', 'image', 'publisher'] },
  Person: { required: ['name'], recommended: ['url'] },
  BreadcrumbList: { required: ['itemListElement'], recommended: [] },
  // `item` may be left out on the last step only (the page itself); the builder always sets it.
  ListItem: { required: ['position', 'name'], recommended: ['item'] },
  Product: { required: ['name'], recommended: ['description', 'image', 'brand', 'offers'], oneOf: [['offers', 'review', 'aggregateRating']] },
  Brand: { required: ['name'], recommended: [] },
  Offer: { required: ['price', 'priceCurrency'], recommended: ['availability', 'url'] },
  VideoGame: { required: ['name'], recommended: ['description', 'url', 'image', 'genre', 'gamePlatform', 'publisher'] },
  SportsEvent: { required: ['name', 'startDate', 'location'], recommended: ['description', 'endDate', 'eventStatus', 'image', 'organizer', 'competitor'] },
  SportsTeam: { required: ['name'], recommended: [] },
  Place: { required: ['name'], recommended: ['address'] },
  ImageObject: { required: ['url'], recommended: [] },
}

export interface JsonLdProblem {
  /** Where in the document: `mainEntity.0.acceptedAnswer`. */
  path: string
  type: string
  level: 'error' | 'warning'
  message: string
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)

/**
 * Checks a JSON-LD document against the table: every typed node's required properties (errors)
 * and recommended ones (warnings), unknown types, and the schema.org context on the root.
 */
export function validateJsonLd(doc: unknown): JsonLdProblem[] {
  const problems: JsonLdProblem[] = []
  const root = doc as Record<string, unknown> | null
  if (!root || typeof root !== 'object' || Array.isArray(root)) return [{ path: '', type: '', level: 'error', message: 'not a JSON-LD object' }]
  if (root['@context'] !== 'https://schema.org') problems.push({ path: '@context', type: String(root['@type'] ?? ''), level: 'error', message: 'the context must be https://schema.org' })
  walk(root, '', problems)
  return problems
}

function walk(node: unknown, path: string, problems: JsonLdProblem[]): void {
  if (Array.isArray(node)) {
    node.forEach((v, i) => walk(v, path ? `${path}.${i}` : String(i), problems))
    return
  }
  if (!node || typeof node !== 'object') return
  const obj = node as Record<string, unknown>
  const type = obj['@type']
  if (typeof type === 'string') {
    const rule = SCHEMA_TYPES[type]
    if (!rule) problems.push({ path, type, level: 'error', message: `unknown type ${type}` })
    else {
      for (const p of rule.required) if (!present(obj[p])) problems.push({ path, type, level: 'error', message: `missing required ${p}` })
      for (const group of rule.oneOf ?? []) {
        if (!group.some((p) => present(obj[p]))) problems.push({ path, type, level: 'error', message: `needs one of ${group.join(', ')}` })
      }
      for (const p of rule.recommended) if (!present(obj[p])) problems.push({ path, type, level: 'warning', message: `missing recommended ${p}` })
    }
  }
  for (const [key, value] of Object.entries(obj)) if (!key.startsWith('@')) walk(value, path ? `${path}.${key}` : key, problems)
}
