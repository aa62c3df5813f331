import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { dirname, isAbsolute, join, relative, sep } from 'node:path'
import type { Messages } from '@lingui/core'
import { formatter } from '@lingui/format-po'
import type { Plugin } from 'vite'
import { LOCALES, type Locale } from '../src/shared/locales.ts'
import { assignMessages, staticClosure, type CatalogPlan, type ChunkNode } from './catalog-split/assign.ts'
import { verifyBuiltCatalogs } from './catalog-split/verify.ts'
import { readCompiledCatalog } from './vite-service-worker.ts'

/**
 * The chunks some chunk imports with import(). The bundler does not mark one a dynamic entry when
 * another chunk imports it statically too (the betslip: the board's page imports it, the home page
 * loads it lazily), yet a lazy load of it must fetch its catalog like any other.
 */
function dynamicallyImported(chunks: readonly { dynamicImports: readonly string[] }[]): Set<string> {
  return new Set(chunks.flatMap((c) => c.dynamicImports))
}

/** In src/services/i18n/i18n.ts; replaced by each locale's core catalog address in the client build. */
export const CORE_PLACEHOLDER = '__LINGUI_SPLIT_CATALOGS__'
/** The browser function a lazy chunk awaits before its modules run (set by src/services/i18n/i18n.ts). */
export const AREA_GLOBAL = '__linguiArea'
/**
 * A chunk whose catalog is at most this many bytes in every locale carries all locales inline:
 * under that, the request (its headers, and for a lazy flow a round trip after the chunk) costs
 * more than the bytes of the other locales.
 */
export const INLINE_MAX_BYTES = 512
/** Beside dist/assets.json: the core catalogs and each lazy chunk's, for the server's preloads. */
export const CATALOG_MANIFEST = 'catalogs.json'

export interface CatalogManifest {
  /** Per locale, the site path of the core catalog (every page loads it before hydrating). */
  core: Record<Locale, string>
  /** Per built chunk (its file under the client dir), the site path of its catalog in each locale. */
  chunks: Record<string, Record<Locale, string>>
}

/** Message id -> the files that use it, from the `#:` origins of every locale's .po file. */
export function readOrigins(root: string): Map<string, string[]> {
  const parse = formatter({ lineNumbers: false }).parse
  const origins = new Map<string, Set<string>>()
  for (const locale of LOCALES) {
    const catalog = parse(readFileSync(join(root, 'locales', locale, 'messages.po'), 'utf8'), { locale, sourceLocale: 'en', filename: '' }) as Record<
      string,
      { origin?: [string, number?][]; obsolete?: boolean }
    >
    for (const [id, message] of Object.entries(catalog)) {
      if (message.obsolete) continue
      const files = origins.get(id) ?? new Set<string>()
      for (const [file] of message.origin ?? []) files.add(file.split(sep).join('/'))
      origins.set(id, files)
    }
  }
  return new Map([...origins].map(([id, files]) => [id, [...files]]))
}

