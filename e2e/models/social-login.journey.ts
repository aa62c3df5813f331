// How a path of the social-login model is played on the real site (e2e/models/journeys.ts): the
// model's events as what the visitor does in the auth popup and in the provider's 640x480 window
// (the development identity provider, server/http/dev-idp.ts), its states as checks of what the
// visitor sees. GET /api/oauth/getsettings is held from the start and GET /api/account/getInfo
// from the click on a button, each until the path says the server answered, so `loading`,
// `refreshing` and `checking` can be seen; the real answers are compared with the model's.
import { expect, type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test'
import type { SocialLoginSnapshot } from '../../src/machines/auth/social-login/social-login.selectors'
import { selectSocialDataState } from '../../src/machines/auth/social-login/social-login.selectors'
import type { SocialLoginEvent } from '../../src/machines/auth/social-login/social-login.types'
import { gotoHydrated } from '../fixtures'
import { apiCall, perform as performGesture, ServerGate, type GestureTable } from './journeys'
import { DEV_SERVICE, leavesOf, WINDOW, type SocialLoginAnswer, type SocialLoginLeaf } from './social-login.paths'

// ── the world ────────────────────────────────────────────────────────────────

export interface SocialIdentity {
  readonly name: string
  readonly email: string
}

/** A person the provider knows by this e-mail; new to the site unless signed in before. */
export function newIdentity(flow: string): SocialIdentity {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  return { name: `Model ${tag}`, email: `${flow}-model-${tag}@dev-idp.example` }
}

/**
 * The whole social sign-in without a browser, in the request context given (its cookies become
 * the person's session): /oauth/init, the provider's form posted as the person, the callback.
 * The e2e journeys use it to make the world (a returning player, a player who still has to
 * complete the registration) without playing the window each time.
 */
export async function signInThroughProvider(request: APIRequestContext, identity: SocialIdentity, typeAuth: 'login' | 'registration' = 'login') {
  const init = await request.get(`/oauth/init?service=${DEV_SERVICE.id}&redirect_url=%2F&type_auth=${typeAuth}`, { maxRedirects: 0 })
  expect(init.status(), 'the init sends the browser to the provider').toBe(302)
  const authorize = new URL(init.headers()['location']!)
  const form: Record<string, string> = Object.fromEntries(authorize.searchParams)
  const back = await request.post(authorize.pathname, { form: { ...form, name: identity.name, email: identity.email, action: 'login' }, maxRedirects: 0 })
  expect(back.status(), 'the provider sends the browser back with a code').toBe(302)
  const callback = new URL(back.headers()['location']!)
  const done = await request.get(`${callback.pathname}${callback.search}`, { maxRedirects: 0 })
  expect(done.status(), await done.text()).toBe(200)
  expect(await done.text()).toContain('data-social-auth="success"')
}

/** Completes the signed-in social account (SPEC §2.3 socialRegistration) through the API. */
export async function completeThroughApi(request: APIRequestContext, baseURL: string, currency = 'USD') {
  const res = await request.post('/api/oauth/completeRegistration', { form: { currency, terms: '1', notify: '0' }, headers: { origin: baseURL } })
  expect(res.status(), await res.text()).toBe(200)
}

/** A returning player: an account made and completed through the provider, in a context of its own. */
export async function makeReturningPlayer(request: APIRequestContext, baseURL: string): Promise<SocialIdentity> {
  const identity = newIdentity('social-back')
  await signInThroughProvider(request, identity)
  await completeThroughApi(request, baseURL)
  return identity
}

const OPERATOR_TOKEN = process.env.OPERATOR_TOKEN ?? 'e2e-operator-token-0123456789abcdef'

/** A returning player the operator has banned (the social account's login is its e-mail). */
export async function makeBannedPlayer(request: APIRequestContext, baseURL: string): Promise<SocialIdentity> {
  const identity = await makeReturningPlayer(request, baseURL)
  const res = await request.post('/api/operator/banPlayer', { form: { login: identity.email, ban_type: 'fraud' }, headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })
  expect(res.ok(), await res.text()).toBe(true)
  return identity
}

export interface SocialLoginWorld {
  /** The browser refuses the window: window.open answers null, as a pop-up blocker makes it. */
  readonly blockedWindow: boolean
  /** Whom WINDOW.returningPlayer signs in as. */
  readonly returningPlayer: SocialIdentity | null
  /** Whom WINDOW.bannedPlayer signs in as. */
  readonly bannedPlayer: SocialIdentity | null
}

// ── the server, held ─────────────────────────────────────────────────────────

type Held = 'settings' | 'user'
const HELD_REQUESTS: Record<Held, (request: Request) => boolean> = {
  settings: apiCall('GET', '/api/oauth/getsettings'),
  user: apiCall('GET', '/api/account/getInfo'),
}
export type SocialLoginServer = ServerGate<Held>
export const installServer = (page: Page): Promise<SocialLoginServer> => ServerGate.install<Held>(page, HELD_REQUESTS, ['settings'])

// ── the page ─────────────────────────────────────────────────────────────────

/** Where the journeys open the popup. */
const START_PAGE = '/gamehall'

export class SocialLoginModel {
  /** The provider's window while it is open. */
  window: Page | null = null
  /** The person the visitor signs in as in the window (new for each journey). */
  readonly newPlayer = newIdentity('social-new')

  constructor(
    readonly page: Page,
    readonly baseURL: string,
    readonly world: SocialLoginWorld,
  ) {}

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Log in' })
  }
  get social(): Locator {
    return this.dialog.getByTestId('social-login')
  }
  get button(): Locator {
    return this.social.locator(`button[data-service="${DEV_SERVICE.id}"]`)
  }
  /** 'Finish signing in in the window that opened.' with its Cancel. */
  get status(): Locator {
    return this.social.getByRole('status')
  }

  /**
   * A visitor opens the popup by its address on the game hall (a login stays on the page it was
   * made on); a blocked world refuses every window first.
   */
  async open() {
    if (this.world.blockedWindow) {
      await this.page.addInitScript(() => {
        window.open = () => null
      })
    }
    await gotoHydrated(this.page, `${START_PAGE}?show_popup_auth=1`)
    await expect(this.dialog).toBeVisible()
  }

  /** The provider's window: its form, then what the visitor does there; the window closes itself. */
  async inWindow(act: (window: Page) => Promise<void>) {
    const window = this.window
    if (!window) throw new Error('no provider window is open')
    await expect(window.getByTestId('dev-idp')).toBeVisible()
    await Promise.all([window.waitForEvent('close'), act(window)])
    this.window = null
  }

  async signInAs(identity: SocialIdentity) {
    await this.inWindow(async (window) => {
      await window.getByLabel('Name').fill(identity.name)
      await window.getByLabel('E-mail').fill(identity.email)
      await window.getByRole('button', { name: 'Sign in' }).click()
    })
  }

  async seeVisitor() {
    await expect(this.page.getByRole('button', { name: 'Account menu' })).toHaveCount(0)
  }
  async seeLoggedIn() {
    await expect(this.page.getByRole('button', { name: 'Account menu' }).first()).toBeVisible()
  }
}

