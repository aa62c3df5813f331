// How a path of the deposit model is played on the real cashier (e2e/models/journeys.ts): the
// model's events as the player's gestures and the server's answers, its states as checks of what
// the player sees. The four cashier calls of the flow are held until the path says the server
// answered, so each loading part and the busy submit can be seen; the server's real answer is then
// compared with the model's on what the flow reads.
import { randomBytes } from 'node:crypto'
import { expect, type Browser, type Page, type Request } from '@playwright/test'
import { NEW_CARD, NO_OFFER } from '../../src/machines/cashier/cashier.types'
import { selectDepositDataState, selectMethodLimit, selectOffers, type DepositSnapshot } from '../../src/machines/cashier/deposit/deposit.selectors'
import type { DepositEvent } from '../../src/machines/cashier/deposit/deposit.types'
import { registerLoggedInPlayer } from '../accounts'
import { apiCall, leavesOfValue, perform as performGesture, ServerGate, type GestureTable } from './journeys'
import { amountOf, METHODS, OFFERS, SETTINGS, WORLD, type DepositAnswer, type DepositLeaf } from './deposit.paths'

// ── the world: a player with a saved card and 50.00 ─────────────────────────

/**
 * The world's player, made through the API as the page would: registered in USD, then a first
 * deposit of 50 with a new card, paid on the sandbox's hosted page with the test card (which
 * saves it). Balance 50.00, one saved card.
 */
export async function prepareDepositor(page: Page, baseURL: string) {
  await registerLoggedInPlayer(page.request, baseURL, 'deposit-model')
  await payFirstDeposit(page, baseURL, WORLD.firstDeposit)
  await expectBalanceByApi(page, WORLD.balance)
}

/**
 * The logged-in player of `page.request` deposits a whole `amount` with a new card through the API,
 * paid on the sandbox's hosted page with the test card (which saves it), as the page would.
 */
