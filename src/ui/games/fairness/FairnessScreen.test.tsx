// @vitest-environment happy-dom
import { setupI18n } from '@lingui/core'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { appMachine } from '../../../machines/app/app/app.machine'
import { VISITOR } from '../../../services/api/contract/account'
import type { Round, Seeds } from '../../../services/api/contract/games'
import { sha256Hex } from '../../../services/games/fair-verify'
import { FAIR_VECTORS } from '../../../shared/games/testing/fair-vectors'
import { AppProviders } from '../../app/AppProviders'
import { installCashierTestServer, type Handler } from '../../cashier/cashier-test-server'
import { FairnessScreen } from './FairnessScreen'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
// A dice round the server really played (the fairness vectors): its seed, nonce and state.
const dice = FAIR_VECTORS.rounds.find((r) => r.kind === 'dice' && r.game === 'dice-classic')!
const seedHash = await sha256Hex(dice.serverSeed)

function round(serverSeed: string | null, state: unknown = dice.state): Round {
  return {
    id: '77',
    game: 'dice-classic',
    kind: 'dice',
    mode: 'demo',
    currency: 'USD',
    status: 'settled',
    stake: '1.00',
    totalStake: '1.00',
    payout: '0.00',
    multiplier: 0,
    step: 0,
    bet: dice.bet,
    state,
    actions: [],
    abandoned: false,
    createdAt: '2026-11-26T12:00:00.000Z',
    settledAt: '2026-11-26T12:00:00.000Z',
    fairness: { serverSeedHash: seedHash, clientSeed: dice.clientSeed, nonce: dice.nonce, serverSeed },
    balance: null,
  }
}
const active: Seeds = { active: { serverSeedHash: seedHash, clientSeed: dice.clientSeed, nonce: dice.nonce + 1 }, previous: null }
const rotated: Seeds = {
  active: { serverSeedHash: 'c'.repeat(64), clientSeed: dice.clientSeed, nonce: 0 },
  previous: { serverSeed: dice.serverSeed, serverSeedHash: seedHash, clientSeed: dice.clientSeed, rounds: dice.nonce + 1 },
}

function setup(roundId: string | null, handlers: Record<string, Handler>) {
  const server = installCashierTestServer({ '/api/games/getSeeds': () => ({ data: active }), ...handlers })
  const app = createActor(appMachine, { input: { account: VISITOR, locale: 'en', theme: 'dark' } }).start()
  render(
    <AppProviders i18n={i18n} actor={app}>
      <MemoryRouter initialEntries={['/fairness']}>
        <FairnessScreen roundId={roundId} />
      </MemoryRouter>
    </AppProviders>,
  )
  return server
}

