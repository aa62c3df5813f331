// The game client (docs/games.md#the-game-client): /platform/game/{sysname}/play, a page of its own
// that our game pages frame. A visitor plays on the demo purse; a player plays real money from the
// wallet; the page tells its parent frame what the site needs to know.
import type { Page } from '@playwright/test'
import { registerLoggedInPlayer } from './accounts'
import { client, credit, usd } from './games'
import { expect, gotoHydrated, seriousA11yViolations, test } from './fixtures'

/** A page of our own origin that frames the game and keeps every message it hears. Served by the test, not the site. */
async function hostPage(page: Page, baseURL: string, src: string) {
  const url = `${new URL(baseURL).origin}/__e2e/game-host`
  await page.route(url, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Host</title></head><body style="margin:0">
        <script>window.__messages = []; addEventListener('message', (e) => window.__messages.push({ origin: e.origin, data: e.data }))</script>
        <iframe title="game" src="${src}" style="border:0;width:100%;height:860px"></iframe></body></html>`,
    }),
  )
  await page.goto(url)
  return page.frameLocator('iframe')
}
const heard = (page: Page) => page.evaluate(() => (window as unknown as { __messages: { origin: string; data: { type: string } }[] }).__messages)

test.describe('the game client', () => {
  test('a visitor plays dice on the demo balance, sees the result, the balance move and the round in the history', async ({ page, errors }) => {
    await gotoHydrated(page, '/platform/game/dice-classic/play')
    await expect(client(page)).toHaveAttribute('data-state', 'game.idle')
    await expect(page.getByTestId('game-balance')).toContainText('Demo balance')
    const balance = page.getByTestId('game-balance-amount')
    await expect(balance).toHaveText('$1,000.00')
    // Real money or fun is a player's choice; a visitor has the demo purse only.
    await expect(page.getByTestId('mode-switch')).toHaveCount(0)
    await page.getByTestId('spin-button').click()
    await expect(client(page)).toHaveAttribute('data-state', 'game.result')
    await expect(page.getByTestId('game-announcer')).toHaveText(/^(You won \$[\d,.]+ \([\d.]+×\)\.|No win this round\.)$/)
    // $1 staked: either lost ($999.00) or won at 2.0004× ($1,001.00).
    await expect(balance).toHaveText(/^\$(999\.00|1,001\.00)$/)
    const rounds = (await (await page.request.get('/api/games/rounds?game=dice-classic')).json()) as { data: { id: string; payout: string }[] }
    expect(rounds.data).toHaveLength(1)
    const row = page.getByTestId('history-round').first()
    await expect(row).toHaveAttribute('data-round', rounds.data[0]!.id)
    await expect(row.getByRole('link', { name: /Verify/ })).toHaveAttribute('href', `/fairness?round=${rounds.data[0]!.id}`)
    expect(await balance.textContent()).toBe(usd(String(1000 - 1 + Number(rounds.data[0]!.payout))))
    expect(errors).toEqual([])
  })

  test('a player plays a line slot for real money, and the balance shown is the wallet’s', async ({ page, baseURL, errors }) => {
    await registerLoggedInPlayer(page.request, baseURL!, 'game-client')
    await credit(page.request, '50')
    await gotoHydrated(page, '/platform/game/aurora-lanterns/play')
    await expect(client(page)).toHaveAttribute('data-state', 'game.idle')
    await expect(page.getByTestId('game-balance')).toContainText('Balance')
    await expect(page.getByTestId('game-balance-amount')).toHaveText('$50.00')
    await expect(page.getByRole('radio', { name: 'Real money' })).toBeChecked()
    // Turbo: the reels and a feature's free spins in a quarter of the time.
    await page.getByTestId('turbo-toggle').click()
    await expect(page.getByTestId('turbo-toggle')).toHaveAttribute('aria-pressed', 'true')
    await page.getByTestId('spin-button').click()
    await expect(client(page)).toHaveAttribute('data-state', 'game.result', { timeout: 60_000 })
    const purse = (await (await page.request.get('/api/games/purse?game=aurora-lanterns')).json()) as { data: { mode: string; balance: string } }
    expect(purse.data.mode).toBe('real')
    await expect(page.getByTestId('game-balance-amount')).toHaveText(usd(purse.data.balance))
    const rounds = (await (await page.request.get('/api/games/rounds?game=aurora-lanterns')).json()) as { data: { mode: string; stake: string }[] }
    expect(rounds.data[0]).toMatchObject({ mode: 'real', stake: '1.00' })
    expect(errors).toEqual([])
  })

  test('framed by our own site: it posts the balance, asks for a deposit, closes, and takes the sound setting', async ({ page, baseURL }) => {
    await registerLoggedInPlayer(page.request, baseURL!, 'game-frame')
    const game = await hostPage(page, baseURL!, '/platform/game/dice-classic/play')
    await expect(game.getByTestId('game-client')).toHaveAttribute('data-state', 'game.idle')
    // A new player has nothing: the game asks the site for a deposit.
    await game.getByTestId('spin-button').click()
    await expect(game.getByTestId('game-needs-deposit')).toBeVisible()
    await expect.poll(() => heard(page)).toContainEqual({ origin: new URL(baseURL!).origin, data: { type: 'needs_deposit' } })
    await credit(page.request, '20')
    await game.getByRole('button', { name: 'Check my balance again' }).click()
    await expect(game.getByTestId('game-balance-amount')).toHaveText('$20.00')
    await game.getByTestId('spin-button').click()
    await expect(game.getByTestId('game-client')).toHaveAttribute('data-state', 'game.result')
    const shown = (await game.getByTestId('game-balance-amount').textContent())!
    await expect.poll(async () => (await heard(page)).find((m) => m.data.type === 'balance_changed')?.data).toMatchObject({ type: 'balance_changed', currency: 'USD' })
    const posted = (await heard(page)).find((m) => m.data.type === 'balance_changed')!.data as unknown as { balance: string }
    expect(usd(posted.balance)).toBe(shown)
    // The site's own sound setting reaches the game.
    await expect(game.getByTestId('sound-toggle')).toHaveAttribute('aria-pressed', 'false')
    await page.evaluate(() => document.querySelector('iframe')!.contentWindow!.postMessage({ type: 'set_sound', on: true }, location.origin))
    await expect(game.getByTestId('sound-toggle')).toHaveAttribute('aria-pressed', 'true')
    await game.getByTestId('close-button').click()
    await expect.poll(async () => (await heard(page)).map((m) => m.data.type)).toContain('close')
  })

  test('an unknown game is a 404 in the player’s language', async ({ page }) => {
    const res = await page.goto('/platform/game/no-such-game/play?locale=es')
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Juego no encontrado' })).toBeVisible()
  })

  test('loads none of the site’s app, and the site loads none of it', async ({ page }) => {
    const scripts: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
    })
    await gotoHydrated(page, '/platform/game/dice-classic/play')
    await expect(client(page)).toHaveAttribute('data-state', 'game.idle')
    expect(scripts.some((s) => /entries\/src_renderer_game-client\./.test(s))).toBe(true)
    expect(scripts.filter((s) => /entries\/src_renderer\.[^/]+\.js$/.test(s))).toEqual([])
    scripts.length = 0
    await gotoHydrated(page, '/')
    expect(scripts.some((s) => /entries\/src_renderer\./.test(s))).toBe(true)
    expect(scripts.filter((s) => /game-client|GameClientPage/.test(s))).toEqual([])
  })

  test('at phone width it fits, plays and is accessible @phone', async ({ page }) => {
    await gotoHydrated(page, '/platform/game/aurora-lanterns/play')
    await expect(client(page)).toHaveAttribute('data-state', 'game.idle')
    await expect(page.getByTestId('slot-reels')).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    // The rules and paytable open over the game and close again.
    await page.getByTestId('rules-button').click()
    await expect(page.getByRole('dialog')).toContainText('Return to player')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    // Space plays when no control has focus.
    await page.locator('h1').click()
    await page.keyboard.press('Space')
    await expect(client(page)).toHaveAttribute('data-state', /game\.(playing|result)/)
    await expect(client(page)).toHaveAttribute('data-state', 'game.result', { timeout: 60_000 })
    expect(await seriousA11yViolations(page)).toEqual([])
    // Sound is off until the player turns it on, and remembered from then on.
    await page.getByTestId('sound-toggle').click()
    await expect(page.getByTestId('sound-toggle')).toHaveAttribute('aria-pressed', 'true')
    await gotoHydrated(page, '/platform/game/aurora-lanterns/play')
    await expect(page.getByTestId('sound-toggle')).toHaveAttribute('aria-pressed', 'true')
  })
})
