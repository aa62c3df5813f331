// Cashier journeys: deposits through the sandbox provider's hosted page
// (/sandbox/pay/{id}, server/http/sandbox-pay.ts), each landing on its result page with the
// right balance.
import { registerLoggedInPlayer } from './accounts'
import { expect, gotoHydrated, test, HYDRATION_TIMEOUT } from './fixtures'
import { chooseOutcome, depositWithNewCard, payOnSandbox } from './sandbox-pay'

test.describe('cashier routes', () => {
  test('/cashier and /cashier/billing open the deposit page @phone', async ({ page, baseURL }) => {
    await registerLoggedInPlayer(page.request, baseURL!, 'cashier-routes')
    await page.goto('/cashier')
    await expect(page).toHaveURL(/\/cashier\/deposit$/)
    await page.goto('/cashier/billing')
    await expect(page).toHaveURL(/\/cashier\/deposit$/)
    await expect(page.getByTestId('deposit')).toBeVisible()
  })
})

test.describe('deposit with the sandbox provider', () => {
  test('the test card 4242 4242 4242 4242 pays: paysuccess with the transaction and the new balance @phone', async ({ page, baseURL }) => {
    await registerLoggedInPlayer(page.request, baseURL!, 'cashier-pay')
    await depositWithNewCard(page, '50')
    await payOnSandbox(page, '4242 4242 4242 4242')
    await page.waitForURL(/\/cashier\/paysuccess\/[A-Za-z0-9_-]+$/)
    const result = page.getByTestId('payment-result')
    await expect(result).toHaveAttribute('data-view', 'settled')
    await expect(page.getByTestId('payment-result-title')).toHaveText('Payment successful')
    await expect(page.getByTestId('transaction-amount')).toContainText('50.00')
    await expect(page.getByTestId('transaction-details')).toHaveAttribute('data-status', 'success')
    // The cashier's balance read after the payment: the new player's 0 + 50.
    await expect(page.getByTestId('cashier-balance-total')).toContainText('50.00')
    await expect(page.getByTestId('payment-result-button')).toHaveAttribute('href', /\/gamehall$/)

    // The deposit is in the history, and its receipt opens from there.
    await gotoHydrated(page, '/cashier/history')
    const row = page.getByTestId('history-row').first()
    await expect(row).toHaveAttribute('data-type', 'deposit')
    await expect(row).toContainText('+')
    await row.getByRole('link').click()
    await expect(page).toHaveURL(/\/cashier\/receipt\?id=/)
    await expect(page.getByTestId('transaction-details')).toHaveAttribute('data-status', 'success')
  })

  test('the declined card 4000 0000 0000 0002 ends on payfail, with no money taken', async ({ page, baseURL }) => {
    await registerLoggedInPlayer(page.request, baseURL!, 'cashier-decline')
    await depositWithNewCard(page, '50')
    await payOnSandbox(page, '4000 0000 0000 0002')
    await page.waitForURL(/\/cashier\/payfail\/[A-Za-z0-9_-]+$/)
    await expect(page.getByTestId('payment-result-title')).toHaveText('Payment failed')
    await expect(page.getByTestId('transaction-details')).toHaveAttribute('data-status', 'failed')
    await expect(page.getByTestId('payment-result-button')).toHaveAttribute('href', /\/cashier\/deposit$/)
    await expect(page.getByTestId('cashier-balance-total')).toContainText('0.00')
  })

  test('pending, then settled by the provider\'s signed notice: the pending page turns into success', async ({ page, context, baseURL }) => {
    // A new player, the hosted page, a second tab for the provider and the page's 3-second polling:
    // close to the 30-second budget on a loaded 2-core CI machine, where it once ran out.
    test.slow()
    await registerLoggedInPlayer(page.request, baseURL!, 'cashier-pending')
    await depositWithNewCard(page, '20')
    const hosted = page.url()
    await chooseOutcome(page, 'pending')
    await page.waitForURL(/\/cashier\/paypending\/[A-Za-z0-9_-]+$/)
    await expect(page.getByTestId('payment-result')).toBeVisible()
    await expect(page.getByTestId('cashier-balance-total')).toContainText('0.00')
    // A new player without a deposit sees the registration hint (SPEC §4 'Hints').
    await expect(page.getByTestId('hint-banner')).toHaveAttribute('data-hint', 'registration')
    // The provider's webhook arrives (sent from the sandbox's page in another tab).
    const provider = await context.newPage()
    await provider.goto(hosted)
    await provider.locator('button[name="status"][value="success"]').click()
    // The notice leads that tab to the cashier's result page: let it load before closing it (a tab
    // closed while the site's page was still starting up once hung Playwright's close).
    await provider.waitForURL(/\/cashier\/paysuccess\/[A-Za-z0-9_-]+$/)
    await expect(provider.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: HYDRATION_TIMEOUT })
    await provider.close()
    // The pending page polls the transaction and moves on by itself.
    await page.waitForURL(/\/cashier\/paysuccess\/[A-Za-z0-9_-]+$/)
    await expect(page.getByTestId('transaction-details')).toHaveAttribute('data-status', 'success')
    await expect(page.getByTestId('cashier-balance-total')).toContainText('20.00')
    // The first deposit landed: that hint goes without a reload (the confirm-contacts hint may follow).
    await expect(page.locator('[data-testid="hint-banner"][data-hint="registration"]')).toHaveCount(0)
  })

  for (const [outcome, path, status] of [
    ['fail', 'payfail', 'failed'],
    ['cancel', 'paycancel', 'cancelled'],
  ] as const) {
    test(`the outcome "${outcome}" lands on ${path} and takes no money`, async ({ page, baseURL }) => {
      await registerLoggedInPlayer(page.request, baseURL!, `cashier-${outcome}`)
      await depositWithNewCard(page, '15')
      await chooseOutcome(page, outcome)
      await page.waitForURL(new RegExp(`/cashier/${path}/[A-Za-z0-9_-]+$`))
      await expect(page.getByTestId('transaction-details')).toHaveAttribute('data-status', status)
      await expect(page.getByTestId('cashier-balance-total')).toContainText('0.00')
    })
  }
})
