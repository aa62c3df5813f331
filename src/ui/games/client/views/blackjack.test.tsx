// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { act, allowedActions, BLACKJACK_6D_S17, dealBlackjack, handValue } from '../../../../shared/games/engines/blackjack'
import { seededStream } from '../../../../shared/games/random'
import BlackjackView from './blackjack'
import { renderView, sampleRound, sampleTitle, seedWhere } from './table-testing'

afterEach(cleanup)

const rules = BLACKJACK_6D_S17
const title = sampleTitle('blackjack')
const deal = (seed: number) => dealBlackjack(rules, { stake: 100 }, seededStream(seed))
const button = (action: string) => screen.getByTestId(`blackjack-${action}`) as HTMLButtonElement

describe('the blackjack view', () => {
  it('keeps the hole card down, shows the totals and offers only the allowed actions, with what they cost', () => {
    const { state } = seedWhere(deal, (s) => s.phase === 'player' && !allowedActions(s).includes('split') && !handValue(s.hands[0]!.cards).soft)
    const view = renderView(BlackjackView, { title, round: sampleRound('blackjack', state), phase: 'awaitingAction' })
    expect(screen.getAllByRole('img', { name: 'Face-down card' })).toHaveLength(1)
    expect(screen.getByTestId('blackjack-hand-0-total').textContent).toBe(String(handValue(state.hands[0]!.cards).total))
    expect(screen.getByTestId('blackjack-dealer-total').textContent).toBe(String(handValue([state.dealer[0]!]).total))
    expect(button('split').disabled).toBe(true)
    expect(button('double').textContent).toContain('+$1.00')
    fireEvent.click(button('hit'))
    expect(view.props.onAction).toHaveBeenLastCalledWith({ action: 'hit' })
    fireEvent.click(button('double'))
    expect(view.props.onAction).toHaveBeenLastCalledWith({ action: 'double' })
    view.update({ phase: 'acting' })
    for (const action of ['hit', 'stand', 'double', 'split']) expect(button(action).disabled).toBe(true)
  })

  it('shows a soft total both ways', () => {
    const { state } = seedWhere(deal, (s) => s.phase === 'player' && handValue(s.hands[0]!.cards).soft)
    renderView(BlackjackView, { title, round: sampleRound('blackjack', state), phase: 'awaitingAction' })
    const { total } = handValue(state.hands[0]!.cards)
    expect(screen.getByTestId('blackjack-hand-0-total').textContent).toBe(`${total - 10}/${total}`)
  })

  it('splits a pair into two hands, the one in play marked', () => {
    const { state } = seedWhere(deal, (s) => s.phase === 'player' && allowedActions(s).includes('split'))
    const view = renderView(BlackjackView, { title, round: sampleRound('blackjack', state), phase: 'awaitingAction' })
    fireEvent.click(button('split'))
    expect(view.props.onAction).toHaveBeenLastCalledWith({ action: 'split' })
    const split = act(state, 'split')
    view.update({ round: sampleRound('blackjack', split, { step: 1 }) })
    expect(screen.getByRole('group', { name: 'Hand 1' }).getAttribute('aria-current')).toBe('true')
    expect(screen.getByRole('group', { name: 'Hand 2' })).toBeTruthy()
    expect(screen.getByTestId('view-status').textContent).toContain('Hand 1: ')
  })

  it('asks for insurance when the dealer shows an ace', () => {
    const { state } = seedWhere(deal, (s) => s.phase === 'insurance')
    const view = renderView(BlackjackView, { title, round: sampleRound('blackjack', state), phase: 'awaitingAction' })
    expect(screen.queryByTestId('blackjack-hit')).toBeNull()
    expect(button('insurance').textContent).toContain('+$0.50')
    fireEvent.click(button('noInsurance'))
    expect(view.props.onAction).toHaveBeenLastCalledWith({ action: 'noInsurance' })
  })

  it('turns the hole card at the end and shows each hand result, announced, the shell told once', () => {
    const { state } = seedWhere(deal, (s) => s.phase === 'player' && act(s, 'stand').hands[0]!.result === 'win')
    const view = renderView(BlackjackView, { title, round: sampleRound('blackjack', state), phase: 'awaitingAction' })
    const done = act(state, 'stand')
    view.update({ round: sampleRound('blackjack', done, { step: 1 }), phase: 'result' })
    expect(screen.queryByRole('img', { name: 'Face-down card' })).toBeNull()
    expect(screen.getByTestId('blackjack-hand-0').getAttribute('data-result')).toBe('win')
    const dealer = handValue(done.dealer).total
    const words = dealer > 21 ? `bust with ${dealer}` : String(dealer)
    expect(screen.getByTestId('view-status').textContent).toBe(`Dealer: ${words}. Win, +$1.00.`)
    expect(view.props.onAnimationEnd).toHaveBeenCalledTimes(1)
    for (const action of ['hit', 'stand', 'double', 'split']) expect(button(action).disabled).toBe(true)
  })
})