describe('the /fairness page', () => {
  it('verifies a round whose seed was still in use: rotate, then the roll recomputed here is the server’s', async () => {
    let revealed = false
    const server = setup('77', {
      '/api/games/round': () => ({ data: round(revealed ? dice.serverSeed : null) }),
      '/api/games/rotateSeeds': () => {
        revealed = true
        return { data: rotated }
      },
    })
    const waiting = await screen.findByTestId('fairness-awaiting-reveal')
    expect(screen.getByTestId('fairness-active-hash').textContent).toBe(seedHash)
    fireEvent.click(within(waiting).getByTestId('fairness-reveal-rotate'))
    const verified = await screen.findByTestId('fairness-verified', {}, { timeout: 5000 })
    expect(verified.dataset.verdict).toBe('match')
    expect(screen.getByTestId('fairness-dice-roll').textContent).toBe((dice.state as { roll: number }).roll.toFixed(2))
    expect(screen.getByTestId('fairness-hash-check').dataset.ok).toBe('true')
    expect(screen.getByTestId('fairness-state-check').dataset.ok).toBe('true')
    // The round was asked for twice (before and after the rotation), the rotation once, with no client seed.
    expect(server.calls.filter((c) => c.path === '/api/games/round').map((c) => c.params.get('round'))).toEqual(['77', '77'])
    expect(server.calls.filter((c) => c.path === '/api/games/rotateSeeds').map((c) => c.params.get('client_seed'))).toEqual([null])
    // The revealed seed hashes, in the browser, to the hash shown before the rotation.
    const reveal = await screen.findByTestId('fairness-reveal')
    await waitFor(() => expect(reveal.dataset.matches).toBe('true'))
    expect(screen.getByTestId('fairness-revealed-seed').textContent).toBe(dice.serverSeed)
    expect(screen.getByTestId('fairness-active-hash').textContent).toBe('c'.repeat(64))
  })

  it('says so when the server’s record is not what the seeds give', async () => {
    setup('77', { '/api/games/round': () => ({ data: round(dice.serverSeed, { ...(dice.state as object), roll: 1.23, win: false, multiplier: 0 }) }) })
    expect(await screen.findByTestId('fairness-mismatch')).toBeTruthy()
    expect(screen.getByTestId('fairness-state-check').dataset.ok).toBe('false')
    expect(screen.getByTestId('fairness-hash-check').dataset.ok).toBe('true')
  })

  it('explains a round that is not the caller’s, and offers the form', async () => {
    setup('78', { '/api/games/round': () => ({ error: { type: 'InvalidRequestException', code: 'round_not_found', message: 'No such round' }, status: 400 }) })
    const failed = await screen.findByTestId('fairness-round-failed')
    expect(failed.dataset.reason).toBe('not_found')
    fireEvent.click(within(failed).getByTestId('fairness-manual'))
    expect(await screen.findByTestId('fairness-manual-form')).toBeTruthy()
  })

  it('recomputes a round typed by hand, and names each field it cannot read', async () => {
    setup(null, { '/api/games/getSeeds': () => ({ data: rotated }) })
    const form = await screen.findByTestId('fairness-manual-form')
    fireEvent.click(within(form).getByTestId('fairness-verify-submit'))
    await waitFor(() => expect(within(form).getByLabelText('Server seed (revealed)').getAttribute('aria-invalid')).toBe('true'))
    expect(within(form).getByLabelText('Game').getAttribute('aria-invalid')).toBe('true')
    // The last revealed pair fills the seeds.
    fireEvent.click(await screen.findByTestId('fairness-prefill'))
    fireEvent.change(within(form).getByLabelText('Game'), { target: { value: 'dice-classic' } })
    fireEvent.change(within(form).getByLabelText('Nonce'), { target: { value: String(dice.nonce) } })
    fireEvent.change(within(form).getByLabelText('Bet (JSON)'), { target: { value: JSON.stringify(dice.bet) } })
    expect((within(form).getByLabelText('Server seed (revealed)') as HTMLInputElement).value).toBe(dice.serverSeed)
    fireEvent.click(within(form).getByTestId('fairness-verify-submit'))
    const verified = await screen.findByTestId('fairness-verified')
    expect(verified.dataset.verdict).toBe('computed')
    expect(screen.getByTestId('fairness-dice-roll').textContent).toBe((dice.state as { roll: number }).roll.toFixed(2))
    expect(JSON.parse(screen.getByTestId('fairness-raw').textContent!)).toEqual(dice.state)
  })

  it('keeps a client seed the server would refuse as typed, with its error, and asks nothing', async () => {
    const server = setup(null, {})
    const input = (await screen.findByTestId('fairness-client-seed')) as HTMLInputElement
    fireEvent.change(input, { target: { value: 'has space' } })
    fireEvent.click(screen.getByTestId('fairness-rotate'))
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'))
    expect(input.value).toBe('has space')
    expect(server.calls.some((c) => c.path === '/api/games/rotateSeeds')).toBe(false)
    fireEvent.change(input, { target: { value: 'my-own-seed' } })
    fireEvent.click(screen.getByTestId('fairness-rotate'))
    await waitFor(() => expect(server.calls.find((c) => c.path === '/api/games/rotateSeeds')?.params.get('client_seed')).toBe('my-own-seed'))
  })

  it('checks a crash seed against the round before it, in the browser', async () => {
    setup(null, {})
    const seed = 'e'.repeat(64)
    fireEvent.change(await screen.findByTestId('fairness-chain-seed'), { target: { value: seed } })
    fireEvent.change(screen.getByTestId('fairness-chain-previous'), { target: { value: await sha256Hex(seed) } })
    fireEvent.click(screen.getByTestId('fairness-chain-submit'))
    expect((await screen.findByTestId('fairness-chain-result')).dataset.matches).toBe('true')
    fireEvent.change(screen.getByTestId('fairness-chain-previous'), { target: { value: 'f'.repeat(64) } })
    expect(screen.queryByTestId('fairness-chain-result')).toBeNull()
    fireEvent.click(screen.getByTestId('fairness-chain-submit'))
    expect((await screen.findByTestId('fairness-chain-result')).dataset.matches).toBe('false')
  })
})
