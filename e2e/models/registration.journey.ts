// How a path of the registration model is played in the auth popup (e2e/models/journeys.ts): the
// model's events as the visitor's gestures and the server's answers, its states as checks of what
// the visitor sees. The flow's three calls (the field list, the promo check, register) are held
// until the path says the server answered; the promo debounce runs on the page's clock, frozen
// while the visitor types a code, so `debouncing` can be seen before the check starts.
import { expect, type Locator, type Page, type Request } from '@playwright/test'
import {
  selectFieldErrors,
  selectPromoState,
  selectRegistrationDataState,
  selectShowsForm,
  selectVisibleFields,
  type RegistrationSnapshot,
} from '../../src/machines/auth/registration/registration.selectors'
import type { RegistrationEvent } from '../../src/machines/auth/registration/registration.types'
import { PROMO_CHECK_DEBOUNCE_MS } from '../../src/shared/constants'
import { gotoHydrated } from '../fixtures'
import { answerCode, apiCall, leavesOfValue, PageClock, perform as performGesture, ServerGate, type GestureTable } from './journeys'
import { EMAIL, fieldsOf, PROMO_DEBOUNCE, type RegistrationAnswer, type RegistrationLeaf } from './registration.paths'

// ── the server and the clock ─────────────────────────────────────────────────

type Held = 'fields' | 'promo' | 'register'
const HELD_REQUESTS: Record<Held, (request: Request) => boolean> = {
  fields: (request) => new URL(request.url()).pathname === '/api/account/getPersonalDataFields',
  promo: apiCall('POST', '/api/campaigns/checkPromocode'),
  register: apiCall('POST', '/api/auth/register'),
}
export type RegistrationServer = ServerGate<Held>
export const installServer = (page: Page): Promise<RegistrationServer> => ServerGate.install<Held>(page, HELD_REQUESTS, ['fields', 'promo', 'register'])

// ── the page ─────────────────────────────────────────────────────────────────

export class RegistrationModel {
  /** freshEmail: what the visitor types for EMAIL.fresh, an address of this journey, run and project alone. */
  constructor(
    readonly page: Page,
    readonly freshEmail: string,
  ) {}
  /** A model value as the visitor typed it. */
  typed(value: string): string {
    return value === EMAIL.fresh ? this.freshEmail : value
  }
  get dialog(): Locator {
    return this.page.getByRole('dialog').filter({ has: this.page.getByTestId('registration-form') })
  }
  get form(): Locator {
    return this.page.getByTestId('registration-form')
  }
  field(name: string): Locator {
    return this.form.locator(`[name="${name}"]`)
  }
  get submitButton(): Locator {
    return this.form.locator('button[type=submit]')
  }
  /** A visitor opens the sign-up view of the popup by its address, once the page is hydrated. */
  async open() {
    await gotoHydrated(this.page, '/?show_popup_reg=1')
    await expect(this.form).toBeVisible()
  }
}

export interface JourneyContext {
  readonly see: RegistrationModel
  readonly server: RegistrationServer
  readonly clock: PageClock
}

// ── gestures ─────────────────────────────────────────────────────────────────

const MODE_BUTTONS = { form: 'Full form', fast: 'Quick', social: 'Social' } as const

export const PLAYER_GESTURES = {
  'reg.mode.select': (_page, event, { see }) => see.form.getByRole('group', { name: 'How to sign up' }).getByRole('button', { name: MODE_BUTTONS[event.mode] }).click(),
  'reg.field.change': async (_page, event, { see }) => {
    const field = see.field(event.name)
    const value = see.typed(event.value)
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value)
    else await field.fill(value)
  },
  'reg.country.change': (_page, event, { see }) => see.field('country_code').selectOption(event.countryCode).then(() => undefined),
  'reg.fields.retry': (_page, _event, { see }) => see.form.getByRole('button', { name: 'Try again' }).click(),
  'reg.settings.retry': (page) => page.getByTestId('registration-settings-failed').getByRole('button', { name: 'Try again' }).click(),
  'reg.promo.toggle': (_page, _event, { see }) => see.field('has_promocode').click(),
  // The page's clock stops first: the check waits for the model's debounce tick.
  'reg.promo.change': async (_page, event, { see, clock }) => {
    await clock.freeze()
    await see.field('promo_code').fill(event.value)
  },
  'reg.terms.toggle': (_page, _event, { see }) => see.field('terms').click(),
  'reg.notify.toggle': (_page, _event, { see }) => see.field('notify').click(),
  'reg.betting.select': (_page, event, { see }) => see.form.locator('[name="is_betting"]').nth(event.isBetting ? 1 : 0).check(),
  'reg.character.select': (_page, event, { see }) => see.form.getByTestId('character-select').locator(`input[name="character_id"][value="${event.id}"]`).check(),
  'reg.social.click': (_page, event, { see }) => see.form.getByTestId('registration-social').getByRole('button', { name: new RegExp(event.provider, 'i') }).click(),
  'reg.submit': (_page, _event, { see }) => see.submitButton.click(),
  // No gesture: the page's router lands the redirect by itself and tells the flow.
  'reg.redirect.landed': (page) => expect(page).toHaveURL(/\/cashier\/deposit\?register=success$/),
} satisfies GestureTable<RegistrationEvent, JourneyContext>

