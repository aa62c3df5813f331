// @vitest-environment happy-dom
// The player's free bets as they meet them on /profile/bonuses: the terms of each, one put on the
// betslip (the activated dialog follows, with the way to the events), one given up after a confirm.
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { appMachine } from '../../../machines/app/app/app.machine'
import { bettingBonusesMachine } from '../../../machines/sportsbook/betting-bonuses/betting-bonuses.machine'
import { sampleBonuses } from '../../../machines/sportsbook/betting-bonuses/betting-bonuses.samples'
import type { BonusActionInput, BonusActionResult, LoadBonusesResult } from '../../../machines/sportsbook/betting-bonuses/betting-bonuses.types'
import { VISITOR } from '../../../services/api/contract/account'
import { AppProviders } from '../../app/AppProviders'
import { DialogHost } from '../../app/dialog-stack/DialogHost'
import { BettingBonuses } from './BettingBonuses'

afterEach(cleanup)

function show(answers: { load: LoadBonusesResult; activate?: BonusActionResult; remove?: BonusActionResult }) {
  const asked: { activate: string[]; remove: string[] } = { activate: [], remove: [] }
  const machine = bettingBonusesMachine.provide({
    actors: {
      loadBonuses: fromPromise<LoadBonusesResult, void>(async () => answers.load),
      activateBonus: fromPromise<BonusActionResult, BonusActionInput>(async ({ input }) => (asked.activate.push(input.id), answers.activate!)),
      removeBonus: fromPromise<BonusActionResult, BonusActionInput>(async ({ input }) => (asked.remove.push(input.id), answers.remove!)),
    },
  })
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
  const app = createActor(appMachine, { input: { account: { ...VISITOR, uid: 5, balance_main: { amount: '10.00', currency: 'EUR' } }, locale: 'en', theme: 'dark' } }).start()
  const router = createMemoryRouter(
    [
      {
        path: '/profile/bonuses',
        element: (
          <>
            <BettingBonuses machine={machine} />
            <DialogHost />
          </>
        ),
      },
      { path: '/betting', element: <p>the board</p> },
    ],
    { initialEntries: ['/profile/bonuses'] },
  )
  render(
    <AppProviders i18n={i18n} actor={app}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </AppProviders>,
  )
  return asked
}

describe('betting bonuses', () => {
  it('shows each free bet with its terms, usable ones first, and puts one on the betslip', async () => {
    const asked = show({ load: { ok: true, bonuses: [sampleBonuses[2]!, sampleBonuses[0]!, sampleBonuses[1]!] }, activate: { ok: true, bonus: { ...sampleBonuses[0]!, status: 'active' } } })
    const cards = await screen.findAllByTestId('betting-bonus')
    expect(cards.map((c) => c.dataset.status)).toEqual(['available', 'active', 'used'])
    expect(within(cards[0]!).getByText('1.50')).toBeTruthy()
    // A used one offers nothing.
    expect(within(cards[2]!).queryAllByRole('button')).toEqual([])
    await act(async () => fireEvent.click(within(cards[0]!).getByRole('button', { name: 'Put on betslip' })))
    expect(asked.activate).toEqual(['11'])
    const dialog = await screen.findByTestId('betting-bonus-activated')
    expect(dialog.textContent).toMatch(/€5\.00.*1\.50 or more/)
    // One on the slip at a time: the other goes back.
    expect(screen.getAllByTestId('betting-bonus').map((c) => c.dataset.status)).toEqual(['active', 'available', 'used'])
    await act(async () => fireEvent.click(within(dialog).getByRole('link', { name: 'Find a bet' })))
    expect(await screen.findByText('the board')).toBeTruthy()
    expect(screen.queryByTestId('betting-bonus-activated')).toBeNull()
  })

  it('asks before giving a free bet up, keeps it on "Keep it", and says so when the server refuses', async () => {
    const asked = show({ load: { ok: true, bonuses: sampleBonuses }, remove: { ok: false, error: { type: 'InvalidParameterException', code: 'betting_bonus_unavailable' } } })
    const card = (await screen.findAllByTestId('betting-bonus'))[0]!
    fireEvent.click(within(card).getByRole('button', { name: 'Give up' }))
    fireEvent.click(within(card).getByRole('button', { name: 'Keep it' }))
    expect(asked.remove).toEqual([])
    fireEvent.click(within(card).getByRole('button', { name: 'Give up' }))
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Yes, give it up' })))
    expect(asked.remove).toEqual(['11'])
    expect((await within(card).findByRole('alert')).textContent).toContain('can no longer be given up')
    expect(card.dataset.status).toBe('available')
  })

  it('says when there are none, and offers a retry when the list cannot be read', async () => {
    show({ load: { ok: true, bonuses: [] } })
    expect(await screen.findByText(/no free bets right now/)).toBeTruthy()
    cleanup()
    show({ load: { ok: false, error: { type: 'ServiceUnavailableException' } } })
    expect(await screen.findByRole('button', { name: /try again/i })).toBeTruthy()
  })
})