export interface JourneyContext {
  readonly see: SocialLoginModel
  readonly server: SocialLoginServer
  /** The state the page was last checked in: what an answer's gesture changes the world from. */
  at: SocialLoginSnapshot | null
}

// ── gestures ─────────────────────────────────────────────────────────────────

export const PLAYER_GESTURES = {
  // getInfo is held from here on: the page asks it after the window, and `refreshing` or
  // `checking` must be seen before it answers.
  'social.select': async (page, _event, { see, server }) => {
    server.hold('user')
    if (see.world.blockedWindow) {
      await see.button.click()
      return
    }
    const [window] = await Promise.all([page.waitForEvent('popup'), see.button.click()])
    see.window = window
  },
  'social.window.result': async (_page, event, { see }) => {
    const { result } = event
    if (!result.ok && result.code === WINDOW.cancelled.code) {
      await see.inWindow((window) => window.getByRole('button', { name: 'Cancel' }).click())
    } else if (result.ok && result.created) {
      await see.signInAs(see.newPlayer)
    } else if (result.ok) {
      if (!see.world.returningPlayer) throw new Error('the journey signs in a returning player but made none')
      await see.signInAs(see.world.returningPlayer)
    } else if (result.code === WINDOW.bannedPlayer.code) {
      if (!see.world.bannedPlayer) throw new Error('the journey signs in a banned player but made none')
      await see.signInAs(see.world.bannedPlayer)
    } else {
      throw new Error(`no gesture makes the window report ${result.code}`)
    }
  },
  // The visitor closes the window; the page notices within its poll and grace (about 1.5 s).
  'social.window.closed': async (_page, _event, { see }) => {
    const window = see.window
    if (!window) throw new Error('no provider window is open')
    await expect(window.getByTestId('dev-idp')).toBeVisible()
    await window.close()
    see.window = null
  },
  // The browser refused the window (the world's window.open): the page goes to the provider itself.
  'social.window.blocked': async (page) => {
    await page.waitForURL(/\/dev\/idp\/authorize\?/)
  },
  'social.cancel': async (_page, _event, { see }) => {
    const window = see.window
    if (!window) throw new Error('no provider window is open')
    await Promise.all([window.waitForEvent('close'), see.status.getByRole('button', { name: 'Cancel' }).click()])
    see.window = null
  },
  'popup.close': (_page, _event, { see }) => see.dialog.getByRole('button', { name: 'Close' }).click(),
} satisfies GestureTable<SocialLoginEvent, JourneyContext>

