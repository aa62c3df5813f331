import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openDatabase } from '../db/database'
import { migrateToLatest } from '../db/migrate'
import { seedIfEmpty } from '../seed/seed'
import { makeTestConfig } from './config'

/**
 * The PGlite template: a data dir migrated and seeded once, copied by each test file. A new PGlite
 * dir costs 2.5–8.5 s and up to 1 GB; a copy reopens in about 0.6 s (STACK.md). The template is
 * keyed by a hash of everything that shapes it (migrations, seed, domain, config, PGlite's
 * version), so an unchanged tree reuses the one the previous run left in the temp dir.
 */

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..')

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return listFiles(path)
    return e.isFile() && /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [path] : []
  })
}

export function templateKey(): string {
  const hash = createHash('sha256')
  // The package does not export its package.json; find it beside its entry point.
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir)
  const pgliteVersion = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version
  hash.update(`pglite ${pgliteVersion}\n`)
  const files = [
    ...listFiles(join(serverDir, 'db')),
    ...listFiles(join(serverDir, 'seed')),
    ...listFiles(join(serverDir, 'domain')),
    join(serverDir, 'config.ts'),
    join(serverDir, 'test', 'config.ts'),
  ].sort()
  for (const file of files) hash.update(`${relative(serverDir, file)}\n`).update(readFileSync(file))
  return hash.digest('hex').slice(0, 16)
}

/** Builds the template if this tree has none yet; returns its data dir (DATA_DIR layout). */
export async function ensureTemplate(root = join(tmpdir(), 'casino-pglite-templates')): Promise<string> {
  const dir = join(root, templateKey())
  if (existsSync(join(dir, 'ready'))) return dir
  mkdirSync(root, { recursive: true })
  const building = `${dir}.${process.pid}.building`
  rmSync(building, { recursive: true, force: true })
  const config = makeTestConfig({ dataDir: building })
  const database = await openDatabase(config)
  try {
    await migrateToLatest(database.db)
    await seedIfEmpty(database.db, config)
  } finally {
    await database.close()
  }
  writeFileSync(join(building, 'ready'), new Date().toISOString())
  try {
    renameSync(building, dir)
  } catch (err) {
    // Another run finished the same template first: use theirs.
    rmSync(building, { recursive: true, force: true })
    if (!existsSync(join(dir, 'ready'))) throw err
  }
  pruneOld(root, dir)
  return dir
}

/** Templates of older trees, and builds that died, take ~50 MB each: keep only the newest few. */
function pruneOld(root: string, keep: string): void {
  const now = Date.now()
  for (const name of readdirSync(root)) {
    const path = join(root, name)
    if (path === keep) continue
    const age = now - statSync(path).mtimeMs
    if (age > 24 * 3_600_000 || (name.endsWith('.building') && age > 3_600_000)) rmSync(path, { recursive: true, force: true })
  }
}

/** A private copy of the template for one test file. */
export function copyTemplate(template: string, target: string): void {
  cpSync(template, target, { recursive: true })
  rmSync(join(target, 'ready'), { force: true })
}
