// Which messages each chunk of the client build carries. Pure: message origins (from the .po files)
// and the chunk graph in, catalogs out; scripts/vite-split-catalogs.ts feeds it and writes the files.

export interface ChunkNode {
  /** The chunk's name in the bundle (any stable key). */
  key: string
  /** Its modules, as paths relative to the project root ('src/ui/Header.tsx'). */
  modules: readonly string[]
  /** Keys of the chunks it imports statically. */
  imports: readonly string[]
  /** A static entry: loaded by every page before anything else. */
  isEntry: boolean
}

export interface CatalogPlan {
  /** Chunks every first load evaluates: the entries and what they import statically. */
  coreChunks: ReadonlySet<string>
  /** Message ids of the core catalog, loaded before hydration on every page. */
  core: ReadonlySet<string>
  /** Per lazily loaded chunk that uses messages of its own, their ids (never one of `core`). */
  chunks: ReadonlyMap<string, ReadonlySet<string>>
  /** Ids put in the core catalog only because none of their origins is in the bundle. */
  unplaced: ReadonlySet<string>
}

/** A chunk and everything it imports statically, transitively. */
export function staticClosure(chunks: readonly ChunkNode[], from: readonly string[]): Set<string> {
  const byKey = new Map(chunks.map((c) => [c.key, c]))
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    byKey.get(key)?.imports.forEach(visit)
  }
  from.forEach(visit)
  return seen
}

/**
 * A message used by any core module belongs to the core catalog only; one used solely by lazy
 * chunks belongs to each of them (a chunk's catalog is loaded before its modules run). A message
 * with no origin in the bundle goes to core: a message that might be shown must never be missing.
 */
export function assignMessages(origins: ReadonlyMap<string, readonly string[]>, chunks: readonly ChunkNode[]): CatalogPlan {
  const coreChunks = staticClosure(
    chunks,
    chunks.filter((c) => c.isEntry).map((c) => c.key),
  )
  const chunksOfModule = new Map<string, string[]>()
  for (const chunk of chunks) {
    for (const module of chunk.modules) chunksOfModule.set(module, [...(chunksOfModule.get(module) ?? []), chunk.key])
  }
  const core = new Set<string>()
  const unplaced = new Set<string>()
  const byChunk = new Map<string, Set<string>>()
  for (const [id, files] of origins) {
    const users = new Set(files.flatMap((file) => chunksOfModule.get(file) ?? []))
    if (users.size === 0) {
      core.add(id)
      unplaced.add(id)
    } else if ([...users].some((key) => coreChunks.has(key))) {
      core.add(id)
    } else {
      for (const key of users) byChunk.set(key, (byChunk.get(key) ?? new Set()).add(id))
    }
  }
  return { coreChunks, core, chunks: byChunk, unplaced }
}
