// The transaction history of the seeded demo player (server/seed): the balance the header shows is
// made of deposits and bonuses that the history lists, one status is told on every page, and the
// date filters are typed as the site writes dates, dd.mm.yyyy, whatever the browser's locale
// (this context's is en-US, whose native date inputs would ask for mm/dd/yyyy).
import { submitLogin } from './accounts'
import { expect, gotoHydrated, seriousA11yViolations, test } from './fixtures'
import { DEMO_PASSWORD, SEED_PLAYERS } from '../server/seed/data'

const DEMO = SEED_PLAYERS.find((p) => p.login === 'demo@example.com')!

test.use({ locale: 'en-US' })

/** A UTC day (yyyy-mm-dd, as the server files it) as the site writes it. */
const dmy = (isoDay: string) => isoDay.split('-').reverse().join('.')

test('the demo player sees the seeded deposits in the history and filters them by typing dd.mm.yyyy', async ({ page }) => {
  test.slow()
  await submitLogin(page, DEMO.login, DEMO_PASSWORD, { lands: true })
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()

  await gotoHydrated(page, '/cashier/history')
  const history = page.getByTestId('history')
  await expect(history).toHaveAttribute('data-view', 'shown')
  const deposits = page.locator('[data-testid=history-row][data-type=deposit][data-seen=completed]')
  // The seed's card deposits (600 and 400: the main balance) and its bonuses, each money received.
  for (const amount of DEMO.deposits) await expect(deposits.filter({ hasText: `+$${amount}` })).toHaveCount(1)
  for (const amount of [DEMO.balances.bonus!, DEMO.balances.betting_bonus!]) {
    await expect(page.locator('[data-testid=history-row][data-type=bonus]').filter({ hasText: `+$${amount}` })).toHaveCount(1)
  }
  await expect(deposits.first().getByTestId('history-status')).toHaveText('Completed')
  expect(await seriousA11yViolations(page)).toEqual([])

  // The day the seed filed them (UTC, as the server filters), typed as the site writes dates.
  const seeded = (await (await page.request.get('/api/cashier/gethistory?type=deposit&count=100')).json()).data.items as { created_at: string }[]
  const day = seeded.at(-1)!.created_at.slice(0, 10)
  const from = page.getByLabel('From', { exact: true })
  const to = page.getByLabel('To', { exact: true })
  await expect(from).toHaveAttribute('type', 'text')

  // The browser's own order is refused at the field, and what was typed stays.
  await from.pressSequentially('12/31/2025')
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(from).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Enter a date as dd.mm.yyyy, for example 31.01.2026.')).toBeVisible()
  await expect(from).toHaveValue('12/31/2025')
  await expect(page).toHaveURL(/\/cashier\/history$/)

  await page.getByLabel('Type', { exact: true }).selectOption('deposit')
  await from.fill('')
  await from.pressSequentially(dmy(day))
  await expect(from).not.toHaveAttribute('aria-invalid', 'true')
  await to.pressSequentially(dmy(day))
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(page).toHaveURL(new RegExp(`/cashier/history\\?type=deposit&from=${day}&to=${day}$`))
  await expect(history).toHaveAttribute('data-view', 'shown')
  for (const amount of DEMO.deposits) await expect(deposits.filter({ hasText: `+$${amount}` })).toHaveCount(1)
  await expect(from).toHaveValue(dmy(day))
  expect(await seriousA11yViolations(page)).toEqual([])

  // A range after that day holds none of them.
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  await to.fill('')
  await from.fill(dmy(next))
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(page).toHaveURL(new RegExp(`/cashier/history\\?type=deposit&from=${next}$`))
  await expect(deposits.filter({ hasText: `+$${DEMO.deposits[0]}` })).toHaveCount(0)

  // A receipt says what the history says.
  await gotoHydrated(page, `/cashier/history?type=deposit&from=${day}&to=${day}`)
  await deposits.first().getByRole('link').click()
  await expect(page.getByTestId('receipt-status')).toHaveText('Completed')
})
