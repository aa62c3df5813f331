// How a path of the deposit model is played on the real cashier (e2e/models/journeys.ts): the
// model's events as the player's gestures and the server's answers, its states as checks of what
// the player sees. The four cashier calls of the flow are held until the path says the server
// answered, so each loading part and the busy submit can be seen; the server's real answer is then
// compared with the model's on what the flow reads.
import { randomBytes } from 'node:crypto'
import { expect, type Page, type Request } from '@playwright/test'
import { NEW_CARD, NO_OFFER } from '../../src/machines/cashier/cashier.types'
import { selectDepositDataState, selectMethodLimit, type DepositSnapshot } from '../../src/machines/cashier/deposit.selectors'
import type { DepositEvent } from '../../src/machines/cashier/deposit.types'
import { registerLoggedInPlayer } from '../accounts'
import { apiCall, leavesOfValue, perform as performGesture, ServerGate, type GestureTable } from './journeys'
import { amountOf, METHODS, SETTINGS, WORLD, type DepositAnswer, type DepositLeaf } from './deposit.paths'

// ── the world: a player with a saved card and 50.00 ─────────────────────────

/**
 * The world's player, made through the API as the page would: registered in USD, then a first
 * deposit of 50 with a new card, paid on the sandbox's hosted page with the test card (which
 * saves it). Balance 50.00, one saved card.
 */
export async function prepareDepositor(page: Page, baseURL: string) {
  await registerLoggedInPlayer(page.request, baseURL, 'deposit-model')
  const info = await page.request.get('/api/cashier/getdepositinfo')
  expect(info.status(), await info.text()).toBe(200)
  const card = ((await info.json()) as { data: { methods: { id: number; sysname: string }[] } }).data.methods.find((m) => m.sysname === 'card')
  expect(card, 'the card method').toBeDefined()
  const made = await page.request.post('/api/cashier/makedeposit', {
    form: {
      method_id: String(card!.id),
      method: 'card',
      amount: WORLD.firstDeposit,
      currency: WORLD.currency,
      campaign_offer_id: String(NO_OFFER),
      requisites: JSON.stringify({ card_number: NEW_CARD }),
      idempotency_key: randomBytes(16).toString('base64url').slice(0, 21),
      return_url: '/cashier',
    },
    headers: { origin: baseURL },
  })
  expect(made.status(), await made.text()).toBe(200)
  const { transaction_id: id } = ((await made.json()) as { data: { transaction_id: string } }).data
  const paid = await page.request.post(`/sandbox/pay/${encodeURIComponent(id)}`, {
    form: { outcome: 'card', card_number: WORLD.cardNumber, card_holder: 'MODEL PLAYER', card_expiry: '12/30' },
    headers: { origin: baseURL },
    maxRedirects: 0,
  })
  expect(paid.status(), 'the sandbox charges the test card and sends the player back').toBe(303)
  await expectBalanceByApi(page, WORLD.balance)
}

export async function payOnSandbox(page: Page, cardNumber: string) {
  await page.locator('[name="card_number"]').fill(cardNumber)
  await page.locator('[name="card_holder"]').fill('MODEL PLAYER')
  await page.locator('[name="card_expiry"]').fill('12/30')
  await page.locator('button[name="outcome"][value="card"]').click()
}

// ── the server, held ─────────────────────────────────────────────────────────

type Held = 'settings' | 'methods' | 'offers' | 'deposit'
const HELD_REQUESTS: Record<Held, (request: Request) => boolean> = {
  settings: apiCall('GET', '/api/cashier/getdepositsettings'),
  methods: apiCall('GET', '/api/cashier/getdepositinfo'),
  offers: apiCall('GET', '/api/cashier/getdepositoffers'),
  deposit: apiCall('POST', '/api/cashier/makedeposit'),
}
export type DepositServer = ServerGate<Held>
export const installServer = (page: Page): Promise<DepositServer> => ServerGate.install<Held>(page, HELD_REQUESTS, ['settings', 'methods', 'offers', 'deposit'])

