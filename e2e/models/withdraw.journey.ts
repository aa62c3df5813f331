// How a path of the withdraw model is played on the real cashier (e2e/models/journeys.ts): the
// model's events as the player's gestures and the server's answers, its states as checks of what
// the player sees on /cashier/withdraw. The flow's three cashier calls are held until the path says
// the server answered, so loading, the busy submit and the cancelling row can be seen; the real
// answer is then compared with the model's on what the flow reads.
import { expect, type Page, type Request } from '@playwright/test'
import { selectWithdrawView, type WithdrawSnapshot } from '../../src/machines/cashier/withdraw/withdraw.selectors'
import type { WithdrawEvent } from '../../src/machines/cashier/withdraw/withdraw.types'
import { apiCall, leavesOfValue, perform as performGesture, ServerGate, type GestureTable } from './journeys'
import { payFirstDeposit } from './deposit.journey'
import { METHODS, SETTINGS, WORLD, type WithdrawAnswer, type WithdrawLeaf } from './withdraw.paths'
import { registerLoggedInPlayer } from '../accounts'

// ── the world: a player with 600.00 and a confirmed e-mail ───────────────────

const OPERATOR_TOKEN = process.env.OPERATOR_TOKEN ?? 'e2e-operator-token-0123456789abcdef'

/**
 * The world's player, made through the API (its session in the page's cookies): registered in USD,
 * 600.00 paid with the sandbox's test card, the e-mail confirmed by staff through the operator API
 * (as e2e/limits.spec.ts does), not verified.
 */
export async function prepareWithdrawer(page: Page, baseURL: string) {
  const { email } = await registerLoggedInPlayer(page.request, baseURL, 'withdraw-model')
  await payFirstDeposit(page, baseURL, WORLD.deposit)
  const res = await page.request.post('/api/operator/confirmPlayerEmail', { form: { login: email }, headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })
  expect(res.ok(), await res.text()).toBe(true)
}

// ── the server, held ─────────────────────────────────────────────────────────

type Held = 'settings' | 'withdraw' | 'cancel'
const HELD_REQUESTS: Record<Held, (request: Request) => boolean> = {
  settings: apiCall('GET', '/api/cashier/getwithdrawsettings'),
  withdraw: apiCall('POST', '/api/cashier/makewithdrawal'),
  cancel: apiCall('POST', '/api/cashier/cancelwithdrawal'),
}
export type WithdrawServer = ServerGate<Held>
export const installServer = (page: Page): Promise<WithdrawServer> => ServerGate.install<Held>(page, HELD_REQUESTS, ['settings', 'withdraw', 'cancel'])

// ── the page ─────────────────────────────────────────────────────────────────

export class WithdrawModel {
  constructor(readonly page: Page) {}
  /** KYC refusals whose popup was seen and closed: a later state keeping the same refusal opens none. */
  readonly kycAlertsSeen = new WeakSet<object>()
  get root() {
    return this.page.getByTestId('withdraw')
  }
  get form() {
    return this.page.getByTestId('withdraw-form')
  }
  get submitButton() {
    return this.page.getByTestId('withdraw-submit')
  }
  get amount() {
    return this.page.getByTestId('withdraw-amount')
  }
  get alert() {
    return this.page.getByTestId('withdraw-alert')
  }
  get rows() {
    return this.page.getByTestId('withdraw-pending-row')
  }
  /** The cashier's balance beside the flow. */
  async seeBalance(amount: string) {
    await expect(this.page.getByTestId('cashier-balance-total')).toContainText(amount)
  }
}

export interface JourneyContext {
  readonly see: WithdrawModel
  readonly server: WithdrawServer
}

// ── gestures ─────────────────────────────────────────────────────────────────

export const PLAYER_GESTURES = {
  'withdraw.method.select': (page, event) => page.getByTestId('cashier-method').and(page.locator(`[data-sysname="${event.sysname}"]`)).click(),
  'withdraw.method.clear': (page) => page.getByTestId('withdraw-form').getByRole('button', { name: 'Change method' }).click(),
  'withdraw.amount.change': (_page, event, { see }) => see.amount.fill(event.value),
  'withdraw.amount.max': (page) => page.getByTestId('withdraw-max').click(),
  'withdraw.requisite.change': (page, event) => page.getByTestId(`requisite-${event.name}`).fill(event.value),
  'withdraw.pan.change': (page, event) => page.getByTestId('withdraw-card-number').fill(event.pan),
  'withdraw.submit': (_page, _event, { see }) => see.submitButton.click(),
  'withdraw.new': (page) => page.getByTestId('withdraw-requested').getByRole('button', { name: 'New withdrawal' }).click(),
  // The model's id is its own: the page lists the one pending withdrawal the journey made.
  'withdraw.cancel': async (_page, _event, { see }) => {
    await expect(see.rows).toHaveCount(1)
    await see.rows.getByTestId('withdraw-cancel').click()
  },
  'withdraw.retry': (page) => page.getByTestId('load-failed-retry').click(),
} satisfies GestureTable<WithdrawEvent, JourneyContext>

