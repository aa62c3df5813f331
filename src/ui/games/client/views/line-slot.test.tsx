// @vitest-environment happy-dom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Round } from '../../../../services/api/contract/games'
import { studioTitle } from '../../../../shared/games/catalogue'
import { playLineSlot, SLOT_REELS, type LineSlotRound, type LineSlotRules } from '../../../../shared/games/engines/line-slot'
import { seededStream } from '../../../../shared/games/random'
import { money } from '../format'
import LineSlotView, { SLOT_TIMING } from './line-slot'
import type { GameViewProps } from './view-types'

const TITLE = studioTitle('aurora-lanterns')!
const RULES = TITLE.rules as LineSlotRules
// Seeds found by playing the title's strips: a base spin that wins on lines, and one whose scatters start the feature.
const LINE_WIN = 1
const FEATURE = 608

function slotRound(seed: number): { round: Round; state: LineSlotRound } {
  const state = playLineSlot(RULES, { lines: RULES.paylines.length }, seededStream(seed))
  const round: Round = {
    id: String(seed),
    game: TITLE.sysname,
    kind: 'line_slot',
    mode: 'demo',
    currency: 'USD',
    status: 'settled',
    stake: '1.00',
    totalStake: '1.00',
    payout: (Math.floor(state.multiplier * 100) / 100).toFixed(2),
    multiplier: state.multiplier,
    step: 0,
    bet: { lines: RULES.paylines.length },
    state,
    actions: [],
    abandoned: false,
    createdAt: '2026-11-26T12:00:00.000Z',
    settledAt: '2026-11-26T12:00:00.000Z',
    fairness: { serverSeedHash: 'a'.repeat(64), clientSeed: 'c', nonce: seed, serverSeed: null },
    balance: '1000.00',
  }
  return { round, state }
}

function renderSlot(overrides: Partial<GameViewProps> = {}) {
  const props: GameViewProps = {
    title: TITLE,
    round: null,
    phase: 'idle',
    bet: {},
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
  const draw = () => (
    <I18nProvider i18n={i18n}>
      <LineSlotView {...props} />
    </I18nProvider>
  )
  const view = render(draw())
  const update = (next: Partial<GameViewProps>) => {
    Object.assign(props, next)
    view.rerender(draw())
  }
  return { props, update }
}

const reelsStopped = () => document.querySelectorAll('[data-symbol]').length / 3
const baseSpin = SLOT_TIMING.firstStop + (SLOT_REELS - 1) * SLOT_TIMING.stagger

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('the line slot view', () => {
  it('spins every reel while the round is asked for, then stops them left to right on the round’s window', () => {
    const { round, state } = slotRound(LINE_WIN)
    const { props, update } = renderSlot()
    expect(reelsStopped()).toBe(SLOT_REELS)
    update({ phase: 'playing' })
    expect(reelsStopped()).toBe(0)
    expect(props.sound).toHaveBeenCalledWith('spin')
    update({ round })
    act(() => vi.advanceTimersByTime(SLOT_TIMING.firstStop))
    expect(reelsStopped()).toBe(1)
    act(() => vi.advanceTimersByTime(baseSpin - SLOT_TIMING.firstStop))
    expect(reelsStopped()).toBe(SLOT_REELS)
    const shown = [...document.querySelectorAll<HTMLElement>('[data-symbol]')].map((cell) => cell.dataset.symbol)
    // Cells are drawn reel by reel, top to bottom: the engine's window[reel][row].
    expect(shown).toEqual(state.spins[0]!.window.flat())
    // The winning lines' cells are lit, and the win is shown.
    const lit = document.querySelectorAll('[data-win]').length
    expect(lit).toBeGreaterThanOrEqual(3)
    expect(screen.getByTestId('slot-bar').textContent).toContain(money(round.payout!, 'USD', 'en'))
    expect(props.onAnimationEnd).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(SLOT_TIMING.wins))
    expect(props.onAnimationEnd).toHaveBeenCalledTimes(1)
    expect(screen.getByTestId('slot-reels').getAttribute('aria-label')).toMatch(/^Reels show .*\. Win \$/)
  })

  it('plays the free spins as the feature, one after another, and ends once', () => {
    const { round, state } = slotRound(FEATURE)
    const { props, update } = renderSlot({ phase: 'playing' })
    update({ round })
    act(() => vi.advanceTimersByTime(baseSpin))
    expect(screen.getByText(`${state.freeSpins} free spins!`)).toBeTruthy()
    act(() => vi.advanceTimersByTime(SLOT_TIMING.wins))
    expect(props.onAnimationEnd).toHaveBeenCalledTimes(1)
    update({ phase: 'feature' })
    act(() => vi.advanceTimersByTime(1))
    expect(screen.getByTestId('slot-bar').textContent).toContain(`Free spin 1 of ${state.freeSpins}`)
    expect(screen.getByTestId('slot-reels').dataset.spin).toBe('1')
    act(() => vi.advanceTimersByTime(60_000))
    expect(props.onAnimationEnd).toHaveBeenCalledTimes(2)
    expect(screen.getByTestId('slot-reels').dataset.spin).toBe(String(state.freeSpins))
    expect(screen.getByTestId('slot-bar').textContent).toContain(money(round.payout!, 'USD', 'en'))
    update({ phase: 'result' })
    act(() => vi.advanceTimersByTime(60_000))
    expect(props.onAnimationEnd).toHaveBeenCalledTimes(2)
  })

  it('shows the result at once when skipped, and with reduced motion', () => {
    const { round, state } = slotRound(FEATURE)
    const skipped = renderSlot({ phase: 'playing' })
    skipped.update({ round })
    skipped.update({ phase: 'result' })
    expect(reelsStopped()).toBe(SLOT_REELS)
    expect(screen.getByTestId('slot-reels').dataset.spin).toBe(String(state.spins.length - 1))
    act(() => vi.advanceTimersByTime(60_000))
    expect(skipped.props.onAnimationEnd).not.toHaveBeenCalled()
    cleanup()
    const reduced = renderSlot({ phase: 'playing', reducedMotion: true })
    reduced.update({ round: slotRound(LINE_WIN).round })
    act(() => vi.advanceTimersByTime(0))
    expect(reduced.props.onAnimationEnd).toHaveBeenCalledTimes(1)
  })
})