// ── the page ─────────────────────────────────────────────────────────────────

export class DepositModel {
  constructor(readonly page: Page) {}
  get root() {
    return this.page.getByTestId('deposit')
  }
  get form() {
    return this.page.getByTestId('deposit-form')
  }
  get submitButton() {
    return this.page.getByTestId('deposit-submit')
  }
  /** The cashier's balance beside the flow. */
  async seeBalance(amount: string) {
    await expect(this.page.getByTestId('cashier-balance-total')).toContainText(amount)
  }
}

export interface JourneyContext {
  readonly see: DepositModel
  readonly server: DepositServer
}

// ── gestures ─────────────────────────────────────────────────────────────────

export const PLAYER_GESTURES = {
  'deposit.method.select': (page, event) => page.getByTestId('cashier-method').and(page.locator(`[data-sysname="${event.sysname}"]`)).click(),
  'deposit.method.clear': (page) => page.getByTestId('deposit-change-method').click(),
  'deposit.amount.change': (page, event) => page.getByTestId('deposit-amount').fill(event.value),
  'deposit.amount.preset': async (page, event) => {
    // The presets in the order of the settings' amounts.
    const index = SETTINGS.amounts[WORLD.currency]!.indexOf(event.amount)
    if (index < 0) throw new Error(`no preset ${event.amount} in ${WORLD.currency}`)
    await page.getByTestId('deposit-preset').nth(index).click()
  },
  'deposit.offer.select': async (page, event) => {
    // The radios list the offers, then 'No bonus'; the site has none but that one.
    if (event.id !== NO_OFFER) throw new Error(`offer ${event.id}: the site offers no deposit offers (getdepositoffers answers none)`)
    await page.getByTestId('deposit-offers').getByRole('radio').last().check()
  },
  'deposit.requisite.change': async (page, event) => {
    const field = page.getByTestId(`requisite-${event.name}`)
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(event.value)
    else await field.fill(event.value)
  },
  'deposit.submit': (page) => page.getByTestId('deposit-submit').click(),
  'deposit.retry': (page) => page.getByTestId('cashier-retry').click(),
} satisfies GestureTable<DepositEvent, JourneyContext>

const dataOf = (body: unknown) => (body as { data?: Record<string, unknown> } | null)?.data ?? null

/** The parts of a method the flow reads: which it is, its bounds in the currency, its fields and saved values. */
const methodFacts = (m: { sysname: string; limits: readonly unknown[]; requisites: readonly { name: string }[]; saved_requisites: readonly { value: string }[] }) => ({
  sysname: m.sysname,
  limits: m.limits,
  requisites: m.requisites.map((r) => r.name),
  saved: m.saved_requisites.map((s) => s.value),
})

async function answered(server: DepositServer, kind: Held) {
  const { status, body } = await server.release(kind)
  expect(status, `the server answers ${kind}`).toBe(200)
  return dataOf(body)
}

export const ANSWER_GESTURES = {
  'xstate.done.actor.loadDepositSettings': async (_page, _event, { server }) => {
    const settings = await answered(server, 'settings')
    expect(settings, 'deposit settings as the model has them').toMatchObject({
      currency: SETTINGS.currency,
      amounts: SETTINGS.amounts,
      default_amount: SETTINGS.default_amount,
      is_first_deposit: SETTINGS.is_first_deposit,
      deposit_limit: { period: SETTINGS.deposit_limit.period },
    })
  },
  'xstate.done.actor.loadDepositMethods': async (_page, _event, { server }) => {
    const info = (await answered(server, 'methods')) as { methods: Parameters<typeof methodFacts>[0][] } | null
    expect(info?.methods.map(methodFacts), 'the methods as the model has them').toEqual(METHODS.map(methodFacts))
  },
  'xstate.done.actor.loadDepositOffers': async (_page, _event, { server }) => {
    expect(await answered(server, 'offers'), 'no deposit offers').toEqual({ offers: [] })
  },
  'xstate.done.actor.makeDeposit': async (_page, event, { server }) => {
    const { status, body } = await server.release('deposit')
    expect(status, 'makedeposit is answered').toBe(200)
    if (!event.output.ok) throw new Error('the model has makedeposit refuse: no journey expects that')
    expect(dataOf(body)?.['status'], 'makedeposit answers as the model expects').toBe(event.output.result.status)
  },
} satisfies GestureTable<DepositAnswer, JourneyContext>

