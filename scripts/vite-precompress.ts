import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

/** Text formats worth compressing; images, woff/woff2 and media are compressed already. */
export const PRECOMPRESS_EXTENSIONS = /\.(?:m?js|css|svg|json|webmanifest|txt|xml|html|ttf|otf|eot|wasm)$/

/**
 * Writes `name.br` (brotli 11) and `name.gz` (gzip 9) beside every text file of a built client,
 * once at build time, so the server streams them from disk instead of compressing per request.
 * Small files too: without a copy the server would compress them on every request. A copy that
 * is not smaller than the original is not written.
 */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 }
  const walk = async (at: string): Promise<string[]> => {
    const entries = await readdir(at, { withFileTypes: true })
    const nested = await Promise.all(
      entries.map((e) => (e.isDirectory() ? (e.name === '.vite' ? [] : walk(join(at, e.name))) : e.isFile() ? [join(at, e.name)] : [])),
    )
    return nested.flat()
  }
  // All at once: zlib's async calls run on libuv's thread pool, so files compress in parallel.
  await Promise.all(
    (await walk(dir))
      .filter((file) => PRECOMPRESS_EXTENSIONS.test(file))
      .map(async (file) => {
        const raw = await readFile(file)
        const [br, gzipped] = await Promise.all([
          brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
          gz(raw, { level: constants.Z_BEST_COMPRESSION }),
        ])
        if (br.length < raw.length) await writeFile(`${file}.br`, br)
        if (gzipped.length < raw.length) await writeFile(`${file}.gz`, gzipped)
        totals.files += 1
        totals.bytes += raw.length
        totals.brotliBytes += Math.min(br.length, raw.length)
      }),
  )
  return totals
}

/** The Vite side: after the client build is written (public files included), precompress it. */
export function precompress(): Plugin {
  return {
    name: 'casino:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options) {
      if (!options.dir) return
      const { files, bytes, brotliBytes } = await precompressDir(options.dir)
      this.info(`precompressed ${files} files: ${(bytes / 1024).toFixed(0)} KiB -> ${(brotliBytes / 1024).toFixed(0)} KiB brotli`)
    },
  }
}
