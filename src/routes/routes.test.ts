import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PAGE_MODULES, createRoutes, type PageModule, type RouteDeps } from './routes'
import { PUBLIC_PAGE_PATHS } from '../shared/public-pages'

const deps: RouteDeps = { session: { isLoggedIn: () => false }, loadContentPage: async () => null }

function pages(routes: RouteObject[]): RouteObject[] {
  return routes.flatMap((r) => [...(r.handle ? [r] : []), ...pages(r.children ?? [])])
}

// A first load downloads only the page it draws: each page's component is in its area's chunk.
describe('the route table', () => {
  const all = pages(createRoutes(() => deps))

  it('gives no page a component of the entry bundle', () => {
    expect(all.length).toBeGreaterThan(40)
    expect(all.filter((r) => r.Component || r.element).map((r) => r.id)).toEqual([])
  })

  it('loads the page component of every drawing route lazily, by area', async () => {
    const drawing = all.filter((r) => typeof r.lazy === 'function')
    expect(drawing.map((r) => r.id)).toEqual(expect.arrayContaining(['index', 'gamehall', 'cashier.deposit', 'profile.settings', 'forms.sign_in', 'flows', 'icons']))
    const deposit = drawing.find((r) => r.id === 'cashier.deposit')!
    const loaded = await (deposit.lazy as () => Promise<{ Component: unknown }>)()
    expect(typeof loaded.Component).toBe('function')
  })
})

describe('the page modules', () => {
  it('are each a file under src/routes, named by the key the server preloads its chunk by', () => {
    for (const key of Object.keys(PAGE_MODULES)) {
      expect(['tsx', 'ts'].some((ext) => existsSync(fileURLToPath(new URL(`./${key}.${ext}`, import.meta.url)))), key).toBe(true)
      // The key and the import are written side by side; they must name the same file.
      expect(String(PAGE_MODULES[key as PageModule]), key).toContain(`${key}`)
    }
  })

  it("name every lazy page's module in its handle", () => {
    const walk = (routes: RouteObject[]): RouteObject[] => routes.flatMap((r) => [r, ...walk(r.children ?? [])])
    const lazy = walk(createRoutes(() => ({}) as RouteDeps)).filter((r) => r.lazy)
    expect(lazy.length).toBeGreaterThan(20)
    for (const route of lazy) expect((route.handle as { module?: string }).module, route.id).toMatch(/^[a-z-]+\/[A-Za-z-]+$/)
  })
})

describe('the public pages the sitemap lists', () => {
  // Every public, indexable page without a parameter, walked from the table itself.
  function publicPaths(routes: RouteObject[], prefix: string, hidden: boolean): string[] {
    return routes.flatMap((r) => {
      const handle = r.handle as { protected?: boolean; noindex?: boolean; layout?: string } | undefined
      const path = r.index ? prefix || '/' : r.path ? `${prefix}/${r.path}`.replace(/\/+/g, '/') : prefix
      const isHidden = hidden || Boolean(handle?.protected || handle?.noindex) || r.id === 'layout.empty' || r.id === 'layout.svg-sprite'
      const own = handle && !isHidden && !/[:*]/.test(path) && !r.children?.length && r.id !== 'flows' ? [path === '' ? '/' : path] : []
      return [...own, ...publicPaths(r.children ?? [], r.path === '/' ? '' : path, isHidden)]
    })
  }

  it('are exactly the table’s public routes without a parameter', () => {
    const fromTable = publicPaths(createRoutes(() => deps), '', false)
    expect([...fromTable].sort()).toEqual([...PUBLIC_PAGE_PATHS].sort())
  })
})
