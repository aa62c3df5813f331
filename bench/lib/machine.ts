import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'

export interface Machine {
  cores: number
  cpu: string
  node: string
  /** 1, 5 and 15 minute load averages when the bench started. */
  loadAverage: [number, number, number]
}

export function machine(): Machine {
  const [a, b, c] = loadavg()
  return { cores: cpus().length, cpu: cpus()[0]?.model.trim() ?? 'unknown', node: process.version, loadAverage: [a!, b!, c!] }
}

/** The short commit, with "+changes" when the work tree differs from it (the figures are then of uncommitted code). */
export function commit(): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim()
    return dirty ? `${sha}+changes` : sha
  } catch {
    return 'unknown'
  }
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const s = statSync(path)
  if (!s.isDirectory()) return s.mtimeMs
  let newest = 0
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

/** What the client and SSR builds are made from; content/ is read at run time, not built. */
export const BUILD_INPUTS = ['src', 'locales', 'public', 'vite.config.ts', 'panda.config.ts', 'lingui.config.ts', 'postcss.config.cjs', 'package-lock.json']
export const BUILD_OUTPUT = 'dist/server/entry.mjs'

/** Why the build must be (re)made, or null when dist/ is newer than every input. */
export function buildStaleReason(): string | null {
  if (!existsSync(BUILD_OUTPUT) || !existsSync('dist/client')) return 'no build in dist/'
  const built = statSync(BUILD_OUTPUT).mtimeMs
  const changed = BUILD_INPUTS.find((p) => newestMtime(p) > built)
  return changed ? `${changed} changed after the last build` : null
}