export async function payFirstDeposit(page: Page, baseURL: string, amount: string) {
  const info = await page.request.get('/api/cashier/getdepositinfo')
  expect(info.status(), await info.text()).toBe(200)
  const card = ((await info.json()) as { data: { methods: { id: number; sysname: string }[] } }).data.methods.find((m) => m.sysname === 'card')
  expect(card, 'the card method').toBeDefined()
  const made = await page.request.post('/api/cashier/makedeposit', {
    form: {
      method_id: String(card!.id),
      method: 'card',
      amount,
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
  /** The windows the page opened (the e-wallet's provider page for 'newwindow'). */
  readonly popups: Page[] = []
  constructor(readonly page: Page) {
    page.on('popup', (popup) => this.popups.push(popup))
  }
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
    // The radios list the offers by title, then 'No bonus'.
    const offers = page.getByTestId('deposit-offers')
    if (event.id === NO_OFFER) return offers.getByRole('radio').last().check()
    const chosen = OFFERS.find((o) => o.id === event.id)
    if (!chosen) throw new Error(`offer ${event.id}: not one of the model's offers`)
    await offers.getByRole('radio', { name: chosen.description.title }).check()
  },
  'deposit.requisite.change': async (page, event) => {
    const field = page.getByTestId(`requisite-${event.name}`)
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(event.value)
    else await field.fill(event.value)
  },
  'deposit.submit': (page) => page.getByTestId('deposit-submit').click(),
  'deposit.retry': (page) => page.getByTestId('load-failed-retry').click(),
  'deposit.limit.set': () => {
    throw new Error("deposit.limit.set: the deposit-limit offer shows only at a first deposit, and the model's player has deposited; give the model a first-deposit world before playing it")
  },
} satisfies GestureTable<DepositEvent, JourneyContext>

const dataOf = (body: unknown) => (body as { data?: Record<string, unknown> } | null)?.data ?? null

/** The parts of an offer the flow reads: the verdict, the excluded methods and the minimum; the title the gesture finds it by. */
const offerFacts = (o: { trigger: unknown; description: { title: string }; promotions: unknown }) => ({ trigger: o.trigger, title: o.description.title, promotions: o.promotions })

/** The parts of a method the flow reads: which it is, its bounds in the currency, its fields and saved values. */
const methodFacts = (m: { sysname: string; kind: string; limits: readonly unknown[]; fee: unknown; requisites: readonly { name: string }[]; saved_requisites: readonly { value: string }[] }) => ({
  sysname: m.sysname,
  kind: m.kind,
  limits: m.limits,
  fee: m.fee,
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
    const answer = (await answered(server, 'offers')) as { offers: Parameters<typeof offerFacts>[0][] } | null
    expect(answer?.offers.map(offerFacts), 'the deposit offers as the model has them').toEqual(OFFERS.map(offerFacts))
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
  // The offers the player may choose for this method and amount, then 'No bonus'; none: no list.
  const offers = selectOffers(snapshot)
  if (offers.length) {
    await expect(see.page.getByTestId('deposit-offers').getByRole('radio')).toHaveCount(offers.length + 1)
    for (const o of offers) await expect(see.page.getByTestId('deposit-offers')).toContainText(o.description.title)
  } else await expect(see.page.getByTestId('deposit-offers')).toHaveCount(0)
  // SPEC §3 'Deposit amounts': one preset per amount of the currency.
  await expect(see.page.getByTestId('deposit-preset')).toHaveCount(SETTINGS.amounts[WORLD.currency]!.length)
  await see.seeBalance(WORLD.balance)
}

const TX = '[A-Za-z0-9_-]+'

/** Where the flow ends: a result page of the transaction, with its status and the balance after it. */
const resultPage = (page: string, status: string, balance: (snapshot: DepositSnapshot) => string): Check => async (see, snapshot) => {
  // A payment settled elsewhere (a window, a phone) reaches the waiting page at its next poll (3 s).
  await see.page.waitForURL(new RegExp(`/cashier/${page}/${TX}$`))
  await expect(see.page.getByTestId('transaction-details')).toHaveAttribute('data-status', status)
  await expect(see.page.getByTestId('transaction-amount')).toContainText(`${amountOf(snapshot)}.00`)
  await see.seeBalance(balance(snapshot))
}

/** The world's balance plus a whole amount, as the cashier writes it (50.00 + 10 → 60.00). */
export const balancePlus = (amount: string) => (Number(WORLD.balance) + Number(amount)).toFixed(2)

const cents = (major: string) => BigInt(Math.round(Number(major) * 100))
const major = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`

/** What a deposit of a whole `amount` with `sysname` credits: the amount less the method's fee (server/domain/payments/methods.ts feeOf). */
export function netOf(sysname: string, amount: string): string {
  const m = METHODS.find((x) => x.sysname === sysname)
  if (!m) throw new Error(`no method ${sysname} in the model`)
  const [whole, frac = ''] = m.fee.percent.split('.')
  const num = BigInt(`${whole}${frac}`)
  const den = 100n * 10n ** BigInt(frac.length)
  const gross = cents(amount)
  const fixed = m.fee.fixed.reduce((sum, f) => sum + cents(f.amount), 0n)
  return major(gross - ((gross * num + den / 2n) / den + fixed))
}

/** The world's balance after a settled deposit of the snapshot's method and amount. */
const balanceAfter = (snapshot: DepositSnapshot) => major(cents(WORLD.balance) + cents(netOf(snapshot.context.method!, amountOf(snapshot))))

/** What the hand-off asks for in BTC: the dollar amount at the cashier's rate, 8 decimals. */
export const btcOf = (amount: string) => `${(Number(amount) * Number(WORLD.btcPerUsd)).toFixed(8)} BTC`

/** The cashier waits on a result page for a payment made elsewhere: nothing is taken yet. */
async function seeWaiting(see: DepositModel, page: string): Promise<string> {
  await see.page.waitForURL(new RegExp(`/cashier/${page}/${TX}$`))
  await expect(see.page.getByTestId('payment-result')).toHaveAttribute('data-view', 'waiting')
  await expect(see.page.getByTestId('transaction-details')).toHaveAttribute('data-status', 'pending')
  await see.seeBalance(WORLD.balance)
  return see.page.url().split('/').pop()!
}

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
  // The e-wallet: its page opens in a new window, this one waits on paynewwindow with a link to reopen it.
  newWindow: async (see, snapshot) => {
    const tx = await seeWaiting(see, 'paynewwindow')
    await expect(see.page.getByTestId('payment-open-window')).toBeVisible()
    // The window prepared on the submit's click, navigated to the provider's page.
    expect(see.popups, 'one window opened: the provider page').toHaveLength(1)
    const popup = see.popups[0]!
    await popup.waitForURL(new RegExp(`/sandbox/pay/${tx}\\?window=1$`))
    await expect(popup.locator('.amount').first()).toHaveText(`${amountOf(snapshot)}.00 ${WORLD.currency}`)
  },
  // Bitcoin: handed off to the player's wallet app, with the coin amount, the address and the phone's link.
  mobile: async (see, snapshot) => {
    const tx = await seeWaiting(see, 'paymobile')
    await expect(see.page.getByTestId('payment-handoff')).toBeVisible()
    await expect(see.page.getByTestId('handoff-pay-amount')).toHaveText(btcOf(amountOf(snapshot)))
    await expect(see.page.getByTestId('handoff-address')).toHaveText(/^bc1q[02-9ac-hj-np-z]{38}$/)
    await expect(see.page.getByTestId('payment-deep-link')).toHaveAttribute('href', new RegExp(`/sandbox/phone/${tx}\\?code=`))
    // The window prepared on the submit's click (src/ui/cashier/deposit/popup.ts) is closed: a hand-off opens none.
    await expect.poll(() => see.popups.filter((p) => !p.isClosed()).length, 'no provider window left open').toBe(0)
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

// ── after the new window and the hand-off: the payment settled elsewhere ─────

/** Opens the hand-off's link as the player's phone would: another browser, no session of the site. */
async function decideOnPhone(browser: Browser, page: Page, decision: 'Confirm' | 'Decline') {
  const link = await page.getByTestId('payment-deep-link').getAttribute('href')
  expect(link, 'the hand-off links to the phone').toBeTruthy()
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true })
  try {
    const app = await phone.newPage()
    await app.goto(new URL(link!, page.url()).toString())
    await app.getByRole('button', { name: decision }).click()
    await expect(app.getByTestId('sandbox-phone-done')).toHaveAttribute('data-status', decision === 'Confirm' ? 'success' : 'failed')
  } finally {
    await phone.close()
  }
}

async function decideInWindow(see: DepositModel, outcome: 'success' | 'fail') {
  const popup = see.popups[0]!
  await popup.locator(`button[name="outcome"][value="${outcome}"]`).click()
  await expect(popup.getByTestId('sandbox-window-done')).toHaveAttribute('data-status', outcome === 'success' ? 'success' : 'failed')
}

/**
 * Where the `newWindow` and `mobile` journeys end, as e2e/cashier-methods.spec.ts drives them: the
 * provider's window or the player's phone decides, and the waiting page moves on to the result page
 * with the balance the ledger says (the amount less the method's fee).
 */
export const ELSEWHERE_OUTCOMES = [
  { state: 'newWindow', name: "the wallet's window pays", act: (see: DepositModel) => decideInWindow(see, 'success'), page: 'paysuccess', status: 'success', paid: true },
  { state: 'newWindow', name: "the wallet's window fails", act: (see: DepositModel) => decideInWindow(see, 'fail'), page: 'payfail', status: 'failed', paid: false },
  { state: 'mobile', name: 'the phone confirms', act: (see: DepositModel, browser: Browser) => decideOnPhone(browser, see.page, 'Confirm'), page: 'paysuccess', status: 'success', paid: true },
  { state: 'mobile', name: 'the phone declines', act: (see: DepositModel, browser: Browser) => decideOnPhone(browser, see.page, 'Decline'), page: 'payfail', status: 'failed', paid: false },
] as const satisfies readonly { state: DepositLeaf; name: string; act: (see: DepositModel, browser: Browser) => Promise<void>; page: string; status: string; paid: boolean }[]

export type ElsewhereOutcome = (typeof ELSEWHERE_OUTCOMES)[number]

export async function checkElsewhereOutcome(see: DepositModel, browser: Browser, snapshot: DepositSnapshot, outcome: ElsewhereOutcome) {
  await outcome.act(see, browser)
  await resultPage(outcome.page, outcome.status, (s) => (outcome.paid ? balanceAfter(s) : WORLD.balance))(see, snapshot)
  await expect(see.page.getByTestId('payment-result')).toHaveAttribute('data-view', 'settled')
}