export const perform = (page: Page, event: DepositEvent | DepositAnswer, journey: JourneyContext) =>
  performGesture(page, event, journey, PLAYER_GESTURES, ANSWER_GESTURES)

// ── checks ───────────────────────────────────────────────────────────────────

export type Check = (see: DepositModel, snapshot: DepositSnapshot) => Promise<void>

/** A loading part shows its skeleton until its call is answered (SPEC §4 cashier loading flags). */
const loadingPart = (testId: string, loading: boolean): Check => async (see) => {
  await expect(see.root).toHaveAttribute('data-state', 'deposit.loading')
  await expect(see.page.getByTestId(testId)).toHaveCount(loading ? 1 : 0)
}

/** The form of the model's method, with its amount, requisites, refusals and alert. */
async function seeForm(see: DepositModel, snapshot: DepositSnapshot, { busy }: { busy: boolean }) {
  const { method, amount, requisites, fieldErrors, alert } = snapshot.context
  await expect(see.form).toBeVisible()
  await expect(see.page.getByTestId('deposit-method')).toHaveAttribute('data-sysname', method!)
  await expect(see.page.getByTestId('deposit-amount')).toHaveValue(amount)
  const limit = selectMethodLimit(snapshot)
  expect(limit, 'the method takes the currency').not.toBeNull()
  for (const [name, value] of Object.entries(requisites)) {
    const field = see.page.getByTestId(`requisite-${name}`)
    await expect(field).toHaveValue(value)
    if (fieldErrors[name]) await expect(field).toHaveAttribute('aria-invalid', 'true')
    else await expect(field).not.toHaveAttribute('aria-invalid', 'true')
  }
  if (fieldErrors['amount']) await expect(see.page.getByTestId('deposit-amount')).toHaveAttribute('aria-invalid', 'true')
  else await expect(see.page.getByTestId('deposit-amount')).not.toHaveAttribute('aria-invalid', 'true')
  if (alert) await expect(see.page.getByTestId('deposit-alert')).toHaveAttribute('data-message', alert.messageId)
  else await expect(see.page.getByTestId('deposit-alert')).toHaveCount(0)
  if (busy) await expect(see.submitButton).toHaveAttribute('aria-busy', 'true')
  else await expect(see.submitButton).not.toHaveAttribute('aria-busy', 'true')
  // SPEC §3 'Deposit amounts': one preset per amount of the currency.
  await expect(see.page.getByTestId('deposit-preset')).toHaveCount(SETTINGS.amounts[WORLD.currency]!.length)
  await see.seeBalance(WORLD.balance)
}

/** Where the flow ends: a result page of the transaction, with its status and the balance after it. */
const resultPage = (page: string, status: string, balance: (snapshot: DepositSnapshot) => string): Check => async (see, snapshot) => {
  await see.page.waitForURL(new RegExp(`/cashier/${page}/[A-Za-z0-9_-]+$`))
  await expect(see.page.getByTestId('transaction-details')).toHaveAttribute('data-status', status)
  await expect(see.page.getByTestId('transaction-amount')).toContainText(`${amountOf(snapshot)}.00`)
  await see.seeBalance(balance(snapshot))
}

/** The world's balance plus a whole amount, as the cashier writes it (50.00 + 10 → 60.00). */
export const balancePlus = (amount: string) => (Number(WORLD.balance) + Number(amount)).toFixed(2)

