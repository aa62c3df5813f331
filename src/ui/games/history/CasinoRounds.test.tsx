// @vitest-environment happy-dom
import { setupI18n } from '@lingui/core'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { appMachine } from '../../../machines/app/app/app.machine'
import { generalInfo } from '../../../machines/app/app/app.samples'
import type { GameHistoryRow, HistoryExport } from '../../../services/api/contract/game-catalogue'
import { AppProviders } from '../../app/AppProviders'
import { cashierTestPlayer } from '../../cashier/cashier-test-page'
import { installCashierTestServer, type Handler } from '../../cashier/cashier-test-server'
import { CasinoRounds } from './CasinoRounds'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })

const round = (id: number, over: Partial<GameHistoryRow> = {}): GameHistoryRow => ({
  id: String(id),
  game: 'dice-classic',
  title: 'Dice Classic',
  mode: 'real',
  currency: 'USD',
  stake: '2.00',
  payout: '3.96',
  net: '1.96',
  status: 'settled',
  createdAt: '2026-11-22T10:05:00.000Z',
  settledAt: '2026-11-22T10:05:00.000Z',
  ...over,
})
const exportOf = (status: HistoryExport['status']): HistoryExport => ({
  id: '7',
  status,
  rows: status === 'ready' ? 3 : null,
  url: status === 'ready' ? '/api/games/historyexport/7.csv' : null,
  createdAt: '2026-11-22T10:06:00.000Z',
  finishedAt: null,
})
const titles: Handler = () => ({ data: { items: [{ sysname: 'aurora-lanterns', title: 'Aurora Lanterns' }, { sysname: 'dice-classic', title: 'Dice Classic' }], total: 2, offset: 0, count: 100 } })

function setup(handlers: Record<string, Handler>, { exportEnabled = true } = {}) {
  const server = installCashierTestServer({ '/api/games/get': titles, ...handlers })
  const app = createActor(appMachine, {
    input: { account: cashierTestPlayer, locale: 'en', theme: 'dark', generalInfo: { ...generalInfo, is_game_history_export_enabled: exportEnabled } },
  }).start()
  render(
    <AppProviders i18n={i18n} actor={app}>
      <MemoryRouter initialEntries={['/profile/bets']}>
        <CasinoRounds />
      </MemoryRouter>
    </AppProviders>,
  )
  return server
}
const history = (server: { calls: { path: string; params: URLSearchParams }[] }) => server.calls.filter((c) => c.path === '/api/games/getHistory')

