// Paying through the sandbox provider (server/http/sandbox-pay.ts), as the cashier journeys do.
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, gotoHydrated } from './fixtures'

/** Chooses the sandbox card method, types the amount, asks for a new card and submits: the sandbox's hosted page opens. */
/** Opens the deposit page and the form of the first method whose name matches (one method opens at once). */
export async function openDepositForm(page: Page, method: RegExp) {
  await gotoHydrated(page, '/cashier/deposit')
  const form = page.getByTestId('deposit-form')
  const methods = page.getByTestId('cashier-method')
  // One method opens its form at once; several are listed first.
  await expect(form.or(methods.first())).toBeVisible()
  if (!(await form.isVisible())) await methods.filter({ hasText: method }).first().click()
  await expect(form).toBeVisible()
  return form
}

export async function depositWithNewCard(page: Page, amount: string) {
  await openDepositForm(page, /card/i)
  await page.getByTestId('deposit-amount').fill(amount)
  const card = page.getByTestId('requisite-card_number')
  if (await card.isVisible()) await card.selectOption('new')
  await page.getByTestId('deposit-submit').click()
  await page.waitForURL(/\/sandbox\/pay\//)
}

/** Pays on the sandbox's hosted page with a card number, as a player types it. */
export async function payOnSandbox(page: Page, cardNumber: string) {
  await page.locator('[name="card_number"]').fill(cardNumber)
  await page.locator('[name="card_holder"]').fill('TEST PLAYER')
  await page.locator('[name="card_expiry"]').fill('12/30')
  await page.locator('button[name="outcome"][value="card"]').click()
}

/** Picks an outcome on the sandbox's page, as a tester does. */
export async function chooseOutcome(page: Page, outcome: 'success' | 'pending' | 'fail' | 'cancel') {
  await page.locator(`button[name="outcome"][value="${outcome}"]`).click()
}

/**
 * A deposit made through the API and settled on the sandbox's page, for journeys that need many
 * transactions (history paging) without typing each one. Returns the transaction id.
 */
export async function depositThroughApi(request: APIRequestContext, baseURL: string, amount: string, outcome: 'success' | 'fail' = 'success'): Promise<string> {
  const info = await request.get('/api/cashier/getdepositinfo')
  expect(info.status(), await info.text()).toBe(200)
  const card = ((await info.json()).data.methods as { id: number; sysname: string }[]).find((m) => m.sysname === 'card')!
  const balance = (await (await request.get('/api/account/getBalance')).json()).data
  const made = await request.post('/api/cashier/makedeposit', {
    form: {
      method_id: String(card.id),
      method: 'card',
      amount,
      currency: balance.balance_main.currency,
      campaign_offer_id: '-1',
      requisites: JSON.stringify({ card_number: 'new' }),
      idempotency_key: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
    },
    headers: { origin: baseURL },
  })
  expect(made.status(), await made.text()).toBe(200)
  const id = (await made.json()).data.transaction_id as string
  const paid = await request.post(`/sandbox/pay/${id}`, { form: { outcome }, headers: { origin: baseURL }, maxRedirects: 0 })
  expect(paid.status(), await paid.text()).toBe(303)
  return id
}
