import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** Bytes of one kind of asset: as served uncompressed, gzip -9 and brotli q11 (what a precompressed build ships). */
export interface ByteSizes {
  raw: number
  gzip: number
  brotli: number
  files: number
}

export type AssetKind = 'js' | 'css'

export const NO_BYTES: ByteSizes = { raw: 0, gzip: 0, brotli: 0, files: 0 }

/**
 * Which kind an asset a page requested is, from Lighthouse's resource type, else from its path;
 * null for everything else (HTML, images, fonts, API calls).
 */
export function assetKind(url: string, resourceType?: string): AssetKind | null {
  if (resourceType === 'Script') return 'js'
  if (resourceType === 'Stylesheet') return 'css'
  if (resourceType) return null
  const path = new URL(url, 'http://x').pathname
  if (/\.m?js$/.test(path)) return 'js'
  if (/\.css$/.test(path)) return 'css'
  return null
}

export function sizesOf(body: Uint8Array): ByteSizes {
  return {
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }).length,
    files: 1,
  }
}

export function addSizes(a: ByteSizes, b: ByteSizes): ByteSizes {
  return { raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli, files: a.files + b.files }
}

/**
 * Totals per kind of the JS and CSS among the given requests. A URL requested twice (a preload
 * and its use) counts once: the browser downloads it once.
 */
export function countAssetBytes(assets: readonly { url: string; resourceType?: string; body: Uint8Array }[]): Record<AssetKind, ByteSizes> {
  const totals: Record<AssetKind, ByteSizes> = { js: NO_BYTES, css: NO_BYTES }
  const seen = new Set<string>()
  for (const asset of assets) {
    const kind = assetKind(asset.url, asset.resourceType)
    if (!kind || seen.has(asset.url)) continue
    seen.add(asset.url)
    totals[kind] = addSizes(totals[kind], sizesOf(asset.body))
  }
  return totals
}

export function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`
}