/** A module id of the bundle as the .po files name it: relative to the root, '/' separated. */
export function moduleFile(root: string, id: string): string | null {
  const path = id.replace(/[?#].*$/, '')
  if (path.startsWith('\0') || !isAbsolute(path)) return null
  return relative(root, path).split(sep).join('/')
}

/** A catalog module in the shape `lingui compile --typescript` writes, so both load the same way. */
export function catalogSource(messages: Messages): string {
  return `export const messages=JSON.parse(${JSON.stringify(JSON.stringify(messages))});\n`
}

function pick(messages: Messages, ids: Iterable<string>): Messages {
  const out: Messages = {}
  for (const id of [...ids].sort()) if (id in messages) out[id] = messages[id]!
  return out
}

interface Built {
  plan: CatalogPlan
  /** Site path per locale, for core and for each lazy chunk with messages (by its module list). */
  core: Record<Locale, string>
  byModules: Map<string, Record<Locale, string>>
  /** Each lazy chunk's own catalog: per locale, an address or (small) the messages. */
  byKey: Map<string, Record<Locale, string | Messages>>
  /** What a chunk passes to the global: its own catalog, and the catalog files to load before it runs. */
  calls: Map<string, { own: Record<Locale, string | Messages> | null; loads: Record<Locale, string>[] }>
  files: Map<string, string>
}

const modulesKey = (moduleIds: readonly string[]) => [...moduleIds].sort().join('\n')

/**
 * The client build's messages split by chunk (scripts/catalog-split/assign.ts): a core catalog per
 * locale for what the entries use, and one per lazy chunk for what only it uses (inline in the chunk
 * when small). Each dynamically imported chunk starts with a top-level await of the catalogs of
 * its lazy static closure in the page's locale, so `import()` of a page or flow resolves only once
 * its messages are in the i18n instance. The server build is untouched:
 * SSR renders with whole catalogs.
 */
export function splitCatalogs(): Plugin {
  let root = process.cwd()
  let base = '/'
  let assetsDir = 'assets'
  let origins = new Map<string, string[]>()
  let messages = {} as Record<Locale, Messages>
  let built: Built | null = null
  let builtFor = ''
  let placeholderSeen = false
  let manifest: CatalogManifest | null = null

  const build = (chunks: (ChunkNode & { name: string; moduleIds: readonly string[]; isDynamicEntry: boolean })[]): Built => {
    // Every compiled id takes part; one the .po files do not place goes to core.
    const all = new Map<string, readonly string[]>()
    for (const locale of LOCALES) for (const id of Object.keys(messages[locale])) all.set(id, origins.get(id) ?? [])
    const plan = assignMessages(all, chunks)
    const files = new Map<string, string>()
    const emit = (name: string, ids: Iterable<string>) => {
      const paths = {} as Record<Locale, string>
      const list = [...ids]
      for (const locale of LOCALES) {
        const source = catalogSource(pick(messages[locale], list))
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8)
        const file = `${assetsDir}/chunks/${name}.${locale}-${hash}.js`
        files.set(file, source)
        paths[locale] = `${base}${file}`
      }
      return paths
    }
    const core = emit('catalog', plan.core)
    const byKey = new Map<string, Record<Locale, string | Messages>>()
    const byModules = new Map<string, Record<Locale, string>>()
    for (const chunk of chunks) {
      const ids = plan.chunks.get(chunk.key)
      if (!ids || ids.size === 0) continue
      const inline = Object.fromEntries(LOCALES.map((locale) => [locale, pick(messages[locale], ids)])) as Record<Locale, Messages>
      if (LOCALES.every((locale) => JSON.stringify(inline[locale]).length <= INLINE_MAX_BYTES)) {
        byKey.set(chunk.key, inline)
        continue
      }
      const paths = emit(`catalog-${chunk.name.replace(/[^\w-]/g, '_')}`, ids)
      byKey.set(chunk.key, paths)
      byModules.set(modulesKey(chunk.moduleIds), paths)
    }
    // A dynamically imported chunk loads the catalog files of its whole lazy static closure at once:
    // were each chunk to await its own, its importers' would start only after it arrived (a round
    // trip per level). Inline catalogs go in with their own chunk; they cost no wait.
    const calls: Built['calls'] = new Map()
    for (const chunk of chunks) {
      if (plan.coreChunks.has(chunk.key)) continue
      const own = byKey.get(chunk.key) ?? null
      const loads = chunk.isDynamicEntry
        ? [...staticClosure(chunks, [chunk.key])].flatMap((key) => {
            const catalog = plan.coreChunks.has(key) ? undefined : byKey.get(key)
            return catalog && typeof catalog[LOCALES[0]] === 'string' ? [catalog as Record<Locale, string>] : []
          })
        : []
      if (own || loads.length > 0) calls.set(chunk.key, { own, loads })
    }
    return { plan, core, byKey, byModules, files, calls }
  }

  return {
    name: 'casino:split-catalogs',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      root = config.root
      base = config.base.endsWith('/') ? config.base : `${config.base}/`
      assetsDir = config.build.assetsDir
    },
    buildStart() {
      origins = readOrigins(root)
      messages = Object.fromEntries(LOCALES.map((locale) => [locale, readCompiledCatalog(join(root, 'locales', locale, 'messages.ts'))])) as Record<Locale, Messages>
      built = null
      builtFor = ''
      placeholderSeen = false
      manifest = null
    },
    renderChunk(code, chunk, _options, meta) {
      const all = Object.values(meta.chunks)
      const fingerprint = all.map((c) => c.fileName).sort().join('\n')
      if (!built || builtFor !== fingerprint) {
        const imported = dynamicallyImported(all)
        built = build(
          all.map((c) => ({
            key: c.fileName,
            name: c.name,
            moduleIds: c.moduleIds,
            modules: c.moduleIds.flatMap((id) => moduleFile(root, id) ?? []),
            imports: c.imports,
            isEntry: c.isEntry,
            isDynamicEntry: c.isDynamicEntry || imported.has(c.fileName),
          })),
        )
        builtFor = fingerprint
      }
      let out = code
      if (out.includes(CORE_PLACEHOLDER)) {
        placeholderSeen = true
        // 'en=/assets/...;es=...': no quote or backslash, so it fits whatever quotes the minifier chose.
        const core = built.core
        out = out.replaceAll(CORE_PLACEHOLDER, LOCALES.map((locale) => `${locale}=${core[locale]}`).join(';'))
      }
      const call = built.calls.get(chunk.fileName)
      if (call) {
        // Import declarations are hoisted, so this runs after the chunk's imports and before its body.
        out = `await globalThis.${AREA_GLOBAL}?.(${JSON.stringify(call.own)},${JSON.stringify(call.loads)});\n${out}`
      }
      return out === code ? null : { code: out, map: null }
    },
    generateBundle(_options, bundle) {
      if (!built) return
      if (!placeholderSeen) this.error(`split catalogs: "${CORE_PLACEHOLDER}" (src/services/i18n/i18n.ts) is not in any client chunk`)
      for (const [fileName, source] of built.files) this.emitFile({ type: 'asset', fileName, source })
      const chunks: CatalogManifest['chunks'] = {}
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        const paths = built.byModules.get(modulesKey(output.moduleIds))
        if (paths) chunks[output.fileName] = paths
      }
      if (Object.keys(chunks).length !== built.byModules.size) this.error('split catalogs: a chunk with its own catalog was not found in the bundle')
      // Read back from what is written: every message where the plan puts it, and nothing lost.
      const outputs = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []))
      const imported = dynamicallyImported(outputs)
      const problems = verifyBuiltCatalogs({
        locales: LOCALES,
        whole: messages,
        origins,
        chunks: outputs.map((c) => ({
          key: c.fileName,
          modules: c.moduleIds.flatMap((id) => moduleFile(root, id) ?? []),
          imports: c.imports,
          isEntry: c.isEntry,
          isDynamicEntry: c.isDynamicEntry || imported.has(c.fileName),
          code: c.code,
        })),
        core: built.core,
        // The emitted files (writeBundle checks they reached the disk).
        readCatalog: (path) => built?.files.get(path.slice(base.length)),
        areaGlobal: AREA_GLOBAL,
      })
      if (problems.length > 0) this.error(`split catalogs: the built catalogs do not match the plan:\n  ${problems.slice(0, 20).join('\n  ')}`)
      manifest = { core: built.core, chunks }
      const { plan } = built
      this.info(
        `split catalogs: ${plan.core.size} messages in core (${plan.unplaced.size} of them used by no client module), ${built.byKey.size} lazy chunks with their own (${built.byKey.size - built.byModules.size} inline)`,
      )
    },
    async writeBundle(options) {
      if (!manifest || !options.dir || !built) return
      const dir = options.dir
      const missing = [...built.files.keys()].filter((file) => !existsSync(join(dir, file)))
      if (missing.length > 0) this.error(`split catalogs: not written: ${missing.join(', ')}`)
      await writeFile(join(dirname(options.dir), CATALOG_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)
    },
  }
}
