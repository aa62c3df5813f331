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
import { BannerStrip, CompactBanner } from './Banners'

afterEach(cleanup)

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })

function show(banners: BannersContent['banners'], view: React.ReactNode) {
  const cmsConfig = { locale: 'en', banners: { banners, promotions: [] } } as unknown as CmsConfig
  const app = createActor(appMachine, { input: { account: VISITOR, locale: 'en', theme: 'dark', cmsConfig } }).start()
  render(
    <AppProviders i18n={i18n} actor={app}>
      <MemoryRouter>{view}</MemoryRouter>
    </AppProviders>,
  )
}

const banner = (id: string, position: BannersContent['banners'][number]['position'], title: string) => ({ id, position, title, text: `${title} text`, image: '/images/characters/nova.svg' })

describe('banners at their places (content banners.json positions)', () => {
  it('the casino and sports pages each draw their own banners, in order, and nothing else', () => {
    const banners = [banner('a', 'casino', 'Limits'), banner('b', 'sports', 'Football'), banner('c', 'casino', 'Live'), banner('d', 'home-strip', 'Home')]
    show(banners, <BannerStrip position="casino" testId="casino-banners" />)
    const items = within(screen.getByTestId('casino-banners')).getAllByRole('listitem')
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Limits', 'Live'])
    cleanup()
    show(banners, <BannerStrip position="sports" testId="sports-banners" />)
    expect(within(screen.getByTestId('sports-banners')).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Football'])
    cleanup()
    show([banner('d', 'home-strip', 'Home')], <BannerStrip position="sports" testId="sports-banners" />)
    expect(screen.queryByTestId('sports-banners')).toBeNull()
  })

  it("the registration's banner: the first of its place, as a named region", () => {
    show([banner('j', 'registration', 'Join today'), banner('k', 'registration', 'Second')], <CompactBanner position="registration" testId="registration-banner" />)
    const region = screen.getByRole('region', { name: 'Join today' })
    expect(within(region).getByText('Join today text')).toBeTruthy()
    expect(screen.queryByText('Second')).toBeNull()
  })
})
