// A free-spin pack used up in the site's game page (docs/games.md#free-spins): a new player with no
// money is granted a pack by the operator, opens the slot for real money, plays every spin at the
// pack's stake with the table's own button while the page counts them down, and finds every win in
// the bonus balance of the header, the main balance untouched; then the table wants a deposit.
import { registerLoggedInPlayer } from './accounts'
import { expect, gotoHydrated, seriousA11yViolations, test } from './fixtures'
import { usd } from './games'

const OPERATOR_TOKEN = process.env.OPERATOR_TOKEN ?? 'e2e-operator-token-0123456789abcdef'
const SLOT = 'aurora-lanterns'

test.describe('free spins', () => {
  test('a player uses up a free-spin pack: counted down on the page, every win in the bonus balance', async ({ page, baseURL }) => {
    const { email } = await registerLoggedInPlayer(page.request, baseURL!, 'free-spins')
    const granted = await page.request.post('/api/operator/grantFreeSpins', {
      form: { login: email, game: SLOT, count: '3', key: `e2e-free-spins-${Date.now()}-${Math.random().toString(36).slice(2, 8)}` },
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    })
    expect(granted.status(), await granted.text()).toBe(200)
    const stake = ((await granted.json()) as { data: { stake: string } }).data.stake

    // From the hall's Play button: real money, which an empty balance would refuse without the pack.
    await gotoHydrated(page, `/game/${SLOT}#real`)
    await expect(page.getByTestId('game-page')).toHaveAttribute('data-mode', 'real')
    const counter = page.getByTestId('game-free-spins')
    await expect(counter).toHaveAttribute('data-remaining', '3')
    await expect(counter).toContainText('3 free spins')
    const game = page.frameLocator('[data-testid="game-frame"]')
    const table = game.getByTestId('game-client')
    const card = game.getByTestId('free-spins')
    await expect(card).toContainText('3 free spins left')
    await expect(card).toContainText(`Each spin is worth ${usd(stake)}`)
    expect(await seriousA11yViolations(page)).toEqual([])

    let won = 0
    for (let left = 2; left >= 0; left--) {
      const answered = page.waitForResponse((r) => r.url().includes('/api/games/play'))
      await game.getByTestId('spin-button').click()
      const round = ((await (await answered).json()) as { data: { payout: string; stake: string; freeSpin: { remaining: number } } }).data
      expect(round.stake).toBe(stake)
      expect(round.freeSpin.remaining).toBe(left)
      won += Math.round(Number(round.payout) * 100)
      // After the last one the table reads the purse again (another pack would follow) and waits.
      await expect(table).toHaveAttribute('data-state', left > 0 ? 'game.result' : 'game.idle', { timeout: 60_000 })
      if (left > 0) await expect(counter).toContainText(left === 1 ? '1 free spin' : `${left} free spins`)
    }
    // The pack is gone from the page and the table: the stake is the player's own again.
    await expect(counter).toHaveCount(0)
    await expect(card).toHaveCount(0)
    await expect(game.getByTestId('bet-selector')).toBeVisible()

    // Every win went to the bonus balance, once; the main balance never moved.
    const header = page.getByTestId('header-balance')
    await expect(header).toContainText(usd((won / 100).toFixed(2)))
    await header.click()
    await expect(page.getByTestId('balance-main')).toHaveText(usd('0'))
    await expect(page.getByTestId('balance-bonus')).toHaveText(usd((won / 100).toFixed(2)))
    const packs = await page.request.get('/api/freespins/get?count=99')
    expect(((await packs.json()) as { data: { status: string; remaining_count: number }[] }).data).toMatchObject([{ status: 'used', remaining_count: 0 }])
  })
})
