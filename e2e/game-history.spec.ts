// "Casino rounds" on /profile/bets (docs/games.md#the-catalogue-on-the-server): a new player plays two
// real-money rounds and one for fun through the API, finds them on the page with their amounts,
// narrows them by mode, asks for the CSV of the real ones and downloads it once the server's job
// (every 5 s) has made it. At phone width the same rounds are cards that fit the screen.
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { APIRequestContext } from '@playwright/test'
import { registerLoggedInPlayer } from './accounts'
import { budget } from './budgets'
import { expect, gotoHydrated, seriousA11yViolations, test } from './fixtures'
import { credit, usd } from './games'

interface PlayedRound {
  id: string
  mode: 'real' | 'fun'
  totalStake: string
  payout: string
}

/** A dice round through the API, as the game client sends it (server/api/game-rounds.test.ts). */
async function playDice(request: APIRequestContext, baseURL: string, amount: string, mode: 'real' | 'fun'): Promise<PlayedRound> {
  const form = { game: 'dice-classic', amount, bet: JSON.stringify({ target: 50.5, direction: 'over' }), key: randomBytes(12).toString('base64url').slice(0, 16), mode }
  const res = await request.post('/api/games/play', { form, headers: { origin: baseURL } })
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { data: PlayedRound }).data
}

const cents = (amount: string) => Math.round(Number(amount) * 100)
/** The net as the page writes it: a sign (U+2212 for a loss) and the amount, no sign for even. */
const signedUsd = (payout: string, stake: string) => {
  const net = cents(payout) - cents(stake)
  const size = usd((Math.abs(net) / 100).toFixed(2))
  return net > 0 ? `+${size}` : net < 0 ? `\u2212${size}` : size
}

/** A new player with two real-money rounds (1 and 2 dollars) and one round for fun (5 play dollars), newest first. */
async function playerWithRounds(request: APIRequestContext, baseURL: string) {
  await registerLoggedInPlayer(request, baseURL, 'game-history')
  await credit(request, '10.00')
  const first = await playDice(request, baseURL, '1.00', 'real')
  const second = await playDice(request, baseURL, '2.00', 'real')
  const fun = await playDice(request, baseURL, '5.00', 'fun')
  return [fun, second, first]
}

test.describe('game history', () => {
  test('a player finds their rounds with their amounts, narrows them by mode and downloads the CSV of the real ones', async ({ page, baseURL }) => {
    const rounds = await playerWithRounds(page.request, baseURL!)
    await gotoHydrated(page, '/profile/bets')
    await expect(page.getByRole('heading', { level: 1, name: 'My bets' })).toBeVisible()
    const section = page.getByTestId('casino-rounds')
    await expect(section.getByRole('heading', { level: 2, name: 'Casino rounds' })).toBeVisible()
    const rows = section.getByTestId('round-row')
    await expect(rows).toHaveCount(3)
    await expect(rows.first()).toBeVisible()
    expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-round')))).toEqual(rounds.map((r) => r.id))
    for (const round of rounds) {
      const row = section.locator(`[data-testid="round-row"][data-round="${round.id}"]`)
      await expect(row.getByRole('link', { name: 'Dice Classic' })).toHaveAttribute('href', '/game/dice-classic')
      await expect(row.getByTestId('round-stake')).toHaveText(usd(round.totalStake))
      await expect(row.getByTestId('round-payout')).toHaveText(usd(round.payout))
      await expect(row.getByTestId('round-net')).toHaveText(signedUsd(round.payout, round.totalStake))
      await expect(row).toContainText(round.mode === 'fun' ? 'Fun' : 'Real money')
      await expect(row.getByRole('link', { name: `Verify round ${round.id}` })).toHaveAttribute('href', `/fairness?round=${round.id}`)
    }
    expect(await seriousA11yViolations(page)).toEqual([])

    // For fun only, then real money only: the form is applied with "Show".
    const mode = section.getByLabel('Mode')
    await mode.selectOption({ label: 'Fun' })
    await section.getByRole('button', { name: 'Show' }).click()
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toHaveAttribute('data-round', rounds[0]!.id)
    await mode.selectOption({ label: 'Real money' })
    await section.getByRole('button', { name: 'Show' }).click()
    await expect(rows).toHaveCount(2)
    expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-mode')))).toEqual(['real', 'real'])

    // The CSV of the rounds shown: asked for, made by the job, then a link; the status line says each step.
    await section.getByRole('button', { name: 'Export as CSV' }).click()
    const status = section.getByTestId('rounds-export-status')
    await expect(status).toHaveAttribute('role', 'status')
    const download = section.getByRole('link', { name: 'Download CSV file' })
    await expect(download).toBeVisible({ timeout: budget(30_000) })
    await expect(status).toHaveText('Your file is ready: 2 rounds.')
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()])
    expect(file.suggestedFilename()).toMatch(/^game-history-\d+\.csv$/)
    const lines = readFileSync((await file.path())!, 'utf8').trimEnd().split('\r\n')
    expect(lines[0]).toBe('round id,game,mode,currency,stake,payout,net,status,created at,settled at')
    expect(lines).toHaveLength(3)
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 5))).toEqual(rounds.slice(1).map((r) => [r.id, 'Dice Classic', 'real', 'USD', r.totalStake]))
    expect(await seriousA11yViolations(page)).toEqual([])
  })

  test('at phone width the rounds are cards that fit the screen @phone', async ({ page, baseURL }) => {
    const rounds = await playerWithRounds(page.request, baseURL!)
    await gotoHydrated(page, '/profile/bets')
    const section = page.getByTestId('casino-rounds')
    const width = page.viewportSize()!.width
    if (width < 768) {
      const cards = section.getByTestId('round-card')
      await expect(cards).toHaveCount(3)
      await expect(cards.first()).toBeVisible()
      await expect(section.getByTestId('rounds-table')).toBeHidden()
      const first = cards.first()
      await expect(first.getByTestId('round-net')).toHaveText(signedUsd(rounds[0]!.payout, rounds[0]!.totalStake))
      await expect(first.getByRole('link', { name: `Verify round ${rounds[0]!.id}` })).toBeVisible()
      // Each card within the screen, and the page never scrolls sideways.
      for (const box of await cards.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right))) expect(box).toBeLessThanOrEqual(width)
    } else {
      await expect(section.getByTestId('round-row')).toHaveCount(3)
      await expect(section.getByTestId('round-card').first()).toBeHidden()
    }
    await expect(section.getByRole('button', { name: 'Export as CSV' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
    expect(await seriousA11yViolations(page)).toEqual([])
  })
})
