// The built-in support chat as a player and an operator use it (docs/support-chat.md): the player
// writes on /support, the operator unlocks /operator/chat with the token in another browser, sees
// the unread conversation and answers, and the answer reaches the player's open page by the socket.
// Markup stays text on both sides; an empty message is refused and nothing typed is lost.
import { OPERATOR_TOKEN, PASSWORD, registerPlayer, submitLogin } from './accounts'
import { expect, gotoHydrated, newDeviceContext, seriousA11yViolations, test } from './fixtures'

test('a player chats with an operator in another browser: the answer arrives live, markup stays text', async ({ page, browser, baseURL }, testInfo) => {
  const login = await registerPlayer(page.request, baseURL!, `chat-${testInfo.project.name}`)
  await submitLogin(page, login, PASSWORD, { lands: true })
  await gotoHydrated(page, '/support')
  const chat = page.getByTestId('support-chat')
  await expect(chat.getByTestId('support-chat-empty')).toBeVisible()

  // An empty box is refused where it is; a message with markup is shown as typed.
  await chat.getByTestId('support-chat-send').click()
  await expect(chat.getByLabel('Your message')).toHaveAttribute('aria-invalid', 'true')
  const question = `Where is my withdrawal? <b>urgent</b> ${testInfo.project.name}`
  await chat.getByLabel('Your message').fill(question)
  await chat.getByLabel('Your message').press('Enter')
  const mine = chat.getByTestId('support-chat-message').filter({ hasText: question })
  await expect(mine).toHaveAttribute('data-author', 'player')
  await expect(chat.locator('b')).toHaveCount(0)
  await expect(chat.getByLabel('Your message')).toHaveValue('')
  expect(await seriousA11yViolations(page)).toEqual([])

  // The operator, in a browser of their own: the token first, a wrong one refused.
  const staff = await newDeviceContext(browser, baseURL!)
  const desk = await staff.newPage()
  await gotoHydrated(desk, '/operator/chat')
  const panel = desk.getByTestId('operator-chat')
  await panel.getByLabel('Operator token').fill('not-the-token')
  await panel.getByTestId('operator-chat-unlock').click()
  await expect(panel.getByTestId('operator-chat-alert')).toHaveAttribute('data-message-id', 'badToken')
  await panel.getByLabel('Operator token').fill(OPERATOR_TOKEN)
  await panel.getByTestId('operator-chat-unlock').click()
  const conversation = panel.locator(`[data-testid="operator-chat-item"][data-login="${login}"]`)
  await expect(conversation).toHaveAttribute('data-unread', '1')
  await conversation.click()
  await expect(panel.getByTestId('operator-chat-message').filter({ hasText: question })).toBeVisible()
  await expect(panel.locator('b')).toHaveCount(0)
  const answer = 'It left today; it reaches your bank within a day.'
  await panel.getByLabel('Your answer').fill(answer)
  await panel.getByTestId('operator-chat-send').click()
  await expect(panel.getByTestId('operator-chat-message').filter({ hasText: answer })).toHaveAttribute('data-author', 'operator')
  expect(await seriousA11yViolations(desk)).toEqual([])
  await desk.screenshot({ path: testInfo.outputPath('operator-chat.png'), fullPage: true })

  // The player's open page shows it without a reload, and it counts as read there.
  await expect(chat.getByTestId('support-chat-message').filter({ hasText: answer })).toHaveAttribute('data-author', 'operator')
  await page.screenshot({ path: testInfo.outputPath('support-chat.png'), fullPage: true })
  await expect(conversation).toHaveAttribute('data-unread', '0')
  await expect(page.getByTestId('chat-unread')).toHaveCount(0)
  await staff.close()
})
