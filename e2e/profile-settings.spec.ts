// /profile/settings as a player uses it: the details the country asks for, refused when under 18 or
// missing, kept through every refusal, saved and there after a reload; another country brings its
// own fields; the nickname by its rule, once a month; a phone added and an e-mail changed, each
// confirmed by its code.
import { confirmationMail, logOut, PASSWORD, registerPlayer, submitLogin } from './accounts'
import { expect, gotoHydrated, seriousA11yViolations, test } from './fixtures'

test('a player fills in the details their country asks for, changes country, and picks a nickname', async ({ page, baseURL }, testInfo) => {
  const login = await registerPlayer(page.request, baseURL!, `profile-${testInfo.project.name}`)
  await submitLogin(page, login, PASSWORD, { lands: true })
  await gotoHydrated(page, '/profile/settings')
  const details = page.getByTestId('profile-details')
  await expect(details.getByLabel('Country')).toBeVisible()
  await expect(details.getByTestId('profile-save')).toBeDisabled()

  // The site's default list: the country and an optional birth date. Under 18 is refused.
  await details.getByLabel('Country').selectOption('US')
  await expect(details.getByLabel(/Date of birth/)).toBeVisible()
  const young = new Date()
  const under18 = `01.01.${young.getFullYear() - 17}`
  await details.getByLabel(/Date of birth/).fill(under18)
  await details.getByTestId('profile-save').click()
  await expect(details.getByText('You must be 18 or older to play.')).toBeVisible()
  await expect(details.getByLabel(/Date of birth/)).toBeFocused()
  await details.getByLabel(/Date of birth/).fill('05.04.1990')
  await details.getByTestId('profile-save').click()
  await expect(details.getByTestId('profile-saved')).toBeVisible()

  // Germany asks for both names: refused without them, with what was typed kept; markup is refused.
  await details.getByLabel('Country').selectOption('DE')
  await expect(details.getByLabel('First name')).toBeVisible()
  await details.getByTestId('profile-save').click()
  await expect(details.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true')
  await expect(details.getByLabel('Last name')).toHaveAttribute('aria-invalid', 'true')
  await expect(details.getByLabel(/Date of birth/)).toHaveValue('05.04.1990')
  await details.getByLabel('First name').fill('<b>Anna</b>')
  await details.getByLabel('Last name').fill('Müller')
  await details.getByTestId('profile-save').click()
  await expect(details.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true')
  await page.screenshot({ path: testInfo.outputPath('profile-settings-refused.png'), fullPage: true })
  await details.getByLabel('First name').fill('Anna')
  await details.getByTestId('profile-save').click()
  await expect(details.getByTestId('profile-saved')).toBeVisible()
  expect(await seriousA11yViolations(page)).toEqual([])

  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await expect(details.getByLabel('Country')).toHaveValue('DE')
  await expect(details.getByLabel('First name')).toHaveValue('Anna')
  await expect(details.getByLabel('Last name')).toHaveValue('Müller')
  await expect(details.getByLabel(/Date of birth/)).toHaveValue('05.04.1990')

  // The nickname: the rule first, then saved, then the wait for the next change.
  const nickname = page.getByTestId('fakename')
  await nickname.getByTestId('fakename-edit').click()
  await nickname.getByLabel('New nickname').fill('ab')
  await nickname.getByTestId('fakename-save').click()
  await expect(nickname.getByLabel('New nickname')).toHaveAttribute('aria-invalid', 'true')
  const chosen = `Ace${Date.now().toString(36)}${testInfo.project.name.slice(0, 2)}`
  await nickname.getByLabel('New nickname').fill(chosen)
  await nickname.getByTestId('fakename-save').click()
  await expect(nickname.getByTestId('fakename-saved')).toBeVisible()
  await expect(nickname.getByTestId('fakename-current')).toHaveText(chosen)
  await expect(nickname.getByTestId('fakename-wait')).toContainText('You can change it again on')
  await page.screenshot({ path: testInfo.outputPath('profile-settings.png'), fullPage: true })
})

test('a player adds a phone by pasting it, gets the code by SMS and confirms it', async ({ page, baseURL }, testInfo) => {
  const login = await registerPlayer(page.request, baseURL!, `phone-${testInfo.project.name}`)
  await submitLogin(page, login, PASSWORD, { lands: true })
  await gotoHydrated(page, '/profile/settings')
  const contacts = page.getByTestId('contacts')
  await expect(contacts.locator('[data-type="email"]')).toContainText(login)
  await contacts.getByTestId('phone-add').click()

  // A short number is refused by its country's rule before anything is sent.
  const number = contacts.getByLabel('Phone number')
  await number.fill('12')
  await contacts.getByTestId('phone-save').click()
  await expect(number).toHaveAttribute('aria-invalid', 'true')
  await expect(number).toBeFocused()

  // Pasted with its country code, the number picks Germany and takes its mask.
  const national = `151${String(Date.now()).slice(-8)}`
  await number.fill('')
  await number.evaluate((el, text) => {
    const data = new DataTransfer()
    data.setData('text', text)
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, `+49 ${national}`)
  await expect(contacts.getByLabel('Country code')).toHaveValue('DE')
  await expect(number).toHaveValue(`${national.slice(0, 3)} ${national.slice(3)}`)
  await page.screenshot({ path: testInfo.outputPath('contacts-phone-form.png'), fullPage: true })
  await Promise.all([page.waitForURL((url) => url.pathname === '/confirmation' && url.search === '?contact=phone'), contacts.getByTestId('phone-save').click()])
  const confirmation = page.getByTestId('confirmation-form')
  await expect(confirmation).toContainText(`text message we sent to +49${national}`)

  // The code is in the development outbox, as an SMS to the number.
  const outbox = await (await page.request.get('/dev/mailbox')).text()
  const sms = outbox.split('<article>').find((a) => a.includes(`SMS to <b>+49${national}</b>`))
  const code = /Royal Ace: (\d{6}) /.exec(sms ?? '')?.[1]
  expect(code, 'an SMS with a code in the outbox').toMatch(/^\d{6}$/)

  const wrong = code === '000000' ? '111111' : '000000'
  await confirmation.getByLabel('Code').fill(wrong)
  await confirmation.getByTestId('confirmation-submit').click()
  await expect(confirmation.getByText('This code is not right. Check the text message and try again.')).toBeVisible()
  await confirmation.getByLabel('Code').fill(code!)
  await Promise.all([page.waitForURL((url) => url.pathname === '/confirmation/success'), confirmation.getByTestId('confirmation-submit').click()])
  await expect(page.getByText('Your phone number is confirmed. Thank you.')).toBeVisible()
  expect(await seriousA11yViolations(page)).toEqual([])

  await gotoHydrated(page, '/profile/settings')
  await expect(page.getByTestId('contacts').locator('[data-type="phone"]')).toHaveAttribute('data-confirmed', 'true')
  await expect(page.getByTestId('contacts').locator('[data-type="phone"]')).toContainText(`+49 ${national.slice(0, 3)} ${national.slice(3)}`)
  await page.screenshot({ path: testInfo.outputPath('contacts-confirmed.png'), fullPage: true })
})

test('a player changes their e-mail with the password, confirms the new one by its code, and logs in with it', async ({ page, baseURL }, testInfo) => {
  const login = await registerPlayer(page.request, baseURL!, `email-${testInfo.project.name}`)
  await submitLogin(page, login, PASSWORD, { lands: true })
  await gotoHydrated(page, '/profile/settings')
  const contacts = page.getByTestId('contacts')
  await expect(contacts.locator('[data-type="email"]')).toContainText(login)
  await contacts.getByTestId('email-change').click()
  const form = contacts.getByTestId('email-form')
  const address = form.getByLabel('New e-mail')
  const password = form.getByLabel('Your password')

  // The address's own rule first, then the server's: the same address, a wrong password; what was typed stays.
  await address.fill('not an address')
  await form.getByTestId('email-save').click()
  await expect(address).toHaveAttribute('aria-invalid', 'true')
  await expect(address).toBeFocused()
  await address.fill(login.toUpperCase())
  await password.fill(PASSWORD)
  await form.getByTestId('email-save').click()
  await expect(form.getByText('This is already your e-mail.')).toBeVisible()
  const fresh = `new-${login}`
  await address.fill(fresh)
  await password.fill('Wrong-passw0rd')
  await form.getByTestId('email-save').click()
  await expect(form.getByText('This is not your password. Check it and try again.')).toBeVisible()
  await expect(address).toHaveValue(fresh)
  await page.screenshot({ path: testInfo.outputPath('email-change-refused.png'), fullPage: true })
  expect(await seriousA11yViolations(page)).toEqual([])

  await password.fill(PASSWORD)
  await Promise.all([page.waitForURL((url) => url.pathname === '/confirmation' && url.search === ''), form.getByTestId('email-save').click()])
  const confirmation = page.getByTestId('confirmation')
  await expect(confirmation.getByLabel('E-mail')).toHaveValue(fresh)
  const { code } = await confirmationMail(page.request, fresh)
  await confirmation.getByLabel('Code').fill(code)
  await Promise.all([page.waitForURL((url) => url.pathname === '/confirmation/success'), confirmation.getByTestId('confirmation-submit').click()])

  // The old address was told, without the new one spelled out.
  const mailbox = await (await page.request.get('/dev/mailbox')).text()
  const notice = mailbox.split('<article>').find((a) => a.includes(login) && a.includes('Your e-mail was changed'))
  expect(notice, 'a notice to the old address').toBeTruthy()
  expect(notice).not.toContain(fresh)

  await gotoHydrated(page, '/profile/settings')
  await expect(page.getByTestId('contacts').locator('[data-type="email"]')).toContainText(fresh)
  await expect(page.getByTestId('contacts').locator('[data-type="email"]')).toContainText('Confirmed')
  await logOut(page.request)
  await submitLogin(page, fresh, PASSWORD, { lands: true })
})

