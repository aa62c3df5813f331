// @vitest-environment happy-dom
// The betslip as a player meets it on an event page: a price cell is a toggle that puts its outcome
// on the slip, a stake shows the exact return, Place shows the receipt; the phone's bar opens the
// slip as a dialog that Escape closes. The root's betslip runs with actors the test provides.
import { setupI18n } from '@lingui/core'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import { rootBetslipMachine } from '../../../machines/app/app/app.children'
import { quietAppMachine } from '../../../machines/app/app/app.testing'
import { sampleFullEvent } from '../../../machines/sportsbook/board/board.samples'
import { placedBets, SAMPLE_LIMITS } from '../../../machines/sportsbook/betslip/betslip.samples'
import type { BetslipEvent, FollowEvent, PlaceInput, PlaceResult, RestoreInput, RestoreResult, SaveInput, SlipFreeBet } from '../../../machines/sportsbook/betslip/betslip.types'
import { VISITOR } from '../../../services/api/contract/account'
import { AppProviders } from '../../app/AppProviders'
import { SportsEvent } from '../event/SportsEvent'

afterEach(cleanup)

function show(options: { freeBet?: SlipFreeBet; bonus?: string; wakeLater?: boolean } = {}) {
  const placed: PlaceInput[] = []
  const betslip = rootBetslipMachine.provide({
    actors: {
      restoreSlip: fromPromise<RestoreResult, RestoreInput>(async () => ({ ok: true, saved: [], outcomes: [], settings: { oddsFormat: 'decimal', policy: 'always_ask', limits: SAMPLE_LIMITS }, unsaved: false, freeBet: options.freeBet ?? null })),
      saveSlip: fromPromise<{ ok: boolean }, SaveInput>(async () => ({ ok: true })),
      placeBets: fromPromise<PlaceResult, PlaceInput>(async ({ input }) => {
        placed.push(input)
        const c = app.getSnapshot().children.betslip!.getSnapshot().context
        return { placed: placedBets(c), refusal: null }
      }),
      followSlip: fromCallback<FollowEvent, { eventIds: readonly string[] }, BetslipEvent>(() => () => {}),
    },
  })
  // The page's other long-lived actors do nothing here: only the betslip is under test.
  const machine = quietAppMachine({ betslip })
  const app = createActor(machine, { input: { account: { ...VISITOR, uid: 5, balance_main: { amount: '50.00', currency: 'USD' }, balance_betting_bonus: options.bonus ? { amount: options.bonus, currency: 'USD' } : null }, locale: 'en', theme: 'dark' } }).start()
  // The browser wakes the root's children once hydration has committed.
  if (!options.wakeLater) app.send({ type: 'app.hydrated' })
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
  const event = sampleFullEvent('7', false)
  const router = createMemoryRouter([{ path: '/betting/event/:id', element: <SportsEvent id={event.id} data={{ event }} /> }], { initialEntries: ['/betting/event/7'] })
  render(
    <AppProviders i18n={i18n} actor={app}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { placed, app }
}

const flush = () => act(() => new Promise((r) => setTimeout(r, 0)))

describe('the betslip', () => {
  it('keeps the price cells drawn before the slip came, and they toggle once it has', async () => {
    const { app } = show({ wakeLater: true })
    const before = screen.getAllByTestId('sb-price')
    expect(before[0]!.getAttribute('aria-pressed')).toBe('false')
    act(() => app.send({ type: 'app.hydrated' }))
    await flush()
    // The same elements: a board whose cells were swapped for others was built again whole.
    const after = screen.getAllByTestId('sb-price')
    expect(after).toHaveLength(before.length)
    after.forEach((cell, i) => expect(cell).toBe(before[i]))
    fireEvent.click(after[0]!)
    expect(after[0]!.getAttribute('aria-pressed')).toBe('true')
    expect(within(screen.getByTestId('betslip-column')).getAllByTestId('betslip-row')).toHaveLength(1)
  })

  it('adds a price as a pressed toggle, shows the exact return, places the bet and shows the receipt', async () => {
    const { placed } = show()
    await flush()
    const column = screen.getByTestId('betslip-column')
    const home = screen.getAllByTestId('sb-price').find((p) => p.dataset.price === '2000')!
    expect(home.getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(home)
    expect(home.getAttribute('aria-pressed')).toBe('true')
    expect(within(column).getAllByTestId('betslip-row')).toHaveLength(1)
    fireEvent.change(within(column).getByTestId('betslip-stake'), { target: { value: '2.50' } })
    // 2.50 at 2.00.
    expect(within(column).getByTestId('betslip-potential').textContent).toContain('5.00')
    expect(within(column).getByTestId('betslip-single-return').textContent).toBe('Returns $5.00')
    // Every price follows the format chosen: the slip's and the board's.
    fireEvent.change(within(column).getByTestId('betslip-odds-format'), { target: { value: 'fractional' } })
    expect(within(column).getByTestId('betslip-price').textContent).toBe('1/1')
    expect(home.textContent).toContain('1/1')
    fireEvent.change(within(column).getByTestId('betslip-odds-format'), { target: { value: 'decimal' } })
    fireEvent.click(within(column).getByTestId('betslip-place'))
    await flush()
    expect(placed).toHaveLength(1)
    expect(placed[0]!.bets[0]).toMatchObject({ kind: 'single', stake: '2.50', selections: [{ outcome_id: '710', price: 2000 }] })
    expect(within(column).getByTestId('betslip').dataset.state).toBe('betslip.placed')
    expect(within(column).getAllByTestId('betslip-receipt-bet')).toHaveLength(1)
    fireEvent.click(within(column).getByTestId('betslip-done'))
    expect(within(column).queryAllByTestId('betslip-row')).toHaveLength(0)
    expect(home.getAttribute('aria-pressed')).toBe('false')
  })

  it('shows why an accumulator of one event is refused and keeps the selections', async () => {
    show()
    await flush()
    const column = screen.getByTestId('betslip-column')
    for (const price of ['2000', '2500']) fireEvent.click(screen.getAllByTestId('sb-price').find((p) => p.dataset.price === price)!)
    fireEvent.click(within(column).getByTestId('betslip-mode-accumulator'))
    fireEvent.change(within(column).getByTestId('betslip-stake'), { target: { value: '1' } })
    expect(within(column).getByTestId('betslip-problems').querySelector('[data-code=same_event]')).not.toBeNull()
    expect((within(column).getByTestId('betslip-place') as HTMLButtonElement).disabled).toBe(true)
    expect(within(column).getAllByTestId('betslip-row')).toHaveLength(2)
  })

  it('stakes the free bet on the slip or the betting bonus, as the player chooses in "Stake from"', async () => {
    const { placed } = show({ freeBet: { id: '77', amount: '3.00', currency: 'USD', minPrice: 1500, expiresAt: null }, bonus: '10.00' })
    await flush()
    const column = screen.getByTestId('betslip-column')
    fireEvent.click(screen.getAllByTestId('sb-price').find((p) => p.dataset.price === '2000')!)
    const choice = within(column).getByRole('group', { name: 'Stake from' })
    const radios = within(choice).getAllByRole('radio') as HTMLInputElement[]
    expect(radios.map((r) => r.closest('label')!.textContent)).toEqual(['Main balance', expect.stringContaining('Betting bonus$10.00'), expect.stringContaining('Free bet$3.00, odds 1.50+')])
    expect(radios.map((r) => r.checked)).toEqual([false, false, true])
    // The free bet is its own stake: nothing to type, winnings only.
    expect(within(column).queryByTestId('betslip-stake')).toBeNull()
    expect(within(column).getByTestId('betslip-free-bet').textContent).toContain('$3.00')
    expect(within(column).getByTestId('betslip-potential').textContent).toContain('3.00')
    fireEvent.click(within(column).getByTestId('betslip-place'))
    await flush()
    expect(placed[0]!.bets[0]).toMatchObject({ stake: '3.00', free_bet: '77' })
    fireEvent.click(within(column).getByTestId('betslip-reuse'))
    // Spent: only the two balances are left to choose from.
    expect(within(within(column).getByRole('group', { name: 'Stake from' })).getAllByRole('radio')).toHaveLength(2)
    fireEvent.click(within(column).getByLabelText(/Betting bonus/))
    fireEvent.change(within(column).getByTestId('betslip-stake'), { target: { value: '4' } })
    fireEvent.click(within(column).getByTestId('betslip-place'))
    await flush()
    expect(placed[1]!.bets[0]).toMatchObject({ stake: '4.00', balance: 'betting_bonus' })
  })

  it('opens the phone’s sheet from the bar and closes it with Escape, focus back on the bar', async () => {
    show()
    await flush()
    fireEvent.click(screen.getAllByTestId('sb-price').find((p) => p.dataset.price === '2000')!)
    const bar = screen.getByTestId('betslip-bar')
    expect(bar.textContent).toContain('1')
    bar.focus()
    fireEvent.click(bar)
    const dialog = screen.getByRole('dialog')
    expect(within(dialog).getAllByTestId('betslip-row')).toHaveLength(1)
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(bar)
  })
})
