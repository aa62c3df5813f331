// @vitest-environment happy-dom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { useEffect, useRef } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { fromCallback } from 'xstate'
import type { Purse, Round } from '../../../services/api/contract/games'
import { controllable, flush } from '../../../machines/testing/controllable'
import { gameClientMachine } from '../../../machines/games/game-client/game-client.machine'
import { ERRORS, sampleRound } from '../../../machines/games/game-client/game-client.samples'
import type { ActInput, LoadedTable, LoadInput, PlayInput } from '../../../machines/games/game-client/game-client.types'
import { studioTitle } from '../../../shared/games/catalogue'
import { GameShell } from './GameShell'
import type { GameViewProps } from './views/view-types'

afterEach(cleanup)

const PURSE: Purse = { mode: 'real', currency: 'USD', balance: '50.00', limits: { min: '0.20', max: '200.00' }, minRoundMs: 0, autoplayMaxRounds: 100 }
const TITLE = studioTitle('dice-classic')!

/** A view that shows each new round at once, as a turbo view with nothing to animate would. */
function InstantView(props: GameViewProps) {
  const shown = useRef<string | null>(null)
  useEffect(() => {
    if (props.phase === 'playing' && props.round && shown.current !== props.round.id) {
      shown.current = props.round.id
      props.onAnimationEnd()
    }
  })
  return <div data-testid="stub-view" data-phase={props.phase} data-locked={props.locked ? 'true' : 'false'} />
}

function renderShell(purse: Purse = PURSE, locale = 'en') {
  const load = controllable<LoadInput, LoadedTable>()
  const play = controllable<PlayInput, Round>()
  const refresh = controllable<LoadInput, Purse>()
  const actOn = controllable<ActInput, Round>()
  const effects = { deposits: 0 }
  const machine = gameClientMachine.provide({
    actors: { loadTable: load.actor, startRound: play.actor, refreshPurse: refresh.actor, actInRound: actOn.actor, parentMessages: fromCallback(() => () => {}) },
    actions: { notifyNeedsDeposit: () => void (effects.deposits += 1), rememberBet: () => {}, rememberSettings: () => {}, announceBalance: () => {} },
  })
  const i18n = setupI18n({ locale, messages: { [locale]: {} } })
  render(
    <I18nProvider i18n={i18n}>
      <GameShell title={TITLE} mode="real" machine={machine} view={InstantView} />
    </I18nProvider>,
  )
  const open = async (table: Partial<LoadedTable> = {}) => {
    await act(async () => {
      load.resolve({ purse, open: null, history: [], prefs: { soundOn: false, turbo: false, saved: null }, ...table })
      await flush()
    })
  }
  const answer = async (outcome: Round | { error: unknown }) => {
    await act(async () => {
      if ('error' in outcome) play.reject(outcome.error)
      else play.resolve(outcome)
      await flush()
    })
  }
  return { load, play, refresh, effects, open, answer }
}

const stake = () => screen.getByRole('textbox', { name: /^Bet/ }) as HTMLInputElement
const typeStake = (value: string) => {
  fireEvent.focus(stake())
  fireEvent.change(stake(), { target: { value } })
  fireEvent.blur(stake())
}
const spin = () => fireEvent.click(screen.getByTestId('spin-button'))
let ids = 500
const round = (payout: string, balance: string) => sampleRound({ id: String(ids++), kind: 'dice', payout, multiplier: Number(payout), balance })

