// News and offers on /profile/notification as a player sets them (SPEC §3 'Contact', §7
// changeSubscription): the e-mail's switch saves at once, turning it on sends the list's first mail
// with its way out, and the page shows what the server saved after a reload.
import { PASSWORD, registerPlayer, submitLogin } from './accounts'
import { expect, gotoHydrated, seriousA11yViolations, test } from './fixtures'

test('a player turns news by e-mail on, gets the first mail, and turns it off again @phone', async ({ page, baseURL }, testInfo) => {
  const login = await registerPlayer(page.request, baseURL!, `news-${testInfo.project.name}`)
  await submitLogin(page, login, PASSWORD, { lands: true })
  await gotoHydrated(page, '/profile/notification')
  const section = page.getByTestId('notifications')
  const email = section.getByRole('switch', { name: 'News and offers by e-mail' })
  await expect(email).not.toBeChecked()
  await expect(section.getByTestId('subscription')).toContainText(login)

  await email.click()
  await expect(section.getByTestId('notifications-saved')).toBeVisible()
  await expect(email).toBeChecked()
  expect(await seriousA11yViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('notifications.png'), fullPage: true })
  const mailbox = await (await page.request.get('/dev/mailbox')).text()
  const mail = mailbox.split('<article>').find((a) => a.includes(login) && a.includes('/unsubscribe'))
  expect(mail, `the list's first mail to ${login}`).toBeTruthy()

  await gotoHydrated(page, '/profile/notification')
  await expect(email).toBeChecked()
  await email.click()
  await expect(email).not.toBeChecked()
  await gotoHydrated(page, '/profile/notification')
  await expect(email).not.toBeChecked()
})

test('a player’s language switch is kept on the account (SPEC §7 changelocale)', async ({ page, baseURL }, testInfo) => {
  const login = await registerPlayer(page.request, baseURL!, `lang-${testInfo.project.name}`)
  await submitLogin(page, login, PASSWORD, { lands: true })
  await gotoHydrated(page, '/profile/notification')
  await Promise.all([
    page.waitForURL((url) => url.pathname.startsWith('/de/'), { waitUntil: 'load' }),
    page.getByTestId('locale-switcher').filter({ visible: true }).first().getByRole('link', { name: /^(DE|Deutsch)$/ }).click(),
  ])
  expect((await (await page.request.get('/api/account/getInfo')).json()).data.locale).toBe('de')
})
