// What the game journeys share: money for a new player to play with, amounts as the client shows
// them, and the game client's root.
import { createHmac } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect } from './fixtures'

const SESSION_SECRET = process.env.E2E_SESSION_SECRET ?? 'e2e-session-secret-0123456789abcdef-0123456789abcdef'
const PROVIDER = 'acmegames'

/** A wallet credit as the aggregator sends it (server/api/wallet.ts): money for a new player to play with. */
export async function credit(request: APIRequestContext, amount: string) {
  const info = await request.get('/api/account/getInfo')
  const uid = ((await info.json()) as { data: { uid: number } }).data.uid
  const secret = createHmac('sha256', SESSION_SECRET).update(`wallet-provider:${PROVIDER}`).digest('hex')
  const body = JSON.stringify({ transaction_id: `e2e-game-${Date.now()}-${Math.random().toString(36).slice(2)}`, player_id: String(uid), currency: 'USD', amount })
  const res = await request.post(`/platform/wallet/${PROVIDER}/credit`, {
    data: body,
    headers: { 'content-type': 'application/json', 'x-signature': createHmac('sha256', secret).update(body).digest('hex') },
  })
  expect(res.status(), await res.text()).toBe(200)
}

export const usd = (amount: string) => `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
export const client = (page: Page) => page.getByTestId('game-client')

/** A table that has shown its round's result, or waits for the player's next move. */
export const settled = /^game\.(result|awaitingAction)$/

/** Plays the table's round to its end with the buttons a player would press. */
export async function finishRound(page: Page) {
  const kind = await client(page).getAttribute('data-kind')
  for (let move = 0; move < 12; move++) {
    await expect(client(page)).toHaveAttribute('data-state', settled, { timeout: 60_000 })
    if ((await client(page).getAttribute('data-state')) === 'game.result') return
    // Each move is one answered action: the next look is at the table after the server's answer.
    const answered = page.waitForResponse((r) => r.url().includes('/api/games/act'))
    if (kind === 'mines') {
      const cashOut = page.getByTestId('mines-cash-out')
      if (await cashOut.isEnabled()) await cashOut.click()
      else await page.getByTestId('mines-view').getByRole('group', { name: /Tiles/ }).getByRole('button').first().click()
    } else if (kind === 'high_low') {
      const cashOut = page.getByTestId('high-low-cash-out')
      if (await cashOut.isEnabled()) await cashOut.click()
      else await page.getByTestId('high-low-higher').click()
    } else if (kind === 'video_poker') {
      await page.getByTestId('video-poker-draw').click()
    } else if (kind === 'blackjack') {
      // Insurance is asked first when the dealer shows an ace: the player declines it. Whichever
      // of the two the table shows is waited for until it can be pressed (a button on screen but
      // not yet enabled is not the other step).
      const noInsurance = page.getByTestId('blackjack-noInsurance')
      const stand = page.getByTestId('blackjack-stand')
      await expect(noInsurance.or(stand).first()).toBeVisible()
      const move = (await noInsurance.count()) > 0 ? noInsurance : stand
      await expect(move).toBeEnabled()
      await move.click()
    } else {
      throw new Error(`${kind} waits for a move this journey does not know`)
    }
    await answered
  }
  throw new Error(`${kind}: the round did not end in 12 moves`)
}
