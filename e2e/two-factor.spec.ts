// Controls of the security section are found by test id: its strings join the catalogs when the
// integrator extracts them, and until then a production build shows their message ids.
//
// Two-factor set-up as a player does it (SPEC §1 profile security, §5 'Numeric code', §7
// changeTwoFactorAuth / confirmTwoFactorAuth): a fresh account turns it on in /profile/security
// with the secret the page shows, then logs in with a TOTP code computed here (RFC 6238, the
// server's own implementation) and with a recovery code, which works once; then turns it off.
import type { Page } from '@playwright/test'
import { base32Decode, totp } from '../server/domain/auth/totp'
import { logOutInPage, PASSWORD, registerPlayer, submitLogin } from './accounts'
import { expect, expectReload, gotoHydrated, seriousA11yViolations, test } from './fixtures'
import { LONG_TEST_TIMEOUT } from './budgets'
import { scanQr } from './qr'

const STEP_MS = 30_000

async function enterCode(page: Page, code: string) {
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByTestId('twofa-form')).toBeVisible()
  await dialog.getByLabel('Code').fill(code)
  await dialog.getByRole('button', { name: 'Confirm' }).click()
}

/** A code that finishes the login: the page reloads into the player's locale (SPEC §2.3). */
async function enterCodeAndLand(page: Page, code: string) {
  await expectReload(page, () => enterCode(page, code))
}

/** Logged in: the page has reloaded into the player's locale (SPEC §2.3) and shows the profile link. */
async function loggedIn(page: Page) {
  await expect(page.getByRole('button', { name: 'Account menu' }).first()).toBeVisible()
}

test('a player turns two-factor on, logs in with a TOTP code, a recovery code works once, and turns it off', async ({ page, context, baseURL, errors }, testInfo) => {
  test.setTimeout(LONG_TEST_TIMEOUT)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const login = await registerPlayer(page.request, baseURL!, `twofa-${testInfo.project.name}`)

  await submitLogin(page, login, PASSWORD, { lands: true })
  await loggedIn(page)
  await gotoHydrated(page, '/profile/security')
  const section = page.getByTestId('twofa-setup')
  await expect(section.getByTestId('twofa-status')).toHaveAttribute('data-enabled', 'false')

  // Enable asks for the password again.
  await section.getByTestId('twofa-enable').click()
  await section.locator('input[name=password]').fill('not-my-password')
  await section.getByTestId('twofa-continue').click()
  await expect(section.getByTestId('twofa-setup-alert')).toHaveAttribute('data-message-id', 'wrongPassword')
  await section.locator('input[name=password]').fill(PASSWORD)
  await section.getByTestId('twofa-continue').click()

  // The secret, grouped in fours, and the otpauth link an authenticator app takes.
  const shown = (await section.getByTestId('twofa-secret').textContent()) ?? ''
  expect(shown).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/)
  const secret = shown.replace(/\s/g, '')
  await expect(section.getByTestId('twofa-otpauth')).toHaveAttribute('href', new RegExp(`^otpauth://totp/.+\\?secret=${secret}&issuer=Royal\\+Ace`))
  // The QR code beside it carries the same link, as the app's camera reads it.
  expect(await scanQr(section.getByTestId('twofa-qr'))).toBe(await section.getByTestId('twofa-otpauth').getAttribute('href'))
  expect(await seriousA11yViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('security-secret.png'), fullPage: true })

  // SPEC §5: 6 digits, refused before anything is sent.
  await section.locator('input[name=code]').fill('12a')
  await section.getByTestId('twofa-turn-on').click()
  await expect(section.locator('input[name=code]')).toHaveAttribute('aria-invalid', 'true')
  const confirmedAt = Date.now()
  await section.locator('input[name=code]').fill(totp(base32Decode(secret), confirmedAt))
  await section.getByTestId('twofa-turn-on').click()

  // The recovery codes, shown once, with a copy button.
  const list = section.getByTestId('twofa-recovery-codes').getByRole('listitem')
  await expect(list).toHaveCount(10)
  const codes = await list.allTextContents()
  await expect(section.getByTestId('twofa-status')).toHaveAttribute('data-enabled', 'true')
  await section.getByTestId('twofa-copy').click()
  await expect(section.getByTestId('twofa-copy')).toHaveAttribute('data-copied', 'true')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'))
  await page.screenshot({ path: testInfo.outputPath('security-codes.png'), fullPage: true })
  await section.getByTestId('twofa-codes-done').click()
  await expect(section.getByTestId('twofa-disable')).toBeVisible()
  await expect(section.getByTestId('twofa-recovery-codes')).toHaveCount(0)

  // Logged out and in again: the twofa step, then a TOTP code. The confirming code's step is used
  // up, so the code is the next step's (the server accepts one step of clock drift either way).
  await logOutInPage(page)
  await submitLogin(page, login)
  await enterCodeAndLand(page, totp(base32Decode(secret), confirmedAt + STEP_MS))
  await loggedIn(page)

  // A recovery code logs in once.
  await logOutInPage(page)
  await submitLogin(page, login)
  await enterCodeAndLand(page, codes[0]!)
  await loggedIn(page)
  await logOutInPage(page)
  await submitLogin(page, login)
  await enterCode(page, codes[0]!)
  await expect(page.getByRole('dialog').getByTestId('login-alert')).toHaveAttribute('data-message-id', 'twoFactorInvalid')
  await enterCodeAndLand(page, codes[1]!)
  await loggedIn(page)

  // Turning it off takes a code (a recovery code here), not the password.
  await gotoHydrated(page, '/profile/security')
  await expect(section.getByTestId('twofa-status')).toHaveAttribute('data-enabled', 'true')
  await section.getByTestId('twofa-disable').click()
  await section.locator('input[name=code]').fill(codes[2]!)
  await section.getByTestId('twofa-turn-off').click()
  await expect(section.getByTestId('twofa-status')).toHaveAttribute('data-enabled', 'false')
  await expect(section.getByTestId('twofa-enable')).toBeVisible()
  await logOutInPage(page)
  await submitLogin(page, login, PASSWORD, { lands: true })
  await loggedIn(page)

  // The refused password and code above are expected answers, not page errors.
  errors.splice(0, errors.length, ...errors.filter((e) => !/status of (400|401)/.test(e)))
})