const dataOf = (body: unknown) => (body as { data?: unknown } | null)?.data

export const ANSWER_GESTURES = {
  'xstate.done.actor.loadFields': async (_page, event, { server }) => {
    const { status, body, request } = await server.release('fields')
    expect(status, 'the field list loads').toBe(200)
    if (!event.output.ok) throw new Error('the model has the field list fail: no journey expects that')
    const country = new URL(request.url()).searchParams.get('country_code') ?? ''
    expect(fieldsOf(country).map((f) => f.sysname), 'the model asks for the same country').toEqual(event.output.fields.map((f) => f.sysname))
    expect((dataOf(body) as { sysname: string }[]).map((f) => f.sysname), 'the fields as the model has them').toEqual(event.output.fields.map((f) => f.sysname))
  },
  'xstate.done.actor.checkPromocode': async (_page, event, { server }) => {
    const { status, body } = await server.release('promo')
    expect(status, 'the promo check is answered').toBe(200)
    if (!event.output.ok) throw new Error('the model has the promo check fail: no journey expects that')
    expect(Boolean(dataOf(body)), 'the server finds the code as valid as the model does').toBe(event.output.valid)
  },
  'xstate.done.actor.register': async (_page, event, { server }) => {
    const { status, body } = await server.release('register')
    if (event.output.ok) {
      expect(answerCode(status, body), 'the server registers the visitor').toBe('ok')
    } else {
      expect(status, 'the server refuses the form').toBe(400)
      const refused = (body as { error?: { invalid_parameters?: Record<string, unknown> } } | null)?.error?.invalid_parameters ?? {}
      for (const field of Object.keys(event.output.error.invalidParameters ?? {})) expect(Object.keys(refused), 'the fields the server refuses').toContain(field)
    }
  },
  [PROMO_DEBOUNCE]: async (_page, _event, { clock }) => {
    await clock.runFor(PROMO_CHECK_DEBOUNCE_MS)
    await clock.resume()
  },
} satisfies GestureTable<RegistrationAnswer, JourneyContext>

export const perform = (page: Page, event: RegistrationEvent | RegistrationAnswer, journey: JourneyContext) =>
  performGesture(page, event, journey, PLAYER_GESTURES, ANSWER_GESTURES)

// ── checks ───────────────────────────────────────────────────────────────────

export type Check = (see: RegistrationModel, snapshot: RegistrationSnapshot) => Promise<void>

/** The visible fields are the model's, each with its value and its error state. */
async function seeFields(see: RegistrationModel, snapshot: RegistrationSnapshot) {
  const errors = selectFieldErrors(snapshot)
  const { values } = snapshot.context
  for (const field of selectVisibleFields(snapshot)) {
    const locator = see.field(field.sysname)
    await expect(locator, `field ${field.sysname}`).toBeVisible()
    const value = field.sysname === 'currency' ? values.currency : (values.profile[field.sysname as keyof typeof values.profile] ?? '')
    // A masked or prefixed input may show what was typed differently; an e-mail or a select shows it as is.
    if (field.sysname === 'email' || field.type === 'select' || field.type === 'country_code') await expect(locator).toHaveValue(see.typed(value))
    await expectInvalid(locator, Boolean(errors[field.sysname]))
  }
  await expect(see.field('password')).toHaveValue(values.password)
  await expectInvalid(see.field('password'), Boolean(errors['password']))
  await expect(see.field('terms')).toBeChecked({ checked: values.terms })
  await expectInvalid(see.field('terms'), Boolean(errors['terms']))
}

async function expectInvalid(locator: Locator, invalid: boolean) {
  if (invalid) await expect(locator).toHaveAttribute('aria-invalid', 'true')
  else await expect(locator).not.toHaveAttribute('aria-invalid', 'true')
}

