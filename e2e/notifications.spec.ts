// News and offers on /profile/notification as a player sets them (SPEC §3 'Contact', §7
// changeSubscription): the e-mail's switch saves at once, turning it on sends the list's first mail
// with its way out, and the page shows what the server saved after a reload. Push notifications
// beside them: blocked or allowed by the browser, and the kinds of notice saved on the server.
import { PASSWORD, registerPlayer, submitLogin } from './accounts'
import { expect, expectLoadedAt, gotoHydrated, seriousA11yViolations, test } from './fixtures'

test('a player turns news by e-mail on, gets the first mail, and turns it off again', async ({ page, baseURL }, testInfo) => {
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
  await expectLoadedAt(
    page,
    (url) => url.pathname.startsWith('/de/'),
    () => page.getByTestId('locale-switcher').filter({ visible: true }).first().getByRole('link', { name: /^(DE|Deutsch)$/ }).click(),
  )
  expect((await (await page.request.get('/api/account/getInfo')).json()).data.locale).toBe('de')
})

test('a player chooses which notices come by push; the page shows what the server saved', async ({ page, baseURL }, testInfo) => {
  const login = await registerPlayer(page.request, baseURL!, `push-${testInfo.project.name}`)
  await submitLogin(page, login, PASSWORD, { lands: true })
  await gotoHydrated(page, '/profile/notification')
  const section = page.getByTestId('push')
  await expect(section).toHaveAttribute('data-state', 'push.ready')
  await expect(page.getByTestId('push-device')).toHaveAttribute('data-here', 'false')
  // This browser blocks notifications (Playwright's default): the page says where to allow them, and offers no button that cannot work.
  await expect(page.getByTestId('push-blocked')).toBeVisible()
  await expect(page.getByTestId('push-enable')).toHaveCount(0)
  // The kinds chosen hold for every browser the player turns on elsewhere, so they stay to choose.
  const payments = section.getByRole('switch', { name: 'Payments' })
  const security = section.getByRole('switch', { name: 'Account security' })
  await expect(payments).toBeChecked()
  await expect(security).toBeChecked()
  await payments.click()
  await expect(payments).not.toBeChecked()
  await expect(section).toHaveAttribute('data-state', 'push.ready')
  expect(((await (await page.request.get('/api/account/getPushSettings')).json()) as { data: { topics: string[] } }).data.topics).toEqual(['security'])
  expect(await seriousA11yViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('push.png'), fullPage: true })
  await gotoHydrated(page, '/profile/notification')
  await expect(section).toHaveAttribute('data-state', 'push.ready')
  await expect(payments).not.toBeChecked()
  await expect(security).toBeChecked()
})
