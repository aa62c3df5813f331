// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_ROULETTE_RULES, playRoulette, type RouletteBet } from '../../../../shared/games/engines/roulette'
import { KINDS } from '../../../../shared/games/kinds'
import { seededStream } from '../../../../shared/games/random'
import RouletteView from './roulette'
import { renderView, sampleRound, sampleTitle } from './table-testing'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const title = sampleTitle('roulette', { bets: [] })

/** The view wired to a pretend shell that keeps the bet it is given. */
function table(bet: Record<string, unknown> = { bets: [] }) {
  const view = renderView(RouletteView, { title, bet })
  vi.mocked(view.props.onBetChange).mockImplementation((next) => view.update({ bet: next }))
  return view
}

const spot = (key: string) => document.querySelector<HTMLButtonElement>(`[data-spot="${key}"]`)!
const number = (n: number) => document.querySelector<HTMLButtonElement>(`[data-number="${n}"]`)!
const lastBet = (view: ReturnType<typeof table>) => view.props.bet as unknown as RouletteBet

describe('the roulette view', () => {
  it('places chips of the shell stake in minor units that the server adapter accepts for their total; undoes and clears', () => {
    const view = table()
    fireEvent.click(number(17))
    fireEvent.click(spot('red'))
    fireEvent.click(spot('red'))
    fireEvent.click(spot('split:17-20'))
    fireEvent.click(spot('dozen:2'))
    expect(lastBet(view).bets).toEqual([
      { bet: { kind: 'straight', numbers: [17] }, stake: 100 },
      { bet: { kind: 'red' }, stake: 200 },
      { bet: { kind: 'split', numbers: [17, 20] }, stake: 100 },
      { bet: { kind: 'dozen', index: 2 }, stake: 100 },
    ])
    expect(() => KINDS.roulette.parseBet(DEFAULT_ROULETTE_RULES, view.props.bet, 500)).not.toThrow()
    expect(screen.getByTestId('roulette-total').textContent).toContain('$5.00')
    expect(spot('red').getAttribute('aria-label')).toBe('Red, $2.00 on it')
    expect(screen.getByTestId('view-status').textContent).toBe('Dozen 13 to 24: $1.00. Total bet $5.00.')
    fireEvent.click(screen.getByTestId('roulette-undo'))
    expect(lastBet(view).bets).toHaveLength(3)
    fireEvent.click(screen.getByTestId('roulette-clear'))
    expect(lastBet(view).bets).toEqual([])
  })

  it('reaches every inside shape from the keyboard: arrow keys over the numbers as the layout stands, then a shape', () => {
    const standing = vi.spyOn(window, 'matchMedia').mockReturnValue({ matches: false } as MediaQueryList)
    const view = table()
    expect(number(0).tabIndex).toBe(0)
    expect(number(17).tabIndex).toBe(-1)
    number(0).focus()
    fireEvent.keyDown(number(0), { key: 'ArrowDown' })
    expect(document.activeElement).toBe(number(2))
    fireEvent.keyDown(number(2), { key: 'ArrowDown' })
    expect(document.activeElement).toBe(number(5))
    fireEvent.keyDown(number(5), { key: 'End' })
    expect(document.activeElement).toBe(number(36))
    // From tablet up the layout lies down: up is the next number, right the next row.
    standing.mockReturnValue({ matches: true } as MediaQueryList)
    fireEvent.keyDown(number(36), { key: 'Home' })
    fireEvent.keyDown(number(0), { key: 'ArrowRight' })
    expect(document.activeElement).toBe(number(2))
    fireEvent.keyDown(number(2), { key: 'ArrowUp' })
    expect(document.activeElement).toBe(number(3))
    standing.mockRestore()

    fireEvent.click(document.querySelector('[data-shape="split"]')!)
    fireEvent.click(number(0))
    expect(number(2).getAttribute('aria-label')).toBe('Split 0 and 2')
    fireEvent.click(number(2))
    fireEvent.click(document.querySelector('[data-shape="corner"]')!)
    fireEvent.click(number(36))
    fireEvent.click(number(0))
    fireEvent.click(document.querySelector('[data-shape="sixLine"]')!)
    fireEvent.click(number(35))
    fireEvent.click(document.querySelector('[data-shape="street"]')!)
    fireEvent.click(number(5))
    expect(lastBet(view).bets.map((b) => b.bet)).toEqual([
      { kind: 'split', numbers: [0, 2] },
      { kind: 'corner', numbers: [32, 33, 35, 36] },
      { kind: 'firstFour' },
      { kind: 'sixLine', numbers: [31, 32, 33, 34, 35, 36] },
      { kind: 'street', numbers: [4, 5, 6] },
    ])
    expect(() => KINDS.roulette.parseBet(DEFAULT_ROULETTE_RULES, view.props.bet, 500)).not.toThrow()
  })

  it('takes no chips while the round is in play, then shows it: the number, the chips that won, the words, the shell told once', () => {
    const bet: RouletteBet = { bets: [{ bet: { kind: 'red' }, stake: 100 }, { bet: { kind: 'straight', numbers: [0] }, stake: 100 }] }
    const state = playRoulette(DEFAULT_ROULETTE_RULES, bet, seededStream(7))
    const view = table(bet as unknown as Record<string, unknown>)
    view.update({ phase: 'playing' })
    expect(number(17).disabled).toBe(true)
    expect(spot('red').disabled).toBe(true)
    fireEvent.click(number(17))
    expect(view.props.onBetChange).not.toHaveBeenCalled()

    view.update({ round: sampleRound('roulette', state, { bet }) })
    expect(view.props.onAnimationEnd).toHaveBeenCalledTimes(1)
    expect(number(state.number).getAttribute('data-winning')).toBe('true')
    const winners = state.bets.filter((b) => b.won).map((b) => (b.bet.kind === 'red' ? 'Red' : '0 green'))
    expect(screen.getByTestId('view-status').textContent).toBe(`${state.number} ${state.color}. ${winners.length ? `Winning bets: ${winners.join(', ')}.` : 'No bet wins.'}`)
    expect(screen.getByTestId('roulette-number').textContent).toBe(String(state.number))
    expect(spot('red').querySelector('[data-fate]')?.getAttribute('data-fate')).toBe(state.bets[0]!.won ? 'won' : 'lost')
    view.update({ phase: 'result' })
    expect(view.props.onAnimationEnd).toHaveBeenCalledTimes(1)
  })

  it('spins the wheel first when not in turbo, then shows the result and tells the shell; a skip lands at once', () => {
    vi.useFakeTimers()
    const bet: RouletteBet = { bets: [{ bet: { kind: 'black' }, stake: 100 }] }
    const first = playRoulette(DEFAULT_ROULETTE_RULES, bet, seededStream(3))
    const view = renderView(RouletteView, { title, bet: bet as unknown as Record<string, unknown>, turbo: false })
    view.update({ phase: 'playing', round: sampleRound('roulette', first, { bet, id: '1' }) })
    expect(view.props.sound).toHaveBeenCalledWith('spin')
    expect(view.props.onAnimationEnd).not.toHaveBeenCalled()
    expect(screen.getByTestId('roulette-number').textContent).toBe('')
    act(() => vi.advanceTimersByTime(3000))
    expect(view.props.onAnimationEnd).toHaveBeenCalledTimes(1)
    expect(screen.getByTestId('roulette-number').textContent).toBe(String(first.number))

    // The next round: the player skips the spin, the shell moves on to the result.
    const second = playRoulette(DEFAULT_ROULETTE_RULES, bet, seededStream(5))
    view.update({ phase: 'playing', round: sampleRound('roulette', second, { bet, id: '2' }) })
    act(() => vi.advanceTimersByTime(500))
    expect(screen.getByTestId('roulette-number').textContent).toBe('')
    view.update({ phase: 'result' })
    expect(screen.getByTestId('roulette-number').textContent).toBe(String(second.number))
    expect(view.props.onAnimationEnd).toHaveBeenCalledTimes(2)
    expect(screen.getByTestId('roulette-recent').querySelectorAll('li')).toHaveLength(2)
  })
})