const dataOf = (body: unknown) => (body as { data?: Record<string, unknown> } | null)?.data ?? null

/** The parts of a method the flow reads: which it is, its bounds in the currency, its fields. */
const methodFacts = (m: { sysname: string; kind: string; limits: readonly unknown[]; fee: unknown; requisites: readonly { name: string }[] }) => ({
  sysname: m.sysname,
  kind: m.kind,
  limits: m.limits,
  fee: m.fee,
  requisites: m.requisites.map((r) => r.name),
})

/** The parts of the settings the flow reads (the methods apart). */
const settingsFacts = (s: Record<string, unknown>) => ({
  currency: s['currency'],
  withdrawable: s['withdrawable'],
  kyc_threshold: s['kyc_threshold'],
  auto_approve_below: s['auto_approve_below'],
  is_verified: s['is_verified'],
  requires_confirmed_contact: s['requires_confirmed_contact'],
  pending: (s['pending'] as unknown[]).length,
})

export const ANSWER_GESTURES = {
  'xstate.done.actor.loadWithdrawSettings': async (_page, _event, { server }) => {
    const { status, body } = await server.release('settings')
    expect(status, 'the server answers getwithdrawsettings').toBe(200)
    const settings = dataOf(body)!
    expect(settingsFacts(settings), 'the withdrawal settings as the model has them').toEqual(settingsFacts(SETTINGS as unknown as Record<string, unknown>))
    expect((settings['methods'] as Parameters<typeof methodFacts>[0][]).map(methodFacts), 'the methods as the model has them').toEqual(METHODS.map(methodFacts))
  },
  'xstate.done.actor.makeWithdrawal': async (_page, event, { server }) => {
    const { status, body } = await server.release('withdraw')
    expect(status, 'makewithdrawal is answered').toBe(200)
    if (!event.output.ok) throw new Error('the model has makewithdrawal refuse: no journey expects that')
    const withdrawal = dataOf(body)?.['withdrawal'] as { status: string; amount: unknown; can_cancel: boolean }
    expect({ status: withdrawal.status, amount: withdrawal.amount, can_cancel: withdrawal.can_cancel }, 'makewithdrawal answers as the model expects').toEqual({
      status: event.output.withdrawal.status,
      amount: event.output.withdrawal.amount,
      can_cancel: event.output.withdrawal.can_cancel,
    })
  },
  'xstate.done.actor.cancelWithdrawal': async (_page, event, { server }) => {
    const { status, body } = await server.release('cancel')
    expect(status, 'cancelwithdrawal is answered').toBe(200)
    if (!event.output.ok) throw new Error('the model has cancelwithdrawal refuse: no journey expects that')
    expect((dataOf(body)?.['withdrawal'] as { status: string }).status, 'the withdrawal is cancelled').toBe(event.output.withdrawal.status)
  },
} satisfies GestureTable<WithdrawAnswer, JourneyContext>

export const perform = (page: Page, event: WithdrawEvent | WithdrawAnswer, journey: JourneyContext) =>
  performGesture(page, event, journey, PLAYER_GESTURES, ANSWER_GESTURES)

// ── checks ───────────────────────────────────────────────────────────────────

export type Check = (see: WithdrawModel, snapshot: WithdrawSnapshot) => Promise<void>

