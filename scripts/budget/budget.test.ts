import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { firstLoadCatalogs, firstLoadFiles, gzipSize, measurePages, report } from './budget.ts'

// A manifest shaped like the one vike writes to dist/assets.json.
const manifest = {
  'vike-entry.js': { file: 'assets/entries/entry.js', isEntry: true, imports: ['_shared.js'] },
  'page-entry': { file: 'assets/entries/page.js', isEntry: true, imports: ['_react.js', '_shared.js'], dynamicImports: ['src/routes/cashier/pages.tsx'] },
  '_react.js': { file: 'assets/chunks/react.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/chunks/shared.js' },
  '_style.css': { file: 'assets/static/style.css' },
  'src/routes/home/pages.tsx': { file: 'assets/chunks/home.js', isDynamicEntry: true, imports: ['_react.js', '_style.css'] },
  'src/routes/cashier/pages.tsx': { file: 'assets/chunks/cashier.js', isDynamicEntry: true, imports: ['_react.js', '_cashier-flow.js'] },
  '_cashier-flow.js': { file: 'assets/chunks/cashier-flow.js' },
}

// Incompressible content, so a file's gzip size grows with its size.
const contents: Record<string, Buffer> = {
  'assets/entries/entry.js': randomBytes(10 * 1024),
  'assets/entries/page.js': randomBytes(1024),
  'assets/chunks/react.js': randomBytes(50 * 1024),
  'assets/chunks/shared.js': randomBytes(5 * 1024),
  'assets/chunks/home.js': randomBytes(1024),
  'assets/chunks/cashier.js': randomBytes(20 * 1024),
  'assets/chunks/cashier-flow.js': randomBytes(40 * 1024),
}
const read = (file: string) => {
  const content = contents[file]
  if (!content) throw new Error(`read ${file}`)
  return content
}
const config = { manifest: 'dist/assets.json', entries: ['vike-entry.js', 'page-entry'], pages: [] }

describe('first-load files', () => {
  it('are the entries, the route modules and their static imports, each once, without CSS or lazy chunks', () => {
    expect(firstLoadFiles(manifest, ['vike-entry.js', 'page-entry', 'src/routes/home/pages.tsx'])).toEqual([
      'assets/entries/entry.js',
      'assets/chunks/shared.js',
      'assets/entries/page.js',
      'assets/chunks/react.js',
      'assets/chunks/home.js',
    ])
  })

  it('refuse a key the build does not have, naming it', () => {
    expect(() => firstLoadFiles(manifest, ['src/routes/gone/pages.tsx'])).toThrow(/"src\/routes\/gone\/pages.tsx" is not in the build manifest/)
  })
})

describe('the budget', () => {
  const pages = [
    { url: '/', routeModules: ['src/routes/home/pages.tsx'], maxGzipKiB: 80, targetGzipKiB: 60 },
    { url: '/cashier/deposit', routeModules: ['src/routes/cashier/pages.tsx'], maxGzipKiB: 80 },
    { url: '/measured', routeModules: ['src/routes/cashier/pages.tsx'] },
  ]
  const results = measurePages({ ...config, pages }, manifest, read)

  it('adds up the gzip size of every file a page loads first', () => {
    const home = ['assets/entries/entry.js', 'assets/chunks/shared.js', 'assets/entries/page.js', 'assets/chunks/react.js', 'assets/chunks/home.js']
    expect(results[0]).toMatchObject({ url: '/', files: 5, gzip: home.reduce((sum, f) => sum + gzipSize(read(f)), 0), over: false })
    expect(results[0]!.gzip).toBeGreaterThan(67 * 1024)
  })

  it('fails the pages over their budget with the figures, and only measures pages without one', () => {
    expect(results.map((r) => r.over)).toEqual([false, true, false])
    const { lines, failures } = report(results)
    expect(failures).toHaveLength(1)
    expect(failures[0]).toMatch(/^\/cashier\/deposit: first-load JS is 1\d\d\.\d KiB gzip, over its budget of 80 KiB by \d+\.\d KiB$/)
    expect(lines[0]).toMatch(/budget 80 KiB ok, target 60 KiB \(\d+\.\d KiB to go\)/)
    expect(lines[2]).toMatch(/measured only/)
  })
})

describe('the catalogs a first load counts besides its JS', () => {
  const withWhole = { ...manifest, 'locales/de/messages.ts': { file: 'assets/chunks/whole-de.js', isDynamicEntry: true } }
  it("counts the locale's whole catalog for a build that did not split them", () => {
    expect(firstLoadCatalogs(withWhole, ['assets/chunks/cashier.js'], 'de', null)).toEqual(['assets/chunks/whole-de.js'])
    expect(firstLoadCatalogs(withWhole, [], 'pt', null)).toEqual([])
  })

  it("counts the core catalog and the page chunks' own in a split build", () => {
    const catalogs = {
      core: { de: '/assets/chunks/catalog.de.js' },
      chunks: { 'assets/chunks/cashier.js': { de: '/assets/chunks/catalog-cashier.de.js' }, 'assets/chunks/other.js': { de: '/assets/chunks/catalog-other.de.js' } },
    }
    expect(firstLoadCatalogs(withWhole, ['assets/chunks/react.js', 'assets/chunks/cashier.js'], 'de', catalogs)).toEqual([
      'assets/chunks/catalog.de.js',
      'assets/chunks/catalog-cashier.de.js',
    ])
  })
})
