// How a path of the restore model is played on the real site (e2e/models/journeys.ts): the model's
// events as the visitor's gestures and the server's answer, its states as checks of what the
// visitor sees in the popup's 'Reset your password' view. POST /api/auth/restore is held until the
// path says the server answered, so `submitting` can be seen; the real answer is then compared
// with the model's. A link asked for a player's e-mail or phone is looked for in the development
// mailbox (/dev/mailbox), and none for an address nobody has.
import { expect, type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test'
import { normalizeRestoreLogin } from '../../src/machines/auth/restore/restore.rules'
import { selectRestoreDataState, type RestoreSnapshot } from '../../src/machines/auth/restore/restore.selectors'
import type { RestoreEvent } from '../../src/machines/auth/restore/restore.types'
import { gotoHydrated } from '../fixtures'
import { answerCode, apiCall, perform as performGesture, ServerGate, type GestureTable } from './journeys'
import { leavesOf, LOGIN, type RestoreAnswer, type RestoreLeaf } from './restore.paths'

// ── the world ────────────────────────────────────────────────────────────────

export interface RestorePlayer {
  readonly email: string
  /** As the player types it: international, with the plus. */
  readonly phone: string
}

/**
 * A player of the journey's own, registered through the API (a context of its own, so the page
 * stays a visitor's) with an e-mail and a German mobile number, so the mail a request sends is
 * this journey's alone.
 */
export async function registerRestorePlayer(request: APIRequestContext, baseURL: string): Promise<RestorePlayer> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const email = `restore-model-${tag}@example.com`
  const national = `151${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
  const res = await request.post('/api/auth/register', {
    form: { login: email, email, phone: `+49 ${national}`, phone_country_code: 'DE', password: 'Orig1nal-Pass', currency: 'USD', notify: '0' },
    headers: { origin: baseURL },
  })
  expect(res.status(), await res.text()).toBe(200)
  return { email, phone: `+49${national}` }
}

/** The e2e server's login throttle multiplier, per browser context (server/api/auth.ts TEST_THROTTLE_COOKIE). */
const THROTTLE_COOKIE = 'test_auth_throttle_multiplier'
/** Recovery links one IP may ask for in an hour at multiplier 1 (server/domain/auth/throttle.ts restoreIp). */
const RESTORE_IP_LIMIT = 10

/**
 * LOGIN.afterLimit's world: this IP has asked for every link the hour allows. The context sets
 * the production limits for itself (every journey comes from 127.0.0.1, so the e2e server raises
 * them for everyone else), then asks until the server refuses; the other journeys are not
 * throttled by it, since their requests count against the raised limit.
 */
async function spendTheHoursLinks(page: Page, baseURL: string) {
  await page.context().addCookies([{ name: THROTTLE_COOKIE, value: '1', url: baseURL }])
  for (let i = 0; i <= RESTORE_IP_LIMIT; i++) {
    const res = await page.request.post('/api/auth/restore', { form: { login: LOGIN.afterLimit }, headers: { origin: baseURL } })
    if (res.status() === 429) return
    expect(res.status(), await res.text()).toBe(200)
  }
  throw new Error(`the server still sends links after ${RESTORE_IP_LIMIT + 1} requests at multiplier 1`)
}

// ── the server, held ─────────────────────────────────────────────────────────

type Held = 'restore'
const HELD_REQUESTS: Record<Held, (request: Request) => boolean> = { restore: apiCall('POST', '/api/auth/restore') }
export type RestoreServer = ServerGate<Held>
export const installServer = (page: Page): Promise<RestoreServer> => ServerGate.install<Held>(page, HELD_REQUESTS, ['restore'])

// ── the page ─────────────────────────────────────────────────────────────────

export class RestoreModel {
  constructor(
    readonly page: Page,
    readonly baseURL: string,
    /** The journey's player, when its path types LOGIN.email or LOGIN.phone. */
    readonly player: RestorePlayer | null,
  ) {}
  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Reset your password' })
  }
  get form(): Locator {
    return this.dialog.getByTestId('restore-form')
  }
  get field(): Locator {
    return this.form.getByLabel('E-mail, phone or login')
  }
  get submitButton(): Locator {
    return this.form.locator('button[type=submit]')
  }
  get sent(): Locator {
    return this.dialog.getByTestId('restore-sent')
  }
  /** A model value as the visitor types it. */
  typed(value: string): string {
    if (value === LOGIN.email || value === LOGIN.phone) {
      if (!this.player) throw new Error(`the journey types ${value} but has no player`)
      return value === LOGIN.email ? this.player.email : this.player.phone
    }
    return value
  }
  /** A visitor opens the popup by its address, then 'Forgot your password?'. */
  async open() {
    await gotoHydrated(this.page, '/?show_popup_auth=1')
    await this.page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Forgot your password?' }).click()
    await expect(this.form).toBeVisible()
  }
  /** The development mailbox's text (newest mails first), read without leaving the popup. */
  async mailbox(): Promise<string> {
    const res = await this.page.request.get('/dev/mailbox')
    expect(res.status(), 'the development mailbox answers').toBe(200)
    return res.text()
  }
}

export interface JourneyContext {
  readonly see: RestoreModel
  readonly server: RestoreServer
}

// ── gestures ─────────────────────────────────────────────────────────────────

export const PLAYER_GESTURES = {
  'restore.field.change': async (page, event, { see }) => {
    if (event.value === LOGIN.afterLimit) await spendTheHoursLinks(page, see.baseURL)
    await see.field.fill(see.typed(event.value))
  },
  'restore.submit': (_page, _event, { see }) => see.submitButton.click(),
  'restore.again': (_page, _event, { see }) => see.sent.getByRole('button', { name: 'Send the link again' }).click(),
} satisfies GestureTable<RestoreEvent, JourneyContext>

export const ANSWER_GESTURES = {
  'xstate.done.actor.requestReset': async (_page, event, { server }) => {
    const { status, body } = await server.release('restore')
    expect(answerCode(status, body), 'the server answers as the model expects').toBe(event.output.ok ? 'ok' : event.output.error.code)
  },
} satisfies GestureTable<RestoreAnswer, JourneyContext>

export const perform = (page: Page, event: RestoreEvent | RestoreAnswer, journey: JourneyContext) =>
  performGesture(page, event, journey, PLAYER_GESTURES, ANSWER_GESTURES)

// ── checks ───────────────────────────────────────────────────────────────────

export type Check = (see: RestoreModel, snapshot: RestoreSnapshot) => Promise<void>

/** The form with the model's value, refusal and alert; busy while the request is held. */
async function seeForm(see: RestoreModel, snapshot: RestoreSnapshot, { busy, canSubmit }: { busy: boolean; canSubmit: boolean }) {
  const { login, fieldErrors, alert } = snapshot.context
  await expect(see.form).toHaveAttribute('data-state', selectRestoreDataState(snapshot))
  await expect(see.field).toHaveValue(login === '' ? '' : see.typed(login))
  if (fieldErrors.login) await expect(see.field).toHaveAttribute('aria-invalid', 'true')
  else await expect(see.field).not.toHaveAttribute('aria-invalid', 'true')
  if (alert) await expect(see.form.getByTestId('restore-alert')).toHaveAttribute('data-message-id', alert.messageId)
  else await expect(see.form.getByTestId('restore-alert')).toHaveCount(0)
  if (busy) await expect(see.submitButton).toHaveAttribute('aria-busy', 'true')
  else await expect(see.submitButton).not.toHaveAttribute('aria-busy', 'true')
  if (canSubmit) await expect(see.submitButton).toBeEnabled()
  else if (!busy) await expect(see.submitButton).toBeDisabled()
  // The back link of the popup stays below the view (SPEC §2.3).
  await expect(see.dialog.getByRole('button', { name: 'Back to log in' })).toBeVisible()
}

export const STATE_CHECKS = {
  editing: (see, snapshot) => seeForm(see, snapshot, { busy: false, canSubmit: true }),
  submitting: (see, snapshot) => seeForm(see, snapshot, { busy: true, canSubmit: false }),
  // The wait is what is left of the IP's hour: the alert counts it down and the button waits too.
  throttled: async (see, snapshot) => {
    await seeForm(see, snapshot, { busy: false, canSubmit: false })
    await expect(see.form.getByTestId('restore-alert')).toHaveText(/\d+/)
  },
  // The same answer whoever the address names; the link goes to the player's mail only.
  sent: async (see, snapshot) => {
    const typed = see.typed(snapshot.context.login)
    await expect(see.sent).toHaveAttribute('data-state', 'restore.sent')
    await expect(see.sent).toContainText(normalizeRestoreLogin(typed))
    await expect(see.form).toHaveCount(0)
    if (snapshot.context.login === LOGIN.email || snapshot.context.login === LOGIN.phone) {
      // The mail is written to the outbox before the server answers (server/domain/auth/recovery.ts).
      const mailbox = await see.mailbox()
      expect(mailbox, "a recovery link in the player's mail").toMatch(new RegExp(`To <b>${see.player!.email.replace(/[.]/g, '\\.')}</b>[^]*?#reset_token=`))
    } else {
      expect(await see.mailbox(), 'no mail for an address nobody has').not.toContain(typed)
    }
  },
} satisfies Record<RestoreLeaf, Check>

export async function checkState(see: RestoreModel, snapshot: RestoreSnapshot) {
  for (const leaf of leavesOf(snapshot)) {
    const check: Check | undefined = STATE_CHECKS[leaf]
    if (!check) throw new Error(`no check for state '${leaf}'`)
    await check(see, snapshot)
  }
}
