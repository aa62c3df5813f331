// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_BACCARAT_RULES, playBaccarat, type BaccaratBet } from '../../../../shared/games/engines/baccarat'
import { KINDS } from '../../../../shared/games/kinds'
import { seededStream } from '../../../../shared/games/random'
import BaccaratView from './baccarat'
import { renderView, sampleRound, sampleTitle, seedWhere } from './table-testing'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const title = sampleTitle('baccarat', { bets: [] })
const spot = (side: string) => document.querySelector<HTMLButtonElement>(`[data-spot="${side}"]`)!

function table(bet: Record<string, unknown> = { bets: [] }, extra: Parameters<typeof renderView>[1] = { title }) {
  const view = renderView(BaccaratView, { ...extra, title, bet })
  vi.mocked(view.props.onBetChange).mockImplementation((next) => view.update({ bet: next }))
  return view
}

describe('the baccarat view', () => {
  it('places chips of the shell stake on the spots, in minor units the server adapter accepts, and states the commission', () => {
    const view = table()
    fireEvent.click(spot('banker'))
    fireEvent.click(spot('banker'))
    fireEvent.click(spot('tie'))
    expect(view.props.bet).toEqual({ bets: [{ bet: 'banker', stake: 200 }, { bet: 'tie', stake: 100 }] })
    expect(() => KINDS.baccarat.parseBet(DEFAULT_BACCARAT_RULES, view.props.bet, 300)).not.toThrow()
    expect(spot('banker').getAttribute('aria-label')).toBe('Banker, pays 0.95:1, $2.00 on it')
    expect(screen.getByTestId('baccarat-total').textContent).toContain('$3.00')
    expect(document.body.textContent).toContain('Banker wins pay 0.95:1: a 5% commission.')
    fireEvent.click(screen.getByTestId('baccarat-undo'))
    expect(view.props.bet).toEqual({ bets: [{ bet: 'banker', stake: 200 }] })
    view.update({ phase: 'result', locked: true })
    expect(spot('player').disabled).toBe(true)
    view.update({ phase: 'playing', locked: false })
    expect(spot('player').disabled).toBe(true)
    expect(screen.getByTestId('baccarat-clear')).toHaveProperty('disabled', true)
  })

  it('deals the engine round card by card, then shows the totals and the winner, marks the chips and tells the shell', () => {
    vi.useFakeTimers()
    const bet: BaccaratBet = { bets: [{ bet: 'banker', stake: 100 }, { bet: 'player', stake: 100 }] }
    // A banker win with a third card each: six cards to deal.
    const { state } = seedWhere(
      (seed) => playBaccarat(DEFAULT_BACCARAT_RULES, bet, seededStream(seed)),
      (r) => r.winner === 'banker' && r.playerCards.length === 3 && r.bankerCards.length === 3,
    )
    const view = table(bet as unknown as Record<string, unknown>, { title, turbo: false })
    view.update({ phase: 'playing', round: sampleRound('baccarat', state, { bet }) })
    expect(view.props.sound).toHaveBeenCalledWith('card')
    expect(screen.getAllByRole('img')).toHaveLength(6)
    expect(screen.getByTestId('baccarat-winner').textContent).toBe('')
    expect(view.props.onAnimationEnd).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(5 * 320 + 260))
    expect(view.props.onAnimationEnd).toHaveBeenCalledTimes(1)
    expect(screen.getByTestId('baccarat-winner').getAttribute('data-winner')).toBe('banker')
    expect(screen.getByTestId('baccarat-banker-total').textContent).toBe(String(state.bankerTotal))
    expect(screen.getByTestId('baccarat-player-total').textContent).toBe(String(state.playerTotal))
    expect(screen.getByTestId('view-status').textContent).toMatch(new RegExp(`^Banker wins, ${state.bankerTotal} to ${state.playerTotal}\\.`))
    expect(spot('banker').getAttribute('data-fate')).toBe('won')
  })

  it('shows a tie at once in turbo, and leaves the result sound and the payout to the shell', () => {
    const bet: BaccaratBet = { bets: [{ bet: 'tie', stake: 100 }] }
    const { state } = seedWhere((seed) => playBaccarat(DEFAULT_BACCARAT_RULES, bet, seededStream(seed)), (r) => r.winner === 'tie')
    const view = table(bet as unknown as Record<string, unknown>)
    view.update({ phase: 'playing', round: sampleRound('baccarat', state, { bet }) })
    expect(view.props.onAnimationEnd).toHaveBeenCalledTimes(1)
    expect(screen.getByTestId('view-status').textContent).toMatch(new RegExp(`^Tie, ${state.playerTotal} to ${state.bankerTotal}\\.`))
    expect(spot('tie').getAttribute('data-fate')).toBe('won')
    expect(view.props.sound).not.toHaveBeenCalledWith('win')
  })
})
