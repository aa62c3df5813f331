import type { APIRequestContext } from '@playwright/test'
import { logOut } from './accounts'
import { expect, gotoHydrated, seriousA11yViolations, test } from './fixtures'

// SPEC §2.1 /unsubscribe, §3 mailing consent, §7 account unsubscribe: the signed link at the end of
// a mailing-list mail takes the player off the list; without a valid link nothing changes and the
// page says so.

async function registerSubscriber(request: APIRequestContext, baseURL: string) {
  const email = `unsub-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`
  const res = await request.post('/api/auth/register', {
    form: { login: email, email, password: 'Orig1nal-Pass', currency: 'USD', notify: '1' },
    headers: { origin: baseURL },
  })
  expect(res.status(), await res.text()).toBe(200)
  return email
}

const subscribed = async (request: APIRequestContext) =>
  ((await (await request.get('/api/account/getprofileinfo?fields=contacts')).json()).data.contacts as { is_subscribed: boolean }[])[0]!.is_subscribed

async function unsubscribeLink(request: APIRequestContext, email: string) {
  const html = await (await request.get('/dev/mailbox')).text()
  const article = html.split('<article>').find((a) => a.includes(email) && a.includes('/unsubscribe?token='))
  expect(article, `a mailing-list mail to ${email}`).toBeTruthy()
  return /href="([^"]*\/unsubscribe\?token=[^"]*)"/.exec(article!)![1]!.replace(/&amp;/g, '&')
}

test.describe('unsubscribe', () => {
  test('without a link the page says nothing changed and offers the login; a tampered link changes nothing', async ({ page, baseURL }) => {
    await gotoHydrated(page, '/unsubscribe')
    const view = page.getByTestId('unsubscribe')
    await expect(view).toHaveAttribute('data-state', 'unsubscribe.missing')
    await expect(view.getByRole('heading', { level: 1 })).not.toHaveText(/unsubscribed/i)
    await view.getByRole('button', { name: 'Log in to manage your e-mails' }).click()
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible()
    await page.keyboard.press('Escape')
    expect(await seriousA11yViolations(page)).toEqual([])

    const email = await registerSubscriber(page.request, baseURL!)
    const link = new URL(await unsubscribeLink(page.request, email))
    const token = link.searchParams.get('token')!
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    await gotoHydrated(page, `/unsubscribe?token=${encodeURIComponent(tampered)}`)
    await expect(view).toHaveAttribute('data-state', 'unsubscribe.invalid')
    expect(await subscribed(page.request)).toBe(true)
  })

  test('the link from the mail unsubscribes the player, once and for all, logged in or not', async ({ page, baseURL }) => {
    const email = await registerSubscriber(page.request, baseURL!)
    const link = await unsubscribeLink(page.request, email)
    expect(await subscribed(page.request)).toBe(true)
    await page.context().clearCookies()

    await page.goto(link)
    const view = page.getByTestId('unsubscribe')
    await expect(view).toHaveAttribute('data-state', 'unsubscribe.done')
    expect(await seriousA11yViolations(page)).toEqual([])
    // The same link again: the same answer, nothing else changes.
    await page.reload()
    await expect(view).toHaveAttribute('data-state', 'unsubscribe.done')

    const login = await page.request.post('/api/auth/login', { form: { login: email, password: 'Orig1nal-Pass' }, headers: { origin: baseURL! } })
    expect(login.status()).toBe(200)
    expect(await subscribed(page.request)).toBe(false)
    await logOut(page.request)
  })
})
