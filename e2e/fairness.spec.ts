// The /fairness page (docs/games.md#verifying-a-round): a visitor plays a dice round on their demo
// purse, opens the round's verify link, rotates their seeds to reveal its server seed, and sees the
// round recomputed in the browser (Web Crypto) with the roll the server recorded; the revealed seed
// hashes to the hash shown before the rotation. And the page is public and indexed in every locale.
//
// FAIRNESS_SCREENSHOTS=1 also writes the verified page at 360 and 1440 px to .tmp/ for a look.
import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, gotoHydrated, seriousA11yViolations, test } from './fixtures'

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

interface PlayedRound {
  id: string
  state: { roll: number }
  fairness: { serverSeedHash: string; clientSeed: string; nonce: number; serverSeed: string | null }
}

/** A round played through the API from the page itself: its cookies (the demo purse) and its origin (writes must be same-origin). */
async function playDice(page: Page): Promise<PlayedRound> {
  const key = randomBytes(12).toString('base64url').slice(0, 16)
  const answer = await page.evaluate(async (key) => {
    const body = new URLSearchParams({ game: 'dice-classic', amount: '1.00', bet: JSON.stringify({ target: 50.5, direction: 'over' }), key })
    const res = await fetch('/api/games/play?locale=en&v=1', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    return { status: res.status, body: (await res.json()) as { data?: unknown; error?: unknown } }
  }, key)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data as PlayedRound
}

test.describe('fairness', () => {
  test('a visitor’s dice round is verified in the browser after rotating: the same roll, and the revealed seed hashes to the hash shown before', async ({ page }) => {
    await gotoHydrated(page, '/fairness')
    const shownHash = page.getByTestId('fairness-active-hash')
    await expect(shownHash).toHaveText(/^[0-9a-f]{64}$/)
    const hashBefore = (await shownHash.textContent())!

    const round = await playDice(page)
    expect(round.fairness.serverSeedHash).toBe(hashBefore)
    expect(round.fairness.serverSeed).toBeNull()

    await gotoHydrated(page, `/fairness?round=${round.id}`)
    const waiting = page.getByTestId('fairness-awaiting-reveal')
    await expect(waiting).toBeVisible()
    await expect(waiting).toContainText(round.id)
    await expect(shownHash).toHaveText(hashBefore)
    expect(await seriousA11yViolations(page)).toEqual([])

    await waiting.getByTestId('fairness-reveal-rotate').click()

    const verified = page.getByTestId('fairness-verified')
    await expect(verified).toHaveAttribute('data-verdict', 'match')
    await expect(page.getByTestId('fairness-match')).toBeVisible()
    await expect(page.getByTestId('fairness-dice-roll')).toHaveText(round.state.roll.toFixed(2))
    await expect(page.getByTestId('fairness-hash-check')).toHaveAttribute('data-ok', 'true')
    await expect(page.getByTestId('fairness-state-check')).toHaveAttribute('data-ok', 'true')

    // The rotation revealed the seed the round was played with; its SHA-256 is the hash shown before.
    const reveal = page.getByTestId('fairness-reveal')
    await expect(reveal).toHaveAttribute('data-matches', 'true')
    const revealed = (await page.getByTestId('fairness-revealed-seed').textContent())!
    expect(revealed).toMatch(/^[0-9a-f]{64}$/)
    expect(sha256(revealed)).toBe(hashBefore)
    await expect(page.getByTestId('fairness-verified-seed')).toHaveText(revealed)
    // A new pair is in use, committed to by its own hash.
    await expect(shownHash).not.toHaveText(hashBefore)
    await expect(page.getByTestId('fairness-active-nonce')).toHaveText('0')
    await expect(page.getByTestId('fairness-previous-seed')).toHaveText(revealed)
    // The server agrees: the round now shows its revealed seed.
    const again = await page.evaluate(async (id) => (await (await fetch(`/api/games/round?round=${id}&locale=en&v=1`)).json()) as { data: PlayedRound }, round.id)
    expect(again.data.fairness.serverSeed).toBe(revealed)
    expect(await seriousA11yViolations(page)).toEqual([])

    if (process.env.FAIRNESS_SCREENSHOTS) {
      mkdirSync('.tmp', { recursive: true })
      for (const width of [360, 1440]) {
        await page.setViewportSize({ width, height: 900 })
        await page.screenshot({ path: `.tmp/fairness-verified-${width}.png`, fullPage: true })
      }
      await page.getByTestId('fairness-manual').click()
      await page.getByTestId('fairness-verify-submit').click()
      for (const width of [360, 1440]) {
        await page.setViewportSize({ width, height: 900 })
        await page.screenshot({ path: `.tmp/fairness-form-${width}.png`, fullPage: true })
      }
    }
  })

  test('is a public, indexed page with its own title and description in every locale', async ({ page }) => {
    const pages = [
      { path: '/fairness', h1: 'Provably fair', description: /^Provably fair games at Royal Ace/ },
      { path: '/es/fairness', h1: 'Juego justo verificable', description: /^Juegos demostrablemente justos/ },
      { path: '/pt/fairness', h1: 'Jogo justo verificável', description: /^Jogos comprovadamente justos/ },
      { path: '/de/fairness', h1: 'Nachweislich fair', description: /^Nachweislich faire Spiele/ },
    ]
    for (const p of pages) {
      const response = await gotoHydrated(page, p.path)
      expect(response?.status(), p.path).toBe(200)
      await expect(page.locator('h1')).toHaveText(p.h1)
      await expect(page).toHaveTitle(new RegExp(`^${p.h1} · `))
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', p.description)
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0)
      // The explanation is in the server's HTML, for readers and search engines alike.
      await expect(page.getByTestId('fairness-how')).toContainText('SHA-256')
    }
  })
})
