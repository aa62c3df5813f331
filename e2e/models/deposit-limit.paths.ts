// The journeys of e2e/deposit-limit.model.spec.ts, computed from the deposit-limit machine with the
// shared generator (e2e/models/journeys.ts): one shortest path per state and per outcome a player
// can see on the responsible-gaming page's deposit limits (/responsible-game).
//
// The world the paths are played in: a new USD player with no limit and no deposit (made through
// the API, e2e/models/deposit-limit.journey.ts). The actors' answers are an oracle of the real
// server for that player (server/domain/payments/limits.ts): one limit per period; adding or
// lowering applies at once and withdraws that period's pending change; raising or removing waits
// the 24 h cooling-off; with no deposit, each limit leaves its whole amount and counts nothing;
// the binding limit leaves the least (ties: the longer period). The journey compares every real
// answer with the model's on what the flow reads (the dates apart: the model cannot know them).
//
// Node-only and browser-free: the spec imports it at collection time.
import { depositLimitMachine } from '../../src/machines/responsible/deposit-limit/deposit-limit.machine'
import { rowFor } from '../../src/machines/responsible/deposit-limit/deposit-limit.rules'
import type { DepositLimitSnapshot } from '../../src/machines/responsible/deposit-limit/deposit-limit.selectors'
import type { DepositLimit, DepositLimitEvent, LimitDays, SaveDepositLimitInput, SaveDepositLimitResult } from '../../src/machines/responsible/deposit-limit/deposit-limit.types'
import type { FixtureTable } from '../../src/machines/testing/model'
import { defineModelPaths, leavesOfValue } from './journeys'

export const depositLimitModelMachine = depositLimitMachine.provide({ actions: { limitSaved: () => undefined } })

// ── the world ────────────────────────────────────────────────────────────────

export const WORLD = { currency: 'USD' } as const
/** The model's dates: the server's are its clock's, which the gestures do not compare. */
const SOMETIME = '2030-01-01T00:00:00.000Z'

// ── the events a player causes ───────────────────────────────────────────────

/** Amounts the player types: a limit to add, a lower one (at once), a higher one (after 24 h). */
export const AMOUNT = { add: '100', lower: '50', raise: '200' } as const

/**
 * What the player does. The day and the week are the periods played (14 and 30 days are the same
 * gesture with another option). Left out: 'limit.retry' (only after a failed load, which the real
 * server does not give a logged-in player).
 */
export const PLAYER_SAMPLES = {
  'limit.period.change': [
    { type: 'limit.period.change', period: 1 },
    { type: 'limit.period.change', period: 7 },
  ],
  'limit.amount.change': Object.values(AMOUNT).map((value) => ({ type: 'limit.amount.change' as const, value })),
  'limit.submit': [{ type: 'limit.submit' }],
  'limit.remove': [
    { type: 'limit.remove', period: 1 },
    { type: 'limit.remove', period: 7 },
  ],
  'limit.keep': [
    { type: 'limit.keep', period: 1 },
    { type: 'limit.keep', period: 7 },
  ],
  'limit.retry': [],
} as const satisfies FixtureTable<DepositLimitEvent>

// ── the events the server causes ─────────────────────────────────────────────

/**
 * What the runtime delivers. Left out: 'xstate.error.actor.*' (an actor rejects only on a bug or a
 * dead network), a failed load, and setDepositLimit's refusals: deposit_limit_locked (the server
 * answers can_edit true to everyone) and a refused amount (the form refuses what parseAmount would
 * before asking).
 */
export type DepositLimitAnswer =
  | { type: 'xstate.done.actor.loadDepositLimit'; output: { ok: true; limit: DepositLimit } }
  | { type: 'xstate.done.actor.saveDepositLimit'; output: SaveDepositLimitResult }

export type JourneyEvent = DepositLimitEvent | DepositLimitAnswer

interface Row {
  period: LimitDays
  amount: number
  /** A raise (amount) or a removal (null). */
  scheduled: number | null | undefined
}

const money = (n: number) => ({ amount: n.toFixed(2), currency: WORLD.currency })

function rowsOf(limit: DepositLimit | null): Row[] {
  return (limit?.limits ?? []).map((l) => ({
    period: l.period,
    amount: Number(l.limit_amount.amount),
    scheduled: l.scheduled ? (l.scheduled.limit_amount ? Number(l.scheduled.limit_amount.amount) : null) : undefined,
  }))
}

/** The contract's limit for these rows, as toContractLimit makes it with no deposit counted. */
export function limitOf(rows: readonly Row[]): DepositLimit {
  const sorted = [...rows].sort((a, b) => a.period - b.period)
  const change = (r: Row) =>
    r.scheduled === undefined ? null : { limit_amount: r.scheduled === null ? null : money(r.scheduled), period: r.scheduled === null ? ('none' as const) : r.period, effective_at: SOMETIME }
  const limits = sorted.map((r) => ({
    period: r.period,
    limit_amount: money(r.amount),
    available_amount: money(r.amount),
    used_amount: money(0),
    can_edit: true,
    expired_at: SOMETIME,
    scheduled: change(r),
  }))
  let b: Row | null = null
  for (const r of sorted) if (!b || r.amount < b.amount || (r.amount === b.amount && r.period > b.period)) b = r
  if (!b) return { available_amount: null, can_edit: true, expired_at: null, limit_amount: null, period: 'none', scheduled: null, limits }
  return { available_amount: money(b.amount), can_edit: true, expired_at: SOMETIME, limit_amount: money(b.amount), period: b.period, scheduled: change(b), limits }
}

