import { describe, expect, it } from 'vitest'
import { assetKind, countAssetBytes, sizesOf } from './bytes'

const text = (s: string) => new TextEncoder().encode(s)
const repetitive = text('export const a = "casino";\n'.repeat(200))

describe('assetKind', () => {
  it("trusts Lighthouse's resource type over the path", () => {
    expect(assetKind('/assets/a.css', 'Script')).toBe('js')
    expect(assetKind('/assets/a.js', 'Stylesheet')).toBe('css')
    expect(assetKind('/assets/a.js', 'Image')).toBeNull()
  })
  it('falls back to the extension, ignoring the query', () => {
    expect(assetKind('http://h/assets/entry-x1.js?v=2')).toBe('js')
    expect(assetKind('/assets/chunk.mjs')).toBe('js')
    expect(assetKind('/assets/style.css')).toBe('css')
    expect(assetKind('/api/account/getInfo')).toBeNull()
  })
})

describe('sizesOf', () => {
  it('counts the raw bytes and the sizes of real gzip and brotli streams of them', () => {
    const s = sizesOf(repetitive)
    expect(s.raw).toBe(repetitive.length)
    expect(s.gzip).toBeLessThan(s.raw)
    expect(s.brotli).toBeLessThan(s.raw)
    expect(s.files).toBe(1)
  })
})

describe('countAssetBytes', () => {
  it('sums JS and CSS separately, leaves out other requests, and counts a URL requested twice once', () => {
    const js1 = text('console.log(1)')
    const js2 = text('console.log(22)')
    const css = text('body{color:red}')
    const totals = countAssetBytes([
      { url: '/assets/a.js', resourceType: 'Script', body: js1 },
      { url: '/assets/b.js', resourceType: 'Script', body: js2 },
      { url: '/assets/a.js', resourceType: 'Script', body: js1 },
      { url: '/assets/s.css', resourceType: 'Stylesheet', body: css },
      { url: '/', resourceType: 'Document', body: text('<html>') },
      { url: '/logo.png', resourceType: 'Image', body: new Uint8Array(500) },
    ])
    expect(totals.js.raw).toBe(js1.length + js2.length)
    expect(totals.js.files).toBe(2)
    expect(totals.js.gzip).toBe(sizesOf(js1).gzip + sizesOf(js2).gzip)
    expect(totals.css).toEqual(sizesOf(css))
  })
  it('is zero for a page that loads no script or style', () => {
    expect(countAssetBytes([])).toEqual({ js: { raw: 0, gzip: 0, brotli: 0, files: 0 }, css: { raw: 0, gzip: 0, brotli: 0, files: 0 } })
  })
})
