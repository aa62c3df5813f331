// The reality check as a player meets it: the interval chosen on the responsible-gaming page, then
// at each whole interval from the login a dialog with the time played and the real-money result,
// "continue" until the next one, "stop" logs out. The browser context shortens the interval with
// the E2E_TEST_OVERRIDES cookie (the page offers 15 minutes and up).
import { PASSWORD, registerPlayer, submitLogin } from './accounts'
import { expect, expectLoadedAt, gotoHydrated, seriousA11yViolations, test } from './fixtures'
import { LONG_TEST_TIMEOUT } from './budgets'

const INTERVAL_SEC = 6

test('a reality check appears at its interval, continues, and stops with a logout', async ({ page, context, baseURL }, testInfo) => {
  test.setTimeout(LONG_TEST_TIMEOUT)
  await context.addCookies([{ name: 'test_reality_check_seconds', value: String(INTERVAL_SEC), url: baseURL! }])
  const login = await registerPlayer(page.request, baseURL!, `reality-${testInfo.project.name}`)
  await submitLogin(page, login, PASSWORD, { lands: true })
  await gotoHydrated(page, '/profile/responsible-game')
  const section = page.getByTestId('reality-check-settings')

  // Nothing to save until the pick changes; then it is saved and said so.
  await expect(section.getByLabel('Remind me')).toHaveValue('0')
  await expect(section.getByTestId('reality-check-save')).toBeDisabled()
  await section.getByLabel('Remind me').selectOption('15')
  await section.getByTestId('reality-check-save').click()
  await expect(section.getByTestId('reality-check-saved')).toContainText('Saved')
  await page.screenshot({ path: testInfo.outputPath('reality-check-settings.png'), fullPage: true })

  // The check comes on its own, with the session's figures.
  const check = page.getByRole('dialog', { name: 'Reality check' })
  await expect(check).toBeVisible({ timeout: INTERVAL_SEC * 3000 })
  await expect(check.getByText(/You have been playing for \d+ min since you logged in/)).toBeVisible()
  await expect(check.getByTestId('reality-net')).toHaveText(/0[.,]00/)
  expect(await seriousA11yViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('reality-check-dialog.png') })
  await check.getByTestId('reality-continue').click()
  await expect(check).toBeHidden()

  // The next one, then stop: logged out, on the home page as a visitor.
  await expect(check).toBeVisible({ timeout: INTERVAL_SEC * 3000 })
  await expectLoadedAt(page, (url) => url.pathname === '/', () => check.getByTestId('reality-stop').click())
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0)
})