/** The `data` of a SPEC §8 success body. */
const dataOf = <T>(body: unknown): T | null => (body as { data?: T } | null)?.data ?? null

const whoOf = (info: { uid?: number; is_registration_completed?: boolean } | null): string => {
  if (!info || !info.uid) return 'visitor'
  return info.is_registration_completed ? 'returningPlayer' : 'newPlayer'
}

export const ANSWER_GESTURES = {
  'xstate.done.actor.loadSettings': async (_page, event, { server }) => {
    // Passed from now on: the back-URL rule asks the settings again after a login.
    const { status, body } = await server.release('settings', { andPass: true })
    expect(status).toBe(200)
    const services = dataOf<{ services: { id: string }[] }>(body)?.services.map((s) => s.id)
    expect(services, 'the server offers the providers the model expects').toEqual(event.output.ok ? event.output.settings.services.map((s) => s.id) : [])
  },
  'xstate.done.actor.refreshUser': async (page, event, { see, server, at }) => {
    const expected = whoOf(event.output.ok ? event.output.account : null)
    // A window that said success and a page that is nobody: the session ended meanwhile.
    if (expected === 'visitor' && at?.matches('refreshing')) {
      const res = await page.request.get('/api/auth/logout', { headers: { origin: see.baseURL } })
      expect(res.status(), await res.text()).toBe(200)
    }
    const { status, body } = await server.release('user', { andPass: true })
    expect(status).toBe(200)
    expect(whoOf(dataOf(body)), 'the server knows the page as the model expects').toBe(expected)
  },
} satisfies GestureTable<SocialLoginAnswer, JourneyContext>

export const perform = (page: Page, event: SocialLoginEvent | SocialLoginAnswer, journey: JourneyContext) =>
  performGesture(page, event, journey, PLAYER_GESTURES, ANSWER_GESTURES)

// ── checks ───────────────────────────────────────────────────────────────────

export type Check = (see: SocialLoginModel, snapshot: SocialLoginSnapshot) => Promise<void>

