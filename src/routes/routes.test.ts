import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { createRoutes, type RouteDeps } from './routes'

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
