// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { setupI18n } from '@lingui/core'
import { MemoryRouter } from 'react-router'
import type { HallGame } from '../../machines/games/hall/hall.types'
import type { HomeRail } from '../app/home-games'
import { GameRails, ProviderStrip } from './GameRails'
import { createActor } from 'xstate'
import { appMachine } from '../../machines/app/app/app.machine'
import { VISITOR } from '../../services/api/contract/account'
import { AppProviders } from '../app/AppProviders'

afterEach(cleanup)

const game = (sysname: string): HallGame => ({
  sysname,
  title: sysname.replace(/-/g, ' '),
  provider: { sysname: 'redfox', name: 'Red Fox Games' },
  type: 'slot',
  tags: [],
  image: { x1: `/_ipx/s_240x180/images/games/${sysname}.svg`, x2: `/_ipx/s_480x360/images/games/${sysname}.svg` },
  rtp: '96.00',
  demo: true,
  url: `/platform/game/${sysname}/play`,
})

const RAILS: HomeRail[] = [
  { category: 'slots', name: 'Slots', total: 14, games: ['aurora-lanterns', 'pearl-cascade', 'fox-and-ember', 'frost-giants'].map(game) },
  { category: 'fast', name: 'Fast games', total: 2, games: ['dice-classic', 'rocket-crash'].map(game) },
]

function show(ui: React.ReactNode) {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
  // The cards' hearts read the root actor's favourites: a visitor's page, before hydration.
  const app = createActor(appMachine, { input: { account: VISITOR, locale: 'en', theme: 'dark' } }).start()
  render(
    <AppProviders i18n={i18n} actor={app}>
      <I18nProvider i18n={i18n}>
        <MemoryRouter>{ui}</MemoryRouter>
      </I18nProvider>
    </AppProviders>,
  )
}

/** happy-dom lays nothing out: give a rail's row the sizes a browser would. */
function layOut(list: HTMLElement, { scrollWidth, clientWidth, scrollLeft }: { scrollWidth: number; clientWidth: number; scrollLeft: number }) {
  Object.defineProperty(list, 'scrollWidth', { configurable: true, value: scrollWidth })
  Object.defineProperty(list, 'clientWidth', { configurable: true, value: clientWidth })
  list.scrollLeft = scrollLeft
  act(() => {
    list.dispatchEvent(new Event('scroll'))
  })
}

describe('the home rails', () => {
  it('draws one labelled rail per category, its games as cards, and a "See all" with the count to its hall page', () => {
    show(<GameRails rails={RAILS} />)
    const rails = screen.getAllByTestId('home-rail')
    expect(rails.map((r) => r.getAttribute('data-category'))).toEqual(['slots', 'fast'])
    const slots = rails[0]!
    expect(within(slots).getByRole('heading', { level: 2 }).textContent).toBe('Slots')
    const list = within(slots).getByRole('list', { name: 'Slots' })
    expect(within(list).getAllByTestId('game-card').map((c) => c.getAttribute('data-game'))).toEqual(['aurora-lanterns', 'pearl-cascade', 'fox-and-ember', 'frost-giants'])
    const seeAll = within(slots).getByTestId('home-rail-see-all')
    expect(seeAll.getAttribute('href')).toBe('/gamehall/slots')
    expect(seeAll.textContent).toBe('See all 14')
  })

  it('loads the first cards of the first rail at once and every other card lazily', () => {
    show(<GameRails rails={RAILS} />)
    const [first, second] = screen.getAllByTestId('home-rail')
    const loading = (rail: HTMLElement) => within(rail).getAllByTestId('game-card').map((c) => c.querySelector('img')!.getAttribute('loading'))
    expect(loading(first!)).toEqual(['eager', 'eager', 'eager', 'lazy'])
    expect(loading(second!)).toEqual(['lazy', 'lazy'])
  })

  it('draws nothing without rails (a category with no games never gets one)', () => {
    show(<GameRails rails={[]} />)
    expect(screen.queryByTestId('home-rails')).toBeNull()
    expect(screen.queryByRole('heading')).toBeNull()
  })

  it('turns the arrows off at the ends of a row and scrolls a page at a time', () => {
    show(<GameRails rails={RAILS} />)
    const slots = screen.getAllByTestId('home-rail')[0]!
    const list = within(slots).getByTestId('home-rail-list')
    const prev = within(slots).getByRole('button', { name: 'Scroll Slots back' }) as HTMLButtonElement
    const next = within(slots).getByRole('button', { name: 'Scroll Slots forward' }) as HTMLButtonElement
    const scrolled: number[] = []
    list.scrollBy = ((options: ScrollToOptions) => scrolled.push(options.left ?? 0)) as typeof list.scrollBy

    layOut(list, { scrollWidth: 800, clientWidth: 400, scrollLeft: 0 })
    expect([prev.disabled, next.disabled]).toEqual([true, false])
    fireEvent.click(next)
    expect(scrolled).toEqual([400])

    layOut(list, { scrollWidth: 800, clientWidth: 400, scrollLeft: 200 })
    expect([prev.disabled, next.disabled]).toEqual([false, false])

    layOut(list, { scrollWidth: 800, clientWidth: 400, scrollLeft: 400 })
    expect([prev.disabled, next.disabled]).toEqual([false, true])
    fireEvent.click(prev)
    expect(scrolled).toEqual([400, -400])

    // Everything fits: nowhere to go either way.
    layOut(list, { scrollWidth: 400, clientWidth: 400, scrollLeft: 0 })
    expect([prev.disabled, next.disabled]).toEqual([true, true])
  })
})

describe('the studio strip', () => {
  it("links each studio's logo to the hall filtered by it, with its name and count of games", () => {
    show(
      <ProviderStrip
        providers={[
          { sysname: 'redfox', name: 'Red Fox Games', image: { x1: '/_ipx/s_160x80/images/providers/redfox.svg', x2: '/_ipx/s_320x160/images/providers/redfox.svg' }, games: 15 },
          { sysname: 'solo', name: 'Solo Studio', image: null, games: 1 },
        ]}
      />,
    )
    const links = screen.getAllByTestId('home-provider')
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/gamehall?providers=redfox', '/gamehall?providers=solo'])
    expect(links[0]!.textContent).toBe('Red Fox Games15 games')
    expect(links[1]!.textContent).toBe('Solo Studio1 game')
    expect(links[0]!.querySelector('img')!.getAttribute('srcset')).toContain('s_320x160')
  })

  it('draws nothing without studios', () => {
    show(<ProviderStrip providers={[]} />)
    expect(screen.queryByTestId('home-providers')).toBeNull()
  })
})
