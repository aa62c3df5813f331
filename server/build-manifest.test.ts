import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { localePreloadsFrom, pagePreloadsFrom, STARTUP_MODULES } from './build-manifest'
import { TEST_TMPDIR } from './test/harness'

const dir = mkdtempSync(join(TEST_TMPDIR, 'casino-manifest-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the locale preloads read from the build manifest', () => {
  it("names each locale's catalog chunk and what it imports, once each", () => {
    const path = join(dir, 'assets.json')
    writeFileSync(
      path,
      JSON.stringify({
        'locales/en/messages.ts': { file: 'assets/chunks/chunk-En111111.js', isDynamicEntry: true, imports: ['_shared.js'] },
        'locales/de/messages.ts': { file: 'assets/chunks/chunk-De222222.js', isDynamicEntry: true, imports: ['_shared.js', '_shared.js'] },
        '_shared.js': { file: 'assets/chunks/chunk-Sh333333.js' },
      }),
    )
    const preloads = localePreloadsFrom(path)
    expect(preloads('en')).toEqual(['/assets/chunks/chunk-En111111.js', '/assets/chunks/chunk-Sh333333.js'])
    expect(preloads('de')).toEqual(['/assets/chunks/chunk-De222222.js', '/assets/chunks/chunk-Sh333333.js'])
    // A locale the build has no catalog for gets nothing rather than a broken link.
    expect(preloads('pt')).toEqual([])
  })

  it('preloads nothing when the manifest is missing or unreadable', () => {
    expect(localePreloadsFrom(join(dir, 'none.json'))('en')).toEqual([])
    const broken = join(dir, 'broken.json')
    writeFileSync(broken, '{ not json')
    expect(localePreloadsFrom(broken)('en')).toEqual([])
  })
})

describe('the page preloads read from the build manifest', () => {
  const path = join(dir, 'pages.json')
  writeFileSync(
    path,
    JSON.stringify({
      'virtual:vike:page-entry:client:/src/renderer': { file: 'assets/entries/renderer.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/chunks/react.js' },
      'src/routes/gamehall/pages.tsx': { file: 'assets/chunks/gamehall.js', isDynamicEntry: true, imports: ['_react.js', '_tiles.js'] },
      'src/routes/cashier/deposit.tsx': { file: 'assets/chunks/deposit.js', isDynamicEntry: true, imports: ['_tiles.js'] },
      '_tiles.js': { file: 'assets/chunks/tiles.js' },
    }),
  )
  const preloads = pagePreloadsFrom(path)

  it("names a page module's chunk and its imports, leaving out what the entry loads", () => {
    expect(preloads(['gamehall/pages'])).toEqual(['/assets/chunks/gamehall.js', '/assets/chunks/tiles.js'])
  })

  it('names each file once across several modules, and nothing for an unknown module', () => {
    expect(preloads(['gamehall/pages', 'cashier/deposit', 'nowhere/pages'])).toEqual(['/assets/chunks/gamehall.js', '/assets/chunks/tiles.js', '/assets/chunks/deposit.js'])
    expect(preloads([])).toEqual([])
  })

  it('preloads nothing without a manifest', () => {
    expect(pagePreloadsFrom(join(dir, 'none.json'))(['gamehall/pages'])).toEqual([])
  })

  it("adds the root actor's chunk to every page, which the start-up imports itself", () => {
    const withActor = join(dir, 'pages-actor.json')
    writeFileSync(
      withActor,
      JSON.stringify({
        'virtual:vike:page-entry:client:/src/renderer': { file: 'assets/entries/renderer.js', isEntry: true, imports: ['_react.js'] },
        '_react.js': { file: 'assets/chunks/react.js' },
        'src/ui/app/app-actor.ts': { file: 'assets/chunks/app-actor.js', isDynamicEntry: true, imports: ['_react.js', '_xstate.js'] },
        '_xstate.js': { file: 'assets/chunks/xstate.js' },
        'src/routes/gamehall/pages.tsx': { file: 'assets/chunks/gamehall.js', isDynamicEntry: true, imports: ['_xstate.js'] },
      }),
    )
    expect(STARTUP_MODULES).toContain('src/ui/app/app-actor.ts')
    const preloads = pagePreloadsFrom(withActor)
    expect(preloads([])).toEqual(['/assets/chunks/app-actor.js', '/assets/chunks/xstate.js'])
    expect(preloads(['gamehall/pages'])).toEqual(['/assets/chunks/gamehall.js', '/assets/chunks/xstate.js', '/assets/chunks/app-actor.js'])
  })
})

describe('the catalog preloads of a build that split its catalogs (dist/catalogs.json)', () => {
  const split = mkdtempSync(join(dir, 'split-'))
  const path = join(split, 'assets.json')
  writeFileSync(
    path,
    JSON.stringify({
      'virtual:vike:page-entry:client:/src/renderer': { file: 'assets/entries/renderer.js', isEntry: true },
      'locales/en/messages.ts': { file: 'assets/chunks/whole-en.js', isDynamicEntry: true },
      'src/routes/cashier/deposit.tsx': { file: 'assets/chunks/deposit.js', isDynamicEntry: true, imports: ['_methods.js'] },
      '_methods.js': { file: 'assets/chunks/methods.js' },
      'src/routes/gamehall/pages.tsx': { file: 'assets/chunks/gamehall.js', isDynamicEntry: true },
    }),
  )
  writeFileSync(
    join(split, 'catalogs.json'),
    JSON.stringify({
      core: { en: '/assets/chunks/catalog.en-1.js', de: '/assets/chunks/catalog.de-1.js' },
      chunks: {
        'assets/chunks/deposit.js': { en: '/assets/chunks/catalog-deposit.en-2.js', de: '/assets/chunks/catalog-deposit.de-2.js' },
        'assets/chunks/methods.js': { en: '/assets/chunks/catalog-methods.en-3.js', de: '/assets/chunks/catalog-methods.de-3.js' },
      },
    }),
  )

  it("preloads the locale's core catalog instead of its whole catalog", () => {
    expect(localePreloadsFrom(path)('de')).toEqual(['/assets/chunks/catalog.de-1.js'])
    expect(localePreloadsFrom(path)('en')).toEqual(['/assets/chunks/catalog.en-1.js'])
    // A locale the split build has no core for falls back to its whole catalog, here none.
    expect(localePreloadsFrom(path)('pt')).toEqual([])
  })

  it("adds the page chunks' own catalogs in the page's locale, after the chunks", () => {
    const preloads = pagePreloadsFrom(path)
    expect(preloads(['cashier/deposit'], 'de')).toEqual([
      '/assets/chunks/deposit.js',
      '/assets/chunks/methods.js',
      '/assets/chunks/catalog-deposit.de-2.js',
      '/assets/chunks/catalog-methods.de-3.js',
    ])
    // A chunk whose catalog is inline (or that has none) adds nothing; without a locale, chunks only.
    expect(preloads(['gamehall/pages'], 'en')).toEqual(['/assets/chunks/gamehall.js'])
    expect(preloads(['cashier/deposit'])).toEqual(['/assets/chunks/deposit.js', '/assets/chunks/methods.js'])
  })
})
