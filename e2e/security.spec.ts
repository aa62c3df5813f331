// The password change on /profile/security as a player does it (SPEC §7 Account changepassword,
// §5 'Password'): every field's refusals first, then a change that signs out the player's other
// device and keeps this one; the old password no longer logs in, the new one does.
import { PASSWORD, registerPlayer, submitLogin } from './accounts'
import { expect, gotoHydrated, newDeviceContext, seriousA11yViolations, test } from './fixtures'
import { LONG_TEST_TIMEOUT } from './budgets'

const NEW_PASSWORD = 'N3w-Pl4yer-Pass'

test('a player changes the password: each refusal keeps what was typed, the other device is signed out and this one stays', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(LONG_TEST_TIMEOUT)
  const login = await registerPlayer(page.request, baseURL!, `pwchange-${testInfo.project.name}`)
  await submitLogin(page, login, PASSWORD, { lands: true })

  // A second device, signed in as the same player.
  const other = await newDeviceContext(browser, baseURL!, { viewport: { width: 1280, height: 800 } })
  const otherPage = await other.newPage()
  await submitLogin(otherPage, login, PASSWORD, { lands: true })
  await expect(otherPage.getByRole('button', { name: 'Account menu' }).first()).toBeVisible()

  await gotoHydrated(page, '/profile/security')
  const section = page.getByTestId('change-password')
  const current = section.locator('input[name=current]')
  const next = section.locator('input[name=password]')
  const again = section.locator('input[name=confirmation]')
  const submit = section.getByTestId('change-password-submit')

  // Nothing typed: every field says what it needs, and nothing is sent.
  await submit.click()
  await expect(section.getByText('Field is required').first()).toBeVisible()
  await expect(current).toBeFocused()

  // A confirmation that differs, then a new password that is too common.
  await current.fill(PASSWORD)
  await next.fill(NEW_PASSWORD)
  await again.fill('N3w-Pl4yer-Pas')
  await submit.click()
  await expect(again).toHaveAttribute('aria-invalid', 'true')
  await next.fill('password123')
  await again.fill('password123')
  await submit.click()
  await expect(section.getByText('This password is too easy to guess', { exact: false })).toBeVisible()
  await expect(current).toHaveValue(PASSWORD)

  // A wrong current password: refused on its field; the new one stays as typed.
  await current.fill('not-my-password')
  await next.fill(NEW_PASSWORD)
  await again.fill(NEW_PASSWORD)
  await submit.click()
  await expect(section.getByText('This is not your current password', { exact: false })).toBeVisible()
  await expect(next).toHaveValue(NEW_PASSWORD)
  expect(await seriousA11yViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('security-refused.png'), fullPage: true })

  // The right one: changed, and the other device is signed out.
  await current.fill(PASSWORD)
  await submit.click()
  const done = section.getByTestId('change-password-done')
  await expect(done).toHaveAttribute('data-others-ended', '1')
  await expect(done).toContainText('1 other device was signed out')
  await page.screenshot({ path: testInfo.outputPath('security-changed.png'), fullPage: true })

  // The other device's next page is a visitor's.
  await gotoHydrated(otherPage, '/')
  await expect(otherPage.getByRole('button', { name: 'Account menu' })).toHaveCount(0)
  await other.close()

  // This one stays signed in, under a new session token.
  await gotoHydrated(page, '/profile/security')
  await expect(page.getByRole('button', { name: 'Account menu' }).first()).toBeVisible()

  // The old password no longer logs in; the new one does.
  const fresh = await newDeviceContext(browser, baseURL!)
  const freshPage = await fresh.newPage()
  const dialog = await submitLogin(freshPage, login, PASSWORD)
  await expect(dialog.getByTestId('login-alert')).toHaveAttribute('data-message-id', 'wrongEnter')
  await submitLogin(freshPage, login, NEW_PASSWORD, { lands: true })
  await expect(freshPage.getByRole('button', { name: 'Account menu' }).first()).toBeVisible()
  await fresh.close()
})

test('a player sees the signed-in devices, signs out one of them, then every other one', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(LONG_TEST_TIMEOUT)
  const login = await registerPlayer(page.request, baseURL!, `devices-${testInfo.project.name}`)
  await submitLogin(page, login, PASSWORD, { lands: true })
  const tablet = await newDeviceContext(browser, baseURL!, {
    userAgent: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  })
  const laptop = await newDeviceContext(browser, baseURL!, {
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
    // Its place is the time zone it signs in from.
    timezoneId: 'America/Sao_Paulo',
  })
  const tabletPage = await tablet.newPage()
  const laptopPage = await laptop.newPage()
  await submitLogin(tabletPage, login, PASSWORD, { lands: true })
  await submitLogin(laptopPage, login, PASSWORD, { lands: true })

  await gotoHydrated(page, '/profile/security')
  const section = page.getByTestId('sessions')
  const rows = section.getByTestId('session')
  await expect(rows).toHaveCount(3)
  await expect(rows.filter({ has: page.getByText('This device') })).toHaveAttribute('data-current', 'true')
  const mac = rows.filter({ hasText: 'Safari on macOS' })
  await expect(mac).toContainText('Last active')
  await expect(mac).toContainText('Sao Paulo time zone')
  expect(await seriousA11yViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('security-devices.png'), fullPage: true })

  // One device: its row goes, and its next page is a visitor's.
  await mac.getByRole('button', { name: 'Sign out Safari on macOS' }).click()
  await expect(section.getByTestId('sessions-ended')).toBeVisible()
  await expect(rows).toHaveCount(2)
  await gotoHydrated(laptopPage, '/')
  await expect(laptopPage.getByRole('button', { name: 'Account menu' })).toHaveCount(0)

  // Every other one: only this device is left, and the button has nothing more to do.
  await section.getByTestId('sessions-end-others').click()
  await expect(rows).toHaveCount(1)
  await expect(section.getByTestId('sessions-end-others')).toBeDisabled()
  await gotoHydrated(tabletPage, '/')
  await expect(tabletPage.getByRole('button', { name: 'Account menu' })).toHaveCount(0)
  await tablet.close()
  await laptop.close()

  // This device is still signed in, and its list says so after a reload.
  await gotoHydrated(page, '/profile/security')
  await expect(page.getByTestId('sessions').getByTestId('session')).toHaveCount(1)
})
