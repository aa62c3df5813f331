// The check every client build ends with (scripts/vite-split-catalogs.ts): read back from the
// written chunks and catalog files, each message is in exactly the catalogs the plan puts it in,
// and each locale's catalogs together are its whole catalog, translation for translation.
import type { Messages } from '@lingui/core'
import { assignMessages, staticClosure, type ChunkNode } from './assign.ts'

export interface BuiltChunk extends ChunkNode {
  isDynamicEntry: boolean
  /** The chunk's code as written. */
  code: string
}

type CallCatalog = Record<string, string | Messages>

/** What a chunk passes to the area function (see src/services/i18n/i18n.ts). */
export interface AreaCall {
  own: CallCatalog | null
  loads: Record<string, string>[]
}

export interface BuiltCatalogs<L extends string> {
  locales: readonly L[]
  /** Each locale's whole compiled catalog. */
  whole: Record<L, Messages>
  /** Message id -> the files that use it (.po origins). */
  origins: ReadonlyMap<string, readonly string[]>
  chunks: readonly BuiltChunk[]
  /** Site path of each locale's core catalog. */
  core: Record<L, string>
  /** The source of a written catalog file by its site path; undefined when there is none. */
  readCatalog(path: string): string | undefined
  /** The name of the function a lazy chunk awaits (AREA_GLOBAL). */
  areaGlobal: string
}

/** The messages of a catalog module as `lingui compile --typescript` and the plugin write it. */
export function parseCatalogSource(source: string): Messages | null {
  const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\$]|\\.)*`)\)/.exec(source)?.[1]
  if (!literal) return null
  const text = literal.startsWith('"') ? (JSON.parse(literal) as string) : (new Function(`return ${literal}`) as () => string)()
  return JSON.parse(text) as Messages
}

/** What a chunk hands to the area function; null without a call. */
export function areaCallOf(code: string, areaGlobal: string): AreaCall | null {
  const start = `await globalThis.${areaGlobal}?.(`
  const at = code.indexOf(start)
  if (at === -1) return null
  // The argument ends where its parenthesis closes (the minifier may put more code on the line).
  const from = at + start.length
  let depth = 1
  let i = from
  for (; i < code.length && depth > 0; i++) {
    const c = code[i]!
    if (c === '"' || c === "'" || c === '`') {
      for (i++; i < code.length && code[i] !== c; i++) if (code[i] === '\\') i++
    } else if (c === '(' || c === '{' || c === '[') depth++
    else if (c === ')' || c === '}' || c === ']') depth--
  }
  // Our own build output, written by the plugin (minified afterwards): an object literal.
  const [own, loads] = (new Function(`return [${code.slice(from, i - 1)}]`) as () => [CallCatalog | null, Record<string, string>[]])()
  return { own, loads }
}

/** Every way the built catalogs differ from the plan and from the whole catalogs; empty when right. */
export function verifyBuiltCatalogs<L extends string>(built: BuiltCatalogs<L>): string[] {
  const problems: string[] = []
  const all = new Map<string, readonly string[]>()
  for (const locale of built.locales) for (const id of Object.keys(built.whole[locale])) all.set(id, built.origins.get(id) ?? [])
  const plan = assignMessages(all, built.chunks)
  for (const locale of built.locales) {
    // Where each id was found: 'core' or a chunk's key.
    const found = new Map<string, Set<string>>()
    const union: Messages = {}
    const take = (where: string, messages: Messages) => {
      for (const [id, message] of Object.entries(messages)) {
        found.set(id, (found.get(id) ?? new Set()).add(where))
        if (id in union && JSON.stringify(union[id]) !== JSON.stringify(message)) problems.push(`${locale}: ${id} differs between catalogs`)
        union[id] = message
      }
    }
    const coreSource = built.readCatalog(built.core[locale])
    const core = coreSource === undefined ? null : parseCatalogSource(coreSource)
    if (!core) problems.push(`${locale}: core catalog ${built.core[locale]} missing or unreadable`)
    else take('core', core)
    const calls = new Map(built.chunks.map((chunk) => [chunk.key, areaCallOf(chunk.code, built.areaGlobal)]))
    for (const chunk of built.chunks) {
      const call = calls.get(chunk.key)
      if (call && plan.coreChunks.has(chunk.key)) problems.push(`${chunk.key}: a core chunk awaits a catalog`)
      if (!call) continue
      // A dynamically imported chunk loads every catalog file of its lazy static closure; no other chunk loads any.
      const files = (key: string) => {
        const own = calls.get(key)?.own?.[locale]
        return typeof own === 'string' && !plan.coreChunks.has(key) ? [own] : []
      }
      const expectedLoads = chunk.isDynamicEntry ? [...staticClosure(built.chunks, [chunk.key])].flatMap(files).sort() : []
      const loads = call.loads.map((paths) => paths[locale] ?? '?').sort()
      if (loads.join(',') !== expectedLoads.join(',')) problems.push(`${locale}: ${chunk.key} loads [${loads.join(', ')}], expected [${expectedLoads.join(', ')}]`)
      if (!call.own) continue
      const own = call.own[locale]
      if (typeof own === 'object') take(chunk.key, own)
      else {
        const source = typeof own === 'string' ? built.readCatalog(own) : undefined
        const messages = source === undefined ? null : parseCatalogSource(source)
        if (!messages) problems.push(`${locale}: ${chunk.key}'s catalog ${String(own)} missing or unreadable`)
        else take(chunk.key, messages)
      }
    }
    for (const [id, message] of Object.entries(built.whole[locale])) {
      if (!(id in union)) problems.push(`${locale}: ${id} is in no catalog`)
      else if (JSON.stringify(union[id]) !== JSON.stringify(message)) problems.push(`${locale}: ${id} is not its compiled translation`)
      const expected = plan.core.has(id) ? ['core'] : [...built.chunks.filter((c) => plan.chunks.get(c.key)?.has(id)).map((c) => c.key)]
      const actual = [...(found.get(id) ?? [])]
      if (expected.sort().join(',') !== actual.sort().join(',')) problems.push(`${locale}: ${id} is in [${actual.join(', ')}], expected [${expected.join(', ')}]`)
    }
    for (const id of Object.keys(union)) if (!(id in built.whole[locale])) problems.push(`${locale}: ${id} is not in the whole catalog`)
  }
  return problems
}
