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

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })

function table(state: CrashState) {
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
  render(
    <I18nProvider i18n={i18n}>
      <CrashTable actor={actor} formatMoney={(a) => `$${a}`} />
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
    fireEvent.change(screen.getByLabelText('Auto cash-out (×)'), { target: { value: '2,5' } })
    fireEvent.click(screen.getByTestId('crash-bet'))
    await settle()
    expect(placed[0]).toMatchObject({ amount: '1.00', autoCashOut: '2.5' })
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
})
