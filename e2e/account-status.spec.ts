// Banned and self-excluded players (SPEC §2.2, §2.5, §6, §8): a ban gives the user-blocked page
// with HTTP 403 on every page, after login and on reload; a self-excluded account's login says
// until when. Accounts are made through the API and changed with the operator calls (README).
import { formatDateTime } from '../src/shared/format'
import { expect, gotoHydrated, test, HYDRATION_TIMEOUT } from './fixtures'
import { operatorCall, PASSWORD, registerPlayer, submitLogin } from './accounts'

// scripts/e2e-server.mjs starts the server with this token.

const blockedPage = (page: import('@playwright/test').Page) => page.locator('[data-testid="system-page"][data-page-type="userBlocked"]')

test('a banned player sees the blocked page after login and on every page and reload, with 403', async ({ page, baseURL, errors }, testInfo) => {
  const login = await registerPlayer(page.request, baseURL!, `banned-${testInfo.project.name}`)
  await operatorCall(page.request, 'banPlayer', { login, ban_type: 'fraud' })

  await submitLogin(page, login)
  await expect(blockedPage(page)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your account is blocked' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', /\/support$/)
  await expect(page).not.toHaveURL(/show_popup_auth/)

  const reloaded = await page.reload()
  expect(reloaded?.status()).toBe(403)
  await expect(blockedPage(page)).toBeVisible()
  for (const path of ['/profile/security', '/gamehall', '/de/cashier/deposit']) {
    const res = await page.goto(path)
    expect(res?.status(), path).toBe(403)
    await expect(page, 'no guard sends the player away').toHaveURL(new RegExp(`${path}$`))
    await expect(blockedPage(page)).toBeVisible()
  }
  await gotoHydrated(page, '/')
  await page.screenshot({ path: testInfo.outputPath('blocked.png'), fullPage: true })
  errors.splice(0, errors.length, ...errors.filter((e) => !/status of 403/.test(e)))
})

test('a player banned while logged in gets the blocked page on the next page', async ({ page, baseURL }, testInfo) => {
  const login = await registerPlayer(page.request, baseURL!, `banned-live-${testInfo.project.name}`)
  // The login lands with a reload; the next address waits for it, or the two navigations race.
  await submitLogin(page, login, PASSWORD, { lands: true })
  await expect(page.getByRole('button', { name: 'Account menu' }).first()).toBeVisible()
  expect((await page.goto('/profile/security'))?.status()).toBe(200)
  await operatorCall(page.request, 'banPlayer', { login, ban_type: 'multi_accounting' })
  const res = await page.reload()
  expect(res?.status()).toBe(403)
  await expect(blockedPage(page)).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: HYDRATION_TIMEOUT })
  await expect(page).toHaveURL(/\/profile\/security$/)
  // Lifted: the same session goes on.
  await operatorCall(page.request, 'unbanPlayer', { login })
  expect((await page.reload())?.status()).toBe(200)
  await expect(page.getByTestId('twofa-setup')).toBeVisible()
})

test('a self-excluded account cannot log in and is told until when', async ({ page, baseURL, errors }, testInfo) => {
  const login = await registerPlayer(page.request, baseURL!, `excluded-${testInfo.project.name}`)
  const { self_excluded_until: until } = await operatorCall<{ self_excluded_until: string | null }>(page.request, 'selfExcludePlayer', { login, period: '30d' })
  expect(until).not.toBeNull()

  const dialog = await submitLogin(page, login)
  const alert = dialog.getByTestId('login-alert')
  await expect(alert).toHaveAttribute('data-message-id', 'selfExcluded')
  // The end of the period, in the SPEC §9 format, in the browser's time zone.
  const shownAt = formatDateTime(until!, 'en', { timeZone: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone) })
  await expect(alert.getByTestId('self-excluded-until')).toHaveText(shownAt)
  await expect(alert.getByTestId('self-excluded-until')).toHaveAttribute('datetime', until!)
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0)
  await page.screenshot({ path: testInfo.outputPath('self-excluded.png') })
  errors.splice(0, errors.length, ...errors.filter((e) => !/status of 401/.test(e)))
})
