// Accounts for journeys that need a player of their own: made through the API, logged out and in.
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, expectLoadedAt, expectReload, gotoHydrated } from './fixtures'

export const PASSWORD = 'Tr0ub4dor&3x'

/** A new account made through the API, as the registration form would; not logged in afterwards. */
export async function registerPlayer(request: APIRequestContext, baseURL: string, prefix: string): Promise<string> {
  const login = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
  // Origin as a browser sends it: writes from another origin are refused.
  const res = await request.post('/api/auth/register', { form: { login, email: login, password: PASSWORD, currency: 'EUR' }, headers: { origin: baseURL } })
  expect(res.ok(), await res.text()).toBe(true)
  await logOut(request)
  return login
}

/** The site's logout call (SPEC §7 GET auth/logout); it clears the session cookie of the context. */
export async function logOut(request: APIRequestContext) {
  const res = await request.get('/api/auth/logout')
  expect(res.ok()).toBe(true)
}

/**
 * Logs out as a player does: the profile page's Log out button, which lands on the home page as a
 * visitor. (Ending the session behind an open page's back makes that page notice and leave.)
 */
export async function logOutInPage(page: Page) {
  await gotoHydrated(page, '/profile/settings')
  await expectLoadedAt(page, (url) => url.pathname === '/', () => page.getByTestId('logout').click())
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0)
}

/**
 * Opens the login popup and submits login and password. `lands`: the login succeeds and the page
 * reloads into the player's locale; wait for that reload, so nothing races it.
 */
export async function submitLogin(page: Page, login: string, password = PASSWORD, opts: { lands?: boolean } = {}) {
  await gotoHydrated(page, '/?show_popup_auth=1')
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('E-mail or phone').fill(login)
  await dialog.getByLabel('Password').fill(password)
  const submit = () => dialog.getByRole('button', { name: 'Log in' }).click()
  if (opts.lands) await expectReload(page, submit)
  else await submit()
  return dialog
}


/**
 * A new account made through the API and left logged in: the request context (a page's
 * `page.request` shares the page's cookies) holds its session afterwards.
 */
export async function registerLoggedInPlayer(request: APIRequestContext, baseURL: string, tag: string, password = 'Orig1nal-Pass') {
  const email = `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`
  const res = await request.post('/api/auth/register', {
    form: { login: email, email, password, currency: 'USD', notify: '0', birth_date: '01.01.1990' },
    headers: { origin: baseURL },
  })
  expect(res.status(), await res.text()).toBe(200)
  return { email, password }
}

export const OPERATOR_TOKEN = process.env.OPERATOR_TOKEN ?? 'e2e-operator-token-0123456789abcdef'

/** A staff call with the operator token (README 'Operator API'), as the journeys change accounts. */
export async function operatorCall<T = unknown>(request: APIRequestContext, call: string, form: Record<string, string>): Promise<T> {
  const res = await request.post(`/api/operator/${call}`, { form, headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })
  expect(res.ok(), await res.text()).toBe(true)
  return (await res.json()).data as T
}

/** The newest confirmation mail to `email` in the development mailbox: its link and its code. */
export async function confirmationMail(request: APIRequestContext, email: string) {
  const html = await (await request.get('/dev/mailbox')).text()
  const article = html.split('<article>').find((a) => a.includes(email) && a.includes('/confirmation#'))
  expect(article, `a confirmation mail to ${email}`).toBeTruthy()
  const code = /^ {4}(\d{6})$/m.exec(article!)![1]!
  const link = /href="([^"]*\/confirmation#[^"]*)"/.exec(article!)![1]!.replace(/&amp;/g, '&')
  return { code, link }
}
