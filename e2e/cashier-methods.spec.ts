// Cashier journeys per payment method and per provider outcome: the new window and the
// mobile hand-off of the sandbox provider (server/http/sandbox-pay.ts), the e-wallet, bank transfer
// and bitcoin methods, a saved card, and a deposit offer. Each ends on its result page with the
// balance the ledger says, as a player would see it in chromium.
import type { Browser, Locator, Page } from '@playwright/test'
import { registerLoggedInPlayer } from './accounts'
import { scanQr } from './qr'
import { expect, gotoHydrated, test } from './fixtures'

const TX = '[A-Za-z0-9_-]+'

/** The deposit form of one method (deposit/{sysname} preselects it) with the amount typed. */
async function openMethod(page: Page, sysname: string, amount: string) {
  await gotoHydrated(page, `/cashier/deposit/${sysname}`)
  await expect(page.getByTestId('deposit-method')).toHaveAttribute('data-sysname', sysname)
  await page.getByTestId('deposit-amount').fill(amount)
}

async function newCardToHostedPage(page: Page, amount: string) {
  await openMethod(page, 'card', amount)
  // With no saved card there is no choice to make: the number is asked for on the provider's page.
  const card = page.getByTestId('requisite-card_number')
  if (await card.isVisible()) await card.selectOption('new')
  await page.getByTestId('deposit-submit').click()
  await page.waitForURL(/\/sandbox\/pay\//)
}

/** Waits for the result page to show a settled transaction with `status`, and the cashier's balance. */
async function expectSettled(page: Page, path: string, status: string, balance: string) {
  await page.waitForURL(new RegExp(`/cashier/${path}/${TX}$`))
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-view', 'settled')
  await expect(page.getByTestId('transaction-details')).toHaveAttribute('data-status', status)
  await expect(page.getByTestId('cashier-balance-total')).toContainText(balance)
}


/** Opens the hand-off's link as the player's phone would: another browser, no session of the site. */
async function confirmOnPhone(browser: Browser, baseURL: string, link: string, decision: 'Confirm' | 'Decline') {
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true })
  try {
    const app = await phone.newPage()
    await app.goto(new URL(link, baseURL).toString())
    await app.getByRole('button', { name: decision }).click()
    await expect(app.getByTestId('sandbox-phone-done')).toHaveAttribute('data-status', decision === 'Confirm' ? 'success' : 'failed')
  } finally {
    await phone.close()
  }
}

test.describe('provider outcomes', () => {
  // A settled payment reaches the waiting page at its next poll (3 s), after a second browser's round trip.
  test('new window: the cashier waits on paynewwindow while the provider page in the window pays, then paysuccess', async ({ page, baseURL }) => {
    await registerLoggedInPlayer(page.request, baseURL!, 'pay-newwindow')
    await newCardToHostedPage(page, '40')
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.locator('button[name="outcome"][value="newwindow"]').click()])
    await page.waitForURL(new RegExp(`/cashier/paynewwindow/${TX}$`))
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-view', 'waiting')
    await expect(page.getByTestId('payment-open-window')).toBeVisible()
    await expect(page.getByTestId('cashier-balance-total')).toContainText('0.00')
    await popup.waitForURL(/\/sandbox\/pay\/.+\?window=1$/)
    await popup.locator('button[name="outcome"][value="success"]').click()
    await expect(popup.getByTestId('sandbox-window-done')).toHaveAttribute('data-status', 'success')
    await expectSettled(page, 'paysuccess', 'success', '40.00')
  })

  test('mobile hand-off: paymobile shows the link, the phone confirms, the cashier moves on to paysuccess', { tag: '@phone' }, async ({ page, browser, baseURL }) => {
    await registerLoggedInPlayer(page.request, baseURL!, 'pay-mobile')
    await newCardToHostedPage(page, '30')
    await page.locator('button[name="outcome"][value="mobile"]').click()
    await page.waitForURL(new RegExp(`/cashier/paymobile/${TX}$`))
    const handOff = page.getByTestId('payment-handoff')
    await expect(handOff).toBeVisible()
    const link = await page.getByTestId('payment-deep-link').getAttribute('href')
    expect(link).toMatch(/\/sandbox\/phone\/.+\?code=/)
    // On a computer the page shows the link as a QR code to scan with the phone; a phone, which
    // follows the link itself, is not asked to scan its own screen.
    const qr = page.getByRole('img', { name: 'QR code to scan with your phone' })
    if (test.info().project.name === 'desktop') {
      await expect(qr).toBeVisible()
      expect(await scanQr(qr)).toBe(link)
    } else {
      await expect(qr).toBeHidden()
    }
    // A reload keeps the hand-off: the transaction carries it.
    await page.reload()
    await expect(page.getByTestId('payment-handoff')).toBeVisible()
    await confirmOnPhone(browser, baseURL!, link!, 'Confirm')
    await expectSettled(page, 'paysuccess', 'success', '30.00')
  })
})