/** The form of the model's method, with its amount, requisites, refusals and alert. */
async function seeForm(see: WithdrawModel, snapshot: WithdrawSnapshot, { busy }: { busy: boolean }) {
  const { method, amount, requisites, fieldErrors, alert } = snapshot.context
  await expect(see.form).toBeVisible()
  await expect(see.page.getByTestId('withdraw-method')).toHaveAttribute('data-sysname', method!)
  await expect(see.amount).toHaveValue(amount)
  for (const [name, value] of Object.entries(requisites)) {
    const field = see.page.getByTestId(`requisite-${name}`)
    await expect(field).toHaveValue(value)
    if (fieldErrors[name]) await expect(field).toHaveAttribute('aria-invalid', 'true')
    else await expect(field).not.toHaveAttribute('aria-invalid', 'true')
  }
  if (fieldErrors['amount']) await expect(see.amount).toHaveAttribute('aria-invalid', 'true')
  else await expect(see.amount).not.toHaveAttribute('aria-invalid', 'true')
  if (alert) {
    await expect(see.alert).toHaveAttribute('data-message', alert.messageId)
    // The KYC refusal names the threshold and links to verification (SPEC §8 button settings).
    if (alert.messageId === 'kycRequired') {
      await expect(see.alert).toContainText(SETTINGS.kyc_threshold!.amount)
      await expect(see.page.getByTestId('withdraw-alert-button')).toHaveAttribute('href', /\/profile\/verification$/)
      // The refusal opens the identity-verification popup (SPEC §2.4) over the form; the player closes it.
      if (!see.kycAlertsSeen.has(alert)) {
        see.kycAlertsSeen.add(alert)
        const popup = see.page.getByTestId('identity-verification')
        await expect(popup).toContainText(SETTINGS.kyc_threshold!.amount)
        await expect(popup.getByTestId('identity-verification-go')).toHaveAttribute('href', /\/profile\/verification$/)
        await popup.getByTestId('identity-verification-later').click()
        await expect(popup).toHaveCount(0)
      }
    }
  } else await expect(see.alert).toHaveCount(0)
  if (busy) await expect(see.submitButton).toHaveAttribute('aria-busy', 'true')
  else await expect(see.submitButton).not.toHaveAttribute('aria-busy', 'true')
}

/** What the player may still withdraw: the world's balance less the pending withdrawals' reserves. */
function withdrawableOf(snapshot: WithdrawSnapshot): string {
  return snapshot.context.settings!.withdrawable.amount
}

async function seeWithdrawable(see: WithdrawModel, snapshot: WithdrawSnapshot) {
  await expect(see.page.getByTestId('withdrawable')).toContainText(withdrawableOf(snapshot))
}

export const STATE_CHECKS = {
  loading: async (see) => {
    await expect(see.root).toHaveAttribute('data-view', 'loading')
    await expect(see.page.getByTestId('withdraw-loading')).toBeVisible()
  },
  'ready.form.choosing': async (see, snapshot) => {
    // Several methods: the list first, every one the player may use in the currency.
    await expect(see.root).toHaveAttribute('data-view', 'methods')
    await expect(see.page.getByTestId('cashier-method')).toHaveCount(METHODS.length)
    await expect(see.form).toHaveCount(0)
    await seeWithdrawable(see, snapshot)
  },
  'ready.form.editing': async (see, snapshot) => {
    await expect(see.root).toHaveAttribute('data-view', 'form')
    await seeForm(see, snapshot, { busy: false })
    await seeWithdrawable(see, snapshot)
  },
  'ready.form.submitting': async (see, snapshot) => {
    await expect(see.root).toHaveAttribute('data-view', 'form')
    await seeForm(see, snapshot, { busy: true })
  },
  // Reserved from the balance: the confirmation, the smaller withdrawable amount and header balance.
  'ready.form.requested': async (see, snapshot) => {
    const requested = snapshot.context.requested!
    await expect(see.root).toHaveAttribute('data-view', 'requested')
    await expect(see.page.getByTestId('withdraw-requested')).toHaveAttribute('data-status', requested.status)
    await expect(see.page.getByTestId('withdraw-requested')).toContainText(requested.amount.amount)
    await seeWithdrawable(see, snapshot)
    await see.seeBalance(withdrawableOf(snapshot))
  },
  // The list of pending withdrawals, and the one being cancelled busy.
  'ready.pending.idle': async (see, snapshot) => {
    const pending = snapshot.context.settings?.pending ?? []
    await expect(see.rows).toHaveCount(pending.length)
    if (pending.length) await expect(see.rows.getByTestId('withdraw-cancel')).not.toHaveAttribute('aria-busy', 'true')
  },
  'ready.pending.cancelling': async (see) => {
    await expect(see.rows).toHaveCount(1)
    await expect(see.rows.getByTestId('withdraw-cancel')).toHaveAttribute('aria-busy', 'true')
  },
} satisfies Record<WithdrawLeaf, Check>

export async function checkState(see: WithdrawModel, snapshot: WithdrawSnapshot) {
  const view = selectWithdrawView(snapshot)
  await expect(see.root).toHaveAttribute('data-view', view)
  for (const leaf of leavesOfValue(snapshot.value) as WithdrawLeaf[]) {
    const check: Check | undefined = STATE_CHECKS[leaf]
    if (!check) throw new Error(`no check for state '${leaf}'`)
    await check(see, snapshot)
  }
}
