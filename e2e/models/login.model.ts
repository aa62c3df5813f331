// Page object of the auth popup's login flow (ARCHITECTURE §7, zag's e2e/models/*.model.ts): verbs
// for what a player does (openPopup, typeLogin, submit, ...) and what they see (seeForm,
// seeTwoFactor, seeAlert, ...). Controls are found by role and label; views by the test ids and
// `data-state` the forms carry (selectLoginDataState), never by translated text (rule 5): a name
// passed to getByRole is the accessible name the player hears, not a text assertion.
import { expect, type Locator, type Page } from '@playwright/test'
import type { LoginMessageId } from '../../src/machines/auth/login/login.types'
import { gotoHydrated } from '../fixtures'

export class LoginModel {
  constructor(readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByRole('dialog')
  }
  private get loginForm(): Locator {
    return this.dialog.getByTestId('login-form')
  }
  private get twofaForm(): Locator {
    return this.dialog.getByTestId('twofa-form')
  }
  private get submitButton(): Locator {
    return this.loginForm.getByRole('button', { name: 'Log in' })
  }
  private get confirmButton(): Locator {
    return this.twofaForm.getByRole('button', { name: 'Confirm' })
  }
  /** 'Send a new code' once allowed, 'New code available in N s' before: both say "new code". */
  private get resendButton(): Locator {
    return this.twofaForm.getByRole('button', { name: /new code/i })
  }
  private get backButton(): Locator {
    return this.twofaForm.getByRole('button', { name: 'Back to log in' })
  }
  private get alert(): Locator {
    return this.dialog.getByTestId('login-alert')
  }

  // ── what the player does ──────────────────────────────────────────────────

  /** A visitor opens the popup from the header, as in login.spec.ts. */
  async openPopup(path = '/') {
    // A click before hydration reaches no handler; the popup's content loads on first open.
    await gotoHydrated(this.page, path)
    await this.page.getByRole('link', { name: 'Log in' }).first().click()
    await expect(this.dialog.getByTestId('auth-popup')).toBeVisible()
  }
  async typeLogin(value: string) {
    await this.loginForm.getByLabel('E-mail or phone').fill(value)
  }
  async typePassword(value: string) {
    await this.loginForm.getByLabel('Password').fill(value)
  }
  async submit() {
    await this.submitButton.click()
  }
  async typeCode(value: string) {
    await this.twofaForm.getByLabel('Code').fill(value)
  }
  async submitCode() {
    await this.confirmButton.click()
  }
  async resend() {
    await this.resendButton.click()
  }
  async back() {
    await this.backButton.click()
  }
  async close() {
    await this.dialog.getByRole('button', { name: 'Close' }).click()
  }

  // ── what the player sees ──────────────────────────────────────────────────

  /** The form on show carries the flow's data-state (selectLoginDataState): 'login.form' or 'login.twofa'. */
  async seeView(dataState: string) {
    await expect(this.dialog.locator('form[data-state]')).toHaveAttribute('data-state', dataState)
  }
  /** The authorization form, with the `data-state` the flow gives it; busy while a request is out. */
  async seeForm({ busy }: { busy: boolean }) {
    await expect(this.loginForm).toBeVisible()
    await expect(this.loginForm).toHaveAttribute('data-state', 'login.form')
    await expect(this.twofaForm).toHaveCount(0)
    await this.seeBusy(this.submitButton, busy)
  }
  /** The two-factor form; busy while a code or a resend is out or the session loads. */
  async seeTwoFactor({ busy }: { busy: boolean }) {
    await expect(this.twofaForm).toBeVisible()
    await expect(this.twofaForm).toHaveAttribute('data-state', 'login.twofa')
    await expect(this.loginForm).toHaveCount(0)
    await this.seeBusy(this.confirmButton, busy)
  }
  private async seeBusy(button: Locator, busy: boolean) {
    if (busy) await expect(button).toHaveAttribute('aria-busy', 'true')
    else await expect(button).not.toHaveAttribute('aria-busy')
  }
  async seeAlert(id: LoginMessageId) {
    await expect(this.alert).toBeVisible()
    await expect(this.alert).toHaveAttribute('data-message-id', id)
  }
  async dontSeeAlert() {
    await expect(this.alert).toHaveCount(0)
  }
  async seeBackLink() {
    await expect(this.backButton).toBeVisible()
  }
  /** Hidden while a request is out: a code in flight may already have logged the player in. */
  async dontSeeBackLink() {
    await expect(this.backButton).toHaveCount(0)
  }
  /** The countdown is running: the resend button is disabled and shows the seconds left (> 0). */
  async seeResendCountdown() {
    await expect(this.resendButton).toBeDisabled()
    await expect.poll(() => this.resendSeconds(), { message: 'seconds left on the resend countdown' }).toBeGreaterThan(0)
  }
  /**
   * The countdown is over. The button is enabled when a resend is allowed now (the step is
   * editing); while a request is out it stays disabled and shows 0 seconds left.
   */
  async seeResendOver({ canResend }: { canResend: boolean }) {
    if (canResend) await expect(this.resendButton).toBeEnabled()
    else {
      await expect(this.resendButton).toBeDisabled()
      await expect.poll(() => this.resendSeconds(), { message: 'seconds left on the resend countdown' }).toBe(0)
    }
  }
  /** The number on the resend button (the only digits in its label), or null when it shows none. */
  private async resendSeconds(): Promise<number | null> {
    const digits = (await this.resendButton.textContent())?.match(/\d+/)
    return digits ? Number(digits[0]) : null
  }
  async seePopupClosed() {
    await expect(this.dialog).toHaveCount(0)
  }
  /** Logged in: the popup is gone and the header links to the profile. */
  async seeLoggedIn() {
    await this.seePopupClosed()
    await expect(this.page.getByRole('button', { name: 'Account menu' }).first()).toBeVisible()
  }
  /** Still a visitor: the header offers to log in. */
  async seeLoggedOut() {
    await expect(this.page.getByRole('link', { name: 'Log in' }).first()).toBeVisible()
    await expect(this.page.getByRole('button', { name: 'Account menu' })).toHaveCount(0)
  }
}
