// How a path of the deposit-limit model is played on the real responsible-gaming page
// (e2e/models/journeys.ts): the model's events as the player's gestures and the server's answers,
// its states as checks of what the player sees on /responsible-game. getDepositLimit and
// setDepositLimit are held until the path says the server answered, so loading and the busy save
// can be seen; the real answer is then compared with the model's on what the flow reads.
import { expect, type Page, type Request } from '@playwright/test'
import { limitRows, rowFor } from '../../src/machines/responsible/deposit-limit/deposit-limit.rules'
import type { DepositLimitSnapshot } from '../../src/machines/responsible/deposit-limit/deposit-limit.selectors'
import type { DepositLimit, DepositLimitEvent } from '../../src/machines/responsible/deposit-limit/deposit-limit.types'
import { registerLoggedInPlayer } from '../accounts'
import { apiCall, leavesOfValue, perform as performGesture, ServerGate, type GestureTable } from './journeys'
import type { DepositLimitAnswer, DepositLimitLeaf } from './deposit-limit.paths'

// ── the world: a new USD player, no limit, no deposit ────────────────────────

export async function prepareLimitPlayer(page: Page, baseURL: string) {
  await registerLoggedInPlayer(page.request, baseURL, 'deposit-limit-model')
}

// ── the server, held ─────────────────────────────────────────────────────────

type Held = 'load' | 'save'
const HELD_REQUESTS: Record<Held, (request: Request) => boolean> = {
  load: apiCall('GET', '/api/account/getDepositLimit'),
  save: apiCall('POST', '/api/account/setDepositLimit'),
}
export type DepositLimitServer = ServerGate<Held>
export const installServer = (page: Page): Promise<DepositLimitServer> => ServerGate.install<Held>(page, HELD_REQUESTS, ['load', 'save'])

// ── the page ─────────────────────────────────────────────────────────────────

export class DepositLimitModel {
  constructor(readonly page: Page) {}
  get root() {
    return this.page.getByTestId('deposit-limit')
  }
  get period() {
    return this.page.getByTestId('deposit-limit-period')
  }
  get amount() {
    return this.page.getByTestId('deposit-limit-amount')
  }
  get save() {
    return this.page.getByTestId('deposit-limit-save')
  }
  get rows() {
    return this.page.getByTestId('deposit-limit-row')
  }
  row(period: number) {
    return this.page.locator(`[data-testid="deposit-limit-row"][data-period="${period}"]`)
  }
}

export interface JourneyContext {
  readonly see: DepositLimitModel
  readonly server: DepositLimitServer
}

// ── gestures ─────────────────────────────────────────────────────────────────

export const PLAYER_GESTURES = {
  'limit.period.change': (_page, event, { see }) => see.period.selectOption(String(event.period)).then(() => undefined),
  'limit.amount.change': (_page, event, { see }) => see.amount.fill(event.value),
  'limit.submit': (_page, _event, { see }) => see.save.click(),
  'limit.remove': (_page, event, { see }) => see.row(event.period).getByTestId('deposit-limit-remove').click(),
  'limit.keep': (_page, event, { see }) => see.row(event.period).getByTestId('deposit-limit-keep').click(),
  'limit.retry': (page) => page.getByTestId('load-failed-retry').click(),
} satisfies GestureTable<DepositLimitEvent, JourneyContext>

const dataOf = (body: unknown) => (body as { data?: DepositLimit } | null)?.data ?? null

/** What the flow reads of a limit, the dates apart (the server's clock). */
const limitFacts = (limit: DepositLimit) => ({
  period: limit.period,
  limit_amount: limit.limit_amount,
  available_amount: limit.available_amount,
  scheduled: limit.scheduled ? { limit_amount: limit.scheduled.limit_amount, period: limit.scheduled.period } : null,
  limits: (limit.limits ?? []).map((l) => ({
    period: l.period,
    limit_amount: l.limit_amount,
    available_amount: l.available_amount,
    used_amount: l.used_amount,
    scheduled: l.scheduled ? { limit_amount: l.scheduled.limit_amount, period: l.scheduled.period } : null,
  })),
})

