// @vitest-environment happy-dom
// The sports bets as a player meets them: each bet with its legs in the player's words, the status
// tabs, and a cash-out from the offer to the row that shows it, with the balance read again.
import { setupI18n } from '@lingui/core'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { appMachine } from '../../../machines/app/app/app.machine'
import type { AppInput } from '../../../machines/app/app/app.types'
import { sbBetsMachine } from '../../../machines/sportsbook/bets/bets.machine'
import { cashedBet, OPEN_BET, sampleBet } from '../../../machines/sportsbook/bets/bets.samples'
import type { CashOutInput, CashOutResult, LoadBetsInput, LoadBetsResult, LoadOfferResult } from '../../../machines/sportsbook/bets/bets.types'
import { AppProviders } from '../../app/AppProviders'
import { cashierTestPlayer } from '../../cashier/cashier-test-page'
import { SportsBets } from './SportsBets'

afterEach(() => cleanup())

function setup({ offer = '12.40', cash, betHistory = true, locale = 'en' }: { offer?: string | null; cash?: (input: CashOutInput) => CashOutResult; betHistory?: boolean; locale?: 'en' | 'de' } = {}) {
  const reads: LoadBetsInput[] = []
  const cashes: CashOutInput[] = []
  const partial = sampleBet(1, { cashouts: [{ amount: '4.00', stake: '2.50', at: '2026-11-27T13:10:00.000Z' }] })
  const machine = sbBetsMachine.provide({
    actors: {
      loadBets: fromPromise<LoadBetsResult, LoadBetsInput>(async ({ input }) => {
        reads.push(input)
        return { ok: true, bets: input.filter === 'lost' ? [] : [sampleBet(0), partial], total: input.filter === 'lost' ? 0 : 2 }
      }),
      loadOffer: fromPromise<LoadOfferResult, { bet: string }>(async () => ({ ok: true, offer: { amount: offer, currency: 'USD' } })),
      cashOut: fromPromise<CashOutResult, CashOutInput>(async ({ input }) => {
        cashes.push(input)
        return cash ? cash(input) : { ok: true, bet: cashedBet(input.seen) }
      }),
    },
  })
  const features = { twoFactor: true, identityVerification: true, responsibleGaming: true, betHistory, noticeBettingVisible: true, clickableTitle: true }
  const app = createActor(appMachine, {
    input: { account: cashierTestPlayer, locale, theme: 'dark', ...(betHistory ? {} : { cmsConfig: { site: { features } } as AppInput['cmsConfig'] }) },
  }).start()
  const send = vi.spyOn(app, 'send')
  const i18n = setupI18n({ locale, messages: { [locale]: {} } })
  render(
    <AppProviders i18n={i18n} actor={app}>
      <MemoryRouter initialEntries={['/profile/bets']}>
        <SportsBets machine={machine} />
      </MemoryRouter>
    </AppProviders>,
  )
  return { reads, cashes, send }
}

const openBet = () => screen.findAllByTestId('sb-bet').then((rows) => rows.find((r) => r.dataset.bet === OPEN_BET)!)

