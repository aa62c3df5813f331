// The operator's popups (content/<locale>/popups.json) as a visitor and a player meet them: each
// after its delay, once per browser, never over a game, and its call to action going where it says.
import { test, expect, gotoHydrated, seriousA11yViolations } from './fixtures'
import { registerPlayer, submitLogin, PASSWORD } from './accounts'

// These journeys meet the popups the other journeys are spared.
test.use({ seenPopups: [] })

test("a visitor's first visit: the welcome popup after 20 s, its button opens the registration here, and it never shows again", async ({ page }) => {
  await page.clock.install()
  await gotoHydrated(page, '/es/gamehall')
  const popup = page.getByTestId('site-popup')
  await page.clock.fastForward(19_000)
  await expect(popup).toHaveCount(0)
  await page.clock.fastForward(1_500)
  await expect(popup).toBeVisible()
  await expect(page.getByRole('dialog', { name: '¿Eres nuevo?' })).toBeVisible()
  expect(await seriousA11yViolations(page)).toEqual([])

  await popup.getByRole('link', { name: 'Registrarse' }).click()
  await expect(popup).toHaveCount(0)
  await expect(page.getByRole('dialog').getByTestId('registration-form')).toBeVisible()
  expect(new URL(page.url()).pathname).toBe('/es/gamehall')

  await gotoHydrated(page, '/es/gamehall')
  await page.clock.fastForward(60_000)
  await expect(popup).toHaveCount(0)
})

test('a popup due on a game page waits until the visitor leaves the game', async ({ page }) => {
  await page.clock.install()
  await gotoHydrated(page, '/game/sample-game')
  await page.clock.fastForward(25_000)
  const popup = page.getByTestId('site-popup')
  await expect(popup).toHaveCount(0)
  await page.getByRole('link', { name: /home page/ }).first().click()
  await expect(page).toHaveURL(/\/$/)
  await expect(popup).toBeVisible()
  await popup.getByRole('button', { name: 'Close' }).click()
  await expect(popup).toHaveCount(0)
})

test('a visitor about to leave (the pointer leaves through the top) is asked to stay, once', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('seen_popups', JSON.stringify(['first-visit'])))
  await gotoHydrated(page, '/pt')
  const popup = page.getByTestId('site-popup')
  const leave = () => page.evaluate(() => document.dispatchEvent(new MouseEvent('mouseout', { clientX: 400, clientY: -1, relatedTarget: null })))
  await leave()
  await expect(page.getByRole('dialog', { name: 'Antes de sair' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(popup).toHaveCount(0)
  await leave()
  await page.waitForTimeout(300)
  await expect(popup).toHaveCount(0)
})

test("a player's login: the welcome-back popup on the page the login lands on, and its link to the bonuses", async ({ page, request, baseURL }) => {
  const login = await registerPlayer(request, baseURL!, 'popup')
  await page.clock.install()
  await submitLogin(page, login, PASSWORD, { lands: true })
  const popup = page.getByTestId('site-popup')
  await expect(popup).toHaveCount(0)
  await page.clock.fastForward(2_500)
  await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible()
  await popup.getByRole('link', { name: 'See bonuses' }).click()
  await expect(popup).toHaveCount(0)
  await expect(page).toHaveURL(/\/profile\/bonuses$/)
})
