import type { Page } from '@playwright/test'
import { expect, gotoHydrated, seriousA11yViolations, test } from './fixtures'

// SPEC §2.3, §4 'Social login', §7: the 640x480 window at /oauth/init, here with the development
// identity provider that demo runs (server/http/dev-idp.ts), so the whole flow runs offline.
// Controls of the popup are found by test id, name and data attributes: their texts are new
// strings that the catalogs get when the integrator extracts them.
//
// Every state of the social buttons (the window, a returning player, cancel at the provider, a
// banned player, the window closed or refused, the popup closed) is a model journey of
// e2e/social-login.model.spec.ts, and the completion view's of e2e/social-registration.model.spec.ts
// (desktop). These journeys keep what the models do not play: the backUrl kept across the window
// and the completion, the axe checks, and the registration view's terms guarding its buttons, on
// every project.

/** One e-mail per run and project: the phone and desktop journeys share a server. */
const tester = (project: string, who: string) => ({ name: `Tester ${who}`, email: `${who}-${project}-${Date.now()}@dev-idp.example` })

/** Clicks the Dev ID button in the auth popup and signs in on the provider's page in the window. */
async function signInWithDevProvider(page: Page, identity: { name: string; email: string }) {
  const dialog = page.getByRole('dialog', { name: 'Log in' })
  await expect(dialog).toBeVisible()
  const button = dialog.locator('button[data-service="dev"]')
  const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()])
  await expect(popup.getByTestId('dev-idp')).toBeVisible()
  await expect(popup).toHaveURL(/\/dev\/idp\/authorize\?.*code_challenge_method=S256/)
  // The window is the SPEC's 640x480 (the browser may take a little for its frame).
  const size = await popup.evaluate(() => [window.outerWidth, window.outerHeight])
  expect(size[0]).toBeLessThanOrEqual(700)
  await popup.getByLabel('Name').fill(identity.name)
  await popup.getByLabel('E-mail').fill(identity.email)
  await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Sign in' }).click()])
}

test.describe('social login through the development provider', () => {
  test('a first-time social player signs in in the window, completes the registration, and goes to the backUrl', async ({ page }, testInfo) => {
    await gotoHydrated(page, '/gamehall?backUrl=%2Fpromotions')
    await page.getByRole('link', { name: 'Log in' }).first().click()
    await expect(page.getByTestId('social-login')).toBeVisible()
    expect(await seriousA11yViolations(page)).toEqual([])
    await signInWithDevProvider(page, tester(testInfo.project.name, 'new'))

    // The window closed and this page is logged in; the account needs completing, so the
    // socialRegistration view opens by itself.
    const completion = page.getByRole('dialog', { name: 'Complete your registration' })
    await expect(completion).toBeVisible()
    await expect(completion.getByTestId('social-registration')).toHaveAttribute('data-state', 'socialRegistration.editing')
    expect(await seriousA11yViolations(page)).toEqual([])
    await completion.locator('select[name="currency"]').selectOption('EUR')
    await completion.locator('button[type="submit"]').click()
    // SPEC §5 'Checkbox': the terms must be ticked.
    await expect(completion.locator('input[name="terms"]')).toHaveAttribute('aria-invalid', 'true')
    await completion.locator('input[name="terms"]').check()
    await completion.locator('button[type="submit"]').click()

    // The kept backUrl is followed once, as a same-origin path.
    await expect(page).toHaveURL(/\/promotions$/)
    await expect(page.getByRole('button', { name: 'Account menu' }).first()).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('social-auth'))).toBeNull()
    // Completed: no prompt on the next page, and the session is real.
    const res = await page.goto('/profile/settings')
    expect(res?.status()).toBe(200)
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })
})

test.describe('social sign-up from the registration view', () => {
  test('the terms box guards the social buttons; ticked, the provider window signs the player up', async ({ page }, testInfo) => {
    await gotoHydrated(page, '/?show_popup_reg=1')
    const form = page.getByTestId('registration-form')
    await expect(form.locator('[name="password"]')).toBeVisible()
    // SPEC §2.3: a mode switcher (form, fast, social); social shows the providers instead of the form.
    await form.getByRole('button', { name: 'Social' }).click()
    const social = form.getByTestId('registration-social')
    const dev = social.getByRole('button', { name: 'Dev ID' })
    await expect(dev).toBeVisible()
    // Unticked terms block the click with the terms error (SPEC §4 'Registration').
    await dev.click()
    await expect(form.locator('input[name="terms"]')).toHaveAttribute('aria-invalid', 'true')
    await form.locator('input[name="terms"]').check()
    const [popup] = await Promise.all([page.waitForEvent('popup'), dev.click()])
    await expect(popup.getByTestId('dev-idp')).toBeVisible()
    const who = tester(testInfo.project.name, 'reg')
    await popup.getByLabel('Name').fill(who.name)
    await popup.getByLabel('E-mail').fill(who.email)
    await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Sign in' }).click()])
    // A new social account completes its registration next.
    await expect(page.getByRole('dialog', { name: 'Complete your registration' })).toBeVisible()
  })
})
