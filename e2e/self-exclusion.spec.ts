// A player excludes themself from the responsible-gaming page as SPEC §9 describes: a period, then
// what it means with the password; in force at once, the page leaves as a visitor, and the login
// is refused with the end date until it is over.
import { PASSWORD, registerPlayer, submitLogin } from './accounts'
import { expect, expectLoadedAt, gotoHydrated, seriousA11yViolations, test } from './fixtures'
import { LONG_TEST_TIMEOUT } from './budgets'

test('a player self-excludes for a day, confirmed twice, is logged out and refused at login', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(LONG_TEST_TIMEOUT)
  const login = await registerPlayer(page.request, baseURL!, `exclude-${testInfo.project.name}`)
  await submitLogin(page, login, PASSWORD, { lands: true })
  await gotoHydrated(page, '/profile/responsible-game')
  const section = page.getByTestId('self-exclusion')

  // No period chosen: the choice says so, and nothing goes further.
  await section.getByTestId('self-exclusion-continue').click()
  await expect(section.getByLabel('Exclude me for')).toHaveAttribute('aria-invalid', 'true')
  await section.getByLabel('Exclude me for').selectOption('1d')
  await section.getByTestId('self-exclusion-continue').click()

  // The second step says what it means; a wrong password is refused on its field.
  await expect(section.getByTestId('self-exclusion-summary')).toContainText('will not be able to log in until about')
  await section.getByLabel('Your password, to confirm').fill('not-my-password')
  await section.getByTestId('self-exclusion-confirm').click()
  await expect(section.getByText('Wrong password. Check it and try again.')).toBeVisible()
  expect(await seriousA11yViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('self-exclusion-confirm.png'), fullPage: true })

  // Back keeps the period and forgets the password.
  await section.getByRole('button', { name: 'Back' }).click()
  await expect(section.getByLabel('Exclude me for')).toHaveValue('1d')
  await section.getByTestId('self-exclusion-continue').click()
  await expect(section.getByLabel('Your password, to confirm')).toHaveValue('')
  await section.getByLabel('Your password, to confirm').fill(PASSWORD)
  await section.getByTestId('self-exclusion-confirm').click()

  await expect(section.getByTestId('self-exclusion-done')).toContainText('You are excluded until')
  await page.screenshot({ path: testInfo.outputPath('self-exclusion-done.png'), fullPage: true })
  await expectLoadedAt(page, (url) => url.pathname === '/', () => section.getByTestId('self-exclusion-leave').click())
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0)

  // The login is refused, with the day it ends.
  const dialog = await submitLogin(page, login, PASSWORD)
  await expect(dialog.getByTestId('login-alert')).toHaveAttribute('data-message-id', 'selfExcluded')
  await expect(dialog.getByTestId('login-alert')).toContainText('You can log in again from')
})

test('a player takes a 24-hour break: logged out at once, and the login says it is a break', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(LONG_TEST_TIMEOUT)
  const login = await registerPlayer(page.request, baseURL!, `break-${testInfo.project.name}`)
  await submitLogin(page, login, PASSWORD, { lands: true })
  await gotoHydrated(page, '/profile/responsible-game')
  const section = page.getByTestId('time-out')

  // Only the break's own periods are offered: 24 hours to 6 weeks.
  const periods = await section.getByLabel('Take a break for').locator('option:not([value=""])').allTextContents()
  expect(periods).toEqual(['24 hours', '48 hours', '1 week', '2 weeks', '4 weeks', '6 weeks'])
  await section.getByLabel('Take a break for').selectOption('24h')
  await section.getByTestId('time-out-continue').click()
  await expect(section.getByTestId('time-out-summary')).toContainText('will not be able to log in until about')
  await section.getByLabel('Your password, to confirm').fill(PASSWORD)
  await page.screenshot({ path: testInfo.outputPath('time-out-confirm.png'), fullPage: true })
  await section.getByTestId('time-out-confirm').click()

  await expect(section.getByTestId('time-out-done')).toContainText('Your break lasts until')
  await expectLoadedAt(page, (url) => url.pathname === '/', () => section.getByTestId('time-out-leave').click())
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0)

  const dialog = await submitLogin(page, login, PASSWORD)
  await expect(dialog.getByTestId('login-alert')).toHaveAttribute('data-message-id', 'timedOut')
  await expect(dialog.getByTestId('login-alert')).toContainText('You are taking a break from play. You can log in again from')
  await page.screenshot({ path: testInfo.outputPath('time-out-login.png'), fullPage: true })
})
