// Live balance (docs/live-balance.md): a balance change reaches every open tab's header within a second or two,
// without a reload, through the balance socket (SharedWorker, or the leader tab without one).
import { createHmac } from 'node:crypto'
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test'
import { registerLoggedInPlayer } from './accounts'
import { expect, gotoHydrated, test } from './fixtures'

const SESSION_SECRET = process.env.E2E_SESSION_SECRET ?? 'e2e-session-secret-0123456789abcdef-0123456789abcdef'
const PROVIDER = 'acmegames'

/** POST /platform/wallet/{provider}/credit, signed as the aggregator signs it (server/api/wallet.ts). */
async function credit(request: APIRequestContext, playerId: number, amount: string) {
  const secret = createHmac('sha256', SESSION_SECRET).update(`wallet-provider:${PROVIDER}`).digest('hex')
  const body = JSON.stringify({ transaction_id: `e2e-live-${Date.now()}-${Math.random().toString(36).slice(2)}`, player_id: String(playerId), currency: 'USD', amount })
  const res = await request.post(`/platform/wallet/${PROVIDER}/credit`, {
    data: body,
    headers: { 'content-type': 'application/json', 'x-signature': createHmac('sha256', secret).update(body).digest('hex') },
  })
  expect(res.status(), await res.text()).toBe(200)
}

async function twoTabs(context: BrowserContext, page: Page, baseURL: string) {
  await registerLoggedInPlayer(page.request, baseURL, 'live')
  const info = await page.request.get('/api/account/getInfo')
  const uid = ((await info.json()) as { data: { uid: number } }).data.uid
  const second = await context.newPage()
  await gotoHydrated(page, '/')
  await gotoHydrated(second, '/')
  // The total is the text after the visually hidden "Balance:" label (a screen reader hears both).
  const balances = [page, second].map((p) => p.getByTestId('header-balance'))
  for (const balance of balances) await expect(balance).toHaveText(/(^|\s)\$0\.00$/)
  // Both tabs have their socket up (the holder says so to each tab) before money moves.
  for (const p of [page, second]) await expect(p.locator('html')).toHaveAttribute('data-balance-socket', 'open')
  return { uid, balances }
}

test.describe('live balance', () => {
  test('a credit shows in the header of both open tabs within seconds, no reload', async ({ context, page, baseURL }) => {
    const { uid, balances } = await twoTabs(context, page, baseURL!)
    await credit(page.request, uid, '12.34')
    for (const balance of balances) await expect(balance).toHaveText(/\s\$12\.34$/)
    await credit(page.request, uid, '1000')
    for (const balance of balances) await expect(balance).toHaveText(/\s\$1,012\.34$/)
  })

  test('without SharedWorker, the leader tab holds the socket and tells the other tab', async ({ context, page, baseURL }) => {
    await context.addInitScript(() => {
      // @ts-expect-error: a browser without SharedWorker (Android Chrome)
      delete window.SharedWorker
    })
    const { uid, balances } = await twoTabs(context, page, baseURL!)
    await credit(page.request, uid, '5.5')
    for (const balance of balances) await expect(balance).toHaveText(/\s\$5\.50$/)
  })
})
