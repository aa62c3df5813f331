// The session-time limit as a player sets it: at once when stricter, after a cooling-off day when
// looser, with the time this session ends. Ending a session past its limit is the server's
// (server/api/session-limit.test.ts moves its clock; a journey cannot wait half an hour).
import { PASSWORD, registerPlayer, submitLogin } from './accounts'
import { expect, gotoHydrated, seriousA11yViolations, test } from './fixtures'

test('a player limits the session time: stricter at once, longer only after a day', async ({ page, baseURL }, testInfo) => {
  const login = await registerPlayer(page.request, baseURL!, `session-limit-${testInfo.project.name}`)
  await submitLogin(page, login, PASSWORD, { lands: true })
  await gotoHydrated(page, '/profile/responsible-game')
  const section = page.getByTestId('session-limit')
  const list = section.getByLabel('End each session after')
  await expect(list).toHaveValue('0')
  await expect(section.getByTestId('session-limit-save')).toBeDisabled()

  await list.selectOption('60')
  await section.getByTestId('session-limit-save').click()
  await expect(section.getByTestId('session-limit-saved')).toBeVisible()
  await expect(section.getByTestId('session-limit-now')).toContainText(/Your limit is 1 hour: this session ends at \d{1,2}:\d{2}\./)

  // Longer: it waits a day, and the hour still holds meanwhile.
  await list.selectOption('240')
  await section.getByTestId('session-limit-save').click()
  await expect(section.getByTestId('session-limit-waiting')).toContainText('Your change to 4 hours applies from')
  await expect(section.getByTestId('session-limit-now')).toContainText('Your limit is 1 hour')
  expect(await seriousA11yViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('session-limit.png'), fullPage: true })

  // Shorter: at once, and the waiting change is gone; it is kept across a reload.
  await list.selectOption('30')
  await section.getByTestId('session-limit-save').click()
  await expect(section.getByTestId('session-limit-now')).toContainText('Your limit is 30 minutes')
  await expect(section.getByTestId('session-limit-waiting')).toHaveCount(0)
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await expect(page.getByTestId('session-limit').getByLabel('End each session after')).toHaveValue('30')
})
