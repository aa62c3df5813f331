// The support page's feedback form as a visitor meets it: every field's refusal keeps what was
// typed, markup stays text, and a sent message is confirmed with its reference and reaches the
// support address's mailbox.
import { expect, gotoHydrated, seriousA11yViolations, test } from './fixtures'

test('a visitor writes to support: refused fields, then sent with a reference that reaches the team @phone', async ({ page }, testInfo) => {
  await gotoHydrated(page, '/support')
  const form = page.getByTestId('feedback')

  // Nothing filled: each field says what it needs, and nothing is sent.
  await form.getByTestId('feedback-submit').click()
  await expect(form.getByLabel('Your e-mail')).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByLabel('Topic')).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByLabel('Your message')).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByLabel('Your e-mail')).toBeFocused()

  await form.getByLabel('Your e-mail').fill('not an address')
  await form.getByLabel('Topic').selectOption('payments')
  await form.getByLabel('Your message').fill('Help')
  await form.getByTestId('feedback-submit').click()
  await expect(form.getByLabel('Your e-mail')).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByLabel('Your message')).toHaveAttribute('aria-invalid', 'true')
  expect(await seriousA11yViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('support-refused.png'), fullPage: true })

  const address = `support-${testInfo.project.name}-${Date.now()}@example.com`
  const message = 'My deposit has not arrived. <script>alert(1)</script> Can you check?'
  await form.getByLabel('Your e-mail').fill(address)
  await form.getByLabel('Your message').fill(message)
  await form.getByTestId('feedback-submit').click()
  const sent = form.getByTestId('feedback-sent')
  await expect(sent).toContainText('has reached our team')
  const reference = await sent.getAttribute('data-reference')
  expect(reference).toMatch(/^FB-\d+$/)
  await page.screenshot({ path: testInfo.outputPath('support-sent.png'), fullPage: true })

  // The team's mail carries the message as text, with the address to answer at.
  const mailbox = await (await page.request.get('/dev/mailbox')).text()
  const mail = mailbox.split('<article>').find((a) => a.includes(reference!))
  expect(mail).toBeDefined()
  expect(mail).toContain(address)
  expect(mail).toContain('&lt;script&gt;')
})