test.describe('payment methods', () => {
  test('e-wallet: the fee shown before paying, the wallet opens in a new window, the balance is the amount less the fee', async ({ page, baseURL }) => {
    await registerLoggedInPlayer(page.request, baseURL!, 'pay-ewallet')
    await openMethod(page, 'ewallet', '100')
    await expect(page.getByTestId('payment-fee')).toHaveAttribute('data-fee', '1.50')
    await expect(page.getByTestId('payment-fee')).toHaveAttribute('data-net', '98.50')
    await page.getByTestId('requisite-wallet_email').fill('player@wallet.example')
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('deposit-submit').click()])
    await page.waitForURL(new RegExp(`/cashier/paynewwindow/${TX}$`))
    await popup.waitForURL(/\/sandbox\/pay\/.+\?window=1$/)
    await expect(popup.locator('body')).toContainText('p***@wallet.example')
    await popup.locator('button[name="outcome"][value="success"]').click()
    await expectSettled(page, 'paysuccess', 'success', '98.50')
    await expect(page.getByTestId('transaction-fee')).toContainText('1.50')
    await expect(page.getByTestId('transaction-net')).toContainText('98.50')
  })

  test('bank transfer: a wrong IBAN is refused with the field error, a right one pays less the fixed fee', { tag: '@phone' }, async ({ page, baseURL }) => {
    await registerLoggedInPlayer(page.request, baseURL!, 'pay-bank')
    await openMethod(page, 'banktransfer', '50')
    const iban = page.getByTestId('requisite-iban')
    await iban.fill('DE89 3704 0044 0532 0130 01')
    await page.getByTestId('deposit-submit').click()
    await expect(iban).toHaveAttribute('aria-invalid', 'true')
    // The refused submit takes the player to the field, below the amount on a phone.
    await expect(iban).toBeFocused()
    await expect(iban).toBeInViewport()
    await expect(page.getByTestId('deposit-form')).toContainText('Wrong iban')
    await expect(page).toHaveURL(/\/cashier\/deposit\/banktransfer$/)
    await iban.fill('DE89 3704 0044 0532 0130 00')
    await expect(page.getByTestId('deposit-form')).not.toContainText('Wrong iban')
    await expect(page.getByTestId('payment-fee')).toHaveAttribute('data-net', '49.00')
    await page.getByTestId('deposit-submit').click()
    await page.waitForURL(/\/sandbox\/pay\//)
    await expect(page.locator('body')).toContainText('DE89 ···· 3000')
    await page.locator('button[name="outcome"][value="success"]').click()
    await expectSettled(page, 'paysuccess', 'success', '49.00')
  })

  test('bitcoin for a dollar player: the BTC amount and an address on paymobile, the wallet app confirms', async ({ page, browser, baseURL }) => {
    await registerLoggedInPlayer(page.request, baseURL!, 'pay-btc')
    await openMethod(page, 'bitcoin', '100')
    await page.getByTestId('deposit-submit').click()
    await page.waitForURL(new RegExp(`/cashier/paymobile/${TX}$`))
    // 100 USD at 0.0000155 BTC per USD.
    await expect(page.getByTestId('handoff-pay-amount')).toHaveText('0.00155000 BTC')
    await expect(page.getByTestId('handoff-address')).toHaveText(/^bc1q[02-9ac-hj-np-z]{38}$/)
    const link = await page.getByTestId('payment-deep-link').getAttribute('href')
    await confirmOnPhone(browser, baseURL!, link!, 'Confirm')
    await expectSettled(page, 'paysuccess', 'success', '100.00')
  })

  test('saved card: the second deposit offers the masked card and is charged without the number', async ({ page, baseURL }) => {
    await registerLoggedInPlayer(page.request, baseURL!, 'pay-saved')
    await newCardToHostedPage(page, '50')
    await page.locator('[name="card_number"]').fill('4242 4242 4242 4242')
    await page.locator('[name="card_holder"]').fill('TEST PLAYER')
    await page.locator('[name="card_expiry"]').fill('12/30')
    await page.locator('button[name="outcome"][value="card"]').click()
    await expectSettled(page, 'paysuccess', 'success', '50.00')

    await openMethod(page, 'card', '30')
    const card = page.getByTestId('requisite-card_number')
    await expect(card).toHaveValue('424242...4242')
    await expect(card.locator('option:checked')).toContainText('4242')
    const [request] = await Promise.all([page.waitForRequest(/\/api\/cashier\/makedeposit/), page.getByTestId('deposit-submit').click()])
    expect(new URLSearchParams(request.postData() ?? '').get('requisites')).toBe('{"card_number":"424242...4242"}')
    // Charged at once: no hosted page.
    await expectSettled(page, 'paysuccess', 'success', '80.00')
    await expect(page.getByTestId('transaction-details')).toContainText('424242...4242')
  })

  test('a deposit offer is shown, chosen, and its campaign_offer_id reaches the server', async ({ page, baseURL }) => {
    await registerLoggedInPlayer(page.request, baseURL!, 'pay-offer')
    await openMethod(page, 'card', '50')
    const offers = page.getByTestId('deposit-offers')
    await expect(offers).toContainText('100% first deposit bonus')
    // The first-deposit offer excludes bitcoin: switching there drops it.
    await offers.getByRole('radio', { name: /100% first deposit bonus/ }).check()
    const [request] = await Promise.all([page.waitForRequest(/\/api\/cashier\/makedeposit/), page.getByTestId('deposit-submit').click()])
    const offerId = new URLSearchParams(request.postData() ?? '').get('campaign_offer_id')
    expect(Number(offerId)).toBeGreaterThan(0)
    await page.waitForURL(/\/sandbox\/pay\//)
    const id = page.url().split('/').pop()!
    const tx = await (await page.request.get(`/api/cashier/gettransaction?id=${id}`)).json()
    expect(tx.data.campaign_offer_id).toBe(Number(offerId))
    await page.locator('button[name="outcome"][value="success"]').click()
    await expectSettled(page, 'paysuccess', 'success', '50.00')
    // Not a first deposit any more: the welcome offer is gone, the reload offer is there.
    await openMethod(page, 'card', '50')
    await expect(page.getByTestId('deposit-offers')).not.toContainText('100% first deposit bonus')
    await expect(page.getByTestId('deposit-offers')).toContainText('25% reload bonus')
  })
})