/** The promo field shows the region's state (selectPromoState): idle while debouncing, a spinner while checked, a tick when valid. */
const promo: Check = async (see, snapshot) => {
  const state = selectPromoState(snapshot)
  const field = see.form.getByTestId('promo-field')
  if (!selectShowsForm(snapshot)) return expect(field).toHaveCount(0)
  await expect(see.field('has_promocode')).toBeChecked({ checked: state !== 'off' })
  if (state === 'off') return expect(field).toHaveCount(0)
  await expect(field).toHaveAttribute('data-promo-state', state)
  await expect(see.field('promo_code')).toHaveValue(snapshot.context.values.promo_code)
  await expectInvalid(see.field('promo_code'), state === 'invalid')
  await expect(field.getByTestId('promo-valid-icon')).toHaveCount(state === 'valid' ? 1 : 0)
}

export const STATE_CHECKS = {
  'active.form.editing': async (see, snapshot) => {
    if (!selectShowsForm(snapshot)) return expect(see.form.getByTestId('registration-social')).toBeVisible()
    if (snapshot.context.fields === null) return
    await expect(see.submitButton).not.toHaveAttribute('aria-busy', 'true')
    await expect(see.submitButton).toBeEnabled({ enabled: snapshot.matches({ active: { fields: 'ready' } }) })
    await seeFields(see, snapshot)
  },
  'active.form.submitting': async (see, snapshot) => {
    await expect(see.submitButton).toHaveAttribute('aria-busy', 'true')
    await seeFields(see, snapshot)
  },
  // The first list: a skeleton in place of the fields; a later one (another country): the fields, busy.
  'active.fields.loading': async (see, snapshot) => {
    if (snapshot.context.fields === null) await expect(see.form.getByTestId('registration-loading')).toBeVisible()
    else await expect(see.form.locator('[aria-busy="true"]').filter({ has: see.page.locator('[name="password"]') })).toBeVisible()
  },
  'active.fields.ready': async (see, snapshot) => {
    await expect(see.form.getByTestId('registration-loading')).toHaveCount(0)
    if (selectShowsForm(snapshot)) await expect(see.field('password')).toBeVisible()
    // Fast mode shows the required fields only: nothing optional is left on screen.
    const shown = new Set(selectVisibleFields(snapshot).map((f) => f.sysname))
    for (const field of snapshot.context.fields ?? []) {
      if (!shown.has(field.sysname) && field.sysname !== 'currency') await expect(see.field(field.sysname), `field ${field.sysname} hidden`).toHaveCount(0)
    }
  },
  'active.promo.off': promo,
  'active.promo.on.idle': promo,
  'active.promo.on.debouncing': promo,
  'active.promo.on.checking': promo,
  'active.promo.on.valid': promo,
  'active.promo.on.invalid': promo,
  // SPEC §4 'Registration': the new player is sent to the deposit page (client-side, the popup still open until it lands).
  registered: async (see, _snapshot) => {
    await expect(see.page).toHaveURL(/\/cashier\/deposit\?register=success$/)
  },
  // Landed: the popup closes, the new player is on the deposit page logged in, and the
  // confirm-email popup waits with their address.
  done: async (see, _snapshot) => {
    await expect(see.page).toHaveURL(/\/cashier\/deposit\?register=success$/)
    await expect(see.form).toHaveCount(0)
    await expect(see.page.getByTestId('account-menu-button')).toBeVisible()
    await expect(see.page.getByTestId('confirm-email-popup')).toBeVisible()
  },
} satisfies Record<RegistrationLeaf, Check>

/** The form's data-state (selectRegistrationDataState), the general alert, then every leaf's check. */
export async function checkState(see: RegistrationModel, snapshot: RegistrationSnapshot) {
  // Once registered the page moves on by itself: the form may already be gone.
  if (snapshot.status !== 'done' && !snapshot.matches('registered')) {
    await expect(see.form).toHaveAttribute('data-state', selectRegistrationDataState(snapshot))
    await expect(see.form).toHaveAttribute('data-mode', snapshot.context.mode)
    const alert = see.form.getByTestId('registration-alert')
    if (snapshot.context.generalError) await expect(alert).toHaveAttribute('data-message-id', snapshot.context.generalError)
    else await expect(alert).toHaveCount(0)
  }
  for (const leaf of leavesOfValue(snapshot.value) as RegistrationLeaf[]) {
    const check: Check | undefined = STATE_CHECKS[leaf]
    if (!check) throw new Error(`no check for state '${leaf}'`)
    await check(see, snapshot)
  }
}
