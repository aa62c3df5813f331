// Wallet journeys: the wallet page's balances after a deposit, changing the currency
// where the server allows it (and being told why not), the history's filters and paging, and a
// receipt opened from the history. Every page passes the axe check.
import { registerLoggedInPlayer } from './accounts'
import { expect, gotoHydrated, seriousA11yViolations, test } from './fixtures'
import { depositThroughApi, depositWithNewCard, payOnSandbox } from './sandbox-pay'

test.describe('wallet', () => {
  test('after a test-card deposit the wallet shows the balances, and the currency changes and changes back', async ({ page, baseURL }) => {
    test.slow()
    await registerLoggedInPlayer(page.request, baseURL!, 'wallet')
    await depositWithNewCard(page, '50')
    await payOnSandbox(page, '4242 4242 4242 4242')
    await page.waitForURL(/\/cashier\/paysuccess\/[A-Za-z0-9_-]+$/)

    await gotoHydrated(page, '/cashier/wallet')
    const wallet = page.getByTestId('wallet')
    await expect(page.getByTestId('wallet-total')).toHaveText('$50.00')
    await expect(page.getByTestId('wallet-balance-main')).toHaveText('$50.00')
    // The server's own figures, each shown through the one formatter.
    const balances = (await (await page.request.get('/api/account/getBalance')).json()).data
    for (const [kind, money] of Object.entries(balances) as [string, { amount: string } | null][]) {
      const shown = page.getByTestId(`wallet-balance-${kind.replace('balance_', '')}`)
      if (money === null) await expect(shown).toHaveText('—')
      else await expect(shown).toContainText(Number(money.amount).toLocaleString('en', { minimumFractionDigits: 2 }))
    }
    await expect(page.getByTestId('header-balance')).toContainText('$50.00')
    await expect(page.getByTestId('cashier-balance-total')).toHaveText('$50.00')
    await expect(page.getByTestId('wallet-account-currency')).toContainText('USD')
    const rates = page.getByTestId('wallet-rate')
    await expect(rates).toHaveCount(6)
    await expect(rates.filter({ hasText: 'EUR' })).toContainText('0.92 EUR')
    await expect(page.locator('[data-testid="wallet-rate"][data-own="true"]')).toHaveAttribute('data-currency', 'USD')
    await expect(wallet.getByTestId('wallet-deposit')).toHaveAttribute('href', /\/cashier\/deposit$/)
    await expect(wallet.getByTestId('wallet-withdraw')).toHaveAttribute('href', /\/cashier\/withdraw$/)
    await expect(wallet.getByTestId('wallet-history')).toHaveAttribute('href', /\/cashier\/history$/)
    expect(await seriousA11yViolations(page)).toEqual([])

    // Nothing changes until the player confirms; keeping the currency drops the pick.
    const select = page.getByTestId('wallet-currency-select')
    await select.selectOption('EUR')
    await expect(page.getByTestId('wallet-confirm')).toBeVisible()
    expect(await seriousA11yViolations(page)).toEqual([])
    await page.getByTestId('wallet-cancel-change').click()
    await expect(select).toHaveValue('USD')

    await select.selectOption('EUR')
    await page.getByTestId('wallet-confirm-change').click()
    await expect(page.getByTestId('wallet-changed')).toBeVisible()
    await expect(page.getByTestId('wallet-account-currency')).toContainText('EUR')
    // The money stays in the USD wallet: the EUR one is new and empty, and the header follows at once.
    await expect(page.getByTestId('wallet-total')).toHaveText('€0.00')
    await expect(page.getByTestId('header-balance')).toContainText('€0.00')
    await expect(page.getByTestId('cashier-balance-total')).toHaveText('€0.00')

    // The server kept it: a reload shows EUR; switching back brings the deposit back.
    await gotoHydrated(page, '/cashier/wallet')
    await expect(page.getByTestId('wallet-account-currency')).toContainText('EUR')
    await expect(page.getByTestId('wallet-total')).toHaveText('€0.00')
    await page.getByTestId('wallet-currency-select').selectOption('USD')
    await page.getByTestId('wallet-confirm-change').click()
    await expect(page.getByTestId('wallet-total')).toHaveText('$50.00')
    await expect(page.getByTestId('header-balance')).toContainText('$50.00')
  })

  test('with a deposit limit set the currency stays, and the page says why', async ({ page, baseURL, errors }) => {
    await registerLoggedInPlayer(page.request, baseURL!, 'wallet-limit')
    const limit = await page.request.post('/api/account/setDepositLimit', { form: { period: '7', limit_amount: '100' }, headers: { origin: baseURL! } })
    expect(limit.status(), await limit.text()).toBe(200)
    await gotoHydrated(page, '/cashier/wallet')
    await page.getByTestId('wallet-currency-select').selectOption('EUR')
    await page.getByTestId('wallet-confirm-change').click()
    const refused = page.getByTestId('wallet-refused')
    await expect(refused).toHaveAttribute('data-reason', 'depositLimit')
    // The refusal is an answer the page expects (400), not a fault.
    errors.splice(0, errors.length, ...errors.filter((e) => !/status of 400/.test(e)))
    await expect(refused.getByTestId('wallet-refused-link')).toHaveAttribute('href', /\/profile\/responsible-game$/)
    await expect(page.getByTestId('wallet-account-currency')).toContainText('USD')
    expect(await seriousA11yViolations(page)).toEqual([])
    await page.getByTestId('wallet-dismiss').click()
    await expect(refused).toBeHidden()
    await expect(page.getByTestId('wallet-currency-select')).toHaveValue('USD')
    const info = (await (await page.request.get('/api/account/getInfo')).json()).data
    expect(info.balance_main.currency).toBe('USD')
  })
})

