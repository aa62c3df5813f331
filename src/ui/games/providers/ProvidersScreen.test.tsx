// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { setupI18n } from '@lingui/core'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { providerImage } from '../../../shared/games/art'
import { hallQueryFromSearch } from '../../../machines/games/hall/hall.rules'
import type { HallStudio } from '../../app/games'
import { ProvidersScreen, studioHallHref, type ProvidersData } from './ProvidersScreen'

afterEach(cleanup)

const studio = (sysname: string, name: string, games: number): HallStudio => ({ sysname, name, games, image: providerImage(sysname) })
const STUDIOS = [studio('northlight', 'Northlight Studio', 14), studio('redfox', 'Red Fox Games', 15), studio('quiet', 'Quiet Studio', 0), studio('tidewater', 'Tidewater Interactive', 1)]

/** The screen inside a router, with a hall page to land on: where a studio's link leads. */
function show(data: ProvidersData, { onRetry = () => {}, retrying = false } = {}) {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
  const router = createMemoryRouter(
    [
      { path: '/providers', element: <ProvidersScreen data={data} onRetry={onRetry} retrying={retrying} /> },
      { path: '/gamehall', element: <p data-testid="hall">hall</p> },
    ],
    { initialEntries: ['/providers'] },
  )
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  return router
}

describe('the studios page', () => {
  it('lists each studio that has games as a link named by its name and count, with its logo through /_ipx', () => {
    show({ studios: STUDIOS })
    const page = screen.getByTestId('providers-page')
    expect(page.dataset.view).toBe('studios')
    const list = screen.getByRole('list', { name: 'Game providers' })
    const links = within(list).getAllByRole('link')
    // The studio without games is left out: its link would open an empty hall.
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/gamehall?providers=northlight', '/gamehall?providers=redfox', '/gamehall?providers=tidewater'])
    expect(links.map((l) => l.textContent)).toEqual(['Northlight Studio14 games', 'Red Fox Games15 games', 'Tidewater Interactive1 game'])
    expect(screen.getByRole('link', { name: 'Red Fox Games 15 games' })).toBeTruthy()
    const logo = screen.getByRole('img', { name: 'Red Fox Games logo' }) as HTMLImageElement
    expect(logo.getAttribute('src')).toBe(providerImage('redfox').x1)
    expect(logo.getAttribute('srcset')).toBe(`${providerImage('redfox').x1} 1x, ${providerImage('redfox').x2} 2x`)
    expect(logo.getAttribute('src')).toMatch(/^\/_ipx\//)
    expect(within(list).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Northlight Studio', 'Red Fox Games', 'Tidewater Interactive'])
  })

  it('leads to the hall narrowed to the studio, in the address format the hall reads', async () => {
    const router = show({ studios: STUDIOS })
    expect(hallQueryFromSearch(new URL(studioHallHref('redfox'), 'http://x').searchParams).providers).toEqual(['redfox'])
    fireEvent.click(screen.getByRole('link', { name: 'Red Fox Games 15 games' }))
    await screen.findByTestId('hall')
    expect(router.state.location.pathname + router.state.location.search).toBe('/gamehall?providers=redfox')
  })

  it('shows the fallback picture when a logo does not load', () => {
    show({ studios: STUDIOS })
    const logo = screen.getByRole('img', { name: 'Northlight Studio logo' })
    fireEvent.error(logo)
    expect(logo.getAttribute('src')).toBe('/images/fallback.svg')
    expect(logo.hasAttribute('srcset')).toBe(false)
  })

  it('says so when there is no studio with games, and leads to the hall', () => {
    show({ studios: [studio('quiet', 'Quiet Studio', 0)] })
    expect(screen.getByTestId('providers-page').dataset.view).toBe('empty')
    expect(screen.getByRole('status').textContent).toContain('No providers to show yet.')
    expect(screen.getByRole('link', { name: 'Browse all games' }).getAttribute('href')).toBe('/gamehall')
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('offers to try again when the studios could not be read, and holds their place while it does', () => {
    const onRetry = vi.fn()
    show({ studios: null }, { onRetry })
    expect(screen.getByTestId('providers-page').dataset.view).toBe('failed')
    expect(screen.getByTestId('load-failed').textContent).toContain('We could not load the game studios.')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
    cleanup()
    show({ studios: null }, { retrying: true })
    expect(screen.getByTestId('providers-page').dataset.view).toBe('loading')
    expect(screen.getByRole('list').getAttribute('aria-busy')).toBe('true')
    expect(screen.getAllByTestId('provider-card-skeleton').length).toBeGreaterThan(0)
  })
})
