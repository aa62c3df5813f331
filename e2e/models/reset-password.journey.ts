// How a path of the reset-password model is played on the real site (e2e/models/journeys.ts): the
// model's events as the player's gestures and the server's answer, its states as checks of what
// the player sees in the 'Set a new password' dialog a recovery link opens. The link is a real
// one: asked for through the API for the journey's own player and read from the development
// mailbox (/dev/mailbox), as the restore journeys find it. POST /api/auth/resetPassword is held
// until the path says the server answered, so `submitting` can be seen; the real answer is then
// compared with the model's.
import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test'
import { selectResetDataState, type ResetPasswordSnapshot } from '../../src/machines/auth/reset-password/reset-password.selectors'
import type { ResetPasswordEvent } from '../../src/machines/auth/reset-password/reset-password.types'
import { registerLoggedInPlayer } from '../accounts'
import { gotoHydrated } from '../fixtures'
import { answerCode, apiCall, perform as performGesture, ServerGate, type GestureTable } from './journeys'
import { leavesOf, LINK, openedOf, type LinkName, type ResetAnswer, type ResetLeaf } from './reset-password.paths'

// ── the world: the link ──────────────────────────────────────────────────────

/**
 * A recovery link of the journey's own player: registered through the API (a context of its own,
 * so the page stays a visitor's), the link asked for as the restore view does, its token read from
 * the player's mail in the development mailbox.
 */
