// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { dealVideoPoker, hold, JACKS_OR_BETTER_9_6, strategyHold } from '../../../../shared/games/engines/video-poker'
import { seededStream } from '../../../../shared/games/random'
import VideoPokerView from './video-poker'
import { renderView, sampleRound, sampleTitle, seedWhere } from './table-testing'

afterEach(cleanup)

const rules = JACKS_OR_BETTER_9_6
const title = sampleTitle('video_poker')
const deal = (seed: number) => dealVideoPoker(rules, { stake: 100 }, seededStream(seed))
const card = (i: number) => screen.getByTestId(`video-poker-card-${i}`) as HTMLButtonElement
const draw = () => screen.getByTestId('video-poker-draw') as HTMLButtonElement

describe('the video poker view', () => {
  it('shows the paytable at the stake and five face-down cards before a deal', () => {
    renderView(VideoPokerView, { title, stake: '2.00' })
    expect(screen.getAllByRole('img', { name: 'Face-down card' })).toHaveLength(5)
    const royal = document.querySelector('[data-hand="royalFlush"]')!
    expect(royal.textContent).toContain('800.00×')
    expect(royal.textContent).toContain('$1600.00')
    expect(document.querySelectorAll('[data-hand]')).toHaveLength(9)
    expect(draw().disabled).toBe(true)
  })

  it('holds cards by click and by the keys 1 to 5, and draws with the mask of the kept cards', () => {
    const state = deal(4)
    const round = sampleRound('video_poker', state)
    // The server's view hides the replacements.
    expect((round.state as { cards: unknown[] }).cards).toHaveLength(5)
    const view = renderView(VideoPokerView, { title, round, phase: 'awaitingAction' })
    expect(card(0).getAttribute('aria-label')).toMatch(/^Hold card 1: \w+ of \w+$/)
    fireEvent.click(card(0))
    fireEvent.click(card(2))
    fireEvent.keyDown(window, { key: '5' })
    fireEvent.keyDown(window, { key: '3' })
    expect(card(0).getAttribute('aria-pressed')).toBe('true')
    expect(card(2).getAttribute('aria-pressed')).toBe('false')
    expect(card(4).getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(draw())
    expect(view.props.onAction).toHaveBeenLastCalledWith({ hold: 0b10001 })

    view.update({ phase: 'acting' })
    expect(draw().disabled).toBe(true)
    fireEvent.keyDown(window, { key: '2' })
    expect(card(1).getAttribute('aria-pressed')).toBe('false')
  })

  it('shows the final hand, lights the winning row of the paytable, announces the win and tells the shell', () => {
    const { state } = seedWhere(deal, (s) => hold(s, strategyHold(s.cards.slice(0, 5))).hand === 'twoPair')
    const view = renderView(VideoPokerView, { title, round: sampleRound('video_poker', state), phase: 'awaitingAction' })
    const done = hold(state, strategyHold(state.cards.slice(0, 5)))
    view.update({ round: sampleRound('video_poker', done, { step: 1 }), phase: 'result' })
    expect(document.querySelector('[data-hand="twoPair"]')!.getAttribute('data-won')).toBe('true')
    expect(document.querySelectorAll('[data-won="true"]')).toHaveLength(1)
    expect(screen.getByTestId('view-status').textContent).toMatch(/^Two pair: (\w+ of \w+, ){4}\w+ of \w+\.$/)
    expect(view.props.onAnimationEnd).toHaveBeenCalledTimes(1)
    const kept = done.held!
    for (let i = 0; i < 5; i++) expect(card(i).getAttribute('aria-pressed')).toBe(String(((kept >> i) & 1) === 1))
  })
})
