// The cashier on a phone and on a desktop: a withdrawal to a card the player never deposited with
// (the number typed into the sandbox provider's card fields, never sent to our API), and the
// layout promises of the phone: every cashier tab in reach, the Deposit button in the first screen.
import type { Page } from '@playwright/test'
import { registerLoggedInPlayer } from './accounts'
import { expect, gotoHydrated, test } from './fixtures'
import { depositThroughApi } from './sandbox-pay'

const OPERATOR_TOKEN = process.env.OPERATOR_TOKEN ?? 'e2e-operator-token-0123456789abcdef'
const PAN = '4242424242424242'

/** A new USD player with 200.00 paid in (no saved card) and a confirmed e-mail, logged in. */
async function withdrawer(page: Page, baseURL: string) {
  const { email } = await registerLoggedInPlayer(page.request, baseURL, 'new-card')
  await depositThroughApi(page.request, baseURL, '200')
  const confirmed = await page.request.post('/api/operator/confirmPlayerEmail', { form: { login: email }, headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })
  expect(confirmed.ok(), await confirmed.text()).toBe(true)
}

/** The bottom of the part of the first screen nothing fixed covers (the phone's bottom bar). */
async function clearBottom(page: Page): Promise<number> {
  const height = page.viewportSize()!.height
  const bar = page.locator('[data-bottom-bar]')
  if (!(await bar.count()) || !(await bar.isVisible())) return height
  return (await bar.boundingBox())!.y
}

test.describe('withdrawal to a new card', () => {
  test('the card number is checked, sent to the provider only, and the payout lands with the masked card', async ({ page, baseURL }, testInfo) => {
    test.slow()
    await withdrawer(page, baseURL!)
    const ours: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) ours.push(`${request.url()} ${request.postData() ?? ''}`)
    })

    await gotoHydrated(page, '/cashier/withdraw')
    await page.getByTestId('cashier-method').and(page.locator('[data-sysname="card"]')).click()
    const number = page.getByTestId('withdraw-card-number')
    // No saved card: the number field, not a select with one dead choice.
    await expect(number).toBeVisible()
    await expect(page.getByTestId('requisite-card_number')).toHaveCount(0)
    await page.getByTestId('withdraw-amount').fill('40')

    await page.getByTestId('withdraw-submit').click()
    await expect(number).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByTestId('withdraw-form')).toContainText('Field is required')
    await number.fill('4242 4242 4242 4241')
    await page.getByTestId('withdraw-submit').click()
    await expect(number).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByTestId('withdraw-form')).toContainText('Field Card number')

    await number.fill('4242 4242 4242 4242')
    await expect(number).toHaveValue('4242 4242 4242 4242')
    const [vault] = await Promise.all([page.waitForRequest('**/sandbox/cards'), page.getByTestId('withdraw-submit').click()])
    expect(new URLSearchParams(vault.postData() ?? '').get('card_number')).toBe(PAN)
    const requested = page.getByTestId('withdraw-requested')
    await expect(requested).toHaveAttribute('data-status', 'success')
    await expect(requested).toContainText('$40.00')
    await expect(requested).toContainText('424242...4242')
    await expect(page.getByTestId('withdrawable')).toContainText('$160.00')
    // Paid out at once: nothing left pending.
    await expect(page.getByTestId('withdraw-pending')).toHaveCount(0)
    await expect(page.getByTestId('cashier-balance-total')).toContainText('160.00')
    await page.screenshot({ path: testInfo.outputPath('cardlayout-withdrawn.png') })

    // The next withdrawal offers the card as saved.
    await page.getByRole('button', { name: 'New withdrawal' }).click()
    await expect(page.getByTestId('requisite-card_number')).toHaveValue('424242...4242')
    await expect(number).toHaveCount(0)

    // Not one digit of the number reached our API.
    expect(ours.length).toBeGreaterThan(0)
    for (const call of ours) expect(call).not.toMatch(/4242424242424242|4242(\+|%20| )4242/)
  })
})

test.describe("the cashier's first screen", () => {
  test('every cashier tab is in reach and the active one in sight, in every locale', async ({ page, baseURL }, testInfo) => {
    await registerLoggedInPlayer(page.request, baseURL!, 'tabs')
    for (const path of ['/cashier/history', '/de/cashier/history', '/es/cashier/withdraw', '/pt/cashier/wallet']) {
      await gotoHydrated(page, path)
      const nav = page.getByTestId('cashier').getByRole('navigation')
      const tabs = nav.getByRole('link')
      await expect(tabs).toHaveCount(4)
      for (let i = 0; i < 4; i++) await expect(tabs.nth(i), `${path} tab ${i}`).toBeInViewport({ ratio: 1 })
      await expect(nav.locator('[aria-current=page]')).toBeInViewport({ ratio: 1 })
      // Nothing sticks out sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(page.viewportSize()!.width)
    }
    await page.screenshot({ path: testInfo.outputPath('cardlayout-tabs.png') })
  })

  test("a new player's Deposit button is in the first screen, with the deposit-limit offer folded under it", async ({ page, baseURL }, testInfo) => {
    // A player who never deposited (the demo players' balances are seeded deposits): the first deposit's offers.
    await registerLoggedInPlayer(page.request, baseURL!, 'first-screen')
    await gotoHydrated(page, '/cashier/deposit/card')
    const submit = page.getByTestId('deposit-submit')
    await expect(submit).toBeVisible()
    // A first deposit: the welcome offer is in sight, and the deposit limit is offered.
    await expect(page.getByTestId('deposit-offers')).toContainText('100% first deposit bonus')
    await expect(page.getByTestId('deposit-offers')).toContainText('Up to $500')
    const offer = page.getByTestId('deposit-limit-offer')
    await expect(offer).toHaveAttribute('data-state', 'deposit-limit-offer.offered')
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    const box = (await submit.boundingBox())!
    expect(box.y + box.height, 'the Deposit button is above the fold and the bottom bar').toBeLessThanOrEqual(await clearBottom(page))
    // The offer is a line below the button, folded, and unfolds from the keyboard.
    expect((await offer.boundingBox())!.y).toBeGreaterThan(box.y)
    await expect(page.getByTestId('deposit-limit-offer-period')).toBeHidden()
    await page.getByTestId('deposit-limit-offer-toggle').focus()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('deposit-limit-offer-period')).toBeVisible()
    await expect(offer.getByRole('combobox', { name: 'Period' })).toBeVisible()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('deposit-limit-offer-period')).toBeHidden()
    await page.screenshot({ path: testInfo.outputPath('cardlayout-deposit.png') })
  })
})