async function mailedToken(request: APIRequestContext, baseURL: string): Promise<string> {
  const { email } = await registerLoggedInPlayer(request, baseURL, 'reset-model')
  const res = await request.post('/api/auth/restore', { form: { login: email }, headers: { origin: baseURL } })
  expect(res.status(), await res.text()).toBe(200)
  const mailbox = await (await request.get('/dev/mailbox')).text()
  const mail = mailbox.split('<article>').find((article) => article.includes(`To <b>${email}</b>`))
  const token = mail?.match(/#reset_token=([A-Za-z0-9_-]+)/)?.[1]
  expect(token, `a recovery link in the mail to ${email}`).toBeTruthy()
  return token!
}

/** The token the journey's link carries, for the model's link. */
export async function tokenFor(link: LinkName, request: APIRequestContext, baseURL: string): Promise<string> {
  if (link === 'garbled') return LINK.garbled
  const token = await mailedToken(request, baseURL)
  if (link === 'spent') {
    // Followed once already (by the player, in another tab): the link works once.
    const res = await request.post('/api/auth/resetPassword', { form: { token, password: 'Sp3nt-Once-99' }, headers: { origin: baseURL } })
    expect(res.status(), await res.text()).toBe(200)
  }
  return token
}

// ── the server, held ─────────────────────────────────────────────────────────

type Held = 'reset'
const HELD_REQUESTS: Record<Held, (request: Request) => boolean> = { reset: apiCall('POST', '/api/auth/resetPassword') }
export type ResetServer = ServerGate<Held>
export const installServer = (page: Page): Promise<ResetServer> => ServerGate.install<Held>(page, HELD_REQUESTS, ['reset'])

// ── the page ─────────────────────────────────────────────────────────────────

export class ResetModel {
  constructor(readonly page: Page) {}
  get root() {
    return this.page.getByTestId('reset-password')
  }
  get password() {
    return this.root.getByLabel('New password', { exact: true })
  }
  get confirmation() {
    return this.root.getByLabel('Repeat the new password')
  }
  get submitButton() {
    return this.root.locator('button[type=submit]')
  }
  /** The player follows the link: the page loads with the token in its fragment. */
  async follow(token: string) {
    await gotoHydrated(this.page, `/#reset_token=${token}`)
  }
}

export interface JourneyContext {
  readonly see: ResetModel
  readonly server: ResetServer
}

// ── gestures ─────────────────────────────────────────────────────────────────

export const PLAYER_GESTURES = {
  'reset.field.change': (_page, event, { see }) => (event.name === 'password' ? see.password : see.confirmation).fill(event.value),
  'reset.submit': (_page, _event, { see }) => see.submitButton.click(),
  'reset.requestNew': (_page, _event, { see }) => see.root.getByRole('button', { name: 'Get a new link' }).click(),
  'reset.login': (_page, _event, { see }) => see.root.getByRole('button', { name: 'Log in' }).click(),
  'reset.close': (page) => page.getByRole('dialog', { name: 'Set a new password' }).getByRole('button', { name: 'Close' }).click(),
} satisfies GestureTable<ResetPasswordEvent, JourneyContext>

export const ANSWER_GESTURES = {
  'xstate.done.actor.submitReset': async (_page, event, { server }) => {
    const { status, body } = await server.release('reset')
    expect(answerCode(status, body), 'the server answers resetPassword as the model expects').toBe(event.output.ok ? 'ok' : event.output.error.code)
    if (!event.output.ok) {
      const invalid = (body as { error?: { invalid_parameters?: unknown } }).error?.invalid_parameters
      expect(invalid, 'the fields the server refused, as the model has them').toEqual(event.output.error.invalidParameters)
    }
  },
} satisfies GestureTable<ResetAnswer, JourneyContext>

export const perform = (page: Page, event: ResetPasswordEvent | ResetAnswer, journey: JourneyContext) =>
  performGesture(page, event, journey, PLAYER_GESTURES, ANSWER_GESTURES)

// ── checks ───────────────────────────────────────────────────────────────────

export type Check = (see: ResetModel, snapshot: ResetPasswordSnapshot) => Promise<void>

/** The dialog in the model's state; the token has left the address bar (it is read once). */
async function seeDialog(see: ResetModel, snapshot: ResetPasswordSnapshot, title: string) {
  await expect(see.page.getByRole('dialog', { name: title })).toBeVisible()
  await expect(see.root).toHaveAttribute('data-state', selectResetDataState(snapshot))
  await expect.poll(() => see.page.evaluate(() => window.location.hash), { message: 'the token left the address bar' }).toBe('')
}

/** The form with the model's values and refusals; busy while the request is held. */
async function seeForm(see: ResetModel, snapshot: ResetPasswordSnapshot, busy: boolean) {
  const { values, fieldErrors, alert } = snapshot.context
  await seeDialog(see, snapshot, 'Set a new password')
  for (const [name, field] of [
    ['password', see.password],
    ['confirmation', see.confirmation],
  ] as const) {
    await expect(field).toHaveValue(values[name])
    if (fieldErrors[name]) await expect(field).toHaveAttribute('aria-invalid', 'true')
    else await expect(field).not.toHaveAttribute('aria-invalid', 'true')
  }
  if (fieldErrors.password?.values?.['code'] === 'common') await expect(see.root.getByText('This password is too easy to guess', { exact: false })).toBeVisible()
  if (alert) await expect(see.root.getByTestId('reset-alert')).toHaveAttribute('data-message-id', alert.messageId)
  else await expect(see.root.getByTestId('reset-alert')).toHaveCount(0)
  if (busy) await expect(see.submitButton).toHaveAttribute('aria-busy', 'true')
  else await expect(see.submitButton).not.toHaveAttribute('aria-busy', 'true')
}

export const STATE_CHECKS = {
  editing: (see, snapshot) => seeForm(see, snapshot, false),
  submitting: (see, snapshot) => seeForm(see, snapshot, true),
  invalidToken: async (see, snapshot) => {
    await seeDialog(see, snapshot, 'Set a new password')
    await expect(see.root.getByTestId('reset-token-problem')).toHaveAttribute('data-problem', 'invalid')
    await expect(see.root.getByRole('button', { name: 'Get a new link' })).toBeVisible()
    await expect(see.password).toHaveCount(0)
  },
  done: async (see, snapshot) => {
    await seeDialog(see, snapshot, 'Password changed')
    await expect(see.root.getByTestId('reset-done')).toBeVisible()
    await expect(see.root.getByRole('button', { name: 'Log in' })).toBeVisible()
  },
  // The dialog is gone; the auth view it opened (a new link, the login) is what the player sees.
  closed: async (see, snapshot) => {
    await expect(see.root).toHaveCount(0)
    const opened = openedOf(snapshot)
    if (opened === 'restore') await expect(see.page.getByRole('dialog', { name: 'Reset your password' }).getByLabel('E-mail, phone or login')).toBeVisible()
    else if (opened === 'authorization') await expect(see.page.getByRole('dialog', { name: 'Log in' }).getByLabel('E-mail or phone')).toBeVisible()
    else await expect(see.page.getByRole('dialog')).toHaveCount(0)
  },
} satisfies Record<ResetLeaf, Check>

export async function checkState(see: ResetModel, snapshot: ResetPasswordSnapshot) {
  for (const leaf of leavesOf(snapshot)) {
    const check: Check | undefined = STATE_CHECKS[leaf]
    if (!check) throw new Error(`no check for state '${leaf}'`)
    await check(see, snapshot)
  }
}
