// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_HIGH_LOW_RULES, guess, highLowChance, highLowMultiplier, highLowOdds, likelierSide, skip, startHighLow } from '../../../../shared/games/engines/high-low'
import { seededStream } from '../../../../shared/games/random'
import HighLowView from './high-low'
import { renderView, sampleRound, sampleTitle, seedWhere } from './table-testing'

afterEach(cleanup)

const rules = DEFAULT_HIGH_LOW_RULES
const title = sampleTitle('high_low')
const times = (m: number) => `${new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(m)}×`
const percent = (p: number) => new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 2 }).format(p)
const button = (id: string) => screen.getByTestId(`high-low-${id}`) as HTMLButtonElement

/** A fresh round whose likelier guess on the first card is right, and one where it is wrong. */
const start = (seed: number) => startHighLow(rules, {}, seededStream(seed))
const rightFirst = seedWhere(start, (s) => guess(rules, s, likelierSide(rules, s.cards[0]!)).phase === 'playing').state
const wrongFirst = seedWhere(start, (s) => guess(rules, s, likelierSide(rules, s.cards[0]!)).phase === 'lost').state

describe('the high-low view', () => {
  it('waits for a round with a face-down card and every decision off', () => {
    renderView(HighLowView, { title })
    expect(screen.getByRole('img', { name: 'Face-down card' })).toBeTruthy()
    expect(button('higher').disabled).toBe(true)
    expect(button('cash-out').disabled).toBe(true)
  })

  it('shows each side chance and pay from the engine, and sends guesses and skips; cash out only after a right guess', () => {
    const first = rightFirst.cards[0]!
    const view = renderView(HighLowView, { title, round: sampleRound('high_low', rightFirst), phase: 'awaitingAction' })
    expect(button('higher').textContent).toContain(`${percent(highLowChance(rules, first, 'higher'))} · pays ${times(highLowMultiplier(rules, highLowOdds(rules, first, 'higher')))}`)
    expect(button('lower').textContent).toContain(`${percent(highLowChance(rules, first, 'lower'))} · pays ${times(highLowMultiplier(rules, highLowOdds(rules, first, 'lower')))}`)
    expect(screen.getByTestId('high-low-skips').textContent).toBe('10 skips left')
    expect(button('cash-out').disabled).toBe(true)
    fireEvent.click(button('lower'))
    expect(view.props.onAction).toHaveBeenLastCalledWith({ guess: 'lower' })
    fireEvent.click(button('skip'))
    expect(view.props.onAction).toHaveBeenLastCalledWith({ skip: true })

    const side = likelierSide(rules, first)
    const after = guess(rules, rightFirst, side)
    view.update({ round: sampleRound('high_low', after, { step: 1 }) })
    expect(screen.getByTestId('high-low-now').textContent).toBe(times(after.multiplier))
    expect(screen.getByTestId('view-status').textContent).toContain(': right.')
    expect(screen.getByTestId('high-low-history').querySelectorAll('li')).toHaveLength(2)
    expect(screen.getByRole('img', { name: new RegExp(`guessed ${side}: right`) })).toBeTruthy()
    fireEvent.click(button('cash-out'))
    expect(view.props.onAction).toHaveBeenLastCalledWith({ cashOut: true })

    view.update({ phase: 'acting' })
    expect(button('higher').disabled).toBe(true)
    expect(button('cash-out').disabled).toBe(true)
  })

  it('counts the skips down', () => {
    const skipped = skip(rules, rightFirst)
    renderView(HighLowView, { title, round: sampleRound('high_low', skipped, { step: 1 }), phase: 'awaitingAction' })
    expect(screen.getByTestId('high-low-skips').textContent).toBe('9 skips left')
  })

  it('announces a wrong guess and tells the shell the round is shown', () => {
    const view = renderView(HighLowView, { title, round: sampleRound('high_low', wrongFirst), phase: 'awaitingAction' })
    const lost = guess(rules, wrongFirst, likelierSide(rules, wrongFirst.cards[0]!))
    view.update({ round: sampleRound('high_low', lost, { step: 1 }), phase: 'result' })
    expect(screen.getByTestId('view-status').textContent).toContain(': wrong. The round is lost.')
    expect(view.props.onAnimationEnd).toHaveBeenCalledTimes(1)
    // The sequence behind the losing card stays unseen.
    expect(screen.getByTestId('high-low-history').querySelectorAll('li')).toHaveLength(2)
  })
})
