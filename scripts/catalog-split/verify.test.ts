import type { Messages } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { catalogSource } from '../vite-split-catalogs.ts'
import { areaCallOf, parseCatalogSource, verifyBuiltCatalogs, type BuiltCatalogs, type BuiltChunk } from './verify.ts'

const whole: Record<'en' | 'es', Messages> = {
  en: { core1: ['Log in'], page1: ['Deposit'], page2: ['Amount'], popup1: ['Password'] },
  es: { core1: ['Iniciar sesión'], page1: ['Depositar'], page2: ['Importe'], popup1: ['Contraseña'] },
}
const origins = new Map([
  ['core1', ['src/ui/Header.tsx']],
  ['page1', ['src/routes/cashier/deposit.tsx']],
  ['page2', ['src/routes/cashier/deposit.tsx']],
  ['popup1', ['src/ui/auth/Popup.tsx']],
])

// Minified the way the build writes them: the call and the chunk's code on one line.
const call = (own: string, loads = '[]') => `await globalThis.__linguiArea?.(${own},${loads});import{a as e}from"./app.js";export const x=e(\`)\`);`

const DEPOSIT = '{en:`/assets/deposit.en.js`,es:`/assets/deposit.es.js`}'

function bundle(overrides: { deposit?: string; popup?: string; entry?: string; files?: Record<string, string> } = {}): BuiltCatalogs<'en' | 'es'> {
  const files: Record<string, string> = {
    '/assets/core.en.js': catalogSource({ core1: ['Log in'] }),
    '/assets/core.es.js': catalogSource({ core1: ['Iniciar sesión'] }),
    '/assets/deposit.en.js': catalogSource({ page1: ['Deposit'], page2: ['Amount'] }),
    '/assets/deposit.es.js': catalogSource({ page1: ['Depositar'], page2: ['Importe'] }),
    ...overrides.files,
  }
  const chunks: BuiltChunk[] = [
    { key: 'entry.js', isEntry: true, isDynamicEntry: false, imports: [], modules: ['src/ui/Header.tsx'], code: overrides.entry ?? 'export const a=1;' },
    { key: 'deposit.js', isEntry: false, isDynamicEntry: true, imports: ['entry.js'], modules: ['src/routes/cashier/deposit.tsx'], code: call(overrides.deposit ?? DEPOSIT, `[${overrides.deposit ?? DEPOSIT}]`) },
    { key: 'popup.js', isEntry: false, isDynamicEntry: true, imports: ['entry.js'], modules: ['src/ui/auth/Popup.tsx'], code: call(overrides.popup ?? '{en:{popup1:[`Password`]},es:{popup1:["Contraseña"]}}') },
  ]
  return { locales: ['en', 'es'], whole, origins, chunks, core: { en: '/assets/core.en.js', es: '/assets/core.es.js' }, readCatalog: (path) => files[path], areaGlobal: '__linguiArea' }
}

describe('reading the built catalogs back', () => {
  it('parses catalog modules and the argument of a chunk’s area call', () => {
    expect(parseCatalogSource(catalogSource({ x: ['a "quoted" ´word'] }))).toEqual({ x: ['a "quoted" ´word'] })
    expect(parseCatalogSource('export const messages=JSON.parse(`{"y":["b"]}`);')).toEqual({ y: ['b'] })
    expect(areaCallOf(call('{en:`/a.js`,es:{k:[")"]}}', '[{en:`/b.js`}]'), '__linguiArea')).toEqual({ own: { en: '/a.js', es: { k: [')'] } }, loads: [{ en: '/b.js' }] })
    expect(areaCallOf(call('null', '[{en:`/b.js`}]'), '__linguiArea')).toEqual({ own: null, loads: [{ en: '/b.js' }] })
    expect(areaCallOf('export const a=1;', '__linguiArea')).toBeNull()
  })

  it('finds nothing wrong in a build that matches the plan, files and inline catalogs alike', () => {
    expect(verifyBuiltCatalogs(bundle())).toEqual([])
  })

  it('reports a message missing from every catalog', () => {
    const problems = verifyBuiltCatalogs(bundle({ files: { '/assets/deposit.es.js': catalogSource({ page1: ['Depositar'] }) } }))
    expect(problems).toContain('es: page2 is in no catalog')
  })

  it('reports a message in the wrong catalog, or in two', () => {
    const moved = verifyBuiltCatalogs(bundle({ files: { '/assets/core.en.js': catalogSource({ core1: ['Log in'], page1: ['Deposit'] }) } }))
    expect(moved).toContain('en: page1 is in [core, deposit.js], expected [deposit.js]')
    const lost = verifyBuiltCatalogs(bundle({ popup: '{en:{},es:{popup1:["Contraseña"]}}', entry: call('{en:{popup1:[`Password`]},es:{}}') }))
    expect(lost).toContain('entry.js: a core chunk awaits a catalog')
    expect(lost).toContain('en: popup1 is in [entry.js], expected [popup.js]')
  })

  it("reports a dynamically imported chunk that does not load its closure's catalog files", () => {
    const b = bundle()
    const chunks = b.chunks.map((c) => (c.key === 'deposit.js' ? { ...c, code: call(DEPOSIT) } : c))
    expect(verifyBuiltCatalogs({ ...b, chunks })).toContain('en: deposit.js loads [], expected [/assets/deposit.en.js]')
  })

  it('expects a lazy chunk shared below a dynamically imported one to have its file loaded by that one, not by itself', () => {
    const b = bundle({ files: { '/assets/methods.en.js': catalogSource({ method: ['Card'] }), '/assets/methods.es.js': catalogSource({ method: ['Tarjeta'] }) } })
    const METHODS = '{en:`/assets/methods.en.js`,es:`/assets/methods.es.js`}'
    const shared: BuiltCatalogs<'en' | 'es'> = {
      ...b,
      whole: { en: { ...whole.en, method: ['Card'] }, es: { ...whole.es, method: ['Tarjeta'] } },
      origins: new Map([...origins, ['method', ['src/ui/cashier/Methods.tsx']]]),
      chunks: [
        ...b.chunks.map((c) => (c.key === 'deposit.js' ? { ...c, imports: ['entry.js', 'methods.js'], code: call(DEPOSIT, `[${DEPOSIT},${METHODS}]`) } : c)),
        { key: 'methods.js', isEntry: false, isDynamicEntry: false, imports: ['entry.js'], modules: ['src/ui/cashier/Methods.tsx'], code: call(METHODS) },
      ],
    }
    expect(verifyBuiltCatalogs(shared)).toEqual([])
    const selfLoading = { ...shared, chunks: shared.chunks.map((c) => (c.key === 'methods.js' ? { ...c, code: call(METHODS, `[${METHODS}]`) } : c)) }
    expect(verifyBuiltCatalogs(selfLoading)).toContain('en: methods.js loads [/assets/methods.en.js], expected []')
  })

  it('reports a translation that is not the compiled one, and a catalog that cannot be read', () => {
    expect(verifyBuiltCatalogs(bundle({ popup: '{en:{popup1:[`Passwort`]},es:{popup1:["Contraseña"]}}' }))).toContain('en: popup1 is not its compiled translation')
    expect(verifyBuiltCatalogs(bundle({ deposit: '{en:`/assets/gone.js`,es:`/assets/deposit.es.js`}' }))).toContain("en: deposit.js's catalog /assets/gone.js missing or unreadable")
  })
})