export const ANSWER_GESTURES = {
  'xstate.done.actor.loadDepositLimit': async (_page, event, { server }) => {
    const { status, body } = await server.release('load')
    expect(status, 'the server answers getDepositLimit').toBe(200)
    expect(limitFacts(dataOf(body)!), 'the limits as the model has them').toEqual(limitFacts(event.output.limit))
  },
  'xstate.done.actor.saveDepositLimit': async (_page, event, { server }) => {
    const { status, body } = await server.release('save')
    expect(status, 'setDepositLimit is answered').toBe(200)
    if (!event.output.ok) throw new Error('the model has setDepositLimit refuse: no journey expects that')
    expect(limitFacts(dataOf(body)!), 'setDepositLimit answers as the model expects').toEqual(limitFacts(event.output.limit))
  },
} satisfies GestureTable<DepositLimitAnswer, JourneyContext>

export const perform = (page: Page, event: DepositLimitEvent | DepositLimitAnswer, journey: JourneyContext) =>
  performGesture(page, event, journey, PLAYER_GESTURES, ANSWER_GESTURES)

// ── checks ───────────────────────────────────────────────────────────────────

export type Check = (see: DepositLimitModel, snapshot: DepositLimitSnapshot) => Promise<void>

/** The listed limits (each amount, its pending raise or removal), the form and its notice. */
async function seeLimits(see: DepositLimitModel, snapshot: DepositLimitSnapshot, { busy }: { busy: boolean }) {
  const { limit, period, amount, fieldErrors, outcome } = snapshot.context
  const rows = limitRows(limit)
  const binding = rows.find((r) => r.binding)
  await expect(see.page.getByTestId('deposit-limit-current')).toHaveAttribute('data-period', binding ? String(binding.period) : 'none')
  await expect(see.rows).toHaveCount(rows.length)
  for (const row of rows) {
    const shown = see.row(row.period)
    await expect(shown.getByTestId('deposit-limit-value')).toContainText(row.limit.amount)
    await expect(shown.getByTestId('deposit-limit-available')).toContainText(row.available!.amount)
    const scheduled = shown.getByTestId('deposit-limit-scheduled')
    if (!row.scheduled) await expect(scheduled).toHaveCount(0)
    else {
      await expect(scheduled).toHaveAttribute('data-period', row.scheduled.limit ? String(row.period) : 'none')
      if (row.scheduled.limit) await expect(scheduled).toContainText(row.scheduled.limit.amount)
    }
    // 'Keep' under a pending change, 'Remove' unless it is on its way out; neither while saving.
    await expect(shown.getByTestId('deposit-limit-keep')).toHaveCount(snapshot.can({ type: 'limit.keep', period: row.period }) ? 1 : 0)
    await expect(shown.getByTestId('deposit-limit-remove')).toHaveCount(snapshot.can({ type: 'limit.remove', period: row.period }) ? 1 : 0)
  }
  await expect(see.period).toHaveValue(String(period))
  await expect(see.amount).toHaveValue(amount)
  if (fieldErrors.amount) await expect(see.amount).toHaveAttribute('aria-invalid', 'true')
  else await expect(see.amount).not.toHaveAttribute('aria-invalid', 'true')
  await expect(see.save).toHaveAttribute('data-changes', rowFor(limit, period) ? 'true' : 'false')
  if (outcome) await expect(see.page.getByTestId('deposit-limit-outcome')).toHaveAttribute('data-outcome', outcome)
  else await expect(see.page.getByTestId('deposit-limit-outcome')).toHaveCount(0)
  await expect(see.page.getByTestId('deposit-limit-alert')).toHaveCount(0)
  if (busy) await expect(see.save).toHaveAttribute('aria-busy', 'true')
  else await expect(see.save).not.toHaveAttribute('aria-busy', 'true')
}

export const STATE_CHECKS = {
  loading: async (see) => {
    await expect(see.root).toHaveAttribute('aria-busy', 'true')
    await expect(see.page.getByTestId('deposit-limit-form')).toHaveCount(0)
  },
  'ready.idle': (see, snapshot) => seeLimits(see, snapshot, { busy: false }),
  'ready.saving': (see, snapshot) => seeLimits(see, snapshot, { busy: true }),
} satisfies Record<DepositLimitLeaf, Check>

export async function checkState(see: DepositLimitModel, snapshot: DepositLimitSnapshot) {
  const value = typeof snapshot.value === 'string' ? snapshot.value : Object.entries(snapshot.value).map(([k, v]) => `${k}.${String(v)}`)[0]
  await expect(see.root).toHaveAttribute('data-state', `deposit-limit.${value}`)
  for (const leaf of leavesOfValue(snapshot.value) as DepositLimitLeaf[]) {
    const check: Check | undefined = STATE_CHECKS[leaf]
    if (!check) throw new Error(`no check for state '${leaf}'`)
    await check(see, snapshot)
  }
}