test.describe('history and receipts', () => {
  test('filters by type and dates, pages by 20, and a receipt opens from a row', async ({ page, baseURL }) => {
    test.slow()
    await registerLoggedInPlayer(page.request, baseURL!, 'wallet-history')
    // 21 settled deposits of 10 to 30 and one declined: 22 rows, two pages.
    for (let i = 0; i < 21; i++) await depositThroughApi(page.request, baseURL!, String(10 + i))
    const declined = await depositThroughApi(page.request, baseURL!, '99', 'fail')

    await gotoHydrated(page, '/cashier/history')
    const history = page.getByTestId('history')
    const rows = page.getByTestId('history-row')
    await expect(history).toHaveAttribute('data-view', 'shown')
    await expect(rows).toHaveCount(20)
    await expect(page.getByTestId('history-range')).toHaveText('1–20 of 22')
    // Newest first: the declined deposit leads.
    await expect(rows.first()).toHaveAttribute('data-status', 'failed')
    await expect(page.getByTestId('history-prev')).toBeDisabled()
    expect(await seriousA11yViolations(page)).toEqual([])

    await page.getByTestId('history-next').click()
    await expect(page).toHaveURL(/\/cashier\/history\?offset=20$/)
    await expect(rows).toHaveCount(2)
    await expect(page.getByTestId('history-range')).toHaveText('21–22 of 22')
    await expect(page.getByTestId('history-next')).toBeDisabled()
    // The oldest deposit, 10.00, is last.
    await expect(rows.last()).toContainText('+$10.00')
    // Back returns to the first page, as the address says.
    await page.goBack()
    await expect(page.getByTestId('history-range')).toHaveText('1–20 of 22')

    // Type: no withdrawals yet; deposits all.
    await page.getByLabel('Type', { exact: true }).selectOption('withdrawal')
    await page.getByRole('button', { name: 'Show' }).click()
    await expect(history).toHaveAttribute('data-view', 'empty')
    await expect(page).toHaveURL(/\?type=withdrawal$/)
    await page.getByLabel('Type', { exact: true }).selectOption('deposit')
    await page.getByRole('button', { name: 'Show' }).click()
    await expect(page.getByTestId('history-range')).toHaveText('1–20 of 22')

    // Dates: nothing from tomorrow on; today has everything; a start after the end is explained.
    // Typed as the site writes dates (dd.mm.yyyy), UTC days as the server files them.
    const dmy = (d: Date) => d.toISOString().slice(0, 10).split('-').reverse().join('.')
    const today = dmy(new Date())
    const tomorrow = dmy(new Date(Date.now() + 86_400_000))
    await page.getByLabel('From', { exact: true }).fill(tomorrow)
    await page.getByRole('button', { name: 'Show' }).click()
    await expect(history).toHaveAttribute('data-view', 'empty')
    await page.getByLabel('From', { exact: true }).fill(today)
    await page.getByLabel('To', { exact: true }).fill(today)
    await page.getByRole('button', { name: 'Show' }).click()
    await expect(page.getByTestId('history-range')).toHaveText('1–20 of 22')
    await page.getByLabel('From', { exact: true }).fill(tomorrow)
    await page.getByRole('button', { name: 'Show' }).click()
    await expect(history).toHaveAttribute('data-view', 'invalidRange')
    await expect(page.getByTestId('history-invalid-range')).toBeVisible()
    expect(await seriousA11yViolations(page)).toEqual([])

    // A receipt from the first row of everything: the declined deposit.
    await gotoHydrated(page, '/cashier/history')
    await rows.first().getByRole('link').click()
    await expect(page).toHaveURL(new RegExp(`/cashier/receipt\\?id=${declined}$`))
    await expect(page.getByTestId('receipt')).toHaveAttribute('data-view', 'shown')
    await expect(page.getByTestId('transaction-details')).toHaveAttribute('data-status', 'failed')
    await expect(page.getByTestId('transaction-amount')).toHaveText('$99.00')
    expect(await seriousA11yViolations(page)).toEqual([])
    // An id that is not the player's is not found.
    await gotoHydrated(page, '/cashier/receipt?id=ptx_not_mine')
    await expect(page.getByTestId('receipt-not-found')).toBeVisible()
  })
})
