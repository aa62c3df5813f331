// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cashOutMines, DEFAULT_MINES_RULES, minesMultiplier, revealTile, startMines } from '../../../../shared/games/engines/mines'
import { seededStream } from '../../../../shared/games/random'
import MinesView from './mines'
import { renderView, sampleRound, sampleTitle } from './table-testing'

afterEach(cleanup)

const rules = DEFAULT_MINES_RULES
const title = sampleTitle('mines', { mines: 3 })
const tile = (i: number) => document.querySelector<HTMLButtonElement>(`[data-tile="${i}"]`)!
const times = (m: number) => `${new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(m)}×`
/** What a $1.00 stake pays at a multiplier, as the server rounds it: down to the cent. */
const paid = (m: number) => `$${(Math.floor(Math.round(m * 10000) / 100) / 100).toFixed(2)}`
const looks = (look: string) => document.querySelectorAll(`[data-look="${look}"]`).length

/** A round with three mines, one safe tile turned. */
function openRound() {
  const start = startMines(rules, { mines: 3 }, seededStream(11))
  const safe = Array.from({ length: 25 }, (_, i) => i).filter((i) => !start.mines.includes(i))
  const state = revealTile(rules, start, safe[0]!)
  return { start, state, safe }
}

describe('the mines view', () => {
  it('sets the mines before the round, and shows what the first tile would pay', () => {
    const view = renderView(MinesView, { title, bet: { mines: 3 } })
    vi.mocked(view.props.onBetChange).mockImplementation((bet) => view.update({ bet }))
    expect(screen.getByTestId('mines-next').textContent).toBe(times(minesMultiplier(rules, 3, 1)))
    fireEvent.click(screen.getByRole('button', { name: '5 mines' }))
    expect(view.props.onBetChange).toHaveBeenLastCalledWith({ mines: 5 })
    fireEvent.click(screen.getByRole('button', { name: 'Fewer mines' }))
    expect(view.props.bet).toEqual({ mines: 4 })
    expect(screen.getByTestId('mines-count').textContent).toBe('4')
    // No round: nothing to turn or cash out.
    fireEvent.click(tile(0))
    expect(view.props.onAction).not.toHaveBeenCalled()
    expect(screen.getByTestId('mines-cash-out')).toHaveProperty('disabled', true)
  })

  it('turns tiles and cashes out in an open round, with the multipliers of the engine; nothing while acting; mines stay hidden', () => {
    const { state, safe } = openRound()
    const round = sampleRound('mines', state, { bet: { mines: 3 }, step: 1 })
    const view = renderView(MinesView, { title, bet: { mines: 3 }, round, phase: 'awaitingAction' })
    expect(tile(safe[0]!).getAttribute('data-look')).toBe('gem')
    expect(looks('mine') + looks('boom')).toBe(0)
    expect(screen.getByTestId('mines-now').textContent).toBe(times(state.multiplier))
    expect(screen.getByTestId('mines-next').textContent).toBe(times(minesMultiplier(rules, 3, 2)))
    expect(screen.getByRole('button', { name: '5 mines' })).toHaveProperty('disabled', true)
    fireEvent.click(tile(safe[1]!))
    expect(view.props.onAction).toHaveBeenLastCalledWith({ reveal: safe[1] })
    fireEvent.click(screen.getByTestId('mines-cash-out'))
    expect(view.props.onAction).toHaveBeenLastCalledWith({ cashOut: true })
    expect(screen.getByTestId('mines-cash-out').textContent).toContain(`Cash out ${paid(state.multiplier)}`)

    view.update({ phase: 'acting' })
    fireEvent.click(tile(safe[2]!))
    expect(screen.getByTestId('mines-cash-out')).toHaveProperty('disabled', true)
    expect(view.props.onAction).toHaveBeenCalledTimes(2)
  })

  it('walks the board with the arrow keys', () => {
    renderView(MinesView, { title, bet: { mines: 3 } })
    tile(0).focus()
    fireEvent.keyDown(tile(0), { key: 'ArrowRight' })
    fireEvent.keyDown(tile(1), { key: 'ArrowDown' })
    expect(document.activeElement).toBe(tile(6))
    expect(tile(6).tabIndex).toBe(0)
    expect(tile(0).tabIndex).toBe(-1)
  })

  it('shows every mine when a mine is hit, announces the loss and tells the shell', () => {
    const { start, state } = openRound()
    const view = renderView(MinesView, { title, bet: { mines: 3 }, round: sampleRound('mines', state, { step: 1 }), phase: 'awaitingAction' })
    const lost = revealTile(rules, state, start.mines[0]!)
    view.update({ round: sampleRound('mines', lost, { step: 2 }), phase: 'result' })
    expect(tile(start.mines[0]!).getAttribute('data-look')).toBe('boom')
    expect(looks('mine')).toBe(2)
    expect(screen.getByTestId('view-status').textContent).toBe('A mine. The round is lost.')
    expect(view.props.onAnimationEnd).toHaveBeenCalledTimes(1)
  })

  it('shows the board after a cash-out and says what it paid', () => {
    const { state } = openRound()
    const view = renderView(MinesView, { title, bet: { mines: 3 }, round: sampleRound('mines', state, { step: 1 }), phase: 'awaitingAction' })
    view.update({ round: sampleRound('mines', cashOutMines(state), { step: 2 }), phase: 'result' })
    expect(looks('mine')).toBe(3)
    expect(screen.getByTestId('view-status').textContent).toBe(`Cashed out at ${times(state.multiplier)}.`)
  })
})
