// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { setupI18n } from '@lingui/core'
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { CrashBet, CrashState } from '../../../services/api/contract/games'
import { crashMachine } from '../../../machines/games/crash/crash.machine'
import { BETS, crashInput, ROUNDS } from '../../../machines/games/crash/crash.samples'
import type { PlaceBetInput } from '../../../machines/games/crash/crash.types'
import { CrashTable } from './CrashTable'

afterEach(cleanup)


function table(state: CrashState, locale = 'en') {
  const placed: unknown[] = []
  const actor = createActor(
    crashMachine.provide({
      actors: {
        loadState: fromPromise(async () => state),
        placeBet: fromPromise<CrashBet, PlaceBetInput>(async ({ input }) => {
          placed.push(input)
          return BETS.active
        }),
        cashOut: fromPromise(async () => BETS.won),
        followRound: fromCallback(() => () => {}),
      },
    }),
    { input: crashInput },
  ).start()
  const i18n = setupI18n({ locale, messages: { [locale]: {} } })
  render(
    <I18nProvider i18n={i18n}>
      <CrashTable actor={actor} formatMoney={(a) => `$${a}`} currency="USD" />
    </I18nProvider>,
  )
  return { actor, placed }
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)))

describe('the crash table', () => {
  it('takes a bet while bets are open, with the automatic cash-out typed, and says the bet is in', async () => {
    const { placed } = table({ round: ROUNDS.betting, bet: null, history: [{ id: '6', crashPoint: 3.2, seed: 'b'.repeat(64), hash: 'a'.repeat(64) }] })
    await settle()
    expect(screen.getByTestId('crash-history').textContent).toContain('3.20×')
    fireEvent.change(screen.getByLabelText('Auto cash-out (×)'), { target: { value: '2.5' } })
    fireEvent.click(screen.getByTestId('crash-bet'))
    await settle()
    expect(placed[0]).toMatchObject({ amount: '1.00', autoCashOut: '2.50' })
    expect(screen.getByTestId('crash-bet-status').textContent).toContain('Your bet of $1.00 is in')
  })

  it('offers the cash-out only while the round runs, and shows the crash point when it ends', async () => {
    const { actor } = table({ round: ROUNDS.running, bet: BETS.active, history: [] })
    await settle()
    expect(screen.getByTestId('crash-cash-out')).toBeTruthy()
    act(() => actor.send({ type: 'crash.update', round: ROUNDS.ended }))
    expect(screen.getByTestId('crash-multiplier').textContent).toBe('2.50×')
    expect(screen.getByTestId('crash-phase').textContent).toContain('Crashed at 2.50×')
    expect(screen.queryByTestId('crash-cash-out')).toBeNull()
  })

  it('keeps what the player typed wrong, says what is wrong in the field, and takes no bet until it is right', async () => {
    const { placed } = table({ round: ROUNDS.betting, bet: null, history: [] }, 'es')
    await settle()
    const stake = screen.getByLabelText('Bet') as HTMLInputElement
    expect(stake.value).toBe('1,00')
    fireEvent.change(stake, { target: { value: '2,505' } })
    expect(stake.value).toBe('2,505')
    expect(screen.getByText('Too many decimals for USD.')).toBeTruthy()
    fireEvent.change(stake, { target: { value: '2$' } })
    expect(screen.getByText('Write an amount like 1,50.')).toBeTruthy()
    expect((screen.getByTestId('crash-bet') as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByTestId('crash-bet'))
    fireEvent.change(stake, { target: { value: '2,50' } })
    const auto = screen.getByLabelText('Auto cash-out (×)') as HTMLInputElement
    fireEvent.change(auto, { target: { value: '1' } })
    expect(auto.value).toBe('1')
    expect(screen.getByText(/From 1,01× to 1.000.000×/)).toBeTruthy()
    expect((screen.getByTestId('crash-bet') as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(auto, { target: { value: '3,25' } })
    fireEvent.click(screen.getByTestId('crash-bet'))
    await settle()
    expect(placed).toHaveLength(1)
    expect(placed[0]).toMatchObject({ amount: '2.50', autoCashOut: '3.25' })
  })
})