describe('the game client shell', () => {
  it('shows a skeleton until the purse is read, then the balance in the player’s locale and currency', async () => {
    const shell = renderShell()
    expect(screen.getByTestId('game-client').dataset.state).toBe('game.loading')
    expect(screen.queryByTestId('game-balance-amount')).toBeNull()
    await shell.open()
    expect(screen.getByTestId('game-balance-amount').textContent).toBe('$50.00')
    expect(screen.getByText('Balance')).toBeTruthy()
    expect(screen.getByTestId('game-client').dataset.state).toBe('game.idle')
  })

  describe('the bet selector', () => {
    it('keeps the stake within the title’s limits, typed or stepped', async () => {
      const shell = renderShell()
      await shell.open()
      expect(stake().value).toBe('1.00')
      expect(screen.getByText('From $0.20 to $200.00')).toBeTruthy()
      typeStake('500')
      expect(stake().value).toBe('200.00')
      typeStake('0.05')
      expect(stake().value).toBe('0.20')
      fireEvent.click(screen.getByRole('button', { name: 'Halve the bet' }))
      expect(stake().value).toBe('0.20')
      fireEvent.click(screen.getByRole('button', { name: 'Double the bet' }))
      expect(stake().value).toBe('0.40')
      fireEvent.click(screen.getByRole('button', { name: 'Max' }))
      expect(stake().value).toBe('200.00')
      fireEvent.click(screen.getByRole('button', { name: 'Min' }))
      expect(stake().value).toBe('0.20')
      const chips = within(screen.getByRole('group', { name: 'Bet amounts' })).getAllByRole('button').map((b) => b.textContent)
      expect(chips).toEqual(['Min', '$0.20', '$0.50', '$1', '$2', '$5', '$10', '$20', '$50', '$100', '$200', 'Max'])
      fireEvent.click(screen.getByRole('button', { name: '$5' }))
      expect(stake().value).toBe('5.00')
      expect(screen.getByRole('button', { name: '$5' }).getAttribute('aria-pressed')).toBe('true')
      spin()
      expect(shell.play.calls[0]).toMatchObject({ amount: '5.00', game: 'dice-classic' })
    })

    it('reads amounts in the player’s locale and says what it could not read', async () => {
      const shell = renderShell()
      await shell.open()
      typeStake('1,50')
      expect(screen.getByText('Write an amount like 1.50.')).toBeTruthy()
      expect(stake().getAttribute('aria-invalid')).toBe('true')
      typeStake('2.5')
      expect(stake().value).toBe('2.50')
      cleanup()
      const german = renderShell({ ...PURSE, currency: 'EUR' }, 'de')
      await german.open()
      typeStake('2,5')
      expect(stake().value).toBe('2,50')
      spin()
      expect(german.play.calls[0]).toMatchObject({ amount: '2.50' })
    })
  })

  it('shows a refusal in words with the bet and options kept, and tries again in one tap', async () => {
    const shell = renderShell()
    await shell.open()
    typeStake('5')
    spin()
    // A second press while the round is asked for sends nothing.
    spin()
    expect(shell.play.calls).toHaveLength(1)
    await shell.answer({ error: ERRORS.aboveMax })
    const alert = screen.getByTestId('game-error')
    expect(alert.textContent).toContain('The largest bet in this game is $200.00.')
    expect(stake().value).toBe('5.00')
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(shell.play.calls[1]).toMatchObject({ amount: '5.00', bet: shell.play.calls[0]!.bet })
    expect(shell.play.calls[1]!.key).not.toBe(shell.play.calls[0]!.key)
    // No answer at all: the retry is the same round.
    await shell.answer({ error: ERRORS.noAnswer })
    expect(screen.getByTestId('game-error').textContent).toContain('No answer from the server')
    fireEvent.click(within(screen.getByTestId('game-error')).getByRole('button', { name: 'Try again' }))
    expect(shell.play.calls[2]!.key).toBe(shell.play.calls[1]!.key)
  })

  it('plays a round, shows the balance after it, lists it with its proof, and announces the result', async () => {
    const shell = renderShell()
    await shell.open()
    spin()
    await shell.answer(round('2.00', '51.00'))
    expect(screen.getByTestId('game-balance-amount').textContent).toBe('$51.00')
    expect(screen.getByTestId('game-announcer').textContent).toBe('You won $2.00 (2.00×).')
    const row = screen.getAllByTestId('history-round')[0]!
    expect(within(row).getByRole('link', { name: /Verify/ }).getAttribute('href')).toBe(`/fairness?round=${ids - 1}`)
    // Space plays the next one when focus is on no control.
    fireEvent.keyDown(document.body, { key: ' ' })
    expect(shell.play.calls).toHaveLength(2)
  })

  it('offers a deposit when real money does not cover the stake', async () => {
    const shell = renderShell({ ...PURSE, balance: '0.50' })
    await shell.open()
    spin()
    expect(shell.play.calls).toHaveLength(0)
    const offer = screen.getByTestId('game-needs-deposit')
    expect(offer.textContent).toContain('Your balance does not cover this bet')
    expect(within(offer).getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe('/cashier/deposit')
    expect(shell.effects.deposits).toBe(1)
  })

  describe('autoplay', () => {
    const start = (settings: { rounds?: string; loss?: string; win?: string }) => {
      if (!screen.queryByTestId('autoplay-panel')) fireEvent.click(screen.getByTestId('autoplay-toggle'))
      const panel = screen.getByTestId('autoplay-panel')
      if (settings.rounds) fireEvent.change(within(panel).getByLabelText('Rounds'), { target: { value: settings.rounds } })
      if (settings.loss) fireEvent.change(within(panel).getByLabelText('Stop if the loss would pass'), { target: { value: settings.loss } })
      if (settings.win) fireEvent.change(within(panel).getByLabelText('Stop on a single win of'), { target: { value: settings.win } })
      fireEvent.click(within(panel).getByRole('button', { name: 'Start autoplay' }))
    }
    const status = () => screen.getByTestId('autoplay-status').textContent

    it('plays its rounds and stops before the loss limit could be passed', async () => {
      const shell = renderShell()
      await shell.open()
      start({ rounds: '10', loss: '2.50' })
      expect(screen.getByTestId('spin-button').textContent).toBe('Stop autoplay')
      expect(screen.getByTestId('stub-view').dataset.locked).toBe('true')
      expect(status()).toBe('Round 1 of 10')
      await shell.answer(round('0.00', '49.00'))
      expect(shell.play.calls).toHaveLength(2)
      await shell.answer(round('0.00', '48.00'))
      // Lost 2.00: one more 1.00 round could make 3.00, past 2.50.
      expect(shell.play.calls).toHaveLength(2)
      expect(status()).toBe('Autoplay stopped: the next round could take you past your loss limit.')
      expect(screen.getByTestId('spin-button').textContent).toBe('Bet')
    })

    it('stops after a single win at its limit, and when the player stops it', async () => {
      const shell = renderShell()
      await shell.open()
      start({ rounds: '25', win: '5' })
      await shell.answer(round('0.00', '49.00'))
      await shell.answer(round('6.00', '54.00'))
      expect(shell.play.calls).toHaveLength(2)
      expect(status()).toBe('Autoplay stopped: a single win reached your limit.')

      start({ rounds: '10' })
      fireEvent.click(screen.getByTestId('spin-button'))
      await shell.answer(round('0.00', '53.00'))
      expect(shell.play.calls).toHaveLength(3)
      expect(status()).toBe('Autoplay stopped.')
    })

    it('stops when the balance runs out, and on an error', async () => {
      const shell = renderShell()
      await shell.open()
      start({ rounds: '10' })
      await shell.answer(round('0.00', '0.10'))
      expect(status()).toBe('Autoplay stopped: your balance does not cover the bet.')
      expect(screen.getByTestId('game-needs-deposit')).toBeTruthy()
      cleanup()
      const failing = renderShell()
      await failing.open()
      start({ rounds: '10' })
      await failing.answer({ error: ERRORS.noAnswer })
      expect(status()).toBe('Autoplay stopped because a round could not be played.')
    })

    it('refuses a limit it cannot read', async () => {
      const shell = renderShell()
      await shell.open()
      start({ loss: 'ten' })
      expect(shell.play.calls).toHaveLength(0)
      expect(screen.getAllByText('Write an amount like 25.00, or leave it empty.')).toHaveLength(1)
    })
  })
})
