import type { Page } from '@playwright/test'
import { registerLoggedInPlayer } from './accounts'
import { expect, expectReload, gotoHydrated, seriousA11yViolations, test } from './fixtures'

// SPEC §2.3 restore: a link by mail, a new password, a login with it. A fresh player each time,
// so the demo players' passwords stay as other journeys expect them.
const NEW_PASSWORD = 'N3w-Secret-77'

async function openRestore(page: Page) {
  await gotoHydrated(page, '/')
  await page.getByRole('link', { name: 'Log in' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Log in' })
  await dialog.getByRole('button', { name: 'Forgot your password?' }).click()
  return page.getByRole('dialog', { name: 'Reset your password' })
}

/** The newest recovery link mailed to `email`, read from the development mailbox. */
async function linkFromMailbox(page: Page, email: string): Promise<string> {
  await page.goto('/dev/mailbox')
  const mail = page.locator('article', { hasText: email }).first()
  await expect(mail).toBeVisible()
  const href = await mail.locator('a[href*="#reset_token="]').first().getAttribute('href')
  expect(href).toBeTruthy()
  return href!
}

test.describe('password recovery', () => {
  test('a player asks for a link in the popup, follows it from the mail and logs in with the new password', async ({ page, request, baseURL }) => {
    // Popup, mailbox, reset page and a login with argon2id hashing twice: a long journey.
    test.slow()
    const player = await registerLoggedInPlayer(request, baseURL!, 'reset')
    const restore = await openRestore(page)
    expect(await seriousA11yViolations(page)).toEqual([])
    await restore.getByLabel('E-mail, phone or login').fill(player.email)
    await restore.getByRole('button', { name: 'Send the link' }).click()
    await expect(restore.getByTestId('restore-sent')).toContainText(player.email)

    const link = await linkFromMailbox(page, player.email)
    await page.goto(link)
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    const reset = page.getByRole('dialog', { name: 'Set a new password' })
    await expect(reset).toBeVisible()
    // The token is read once and leaves the address bar.
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('')
    expect(await seriousA11yViolations(page)).toEqual([])

    // SPEC §5 on the client, then the server's 'common' list.
    await reset.getByLabel('New password', { exact: true }).fill('abc')
    await reset.getByRole('button', { name: 'Save the new password' }).click()
    await expect(reset.getByLabel('New password', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expect(reset.getByLabel('New password', { exact: true })).toBeFocused()
    await reset.getByLabel('New password', { exact: true }).fill('password1')
    await reset.getByLabel('Repeat the new password').fill('password1')
    await reset.getByRole('button', { name: 'Save the new password' }).click()
    await expect(reset.getByText('This password is too easy to guess', { exact: false })).toBeVisible()

    await reset.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await reset.getByLabel('Repeat the new password').fill(NEW_PASSWORD)
    await reset.getByRole('button', { name: 'Save the new password' }).click()
    const done = page.getByRole('dialog', { name: 'Password changed' })
    await expect(done.getByTestId('reset-done')).toBeVisible()
    await done.getByRole('button', { name: 'Log in' }).click()

    const login = page.getByRole('dialog', { name: 'Log in' })
    await login.getByLabel('E-mail or phone').fill(player.email)
    await login.getByLabel('Password').fill(NEW_PASSWORD)
    // A login lands on the player's page with a full load: wait for it, so nothing below races it.
    await expectReload(page, () => login.getByRole('button', { name: 'Log in' }).click())
    await expect(page.getByRole('button', { name: 'Account menu' }).first()).toBeVisible()

    // The old password is gone, and the link works once: followed again from the mail, it opens
    // a new page (from this one it would only change the address's #, racing the page's own cleanup).
    const old = await request.post('/api/auth/login', { form: { login: player.email, password: player.password }, headers: { origin: baseURL! } })
    expect(old.status()).toBe(401)
    await page.goto('about:blank')
    await gotoHydrated(page, link)
    const again = page.getByRole('dialog', { name: 'Set a new password' })
    await again.getByLabel('New password', { exact: true }).fill('An0ther-Pass')
    await again.getByLabel('Repeat the new password').fill('An0ther-Pass')
    await again.getByRole('button', { name: 'Save the new password' }).click()
    await expect(again.getByTestId('reset-token-problem')).toHaveAttribute('data-problem', 'invalid')
  })

  test('an invalid link says so and offers a new one', async ({ page }) => {
    await page.goto('/#reset_token=not-a-token')
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    const reset = page.getByRole('dialog', { name: 'Set a new password' })
    await expect(reset.getByTestId('reset-token-problem')).toHaveAttribute('data-problem', 'invalid')
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('')
    await reset.getByRole('button', { name: 'Get a new link' }).click()
    await expect(page.getByRole('dialog', { name: 'Reset your password' }).getByLabel('E-mail, phone or login')).toBeVisible()
  })

  test('an unknown address gets the same answer as a known one', async ({ page }) => {
    const restore = await openRestore(page)
    await restore.getByLabel('E-mail, phone or login').fill('nobody-here@example.com')
    await restore.getByRole('button', { name: 'Send the link' }).click()
    await expect(restore.getByTestId('restore-sent')).toContainText('nobody-here@example.com')
    await restore.getByRole('button', { name: 'Back to log in' }).click()
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible()
  })
})
