// How a path of the wallet model is played on the real /cashier/wallet (e2e/models/journeys.ts):
// the model's events as the player's gestures and the server's answers, its states as checks of
// the currency section. getcurrencyrates and setCurrency are held until the path says the server
// answered, so loading and the busy confirm can be seen; the real answer is then compared with the
// model's on what the flow reads.
import { expect, type Page, type Request } from '@playwright/test'
import type { WalletSnapshot } from '../../src/machines/cashier/wallet/wallet.selectors'
import type { WalletEvent } from '../../src/machines/cashier/wallet/wallet.types'
import { registerLoggedInPlayer } from '../accounts'
import { apiCall, leavesOfValue, perform as performGesture, ServerGate, type GestureTable } from './journeys'
import { CURRENCIES, type WalletAnswer, type WalletLeaf, type WalletWorld } from './wallet.paths'

// ── the worlds: a new USD player, with a weekly deposit limit or without ─────

export async function prepareWalletPlayer(page: Page, baseURL: string, world: WalletWorld) {
  await registerLoggedInPlayer(page.request, baseURL, `wallet-model-${world}`)
  if (world === 'limited') {
    const res = await page.request.post('/api/account/setDepositLimit', { form: { period: '7', limit_amount: '100' }, headers: { origin: baseURL } })
    expect(res.status(), await res.text()).toBe(200)
  }
}

// ── the server, held ─────────────────────────────────────────────────────────

type Held = 'rates' | 'set'
const HELD_REQUESTS: Record<Held, (request: Request) => boolean> = {
  rates: apiCall('GET', '/api/account/getcurrencyrates'),
  set: apiCall('POST', '/api/account/setCurrency'),
}
export type WalletServer = ServerGate<Held>
export const installServer = (page: Page): Promise<WalletServer> => ServerGate.install<Held>(page, HELD_REQUESTS, ['rates', 'set'])

// ── the page ─────────────────────────────────────────────────────────────────

export class WalletModel {
  constructor(readonly page: Page) {}
  get section() {
    return this.page.getByTestId('wallet-currency')
  }
  get select() {
    return this.page.getByTestId('wallet-currency-select')
  }
  get confirm() {
    return this.page.getByTestId('wallet-confirm-change')
  }
  get accountCurrency() {
    return this.page.getByTestId('wallet-account-currency')
  }
}

export interface JourneyContext {
  readonly see: WalletModel
  readonly server: WalletServer
}

// ── gestures ─────────────────────────────────────────────────────────────────

export const PLAYER_GESTURES = {
  'currency.choose': (_page, event, { see }) => see.select.selectOption(event.currency).then(() => undefined),
  'currency.confirm': (_page, _event, { see }) => see.confirm.click(),
  'currency.cancel': (page) => page.getByTestId('wallet-cancel-change').or(page.getByTestId('wallet-dismiss')).click(),
  'wallet.retry': (page) => page.getByTestId('load-failed-retry').click(),
  'account.sync': () => Promise.reject(new Error('account.sync is the root actor following another tab: no gesture on this page')),
} satisfies GestureTable<WalletEvent, JourneyContext>

const dataOf = (body: unknown) => (body as { data?: Record<string, unknown> } | null)?.data ?? null
const errorOf = (body: unknown) => (body as { error?: { code?: string } } | null)?.error?.code ?? null

export const ANSWER_GESTURES = {
  'xstate.done.actor.loadRates': async (_page, _event, { server }) => {
    const [first] = await server.releaseAll('rates')
    const { status, body } = first!
    expect(status, 'the server answers getcurrencyrates').toBe(200)
    const rates = dataOf(body)!['rates'] as { currency: string }[]
    expect(rates.map((r) => r.currency).sort(), 'the currencies as the model has them').toEqual([...CURRENCIES].sort())
  },
  'xstate.done.actor.setCurrency': async (_page, event, { server }) => {
    const { status, body } = await server.release('set')
    if (event.output.ok) {
      expect(status, 'setCurrency is answered').toBe(200)
      expect((dataOf(body)!['balance_main'] as { currency: string }).currency, 'the account moves to the new currency').toBe(event.output.balances.balance_main.currency)
    } else {
      expect(status, 'setCurrency refuses').toBe(400)
      expect(errorOf(body), 'setCurrency refuses as the model expects').toBe(event.output.error.code)
    }
  },
} satisfies GestureTable<WalletAnswer, JourneyContext>

export const perform = (page: Page, event: WalletEvent | WalletAnswer, journey: JourneyContext) =>
  performGesture(page, event, journey, PLAYER_GESTURES, ANSWER_GESTURES)

// ── checks ───────────────────────────────────────────────────────────────────

export type Check = (see: WalletModel, snapshot: WalletSnapshot) => Promise<void>

export const STATE_CHECKS = {
  loading: async (see) => {
    await expect(see.section).toHaveAttribute('data-view', 'loading')
    await expect(see.select).toHaveCount(0)
  },
  'ready.choosing': async (see, snapshot) => {
    await expect(see.section).toHaveAttribute('data-step', 'idle')
    await expect(see.select).toHaveValue(snapshot.context.currency!)
    await expect(see.page.getByTestId('wallet-confirm')).toHaveCount(0)
    await expect(see.page.getByTestId('wallet-rate')).toHaveCount(CURRENCIES.length)
  },
  // Nothing changes until the player confirms.
  'ready.confirming': async (see, snapshot) => {
    await expect(see.section).toHaveAttribute('data-step', 'confirming')
    await expect(see.select).toHaveValue(snapshot.context.choice!)
    await expect(see.page.getByTestId('wallet-confirm')).toBeVisible()
    await expect(see.accountCurrency).toContainText(snapshot.context.currency!)
  },
  'ready.changing': async (see, snapshot) => {
    await expect(see.section).toHaveAttribute('data-step', 'changing')
    await expect(see.section).toHaveAttribute('aria-busy', 'true')
    await expect(see.confirm).toHaveAttribute('aria-busy', 'true')
    await expect(see.select).toBeDisabled()
    await expect(see.select).toHaveValue(snapshot.context.choice!)
  },
  // The account, the header and the cashier move to the new, empty wallet at once.
  'ready.changed': async (see, snapshot) => {
    const currency = snapshot.context.currency!
    await expect(see.section).toHaveAttribute('data-step', 'changed')
    await expect(see.page.getByTestId('wallet-changed')).toContainText(currency)
    await expect(see.accountCurrency).toContainText(currency)
    await expect(see.select).toHaveValue(currency)
    await expect(see.page.getByTestId('wallet-total')).toHaveText('€0.00')
    await expect(see.page.getByTestId('header-balance')).toContainText('€0.00')
  },
  // The deposit limit binds the currency: the page says why and links to the limits.
  'ready.refused': async (see, snapshot) => {
    await expect(see.section).toHaveAttribute('data-step', 'refused')
    const refused = see.page.getByTestId('wallet-refused')
    await expect(refused).toHaveAttribute('data-reason', 'depositLimit')
    await expect(refused.getByTestId('wallet-refused-link')).toHaveAttribute('href', /\/profile\/responsible-game$/)
    await expect(see.accountCurrency).toContainText(snapshot.context.currency!)
  },
} satisfies Record<WalletLeaf, Check>

export async function checkState(see: WalletModel, snapshot: WalletSnapshot) {
  for (const leaf of leavesOfValue(snapshot.value) as WalletLeaf[]) {
    const check: Check | undefined = STATE_CHECKS[leaf]
    if (!check) throw new Error(`no check for state '${leaf}'`)
    await check(see, snapshot)
  }
}
