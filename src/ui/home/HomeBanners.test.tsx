// @vitest-environment happy-dom
import { setupI18n } from '@lingui/core'
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { appMachine } from '../../machines/app/app/app.machine'
import { VISITOR } from '../../services/api/contract/account'
import type { BannersContent, CmsConfig } from '../../services/api/contract/content'
import { AppProviders } from '../app/AppProviders'
import { HomeHero, HomeStrip } from './HomeBanners'

afterEach(cleanup)

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })

function show(banners: BannersContent['banners'] | null) {
  const cmsConfig = banners ? ({ locale: 'en', banners: { banners, promotions: [] } } as unknown as CmsConfig) : null
  const app = createActor(appMachine, { input: { account: VISITOR, locale: 'en', theme: 'dark', cmsConfig } }).start()
  render(
    <AppProviders i18n={i18n} actor={app}>
      <MemoryRouter>
        <HomeHero />
        <HomeStrip />
      </MemoryRouter>
    </AppProviders>,
  )
}

const hero = { id: 'welcome', position: 'home-hero' as const, title: 'Welcome bonus', text: 'Double your first deposit.', image: '/images/home-hero.svg', cta: { label: 'Claim bonus', href: '/promotions' } }

describe('the home page banners', () => {
  it('draws the first hero banner as a titled region with its picture loaded first and its call to action', () => {
    show([hero, { ...hero, id: 'second', title: 'Second hero' }])
    const region = screen.getByRole('region', { name: 'Welcome bonus' })
    expect(within(region).getByText('Double your first deposit.')).toBeTruthy()
    const cta = within(region).getByRole('link', { name: 'Claim bonus' })
    expect(cta.getAttribute('href')).toBe('/promotions')
    expect(cta.getAttribute('aria-describedby')).toBe('banner-welcome')
    const image = screen.getByTestId('home-hero')
    expect(image.getAttribute('fetchpriority')).toBe('high')
    expect(image.getAttribute('loading')).toBe('eager')
    expect(screen.queryByText('Second hero')).toBeNull()
  })

  it('draws the strip banners in order; another site opens in a full load, without the opener', () => {
    show([
      { id: 'a', position: 'home-strip', title: 'Live tables', image: '/images/characters/luna.svg', cta: { label: 'Play live', href: '/gamehall?types=live' } },
      { id: 'b', position: 'home-strip', title: 'Partner offer', image: '/images/characters/orion.svg', cta: { label: 'Visit', href: 'https://partner.example/offer' } },
      { id: 'c', position: 'casino', title: 'Casino only', image: '/images/characters/nova.svg' },
    ])
    const items = within(screen.getByTestId('home-strip')).getAllByRole('listitem')
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Live tables', 'Partner offer'])
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('/gamehall?types=live')
    const external = within(items[1]!).getByRole('link')
    expect(external.getAttribute('href')).toBe('https://partner.example/offer')
    expect(external.getAttribute('rel')).toBe('noopener noreferrer')
    expect(screen.queryByText('Casino only')).toBeNull()
  })

  it("shows the site's own picture and no strip without banners, or without content at all", () => {
    for (const banners of [[], null]) {
      show(banners)
      expect(screen.getByTestId('home-hero').getAttribute('src')).toContain('/images/home-hero.svg')
      expect(screen.queryByRole('region')).toBeNull()
      expect(screen.queryByTestId('home-strip')).toBeNull()
      cleanup()
    }
  })
})