describe('Casino rounds', () => {
  it('shows each round with its game, amounts, a signed net, its mode and a link to verify it', async () => {
    setup({
      '/api/games/getHistory': () => ({
        data: { items: [round(12), round(11, { game: 'aurora-lanterns', title: 'Aurora Lanterns', mode: 'fun', payout: '0.00', net: '-2.00' }), round(10, { payout: '2.00', net: '0.00', status: 'void' })], total: 3 },
      }),
    })
    const rows = await screen.findAllByTestId('round-row')
    expect(rows.map((r) => r.getAttribute('data-round'))).toEqual(['12', '11', '10'])
    const [win, loss, even] = rows as [HTMLElement, HTMLElement, HTMLElement]
    expect(within(win).getByRole('link', { name: 'Dice Classic' }).getAttribute('href')).toBe('/game/dice-classic')
    expect(within(win).getByTestId('round-stake').textContent).toBe('$2.00')
    expect(within(win).getByTestId('round-payout').textContent).toBe('$3.96')
    // A sign with the colour, never the colour alone.
    expect(within(win).getByTestId('round-net').textContent).toBe('+$1.96')
    expect(within(win).getByTestId('round-net').getAttribute('data-net')).toBe('win')
    expect(within(loss).getByTestId('round-net').textContent).toBe('\u2212$2.00')
    expect(within(loss).getByTestId('round-net').getAttribute('data-net')).toBe('loss')
    expect(within(even).getByTestId('round-net').textContent).toBe('$0.00')
    expect(within(loss).getByText('Fun')).toBeTruthy()
    expect(within(win).getByText('Real money')).toBeTruthy()
    expect(within(even).getByText('Void')).toBeTruthy()
    expect(within(win).getByText('22.11.2026', { exact: false })).toBeTruthy()
    const verify = within(loss).getByRole('link', { name: 'Verify round 11' })
    expect(verify.getAttribute('href')).toBe('/fairness?round=11')
    // The phone's cards hold the same rounds.
    expect(screen.getAllByTestId('round-card').map((c) => c.getAttribute('data-round'))).toEqual(['12', '11', '10'])
    expect(screen.getByTestId('rounds-count').textContent).toBe('Showing 3 of 3')
    expect(screen.queryByTestId('rounds-more')).toBeNull()
  })

  it('filters by game and mode from the catalogue’s titles, and shows more from the rounds read', async () => {
    const server = setup({
      '/api/games/getHistory': (p) => {
        const offset = Number(p.get('offset') ?? 0)
        return { data: { items: offset === 0 ? [round(5), round(4)] : [round(3)], total: 3 } }
      },
    })
    await screen.findAllByTestId('round-row')
    fireEvent.click(screen.getByTestId('rounds-more'))
    await waitFor(() => expect(screen.getAllByTestId('round-row')).toHaveLength(3))
    expect(history(server).at(-1)!.params.get('offset')).toBe('2')
    expect(screen.queryByTestId('rounds-more')).toBeNull()

    const game = screen.getByLabelText('Game') as HTMLSelectElement
    await waitFor(() => expect([...game.options].map((o) => o.textContent)).toEqual(['All games', 'Aurora Lanterns', 'Dice Classic']))
    fireEvent.change(game, { target: { value: 'aurora-lanterns' } })
    fireEvent.change(screen.getByLabelText('Mode'), { target: { value: 'fun' } })
    fireEvent.click(screen.getByRole('button', { name: 'Show' }))
    await waitFor(() => expect(history(server)).toHaveLength(3))
    const asked = history(server).at(-1)!.params
    expect([asked.get('game'), asked.get('mode'), asked.get('offset')]).toEqual(['aurora-lanterns', 'fun', '0'])
  })

  it('says when no round matches, and refuses a date that is no date at its field, focused', async () => {
    const server = setup({ '/api/games/getHistory': () => ({ data: { items: [], total: 0 } }) })
    expect(await screen.findByTestId('rounds-empty')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Find a game to play' })).toBeTruthy()
    const from = screen.getByLabelText('From')
    fireEvent.change(from, { target: { value: '11/22/2026' } })
    fireEvent.click(screen.getByRole('button', { name: 'Show' }))
    await waitFor(() => expect(from.getAttribute('aria-invalid')).toBe('true'))
    await waitFor(() => expect(document.activeElement).toBe(from))
    expect(history(server)).toHaveLength(1)
  })

  it('offers the rounds again after a failed read', async () => {
    let fail = true
    setup({ '/api/games/getHistory': () => (fail ? { error: { type: 'ApplicationUnavailableException' }, status: 503 } : { data: { items: [round(1)], total: 1 } }) })
    const retry = await screen.findByTestId('load-failed-retry')
    fail = false
    fireEvent.click(retry)
    expect(await screen.findAllByTestId('round-row')).toHaveLength(1)
  })

  it('exports the rounds shown: asked with the filters, then the file’s link once the job has made it', async () => {
    const server = setup({
      '/api/games/getHistory': () => ({ data: { items: [round(3)], total: 1 } }),
      '/api/games/createhistoryexportrequest': () => ({ data: exportOf('pending') }),
      '/api/games/gethistoryexportrequest': () => ({ data: exportOf('ready') }),
    })
    await screen.findAllByTestId('round-row')
    fireEvent.change(screen.getByLabelText('Mode'), { target: { value: 'real' } })
    fireEvent.click(screen.getByRole('button', { name: 'Show' }))
    await waitFor(() => expect(history(server)).toHaveLength(2))
    await screen.findAllByTestId('round-row')
    const status = screen.getByTestId('rounds-export-status')
    expect(status.getAttribute('role')).toBe('status')
    fireEvent.click(screen.getByRole('button', { name: 'Export as CSV' }))
    await waitFor(() => expect(status.textContent).toContain('Preparing your file'))
    expect(server.calls.find((c) => c.path === '/api/games/createhistoryexportrequest')!.params.get('mode')).toBe('real')
    const link = await screen.findByRole('link', { name: 'Download CSV file' }, { timeout: 8000 })
    expect(link.getAttribute('href')).toBe('/api/games/historyexport/7.csv')
    expect(link.hasAttribute('download')).toBe(true)
    expect(status.textContent).toBe('Your file is ready: 3 rounds.')
    expect(server.calls.filter((c) => c.path === '/api/games/gethistoryexportrequest').map((c) => c.params.get('id'))).toEqual(['7'])
  }, 15_000)

  it('has no export while general info has it off, and says so when the server refuses it', async () => {
    setup({ '/api/games/getHistory': () => ({ data: { items: [round(1)], total: 1 } }) }, { exportEnabled: false })
    await screen.findAllByTestId('round-row')
    expect(screen.queryByRole('button', { name: 'Export as CSV' })).toBeNull()
    cleanup()
    setup({
      '/api/games/getHistory': () => ({ data: { items: [round(1)], total: 1 } }),
      '/api/games/createhistoryexportrequest': () => ({ error: { type: 'InvalidParameterException', code: 'history_export_disabled', message: 'off' }, status: 400 }),
    })
    await screen.findAllByTestId('round-row')
    fireEvent.click(screen.getByRole('button', { name: 'Export as CSV' }))
    await waitFor(() => expect(screen.getByTestId('rounds-export-status').textContent).toContain('switched off'))
    expect(screen.queryByRole('button', { name: 'Export as CSV' })).toBeNull()
  })
})
