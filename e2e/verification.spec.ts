// Identity verification as a player goes through it: a withdrawal above the KYC threshold sends
// them to /profile/verification; the provider needs their details first (the fill-profile prompt
// and back); the sandbox provider's SDK takes a document (a text file refused), its reviewer asks
// for it again, then approves through the signed webhook; the same withdrawal then goes through.
import type { Page } from '@playwright/test'
import { operatorCall, registerLoggedInPlayer } from './accounts'
import { expect, gotoHydrated, seriousA11yViolations, test } from './fixtures'
import { openDepositForm, payOnSandbox } from './sandbox-pay'

// A 1×1 PNG, the smallest image the provider's check accepts.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

async function askWithdrawal(page: Page, amount: string) {
  await gotoHydrated(page, '/cashier/withdraw')
  const form = page.getByTestId('withdraw-form')
  const methods = page.getByTestId('cashier-method')
  await expect(form.or(methods.first())).toBeVisible()
  if (!(await form.isVisible())) await methods.filter({ hasText: /card/i }).first().click()
  await page.getByTestId('withdraw-amount').fill(amount)
  await page.getByTestId('withdraw-submit').click()
}

test('a player verifies their identity through the sandbox provider, then withdraws above the KYC threshold', async ({ page, baseURL }, testInfo) => {
  test.slow()
  const { email } = await registerLoggedInPlayer(page.request, baseURL!, `kyc-${testInfo.project.name}`)
  // The card the payout goes back to is the one charged here.
  await openDepositForm(page, /card/i)
  await page.getByTestId('deposit-limit-offer-skip').click()
  await page.getByTestId('deposit-amount').fill('700')
  const card = page.getByTestId('requisite-card_number')
  if (await card.isVisible()) await card.selectOption('new')
  await page.getByTestId('deposit-submit').click()
  await page.waitForURL(/\/sandbox\/pay\//)
  await payOnSandbox(page, '4242 4242 4242 4242')
  await page.waitForURL(/\/cashier\/paysuccess\//)
  await operatorCall(page.request, 'confirmPlayerEmail', { login: email })

  await askWithdrawal(page, '600')
  await expect(page.getByTestId('withdraw-alert')).toHaveAttribute('data-message', 'kycRequired')
  // The identity-verification popup (SPEC §2.4) leads to the check.
  await page.getByTestId('identity-verification').getByTestId('identity-verification-go').click()
  await page.waitForURL(/\/profile\/verification$/)
  const section = page.getByTestId('verification')
  await expect(section).toHaveAttribute('data-status', 'none')

  // The provider checks documents against the profile: the details first, then back here.
  await section.getByTestId('verification-start').click()
  await expect(section.getByTestId('verification-fill-profile')).toBeVisible()
  await section.getByTestId('verification-fill-profile-go').click()
  await page.waitForURL(/\/profile\/settings\?/)
  await expect(page.getByTestId('profile-reason')).toBeVisible()
  const details = page.getByTestId('profile-details')
  await details.getByLabel('Country').selectOption('DE')
  await details.getByLabel('First name').fill('Anna')
  await details.getByLabel('Last name').fill('Müller')
  await details.getByLabel(/Date of birth/).fill('05.04.1990')
  await details.getByTestId('profile-save').click()
  await page.waitForURL(/\/profile\/verification$/)

  // The SDK in its frame: a text file is refused, a photo is taken and sent for review.
  await section.getByTestId('verification-start').click()
  const sdk = page.frameLocator('[data-testid="verification-sdk"]')
  await sdk.getByTestId('kyc-doc-type').selectOption('passport')
  await sdk.getByTestId('kyc-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') })
  await sdk.getByTestId('kyc-upload').click()
  await expect(sdk.getByTestId('kyc-error')).toBeVisible()
  await sdk.getByTestId('kyc-file').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG })
  await sdk.getByTestId('kyc-upload').click()
  await expect(sdk.getByTestId('kyc-uploaded')).toHaveCount(1)
  await page.screenshot({ path: testInfo.outputPath('verification-sdk.png'), fullPage: true })
  await sdk.getByTestId('kyc-submit').click()
  await expect(section).toHaveAttribute('data-status', 'pending')
  await expect(section.getByTestId('verification-pending')).toBeVisible()

  // The reviewer asks for the document again: the page says why and offers a new upload.
  await sdk.getByTestId('kyc-review-resubmit').click()
  await expect(section.getByTestId('verification-resubmit')).toBeVisible()
  await expect(section).toHaveAttribute('data-status', 'resubmit')
  await page.screenshot({ path: testInfo.outputPath('verification-resubmit.png'), fullPage: true })
  await section.getByTestId('verification-restart').click()
  await sdk.getByTestId('kyc-doc-type').selectOption('id_card')
  await sdk.getByTestId('kyc-file').setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: PNG })
  await sdk.getByTestId('kyc-upload').click()
  await sdk.getByTestId('kyc-submit').click()
  await expect(section).toHaveAttribute('data-status', 'pending')
  await sdk.getByTestId('kyc-review-approve').click()
  await expect(section.getByTestId('verification-approved')).toBeVisible()
  await expect(section.getByTestId('verification-sdk')).toHaveCount(0)
  expect(await seriousA11yViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('verification-approved.png'), fullPage: true })

  // Still verified after a reload, and the withdrawal the check held back now goes through.
  await page.reload()
  await expect(page.getByTestId('verification-approved')).toBeVisible()
  await askWithdrawal(page, '600')
  await expect(page.getByTestId('withdraw-requested')).toBeVisible()
})