describe('sports bets', () => {
  it('shows each bet with its kind, legs in the player’s words, the price struck, figures, status and cash-outs', async () => {
    setup()
    const rows = await screen.findAllByTestId('sb-bet')
    expect(rows.map((r) => r.dataset.bet)).toEqual(['500', '499'])
    const [open, won] = rows as [HTMLElement, HTMLElement]
    expect(within(open).getByRole('heading', { name: 'Single' })).toBeTruthy()
    expect(within(open).getByTestId('sb-bet-status').textContent).toBe('Open')
    expect(within(open).getByText('Home FC – Away FC')).toBeTruthy()
    expect(within(open).getByText('Match result')).toBeTruthy()
    expect(within(open).getByText('Home FC')).toBeTruthy()
    expect(within(open).getByText('@ 2.50')).toBeTruthy()
    expect(within(open).getByTestId('sb-bet-stake').textContent).toBe('$10.00')
    expect(within(open).getByTestId('sb-bet-potential').textContent).toBe('$25.00')
    expect(within(open).getByText(/Placed 27\.11\.2026/)).toBeTruthy()
    expect(within(won).getByTestId('sb-bet-payout').textContent).toBe('$25.00')
    expect(within(won).getByTestId('sb-leg-result').textContent).toBe('Won')
    expect(within(won).getByTestId('sb-bet-cashout').textContent).toContain('$4.00 for $2.50 of stake')
    // Only an open bet offers a cash-out.
    expect(within(open).getByRole('button', { name: 'Cash out' })).toBeTruthy()
    expect(within(won).queryByRole('button', { name: 'Cash out' })).toBeNull()
  })

  it('a tab asks for its bets and says when there are none', async () => {
    const { reads } = setup()
    await screen.findAllByTestId('sb-bet')
    fireEvent.click(screen.getByRole('button', { name: 'Lost' }))
    await screen.findByTestId('sports-bets-empty')
    expect(reads.at(-1)).toEqual({ filter: 'lost', offset: 0, count: 20 })
    expect(screen.getByRole('button', { name: 'Lost' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('cashes out the offer in full: confirm, the row becomes cashed out with its history, the balance is read again', async () => {
    const { cashes, send } = setup()
    fireEvent.click(within(await openBet()).getByRole('button', { name: 'Cash out' }))
    const panel = await screen.findByTestId('sb-cashout')
    await waitFor(() => expect(panel.dataset.state).toBe('cashout.offered'))
    // Focus follows the panel, for keyboard and screen-reader players.
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Cash out' }))
    expect(within(panel).getByTestId('sb-cashout-offer').textContent).toBe('$12.40')
    fireEvent.click(within(panel).getByRole('button', { name: 'Cash out $12.40' }))
    await waitFor(() => expect(panel.dataset.state).toBe('cashout.confirming'))
    fireEvent.click(within(panel).getByRole('button', { name: 'Confirm cash-out' }))
    await screen.findByTestId('sb-cashout-done')
    expect(cashes).toEqual([{ bet: OPEN_BET, key: expect.any(String), seen: '12.40' }])
    const row = await openBet()
    expect(row.dataset.status).toBe('cashed_out')
    expect(within(row).getByTestId('sb-bet-status').textContent).toBe('Cashed out')
    expect(within(row).getByTestId('sb-bet-cashout').dataset.amount).toBe('12.40')
    expect(send).toHaveBeenCalledWith({ type: 'balance.refresh' })
    // Closed, the panel hands focus back to the bet it was about (its button is gone).
    fireEvent.click(within(screen.getByTestId('sb-cashout-done')).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(document.activeElement).toBe(within(row).getByRole('heading', { name: 'Single' })))
  })

  it('refuses a part in another locale’s format, blank or above the offer, with a message at the field, and sends nothing', async () => {
    const { cashes } = setup({ locale: 'de' })
    fireEvent.click(within(await openBet()).getByRole('button', { name: 'Cash out' }))
    const panel = await screen.findByTestId('sb-cashout')
    await waitFor(() => expect(panel.dataset.state).toBe('cashout.offered'))
    fireEvent.click(within(panel).getByRole('radio', { name: 'A part' }))
    const field = within(panel).getByRole('textbox', { name: 'Amount to cash out' })
    fireEvent.click(within(panel).getByRole('button', { name: 'Continue' }))
    expect(await within(panel).findByText('Enter the amount to cash out.')).toBeTruthy()
    fireEvent.change(field, { target: { value: '5.50' } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Continue' }))
    expect(await within(panel).findByText('Write the amount like 5,50.')).toBeTruthy()
    expect(field.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(field, { target: { value: '20' } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Continue' }))
    expect(await within(panel).findByText(/cannot be more than the offer/)).toBeTruthy()
    expect(panel.dataset.state).toBe('cashout.offered')
    fireEvent.change(field, { target: { value: '5,5' } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(panel.dataset.state).toBe('cashout.confirming'))
    expect(cashes).toEqual([])
    fireEvent.click(within(panel).getByRole('button', { name: 'Confirm cash-out' }))
    await waitFor(() => expect(cashes).toMatchObject([{ seen: '12.40', amount: '5.50' }]))
  })

  it('shows a moved offer to confirm again, and says when no cash-out is possible now; Escape closes the panel', async () => {
    setup({ cash: () => ({ ok: false, reason: 'changed', offer: { amount: '11.00', currency: 'USD' } }) })
    const opener = within(await openBet()).getByRole('button', { name: 'Cash out' })
    fireEvent.click(opener)
    const panel = await screen.findByTestId('sb-cashout')
    await waitFor(() => expect(panel.dataset.state).toBe('cashout.offered'))
    fireEvent.click(within(panel).getByRole('button', { name: 'Cash out $12.40' }))
    fireEvent.click(await within(panel).findByRole('button', { name: 'Confirm cash-out' }))
    expect((await within(panel).findByTestId('sb-cashout-changed')).textContent).toContain('$11.00')
    expect(within(panel).getByRole('button', { name: 'Cash out $11.00' })).toBeTruthy()
    act(() => {
      fireEvent.keyDown(within(panel).getByRole('button', { name: 'Cash out $11.00' }), { key: 'Escape' })
    })
    await waitFor(() => expect(screen.queryByTestId('sb-cashout')).toBeNull())
    expect(document.activeElement).toBe(within(await openBet()).getByRole('button', { name: 'Cash out' }))
  })

  it('says why there is no offer while a selection is suspended', async () => {
    setup({ offer: null })
    fireEvent.click(within(await openBet()).getByRole('button', { name: 'Cash out' }))
    expect((await screen.findByTestId('sb-cashout-problem')).textContent).toContain('not available right now')
  })

  it('with the bet history switched off shows a note and reads nothing', async () => {
    const { reads } = setup({ betHistory: false })
    expect(screen.getByTestId('sports-bets-off')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Open' })).toBeNull()
    expect(reads).toEqual([])
  })
})
