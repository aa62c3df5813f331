// The deposit amount as a Spanish player types it (SPEC §5 'Sum': whole amounts). In es the comma
// is the decimal sign: "10,5" is ten and a half, refused with the rule and an example, and the
// cashier stays on screen; "1.000" is a thousand and is paid as a thousand.
import { registerLoggedInPlayer } from './accounts'
import { expect, gotoHydrated, test } from './fixtures'
import { payOnSandbox } from './sandbox-pay'

const RULE_ES = 'Escribe una cantidad entera sin decimales, como 1.000'

test('in es, "10,5" and hostile text are refused with the rule; "1.000" deposits a thousand', async ({ page, baseURL }) => {
  await registerLoggedInPlayer(page.request, baseURL!, 'cashier-amount')
  await gotoHydrated(page, '/es/cashier/deposit')
  const form = page.getByTestId('deposit-form')
  const methods = page.getByTestId('cashier-method')
  await expect(form.or(methods.first())).toBeVisible()
  if (!(await form.isVisible())) await methods.filter({ hasText: /card/i }).first().click()
  await expect(form).toBeVisible()
  const card = page.getByTestId('requisite-card_number')
  if (await card.isVisible()) await card.selectOption('new')

  const amount = page.getByTestId('deposit-amount')
  const refused = async (value: string) => {
    await amount.fill(value)
    await page.getByTestId('deposit-submit').click()
    await expect(amount).toHaveAttribute('aria-invalid', 'true')
    await expect(form).toContainText(RULE_ES)
    // Shown as typed, on the cashier, which never turns into a "not found" page.
    await expect(amount).toHaveValue(value)
    await expect(page).toHaveURL(/\/es\/cashier\/deposit$/)
    await expect(page.getByTestId('system-page')).toHaveCount(0)
  }
  await refused('10,5')
  await refused('abc')
  await refused('1e3')
  await refused('<script>')

  await amount.fill('1.000')
  await expect(page.getByTestId('deposit-submit')).toContainText('1.000')
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().includes('/api/cashier/makedeposit') && r.method() === 'POST'),
    page.getByTestId('deposit-submit').click(),
  ])
  expect(new URLSearchParams(request.postData() ?? '').get('amount')).toBe('1000')
  await page.waitForURL(/\/sandbox\/pay\//)
  await payOnSandbox(page, '4242 4242 4242 4242')
  await page.waitForURL(/\/es\/cashier\/paysuccess\/[A-Za-z0-9_-]+$/)
  // es writes a thousand dollars "1.000,00 US$".
  await expect(page.getByTestId('transaction-amount')).toContainText('1.000,00')
})
