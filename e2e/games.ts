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