/** setDepositLimit on these rows (server/domain/payments/limits.ts setDepositLimit). */
export function saved(limit: DepositLimit | null, asked: SaveDepositLimitInput): DepositLimit {
  const rows = rowsOf(limit)
  if (asked.period === 'none') return limitOf(rows.map((r) => ({ ...r, scheduled: null })))
  const current = rows.find((r) => r.period === asked.period)
  const others = rows.filter((r) => r.period !== asked.period)
  if ('remove' in asked) return limitOf(current ? [...others, { ...current, scheduled: null }] : rows)
  const amount = Number(asked.limit_amount)
  if (!current) return limitOf([...others, { period: asked.period, amount, scheduled: undefined }])
  if (amount <= current.amount) return limitOf([...others, { period: asked.period, amount, scheduled: undefined }])
  return limitOf([...others, { ...current, scheduled: amount }])
}

/** The oracle: what the real server answers for the model's context. */
export function serverAnswers(snapshot: DepositLimitSnapshot): DepositLimitAnswer[] {
  const { limit, asked } = snapshot.context
  const answers: DepositLimitAnswer[] = [{ type: 'xstate.done.actor.loadDepositLimit', output: { ok: true, limit: limitOf([]) } }]
  if (asked) answers.push({ type: 'xstate.done.actor.saveDepositLimit', output: { ok: true, limit: saved(limit, asked) } })
  return answers
}

/**
 * A person's order, which keeps the graph small: a period is chosen when it is not the form's; an
 * amount is typed when it differs from the field's; a new limit is 100, and 50 and 200 are typed
 * only over a period's limit (to lower or raise it).
 */
function allow(snapshot: DepositLimitSnapshot, event: JourneyEvent): boolean {
  const { period, amount, limit } = snapshot.context
  if (event.type === 'limit.period.change') return event.period !== period
  if (event.type === 'limit.amount.change') {
    if (event.value === amount) return false
    const row = rowFor(limit, period)
    return event.value === AMOUNT.add ? !row : !!row
  }
  return true
}

function serializeJourneyState(snapshot: DepositLimitSnapshot): string {
  const { period, amount, limit, fieldErrors, alert, outcome, asked, keeping } = snapshot.context
  return JSON.stringify({ value: snapshot.value, period, amount, rows: rowsOf(limit), errors: Object.keys(fieldErrors), alert: alert?.messageId ?? null, outcome, asked, keeping })
}

/** Each leaf; each outcome of a save; the refused amount; a raise and a removal pending; two limits at once. */
function targetsOf(snapshot: DepositLimitSnapshot): string[] {
  const { fieldErrors, outcome, limit } = snapshot.context
  const targets: string[] = leavesOfValue(snapshot.value)
  for (const field of Object.keys(fieldErrors)) targets.push(`refused:${field}`)
  if (outcome) targets.push(`outcome:${outcome}`)
  const rows = rowsOf(limit)
  if (rows.some((r) => r.amount === Number(AMOUNT.lower) && r.scheduled === undefined)) targets.push('lowered')
  if (rows.some((r) => typeof r.scheduled === 'number')) targets.push('pending:raise')
  if (rows.some((r) => r.scheduled === null)) targets.push('pending:removal')
  if (rows.length > 1) targets.push('limits:2')
  return targets
}

// ── states and paths ─────────────────────────────────────────────────────────

export const { skipped: SKIPPED, leavesOf, journeys: depositLimitJourneys } = defineModelPaths({
  machine: depositLimitModelMachine,
  // The chart's states no journey reaches, and why (printed by the spec's first test).
  skipped: {
    loadFailed: "the server answers every logged-in player's deposit limits; a failed load needs a broken server or network (the machine tests play it and 'Try again')",
  },
  samples: PLAYER_SAMPLES as FixtureTable<DepositLimitEvent>,
  answers: serverAnswers,
  serializeState: serializeJourneyState,
  allow,
  targetsOf,
  input: () => ({ currency: WORLD.currency }),
})

export type DepositLimitLeaf = ReturnType<typeof leavesOf>[number]
export type DepositLimitJourney = ReturnType<typeof depositLimitJourneys>[number]

export function describeEvent(event: JourneyEvent): string {
  switch (event.type) {
    case 'limit.period.change':
    case 'limit.remove':
    case 'limit.keep':
      return `${event.type}(${event.period})`
    case 'limit.amount.change':
      return `limit.amount.change(${event.value})`
    case 'xstate.done.actor.loadDepositLimit':
      return 'done.loadDepositLimit(ok)'
    case 'xstate.done.actor.saveDepositLimit':
      return `done.saveDepositLimit(${event.output.ok ? 'ok' : event.output.error.code})`
    default:
      return event.type
  }
}
