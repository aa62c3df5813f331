// @vitest-environment happy-dom
// The site config's switches (SPEC §3 'Site config' features) on the player's pages: a section the
// operator turned off is not offered, and says so, while what the player already has stays usable.
import { setupI18n } from '@lingui/core'
import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { appMachine } from '../../machines/app/app/app.machine'
import type { AppInput } from '../../machines/app/app/app.types'
import type { SiteFeature } from '../../services/api/contract/content'
import { AppProviders } from '../../ui/app/AppProviders'
import { cashierTestPlayer } from '../../ui/cashier/cashier-test-page'
import { TwoFactorSection } from '../../ui/profile/two-factor-setup/TwoFactorSection'
import { ProfileResponsibleGamePage, ProfileVerificationPage } from './pages'

// The sections' own loads never answer here: what is on the page comes from the switches alone.
beforeEach(() => vi.stubGlobal('fetch', () => new Promise(() => {})))
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const ALL_ON: Record<SiteFeature, boolean> = { twoFactor: true, identityVerification: true, responsibleGaming: true, betHistory: true, noticeBettingVisible: true, clickableTitle: true }

function show(page: React.ReactNode, off: SiteFeature[], { twoFactorOn = false } = {}) {
  const features = { ...ALL_ON, ...Object.fromEntries(off.map((f) => [f, false])) }
  const app = createActor(appMachine, {
    input: { account: { ...cashierTestPlayer, two_factor_auth: twoFactorOn }, locale: 'en', theme: 'dark', cmsConfig: { site: { features } } as AppInput['cmsConfig'] },
  }).start()
  render(
    <AppProviders i18n={setupI18n({ locale: 'en', messages: { en: {} } })} actor={app}>
      <RouterProvider router={createMemoryRouter([{ path: '*', element: page }], { initialEntries: ['/profile'] })} />
    </AppProviders>,
  )
}

describe('the site config switches on the profile', () => {
  it('offers the responsible-gaming tools when on, and a way to support when off', () => {
    show(<ProfileResponsibleGamePage />, [])
    expect(screen.getByRole('heading', { name: 'Deposit limits' })).toBeTruthy()
    cleanup()
    show(<ProfileResponsibleGamePage />, ['responsibleGaming'])
    expect(screen.queryByRole('heading', { name: 'Deposit limits' })).toBeNull()
    expect(screen.getByRole('status').textContent).toContain('not offered on this site')
    expect(screen.getByTestId('responsible-game-support').getAttribute('href')).toBe('/support')
  })

  it('offers identity verification when on, and says it is not offered when off', () => {
    show(<ProfileVerificationPage />, [])
    expect(screen.getByRole('heading', { name: 'Identity verification' })).toBeTruthy()
    cleanup()
    show(<ProfileVerificationPage />, ['identityVerification'])
    expect(screen.queryByRole('heading', { name: 'Identity verification' })).toBeNull()
    expect(screen.getByRole('status').textContent).toContain('Identity verification is not offered')
  })

  it('hides the two-factor set-up when off, and keeps it for a player who has it on', () => {
    show(<TwoFactorSection />, [])
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy()
    cleanup()
    show(<TwoFactorSection />, ['twoFactor'])
    expect(screen.queryByRole('heading', { name: 'Two-factor authentication' })).toBeNull()
    cleanup()
    show(<TwoFactorSection />, ['twoFactor'], { twoFactorOn: true })
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy()
    expect(screen.getByTestId('twofa-status').dataset.enabled).toBe('true')
  })
})
