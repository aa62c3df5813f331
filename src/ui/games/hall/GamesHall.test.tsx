// @vitest-environment happy-dom
// The hall's "My favourites" filter as a player and a visitor meet it: the real flow and API
// client, talking to a fetch double of games/get and games/getLikes.
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { appMachine } from '../../../machines/app/app/app.machine'
import { samplePlayer } from '../../../machines/app/app/app.samples'
import { EMPTY_HALL_QUERY } from '../../../machines/games/hall/hall.rules'
import { hallGame } from '../../../machines/games/hall/hall.samples'
import type { HallQuery } from '../../../machines/games/hall/hall.types'
import { VISITOR, type AccountInfo } from '../../../services/api/contract/account'
import { AppProviders } from '../../app/AppProviders'
import type { HallData } from '../../app/games'
import { GamesHall } from './GamesHall'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const FAVOURITES: HallQuery = { ...EMPTY_HALL_QUERY, favourites: true }
const page = (items: ReturnType<typeof hallGame>[]) => ({ items, total: items.length })

/** games/get answers `games(params)`; getLikes answers none; anything else is not found. */
function installServer(games: (params: URLSearchParams) => ReturnType<typeof hallGame>[]) {
  const reads: URLSearchParams[] = []
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://test')
    const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    if (url.pathname === '/api/games/get') {
      reads.push(url.searchParams)
      const items = games(url.searchParams)
      return answer({ data: { items, total: items.length, offset: 0, count: 24 } })
    }
    if (url.pathname === '/api/games/getLikes') return answer({ data: [] })
    return answer({ error: { type: 'MethodNotFoundException', message: 'not found' } }, 404)
  })
  return reads
}

function show(account: AccountInfo, at: string, first: HallData['first']) {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
  const app = createActor(appMachine, { input: { account, locale: 'en', theme: 'dark' } }).start()
  const data: HallData = { categories: [], providers: [], first }
  const router = createMemoryRouter([{ path: '/gamehall', element: <GamesHall data={data} category={null} /> }], { initialEntries: [at] })
  render(
    <AppProviders i18n={i18n} actor={app}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </AppProviders>,
  )
  return router
}

const hallView = () => screen.getByTestId('games-hall').dataset.view

describe('the hall’s favourites filter', () => {
  it('a player turns it on: the address says so, only their likes are read, and none yet says how to add some', async () => {
    const reads = installServer((params) => (params.getAll('options').includes('favourites') ? [] : [hallGame(0), hallGame(1)]))
    const router = show(samplePlayer, '/gamehall', { query: EMPTY_HALL_QUERY, page: page([hallGame(0), hallGame(1)]) })
    const toggle = screen.getByRole('button', { name: 'My favourites' })
    expect(toggle.getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(toggle)
    await waitFor(() => expect(hallView()).toBe('empty'))
    expect(router.state.location.search).toBe('?favourites=1')
    expect(reads.at(-1)!.getAll('options')).toEqual(['favourites'])
    expect(screen.getByRole('button', { name: 'My favourites' }).getAttribute('aria-pressed')).toBe('true')
    const empty = screen.getByTestId('hall-empty')
    expect(empty.dataset.reason).toBe('favourites')
    expect(empty.textContent).toContain('No favourite games here yet.')
    expect(empty.textContent).toContain('Tap the heart')
    // Off again: every game, and the address without the filter.
    fireEvent.click(screen.getByRole('button', { name: 'My favourites' }))
    await waitFor(() => expect(hallView()).toBe('games'))
    expect(router.state.location.search).toBe('')
    expect(reads.at(-1)!.has('options')).toBe(false)
  })

  it('a player’s link with ?favourites=1 shows the page the server rendered, without reading it again', () => {
    const reads = installServer(() => [])
    show(samplePlayer, '/gamehall?favourites=1', { query: FAVOURITES, page: page([hallGame(4)]) })
    expect(hallView()).toBe('games')
    expect(screen.getByRole('button', { name: 'My favourites' }).getAttribute('aria-pressed')).toBe('true')
    expect(screen.getAllByTestId('game-card').map((c) => c.dataset.game)).toEqual(['game-4'])
    expect(reads).toEqual([])
  })

  it('a visitor has no toggle, and ?favourites=1 shows them every game rather than an error or an empty page', async () => {
    const reads = installServer(() => [hallGame(0), hallGame(1), hallGame(2)])
    // The server read the visitor's favourites for the address: none. The hall reads every game instead.
    show(VISITOR, '/gamehall?favourites=1', { query: FAVOURITES, page: page([]) })
    expect(screen.queryByRole('button', { name: 'My favourites' })).toBeNull()
    await waitFor(() => expect(hallView()).toBe('games'))
    expect(reads).toHaveLength(1)
    expect(reads[0]!.has('options')).toBe(false)
    expect(screen.getAllByTestId('game-card')).toHaveLength(3)
  })
})
