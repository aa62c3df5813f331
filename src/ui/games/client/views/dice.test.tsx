// @vitest-environment happy-dom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Round } from '../../../../services/api/contract/games'
import { studioTitle } from '../../../../shared/games/catalogue'
import { DEFAULT_DICE_RULES, playDice, type DiceBet } from '../../../../shared/games/engines/dice'
import { seededStream } from '../../../../shared/games/random'
import { money } from '../format'
import DiceView from './dice'
import type { GameViewProps } from './view-types'

const TITLE = studioTitle('dice-classic')!

function diceRound(bet: DiceBet, seed: number, id = String(seed)): Round {
  const state = playDice(DEFAULT_DICE_RULES, bet, seededStream(seed))
  return {
    id,
    game: TITLE.sysname,
    kind: 'dice',
    mode: 'demo',
    currency: 'USD',
    status: 'settled',
    stake: '1.00',
    totalStake: '1.00',
    payout: state.win ? (Math.floor(state.multiplier * 100) / 100).toFixed(2) : '0.00',
    multiplier: state.multiplier,
    step: 0,
    bet,
    state,
    actions: [],
    abandoned: false,
    createdAt: '2026-11-26T12:00:00.000Z',
    settledAt: '2026-11-26T12:00:00.000Z',
    fairness: { serverSeedHash: 'a'.repeat(64), clientSeed: 'c', nonce: seed, serverSeed: null },
    balance: '1000.00',
  }
}

function renderDice(overrides: Partial<GameViewProps> = {}) {
  const props: GameViewProps = {
    title: TITLE,
    round: null,
    phase: 'idle',
    bet: { target: 50.5, direction: 'over' },
    onBetChange: vi.fn(),
    onAction: vi.fn(),
    turbo: false,
    reducedMotion: false,
    sound: vi.fn(),
    onAnimationEnd: vi.fn(),
    formatMoney: (amount) => money(amount, 'USD', 'en'),
    stake: '1.00',
    ...overrides,
  }
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
  const view = render(
    <I18nProvider i18n={i18n}>
      <DiceView {...props} />
    </I18nProvider>,
  )
  const update = (next: Partial<GameViewProps>) => {
    Object.assign(props, next)
    view.rerender(
      <I18nProvider i18n={i18n}>
        <DiceView {...props} />
      </I18nProvider>,
    )
  }
  return { props, update }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('the dice view', () => {
  it('shows the chance and pay of the target, and changes the options between rounds', () => {
    const { props } = renderDice()
    expect(screen.getByText('49.49%')).toBeTruthy()
    expect(screen.getByText('2.0004×')).toBeTruthy()
    expect(screen.getByText('$2.00')).toBeTruthy()
    fireEvent.change(screen.getByLabelText(/^Target/), { target: { value: '9000' } })
    expect(props.onBetChange).toHaveBeenLastCalledWith({ target: 90, direction: 'over' })
    // The other side keeps the same chance: over 50.50 is under 49.49.
    fireEvent.click(screen.getByLabelText('Under'))
    expect(props.onBetChange).toHaveBeenLastCalledWith({ target: 49.49, direction: 'under' })
  })

  it('keeps the target within chances of 0.01 % to 98 %', () => {
    const { props } = renderDice()
    fireEvent.change(screen.getByLabelText(/^Target/), { target: { value: '0' } })
    expect(props.onBetChange).toHaveBeenLastCalledWith({ target: 1.99, direction: 'over' })
  })

  it('rolls the round that arrives, says how it went, and tells the shell when the roll has landed', () => {
    const bet = { target: 50.5, direction: 'over' } as const
    const { props, update } = renderDice({ phase: 'playing' })
    const round = diceRound(bet, 7)
    const state = round.state as { roll: number; win: boolean }
    update({ round })
    expect(props.onAnimationEnd).not.toHaveBeenCalled()
    expect(props.sound).toHaveBeenCalledWith('spin')
    act(() => vi.advanceTimersByTime(799))
    expect(props.onAnimationEnd).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(props.onAnimationEnd).toHaveBeenCalledTimes(1)
    update({ phase: 'result' })
    const roll = state.roll.toFixed(2)
    expect(screen.getByTestId('dice-roll').textContent).toBe(roll)
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(`Rolled ${roll}: ${state.win ? 'a win' : 'no win'}`)
    // The same round again (a re-render) is not rolled twice.
    update({ phase: 'result' })
    act(() => vi.advanceTimersByTime(2000))
    expect(props.onAnimationEnd).toHaveBeenCalledTimes(1)
  })

  it('lands at once with reduced motion, and in a quarter of the time with turbo', () => {
    const bet = { target: 50.5, direction: 'over' } as const
    const reduced = renderDice({ phase: 'playing', reducedMotion: true })
    reduced.update({ round: diceRound(bet, 3) })
    act(() => vi.advanceTimersByTime(0))
    expect(reduced.props.onAnimationEnd).toHaveBeenCalledTimes(1)
    cleanup()
    const turbo = renderDice({ phase: 'playing', turbo: true })
    turbo.update({ round: diceRound(bet, 4) })
    act(() => vi.advanceTimersByTime(200))
    expect(turbo.props.onAnimationEnd).toHaveBeenCalledTimes(1)
  })

  it('rolls a round that arrived before the view did (its chunk loaded after the bet), so the round settles', () => {
    const { props } = renderDice({ phase: 'playing', round: diceRound({ target: 50.5, direction: 'over' }, 5) })
    act(() => vi.advanceTimersByTime(799))
    expect(props.onAnimationEnd).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(props.onAnimationEnd).toHaveBeenCalledTimes(1)
  })

  it('does not roll a round the page opened with, and locks its options while autoplay runs', () => {
    const { props } = renderDice({ phase: 'result', round: diceRound({ target: 50.5, direction: 'over' }, 9), locked: true })
    act(() => vi.advanceTimersByTime(2000))
    expect(props.onAnimationEnd).not.toHaveBeenCalled()
    expect(screen.getByLabelText(/^Target/).hasAttribute('disabled')).toBe(true)
    expect(screen.getByLabelText('Under').closest('fieldset')?.disabled).toBe(true)
  })
})