export const STATE_CHECKS = {
  'loading.settings.loading': loadingPart('deposit-form-loading', true),
  'loading.settings.done': loadingPart('deposit-form-loading', false),
  'loading.methods.loading': loadingPart('cashier-methods-loading', true),
  'loading.methods.done': loadingPart('cashier-methods-loading', false),
  'loading.offers.loading': loadingPart('deposit-offers-loading', true),
  'loading.offers.done': loadingPart('deposit-offers-loading', false),
  'form.choosing': async (see) => {
    // Several methods: the list first, every one the player may use in the currency.
    await expect(see.page.getByTestId('cashier-methods')).toBeVisible()
    await expect(see.page.getByTestId('cashier-method')).toHaveCount(METHODS.length)
    await expect(see.form).toHaveCount(0)
    await see.seeBalance(WORLD.balance)
  },
  'form.editing': (see, snapshot) => seeForm(see, snapshot, { busy: false }),
  'form.submitting': (see, snapshot) => seeForm(see, snapshot, { busy: true }),
  // The saved card is charged at once: paysuccess, the amount added to the balance.
  succeeded: resultPage('paysuccess', 'success', (snapshot) => balancePlus(amountOf(snapshot))),
  // The sandbox's hosted page for this payment; nothing is taken yet.
  redirecting: async (see, snapshot) => {
    await see.page.waitForURL(/\/sandbox\/pay\/[A-Za-z0-9_-]+$/)
    await expect(see.page.locator('.amount')).toHaveText(`${amountOf(snapshot)}.00 ${WORLD.currency}`)
    await expectBalanceByApi(see.page, WORLD.balance)
  },
} satisfies Record<DepositLeaf, Check>

/** The balance the server holds, where the page shows none (the provider's page). */
export async function expectBalanceByApi(page: Page, amount: string) {
  const res = await page.request.get('/api/account/getBalance')
  expect(res.status()).toBe(200)
  const { data } = (await res.json()) as { data: { balance_main: { amount: string } } }
  expect(data.balance_main.amount).toBe(amount)
}

export async function checkState(see: DepositModel, snapshot: DepositSnapshot) {
  const dataState = selectDepositDataState(snapshot)
  if (dataState === 'deposit.form') await expect(see.root).toHaveAttribute('data-state', dataState)
  for (const leaf of leavesOfValue(snapshot.value) as DepositLeaf[]) {
    const check: Check | undefined = STATE_CHECKS[leaf]
    if (!check) throw new Error(`no check for state '${leaf}'`)
    await check(see, snapshot)
  }
}

// ── after the hosted page: what the provider's outcome makes of the payment ──

/**
 * The sandbox's hosted page, where the `redirecting` journey ends, as a tester uses it (e2e/cashier.spec.ts):
 * each outcome lands on the result page the cashier gives it, with the balance it should leave.
 */
export const PROVIDER_OUTCOMES = [
  { name: 'test card 4242 4242 4242 4242', act: (page: Page) => payOnSandbox(page, WORLD.cardNumber), page: 'paysuccess', status: 'success', paid: true },
  { name: 'declined card 4000 0000 0000 0002', act: (page: Page) => payOnSandbox(page, WORLD.declinedCard), page: 'payfail', status: 'failed', paid: false },
  { name: 'outcome pending', act: (page: Page) => page.locator('button[name="outcome"][value="pending"]').click(), page: 'paypending', status: 'pending', paid: false },
  { name: 'outcome fail', act: (page: Page) => page.locator('button[name="outcome"][value="fail"]').click(), page: 'payfail', status: 'failed', paid: false },
  { name: 'outcome cancel', act: (page: Page) => page.locator('button[name="outcome"][value="cancel"]').click(), page: 'paycancel', status: 'cancelled', paid: false },
] as const

export type ProviderOutcome = (typeof PROVIDER_OUTCOMES)[number]

export async function checkProviderOutcome(see: DepositModel, snapshot: DepositSnapshot, outcome: ProviderOutcome) {
  await outcome.act(see.page)
  await resultPage(outcome.page, outcome.status, (s) => (outcome.paid ? balancePlus(amountOf(s)) : WORLD.balance))(see, snapshot)
}
