// How a path of the social-registration model is played on the real site (e2e/models/journeys.ts):
// the model's events as what a new social player does in the popup's 'Complete your registration'
// view, its states as checks of what the player sees. The player is signed in through the
// development provider by the page's own request context before the page loads (the window itself
// is e2e/social-login.model.spec.ts), so the view opens by itself on the first page.
// GET /api/metadata/getgeneralinfo and POST /api/oauth/completeRegistration are held until the
// path says the server answered, so `loading` and `submitting` can be seen.
import { expect, type Locator, type Page, type Request } from '@playwright/test'
import { selectCompletionDataState, type SocialRegistrationSnapshot } from '../../src/machines/auth/social-registration/social-registration.selectors'
import type { SocialRegistrationEvent } from '../../src/machines/auth/social-registration/social-registration.types'
import { gotoHydrated } from '../fixtures'
import { answerCode, apiCall, perform as performGesture, ServerGate, type GestureTable } from './journeys'
import { completeThroughApi, newIdentity, signInThroughProvider } from './social-login.journey'
import { leavesOf, type SocialRegistrationAnswer, type SocialRegistrationLeaf } from './social-registration.paths'

// ── the server, held ─────────────────────────────────────────────────────────

type Held = 'currencies' | 'complete'
const HELD_REQUESTS: Record<Held, (request: Request) => boolean> = {
  currencies: apiCall('GET', '/api/metadata/getgeneralinfo'),
  complete: apiCall('POST', '/api/oauth/completeRegistration'),
}
export type SocialRegistrationServer = ServerGate<Held>
export const installServer = (page: Page): Promise<SocialRegistrationServer> => ServerGate.install<Held>(page, HELD_REQUESTS, ['currencies', 'complete'])

// ── the page ─────────────────────────────────────────────────────────────────

export class SocialRegistrationModel {
  constructor(
    readonly page: Page,
    readonly baseURL: string,
  ) {}
  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Complete your registration' })
  }
  get form(): Locator {
    return this.dialog.getByTestId('social-registration')
  }
  get currency(): Locator {
    return this.form.locator('select[name="currency"]')
  }
  get terms(): Locator {
    return this.form.locator('input[name="terms"]')
  }
  get notify(): Locator {
    return this.form.locator('input[name="notify"]')
  }
  get submitButton(): Locator {
    return this.form.locator('button[type="submit"]')
  }
  /** A new person signs in at the provider (the page's cookies), then opens the site. */
  async open() {
    await signInThroughProvider(this.page.request, newIdentity('social-reg'))
    await gotoHydrated(this.page, '/')
    await expect(this.dialog).toBeVisible()
  }
  /** Who the page's session is, as the server says. */
  async account(): Promise<{ uid: number; is_subscribed: boolean; is_registration_completed: boolean; balance_main: { currency: string } | null }> {
    const res = await this.page.request.get('/api/account/getInfo')
    expect(res.status()).toBe(200)
    return ((await res.json()) as { data: never }).data
  }
}

export interface JourneyContext {
  readonly see: SocialRegistrationModel
  readonly server: SocialRegistrationServer
}

// ── gestures ─────────────────────────────────────────────────────────────────

export const PLAYER_GESTURES = {
  'socialReg.currency.change': (_page, event, { see }) => see.currency.selectOption(event.currency).then(() => undefined),
  'socialReg.terms.toggle': (_page, _event, { see }) => see.terms.click(),
  'socialReg.notify.toggle': (_page, _event, { see }) => see.notify.click(),
  'socialReg.submit': (_page, _event, { see }) => see.submitButton.click(),
  'socialReg.retry': (_page, _event, { see }) => see.form.getByRole('button', { name: 'Try again' }).click(),
  'popup.close': (_page, _event, { see }) => see.dialog.getByRole('button', { name: 'Close' }).click(),
} satisfies GestureTable<SocialRegistrationEvent, JourneyContext>

