import { describe, expect, it } from 'vitest'
import { assignMessages, staticClosure, type ChunkNode } from './assign.ts'

// The shape of the client build: vike's entries, a shared framework chunk, two lazy pages that
// share a lazy chunk, a lazy dialog, and a lazy chunk that imports another lazily loaded one.
const chunks: ChunkNode[] = [
  { key: 'entry.js', isEntry: true, modules: ['src/renderer/+onRenderClient.tsx'], imports: ['app.js'] },
  { key: 'app.js', isEntry: false, modules: ['src/ui/layout/Header.tsx', 'src/ui/kit/Button.tsx'], imports: ['react.js'] },
  { key: 'react.js', isEntry: false, modules: ['node_modules/react/index.js'], imports: ['app.js'] },
  { key: 'cashier.js', isEntry: false, modules: ['src/routes/cashier/pages.tsx'], imports: ['app.js', 'money.js'] },
  { key: 'withdraw.js', isEntry: false, modules: ['src/routes/cashier/withdraw.tsx'], imports: ['money.js'] },
  { key: 'money.js', isEntry: false, modules: ['src/ui/cashier/Amount.tsx', 'src/ui/cashier/Limits.tsx'], imports: ['app.js'] },
  { key: 'popup.js', isEntry: false, modules: ['src/ui/auth/AuthPopupShell.tsx'], imports: ['app.js'] },
]

const plan = (origins: Record<string, string[]>) => assignMessages(new Map(Object.entries(origins)), chunks)

describe('which catalog each message goes to', () => {
  it('puts what the entries use, through their static imports (cycles included), in core', () => {
    expect([...staticClosure(chunks, ['entry.js'])].sort()).toEqual(['app.js', 'entry.js', 'react.js'])
    const p = plan({ header: ['src/ui/layout/Header.tsx'], start: ['src/renderer/+onRenderClient.tsx'] })
    expect([...p.core].sort()).toEqual(['header', 'start'])
    expect(p.chunks.size).toBe(0)
  })

  it("gives a message only lazy chunks use to each of them, and to no other", () => {
    const p = plan({ deposit: ['src/routes/cashier/pages.tsx'], amount: ['src/ui/cashier/Amount.tsx'], both: ['src/routes/cashier/pages.tsx', 'src/routes/cashier/withdraw.tsx'], login: ['src/ui/auth/AuthPopupShell.tsx'] })
    expect(p.core.size).toBe(0)
    expect(Object.fromEntries([...p.chunks].map(([key, ids]) => [key, [...ids].sort()]))).toEqual({
      'cashier.js': ['both', 'deposit'],
      // A chunk shared by two pages carries its own messages once, not each page.
      'money.js': ['amount'],
      'withdraw.js': ['both'],
      'popup.js': ['login'],
    })
  })

  it('keeps a message that core uses in core only, even when lazy chunks use it too', () => {
    const p = plan({ close: ['src/ui/kit/Button.tsx', 'src/ui/auth/AuthPopupShell.tsx', 'src/routes/cashier/pages.tsx'] })
    expect([...p.core]).toEqual(['close'])
    expect(p.chunks.size).toBe(0)
  })

  it('puts a message in core when none of its origins is in the bundle, or it has none', () => {
    const p = plan({ serverOnly: ['server/ssr.ts'], none: [], lazy: ['src/ui/cashier/Limits.tsx'] })
    expect([...p.core].sort()).toEqual(['none', 'serverOnly'])
    expect([...p.unplaced].sort()).toEqual(['none', 'serverOnly'])
    expect([...p.chunks.get('money.js')!]).toEqual(['lazy'])
  })

  it('places every message: the union of core and the chunk catalogs is the whole catalog', () => {
    const origins = {
      a: ['src/ui/layout/Header.tsx'],
      b: ['src/routes/cashier/withdraw.tsx', 'src/ui/cashier/Limits.tsx'],
      c: ['src/ui/auth/AuthPopupShell.tsx'],
      d: ['nowhere.tsx'],
    }
    const p = plan(origins)
    const placed = new Set([...p.core, ...[...p.chunks.values()].flatMap((ids) => [...ids])])
    expect([...placed].sort()).toEqual(Object.keys(origins))
    for (const ids of p.chunks.values()) for (const id of ids) expect(p.core.has(id)).toBe(false)
  })
})