/** The buttons, with the model's alert; busy (the window's button loading, the others off, Cancel) or not. */
async function seeButtons(see: SocialLoginModel, snapshot: SocialLoginSnapshot, { busy }: { busy: boolean }) {
  await expect(see.social).toHaveAttribute('data-state', selectSocialDataState(snapshot))
  await expect(see.button).toContainText(DEV_SERVICE.name)
  const { alert } = snapshot.context
  if (alert) await expect(see.social.getByTestId('social-alert')).toHaveAttribute('data-message-id', alert)
  else await expect(see.social.getByTestId('social-alert')).toHaveCount(0)
  if (busy) {
    await expect(see.social).toHaveAttribute('aria-busy', 'true')
    await expect(see.button).toHaveAttribute('aria-busy', 'true')
    await expect(see.status.getByRole('button', { name: 'Cancel' })).toBeVisible()
  } else {
    await expect(see.social).toHaveAttribute('aria-busy', 'false')
    await expect(see.button).toBeEnabled()
    await expect(see.button).not.toHaveAttribute('aria-busy', 'true')
    await expect(see.status).toHaveCount(0)
  }
  // The log-in form stays beside the buttons.
  await expect(see.dialog.locator('input[name="password"]')).toBeVisible()
  await see.seeVisitor()
}

/** While the page asks who it is now: the buttons are gone, the popup stays. */
async function seeAsking(see: SocialLoginModel) {
  await expect(see.dialog).toBeVisible()
  await expect(see.social).toHaveCount(0)
}

export const STATE_CHECKS = {
  // The buttons come with the settings: nothing shows before.
  loading: async (see) => {
    await expect(see.dialog.locator('input[name="password"]')).toBeVisible()
    await expect(see.social).toHaveCount(0)
  },
  ready: async (see, snapshot) => {
    await seeButtons(see, snapshot, { busy: false })
    // A window that opened is gone once the buttons are back.
    expect(see.window, 'no provider window left open').toBeNull()
  },
  // The 640x480 window at the provider (SPEC §7, §9); the page waits for it. A blocked window is
  // reported in the click's own task, so a blocked journey's page never shows `waiting`: there the
  // check is that no window opened (the next step sees the page at the provider).
  waiting: async (see, snapshot) => {
    if (see.world.blockedWindow) {
      expect(see.window, 'no window opens when the browser refuses it').toBeNull()
      return
    }
    await seeButtons(see, snapshot, { busy: true })
    const provider = see.window!
    await expect(provider.getByTestId('dev-idp')).toBeVisible()
    await expect(provider).toHaveURL(/\/dev\/idp\/authorize\?.*code_challenge_method=S256/)
    const width = await provider.evaluate(() => window.outerWidth)
    expect(width, 'the window is the 640 px one (with the browser frame)').toBeLessThanOrEqual(700)
  },
  refreshing: (see) => seeAsking(see),
  checking: (see) => seeAsking(see),
  // Logged in and complete, without the completion view: the popup closed, the same page in the
  // player's locale without the popup's flag (no backUrl here; e2e/social.spec.ts follows one).
  success: async (see) => {
    await expect(see.page).toHaveURL(new URL(START_PAGE, see.baseURL).toString())
    await expect(see.page.getByRole('dialog')).toHaveCount(0)
    await see.seeLoggedIn()
  },
  // Logged in, not complete: the popup's socialRegistration view opens by itself
  // (e2e/social-registration.model.spec.ts plays it).
  completing: async (see) => {
    await expect(see.dialog).toHaveCount(0)
    const completion = see.page.getByRole('dialog', { name: 'Complete your registration' })
    await expect(completion.getByTestId('social-registration')).toHaveAttribute('data-state', 'socialRegistration.editing')
    await see.seeLoggedIn()
  },
  // The same flow in the page itself: the provider's form, the site left behind.
  redirected: async (see) => {
    await expect(see.page.getByTestId('dev-idp')).toBeVisible()
    await expect(see.page).toHaveURL(/\/dev\/idp\/authorize\?.*code_challenge_method=S256/)
  },
  closed: async (see) => {
    await expect(see.page.getByRole('dialog')).toHaveCount(0)
    await see.seeVisitor()
  },
} satisfies Record<SocialLoginLeaf, Check>

export async function checkState(see: SocialLoginModel, snapshot: SocialLoginSnapshot) {
  for (const leaf of leavesOf(snapshot)) {
    const check: Check | undefined = STATE_CHECKS[leaf]
    if (!check) throw new Error(`no check for state '${leaf}'`)
    await check(see, snapshot)
  }
}
