import type { Page } from '@playwright/test'
import { confirmationMail, registerLoggedInPlayer } from './accounts'
import { expect, gotoHydrated, seriousA11yViolations, test } from './fixtures'
import { depositThroughApi } from './sandbox-pay'

// SPEC §2.1 /confirmation and /confirmation/success, §7 sendconfirmationtocontact and
// confirmContact, §8 UserNeedConfirmContact: a new player's withdrawal waits for a confirmed
// e-mail; the mail registration sent confirms it by its link or by its code, and the withdrawal
// then goes through.

/** Asks for 20.00 to an e-wallet on the cashier's withdraw page, as a player does. */
async function requestWithdrawal(page: Page) {
  await gotoHydrated(page, '/cashier/withdraw')
  const form = page.getByTestId('withdraw-form')
  const ewallet = page.getByTestId('cashier-method').and(page.locator('[data-sysname="ewallet"]'))
  await expect(form.or(ewallet)).toBeVisible()
  if (!(await form.isVisible())) await ewallet.click()
  await expect(page.getByTestId('withdraw-method')).toHaveAttribute('data-sysname', 'ewallet')
  await page.getByTestId('withdraw-amount').fill('20')
  await page.getByTestId('requisite-wallet_email').fill('wallet@example.com')
  await page.getByTestId('withdraw-submit').click()
}

test.describe('contact confirmation', () => {
  test('a new player is sent to the confirmation by the refused withdrawal, confirms by the link in the mail, and withdraws', async ({ page, baseURL }) => {
    // Registration, a deposit, two cashier visits, the mailbox and the confirmation: a long journey.
    test.slow()
    const { email } = await registerLoggedInPlayer(page.request, baseURL!, 'confirm-link')
    await depositThroughApi(page.request, baseURL!, '50')

    await requestWithdrawal(page)
    const alert = page.getByTestId('withdraw-alert')
    await expect(alert).toHaveAttribute('data-message', 'confirmContact')
    const confirmLink = alert.getByTestId('withdraw-alert-button')
    await expect(confirmLink).toHaveAttribute('href', /\/confirmation$/)
    // The new player's hint leads to the same page.
    await expect(page.getByTestId('hint-banner').getByRole('link')).toHaveAttribute('href', /\/confirmation$/)
    await confirmLink.click()

    await expect(page).toHaveURL(/\/confirmation$/)
    const confirmation = page.getByTestId('confirmation')
    await expect(confirmation).toHaveAttribute('data-state', 'confirmation.editing')
    await expect(confirmation.getByLabel('E-mail')).toHaveValue(email)
    expect(await seriousA11yViolations(page)).toEqual([])

    // The link opens the page with the code in its fragment: confirmed at once, on to the success page.
    const { link } = await confirmationMail(page.request, email)
    expect(new URL(link).pathname).toBe('/confirmation')
    await page.goto(link)
    await expect(page).toHaveURL(/\/confirmation\/success$/)
    await expect(page.getByTestId('confirmation-success')).toBeVisible()
    expect(await seriousA11yViolations(page)).toEqual([])

    await requestWithdrawal(page)
    await expect(page.getByTestId('withdraw-requested')).toHaveAttribute('data-status', 'success')

    // The link works once: opened again, the page says the address is confirmed already.
    await page.goto('about:blank')
    await page.goto(link)
    await expect(page.getByTestId('confirmation-already')).toBeVisible()
  })

  test('the code typed by hand confirms the e-mail after a wrong one, and the withdrawal goes through', async ({ page, baseURL }) => {
    test.slow()
    const { email } = await registerLoggedInPlayer(page.request, baseURL!, 'confirm-code')
    await gotoHydrated(page, '/confirmation')
    const confirmation = page.getByTestId('confirmation')
    const code = confirmation.getByLabel('Code')
    await expect(confirmation.getByLabel('E-mail')).toHaveValue(email)

    // SPEC §5: six digits, checked before asking; the player is taken to the field.
    await code.fill('123')
    await confirmation.getByTestId('confirmation-submit').click()
    await expect(code).toHaveAttribute('aria-invalid', 'true')
    await expect(code).toBeFocused()

    const mail = await confirmationMail(page.request, email)
    const wrong = mail.code === '000000' ? '000001' : '000000'
    await code.fill(wrong)
    await confirmation.getByTestId('confirmation-submit').click()
    await expect(code).toHaveAttribute('aria-invalid', 'true')
    await expect(code).toBeFocused()
    await expect(confirmation).toHaveAttribute('data-state', 'confirmation.editing')

    // A new code was sent at registration a moment ago: the next one waits for the countdown.
    await confirmation.getByTestId('confirmation-send').click()
    await expect(confirmation.getByTestId('confirmation-send')).toBeDisabled()

    await code.fill(mail.code)
    await confirmation.getByTestId('confirmation-submit').click()
    await expect(page).toHaveURL(/\/confirmation\/success$/)

    const profile = await (await page.request.get('/api/account/getprofileinfo?fields=contacts')).json()
    expect(profile.data.contacts).toContainEqual(expect.objectContaining({ type: 'email', contact: email, is_confirmed: true }))
    await depositThroughApi(page.request, baseURL!, '30')
    await requestWithdrawal(page)
    await expect(page.getByTestId('withdraw-requested')).toHaveAttribute('data-status', 'success')
  })

  test('a visitor confirms with the link on another device, with no session', async ({ browser, page, baseURL }) => {
    const { email } = await registerLoggedInPlayer(page.request, baseURL!, 'confirm-visitor')
    const { link } = await confirmationMail(page.request, email)
    const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined })
    try {
      const visitor = await other.newPage()
      await visitor.goto(link)
      await expect(visitor).toHaveURL(/\/confirmation\/success$/)
      // The code left the address bar and the history.
      expect(new URL(visitor.url()).hash).toBe('')
    } finally {
      await other.close()
    }
    const profile = await (await page.request.get('/api/account/getprofileinfo?fields=contacts')).json()
    expect(profile.data.contacts).toContainEqual(expect.objectContaining({ contact: email, is_confirmed: true }))
  })
})
