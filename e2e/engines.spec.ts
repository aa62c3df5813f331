// Every engine of the studio for real money (docs/games.md): a player plays one title of each in the
// game client, finishing multi-step rounds with the table's own buttons, and the wallet, the shown
// balance and the round history agree to the cent. A blackjack hand survives a reload.
import { registerLoggedInPlayer } from './accounts'
import { expect, gotoHydrated, test } from './fixtures'
import { client, credit, finishRound, settled, usd } from './games'

type Round = { id: string; game: string; kind: string; mode: string; status: string; totalStake: string; payout: string | null; state: unknown }

const cents = (amount: string) => Math.round(Number(amount) * 100)

/** One title of each engine (crash has its own journey: its round is shared). */
const TITLES = [
  'dice-classic',
  'fox-leap',
  'aurora-wheel',
  'snowfall-plinko',
  'polar-star-keno',
  'harbour-roulette',
  'pearl-baccarat',
  'harbour-lights',
  'pearl-cascade',
  'thin-ice',
  'snowdrift-hi-lo',
  'foxhole-poker',
  'riverboat-blackjack',
] as const

test.describe('every engine for real money', () => {
  test('a player plays one title of each engine; the wallet, the balance shown and the history agree', async ({ page, baseURL, errors }) => {
    test.slow()
    await registerLoggedInPlayer(page.request, baseURL!, 'engines')
    await credit(page.request, '500')
    for (const [i, game] of TITLES.entries()) {
      await gotoHydrated(page, `/platform/game/${game}/play`)
      await expect(client(page)).toHaveAttribute('data-state', 'game.idle')
      // Turbo is a setting the client remembers: set once, every table after plays fast.
      if (i === 0) await page.getByTestId('turbo-toggle').click()
      await expect(page.getByTestId('turbo-toggle')).toHaveAttribute('aria-pressed', 'true')
      await page.getByTestId('spin-button').click()
      await finishRound(page)
      const rounds = (await (await page.request.get(`/api/games/rounds?game=${game}`)).json()) as { data: Round[] }
      expect(rounds.data, game).toHaveLength(1)
      expect(rounds.data[0], game).toMatchObject({ mode: 'real', status: 'settled' })
      const wallet = (await (await page.request.get(`/api/games/purse?game=${game}`)).json()) as { data: { balance: string } }
      await expect(page.getByTestId('game-balance-amount'), game).toHaveText(usd(wallet.data.balance))
    }
    const all = (await (await page.request.get('/api/games/rounds?limit=50')).json()) as { data: Round[] }
    expect(new Set(all.data.map((r) => r.game))).toEqual(new Set(TITLES))
    const net = all.data.reduce((sum, r) => sum - cents(r.totalStake) + cents(r.payout ?? '0'), 0)
    const balance = (await (await page.request.get('/api/account/getBalance')).json()) as { data: { balance_main: { amount: string } } }
    expect(cents(balance.data.balance_main.amount)).toBe(500_00 + net)
    expect(errors).toEqual([])
  })

  test('a blackjack hand in play is dealt again as it was after a reload, and plays on', async ({ page, baseURL, errors }) => {
    await registerLoggedInPlayer(page.request, baseURL!, 'blackjack-resume')
    await credit(page.request, '100')
    await gotoHydrated(page, '/platform/game/northern-blackjack/play')
    await expect(client(page)).toHaveAttribute('data-state', 'game.idle')
    // A natural ends the round at once: deal until a hand waits for the player.
    for (let deal = 0; deal < 10; deal++) {
      await page.getByTestId('spin-button').click()
      await expect(client(page)).toHaveAttribute('data-state', settled)
      if ((await client(page).getAttribute('data-state')) === 'game.awaitingAction') break
    }
    await expect(client(page)).toHaveAttribute('data-state', 'game.awaitingAction')
    const hand = page.getByTestId('blackjack-hand-0')
    await expect(hand).toHaveAttribute('aria-label', 'Your hand')
    const before = await hand.getByRole('img').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')))
    const balanceBefore = await page.getByTestId('game-balance-amount').textContent()

    await page.reload()
    await expect(client(page)).toHaveAttribute('data-state', 'game.awaitingAction')
    await expect.poll(() => hand.getByRole('img').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')))).toEqual(before)
    await expect(page.getByTestId('game-balance-amount')).toHaveText(balanceBefore!)
    await finishRound(page)
    const rounds = (await (await page.request.get('/api/games/rounds?game=northern-blackjack')).json()) as { data: Round[] }
    expect(rounds.data[0]).toMatchObject({ status: 'settled', mode: 'real' })
    const wallet = (await (await page.request.get('/api/games/purse?game=northern-blackjack')).json()) as { data: { balance: string } }
    await expect(page.getByTestId('game-balance-amount')).toHaveText(usd(wallet.data.balance))
    expect(errors).toEqual([])
  })
})