export const ANSWER_GESTURES = {
  // The page asks general info from more than one place: whichever is the view's is released.
  'xstate.done.actor.loadCurrencies': async (_page, event, { server }) => {
    const answers = await server.releaseAll('currencies')
    for (const { status, body } of answers) {
      expect(status).toBe(200)
      const data = (body as { data: { available_currencies: string[]; default_currency: string } }).data
      expect(data.available_currencies, 'the server offers the currencies the model expects').toEqual(event.output.ok ? event.output.currencies : [])
      expect(data.default_currency).toBe(event.output.ok ? event.output.defaultCurrency : null)
    }
  },
  // registration_completed: the account was completed meanwhile (here through the API, as from
  // another tab) before the page's request reaches the server.
  'xstate.done.actor.completeRegistration': async (_page, event, { see, server }) => {
    if (!event.output.ok && event.output.error.code === 'registration_completed') await completeThroughApi(see.page.request, see.baseURL)
    const { status, body } = await server.release('complete')
    expect(answerCode(status, body), 'the server answers as the model expects').toBe(event.output.ok ? 'ok' : event.output.error.code)
  },
} satisfies GestureTable<SocialRegistrationAnswer, JourneyContext>

export const perform = (page: Page, event: SocialRegistrationEvent | SocialRegistrationAnswer, journey: JourneyContext) =>
  performGesture(page, event, journey, PLAYER_GESTURES, ANSWER_GESTURES)

// ── checks ───────────────────────────────────────────────────────────────────

export type Check = (see: SocialRegistrationModel, snapshot: SocialRegistrationSnapshot) => Promise<void>

/** The form with the model's values, refusals and alert; busy while the request is held. */
async function seeForm(see: SocialRegistrationModel, snapshot: SocialRegistrationSnapshot, { busy }: { busy: boolean }) {
  const { values, fieldErrors, alert } = snapshot.context
  await expect(see.form).toHaveAttribute('data-state', selectCompletionDataState(snapshot))
  await expect(see.currency).toHaveValue(values.currency)
  if (values.terms) await expect(see.terms).toBeChecked()
  else await expect(see.terms).not.toBeChecked()
  if (values.notify) await expect(see.notify).toBeChecked()
  else await expect(see.notify).not.toBeChecked()
  if (fieldErrors.terms) {
    await expect(see.terms).toHaveAttribute('aria-invalid', 'true')
    await expect(see.form).toContainText('Accept the terms to continue.')
  } else await expect(see.terms).not.toHaveAttribute('aria-invalid', 'true')
  if (alert) await expect(see.form.getByRole('alert')).toBeVisible()
  else await expect(see.form.getByRole('alert')).toHaveCount(0)
  if (busy) await expect(see.submitButton).toHaveAttribute('aria-busy', 'true')
  else await expect(see.submitButton).not.toHaveAttribute('aria-busy', 'true')
  // Signed in already: the header shows the player.
  await expect(see.page.getByRole('button', { name: 'Account menu' }).first()).toBeVisible()
}

export const STATE_CHECKS = {
  // The view opened by itself; a skeleton until the currency list comes.
  loading: async (see) => {
    await expect(see.dialog).toBeVisible()
    await expect(see.form).toHaveCount(0)
  },
  editing: (see, snapshot) => seeForm(see, snapshot, { busy: false }),
  submitting: (see, snapshot) => seeForm(see, snapshot, { busy: true }),
  // Completed with what the player chose; the popup closed, the page of the player's locale.
  done: async (see, snapshot) => {
    await expect(see.page.getByRole('dialog')).toHaveCount(0)
    await expect(see.page).toHaveURL(new URL('/', see.baseURL).toString())
    await expect(see.page.getByRole('button', { name: 'Account menu' }).first()).toBeVisible()
    const account = await see.account()
    expect(account.is_registration_completed).toBe(true)
    expect(account.balance_main?.currency).toBe(snapshot.context.values.currency)
    expect(account.is_subscribed).toBe(snapshot.context.values.notify)
  },
  // Closed without completing: the player stays signed in, still incomplete.
  closed: async (see) => {
    await expect(see.page.getByRole('dialog')).toHaveCount(0)
    await expect(see.page.getByRole('button', { name: 'Account menu' }).first()).toBeVisible()
    expect((await see.account()).is_registration_completed).toBe(false)
  },
} satisfies Record<SocialRegistrationLeaf, Check>

export async function checkState(see: SocialRegistrationModel, snapshot: SocialRegistrationSnapshot) {
  for (const leaf of leavesOf(snapshot)) {
    const check: Check | undefined = STATE_CHECKS[leaf]
    if (!check) throw new Error(`no check for state '${leaf}'`)
    await check(see, snapshot)
  }
}
