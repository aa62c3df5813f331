// The player's sports bets (/bets/*, docs/sportsbook.md#the-bets-page): a funded player's bet on an
// upcoming event, placed through the API, is cashed out in full from /bets/open at the offer shown;
// the header balance rises by what it paid and the bet moves under "Cashed out" with its history.
import { createHmac } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import { registerLoggedInPlayer } from './accounts'
import { expect, gotoHydrated, test } from './fixtures'
import { untouchedEvents } from './sportsbook'

const SESSION_SECRET = process.env.E2E_SESSION_SECRET ?? 'e2e-session-secret-0123456789abcdef-0123456789abcdef'
const PROVIDER = 'acmegames'

/** Money in the player's main balance, as a game provider's signed credit brings it (server/api/wallet.ts). */
async function fund(request: APIRequestContext, playerId: number, amount: string) {
  const secret = createHmac('sha256', SESSION_SECRET).update(`wallet-provider:${PROVIDER}`).digest('hex')
  const body = JSON.stringify({ transaction_id: `e2e-bets-${Date.now()}-${Math.random().toString(36).slice(2)}`, player_id: String(playerId), currency: 'USD', amount })
  const res = await request.post(`/platform/wallet/${PROVIDER}/credit`, {
    data: body,
    headers: { 'content-type': 'application/json', 'x-signature': createHmac('sha256', secret).update(body).digest('hex') },
  })
  expect(res.status(), await res.text()).toBe(200)
}

/** A single on the first outcome of an upcoming event whose main market is open, at the price shown now. */
async function placeSingle(request: APIRequestContext, baseURL: string): Promise<{ betId: string; home: string }> {
  // Far enough ahead that no journey's move of the simulator's clock ends it before the cash-out.
  const [event] = await untouchedEvents(request)
  const outcome = event!.main!.outcomes[0]!
  const placed = await request.post('/api/sportsbook/placeBet', {
    form: {
      key: `e2ebet${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
      kind: 'single',
      stake: '10.00',
      odds_policy: 'accept_any',
      selections: JSON.stringify([{ outcome_id: outcome.id, price: outcome.price }]),
    },
    headers: { origin: baseURL },
  })
  expect(placed.status(), await placed.text()).toBe(200)
  return { betId: ((await placed.json()) as { data: { id: string } }).data.id, home: event!.home.name }
}

const cents = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100)

test('a player cashes out an open bet in full: the balance rises by the amount and the bet shows under Cashed out', async ({ page, baseURL }) => {
  await registerLoggedInPlayer(page.request, baseURL!, 'sbbets')
  const info = await page.request.get('/api/account/getInfo')
  const uid = ((await info.json()) as { data: { uid: number } }).data.uid
  await fund(page.request, uid, '50.00')
  const { betId, home } = await placeSingle(page.request, baseURL!)

  await gotoHydrated(page, '/bets/open')
  const balance = page.getByTestId('header-balance')
  await expect(balance).toHaveText(/\$40\.00$/)
  const bets = page.getByTestId('sports-bets')
  await expect(bets).toHaveAttribute('data-state', 'shown')
  await expect(bets.getByRole('link', { name: 'Open' })).toHaveAttribute('aria-current', 'page')
  const row = bets.locator(`[data-testid="sb-bet"][data-bet="${betId}"]`)
  await expect(row.getByText(home, { exact: false }).first()).toBeVisible()
  await expect(row.getByTestId('sb-bet-status')).toHaveText('Open')

  await row.getByRole('button', { name: 'Cash out' }).click()
  const panel = row.getByTestId('sb-cashout')
  await expect(panel).toHaveAttribute('data-state', 'cashout.offered')
  await expect(panel.getByRole('heading', { name: 'Cash out' })).toBeFocused()

  // The offer may move between the look and the click: a moved offer is shown again to confirm.
  let paid = ''
  await expect(async () => {
    if ((await panel.getAttribute('data-state')) !== 'cashout.offered') throw new Error('no offer shown yet')
    const shown = (await panel.getByTestId('sb-cashout-offer').getAttribute('data-amount'))!
    await panel.getByTestId('sb-cashout-submit').click()
    await expect(panel).toHaveAttribute('data-state', 'cashout.confirming')
    await expect(panel.getByText(/^Cash out \$[\d,.]+ now\?/)).toContainText(`$${shown}`)
    await panel.getByTestId('sb-cashout-confirm').click()
    await expect(panel).toHaveAttribute('data-state', /cashout\.(done|offered)/)
    await expect(panel).toHaveAttribute('data-state', 'cashout.done', { timeout: 500 })
    paid = shown
  }).toPass({ timeout: 20_000 })

  await expect(panel.getByTestId('sb-cashout-done')).toContainText(`$${paid}`)
  await expect(row.getByTestId('sb-bet-status')).toHaveText('Cashed out')
  await expect(row.getByTestId('sb-bet-cashout')).toHaveAttribute('data-amount', paid)
  await expect(balance).toHaveText(new RegExp(`\\$${((4000 + cents(paid)) / 100).toFixed(2).replace('.', '\\.')}$`))

  // Under "Cashed out": the bet with its cash-out history.
  await bets.getByRole('link', { name: 'Cashed out' }).click()
  await expect(page).toHaveURL(/\/bets\/cashed_out$/)
  await expect(bets).toHaveAttribute('data-filter', 'cashed_out')
  const moved = bets.locator(`[data-testid="sb-bet"][data-bet="${betId}"]`)
  await expect(moved.getByTestId('sb-bet-status')).toHaveText('Cashed out')
  await expect(moved.getByTestId('sb-bet-payout')).toHaveText(`$${paid}`)
  await expect(moved.getByTestId('sb-bet-cashout')).toContainText(`$${paid} for $10.00 of stake`)
})
