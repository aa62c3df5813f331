// The betslip's rules (docs/sportsbook.md#the-betslip), pure: what a selection becomes when its
// price moves under the player's odds-change policy, which bets the slip makes in each mode, what
// they return (bets.ts, the same arithmetic settlement pays with) and why a slip cannot be placed.
import type { BettingBonus } from '../../../services/api/contract/betting-bonuses'
import type { SbSlipOutcome } from '../../../services/api/contract/sportsbook'
import { parseAmount, toMajor, toMinor } from '../../../shared/money'
import { betLines, betPotential, combinedPrice, freeBetPayout, MAX_SELECTIONS, systemsFor, type Leg } from '../../../shared/sportsbook/bets'
import { priceAccepted, priceMove, type OddsPolicy, type Price } from '../../../shared/sportsbook/odds'
import { isOver, type SbChange } from '../live.rules'
import type { BetMode, BetslipContext, SavedSlip, SlipFreeBet, SlipFunding, SlipPick, SlipProblem, SlipSelection, StakeTarget } from './betslip.types'

export const onSlip = (selections: readonly SlipSelection[], outcomeId: string): boolean => selections.some((s) => s.outcomeId === outcomeId)

export const isFull = (selections: readonly SlipSelection[]): boolean => selections.length >= MAX_SELECTIONS

export function selectionOf(pick: SlipPick): SlipSelection {
  return { ...pick, seen: pick.price, moved: null }
}

/** Not open for betting now: placement is blocked until it is removed or opens again. */
export const isSuspended = (s: SlipSelection): boolean => !s.marketOpen || !s.eventOpen || s.price === null

/** A saved row read back: the price now, the one saved kept as seen so a move shows and is asked about. */
export function selectionFromOutcome(o: SbSlipOutcome, seen: Price, policy: OddsPolicy): SlipSelection {
  const base = {
    outcomeId: o.id,
    outcomeKey: o.key,
    eventId: o.event.id,
    sport: o.event.sport,
    home: o.event.home.name,
    away: o.event.away.name,
    startsAt: o.event.starts_at,
    marketKey: o.market.key,
    marketKind: o.market.kind,
    line: o.market.line,
    marketOpen: o.market.status === 'open',
    eventOpen: !o.event.suspended && (o.event.status === 'scheduled' || o.event.status === 'live'),
  }
  return moveTo({ ...base, price: seen, seen, moved: null }, o.price, policy)
}

/** The selection with its price now; the policy decides whether the player must accept it. */
function moveTo(s: SlipSelection, price: Price | null, policy: OddsPolicy): SlipSelection {
  if (price === s.price) return s
  const moved = price === null || s.price === null ? s.moved : priceMove(s.price, price)
  const seen = price !== null && priceAccepted(s.seen, price, policy) ? price : s.seen
  return { ...s, price, seen, moved }
}

/** A change on an event's topic, applied to the slip's selections of that event (a market's status comes only when it changes). */
export function applyLive(selections: readonly SlipSelection[], change: SbChange, policy: OddsPolicy): SlipSelection[] {
  const eventOpen = !change.suspended && !isOver(change.status)
  return selections.map((s) => {
    if (s.eventId !== change.id) return s
    const priced = change.prices.find((p) => p.id === s.outcomeId)
    const status = change.markets.find((m) => m.market === s.marketKey)?.status
    const next = priced ? moveTo(s, priced.price, policy) : s
    const marketOpen = status === undefined ? next.marketOpen : status === 'open'
    return marketOpen === next.marketOpen && eventOpen === next.eventOpen ? next : { ...next, marketOpen, eventOpen }
  })
}

/** Placement refused on prices: each outcome's new price; the player is asked about every one. */
export function applyPriceChanges(selections: readonly SlipSelection[], changes: readonly { outcome_id: string; price: Price | null }[]): SlipSelection[] {
  return selections.map((s) => {
    const c = changes.find((x) => x.outcome_id === s.outcomeId)
    if (!c) return s
    return {
      ...s,
      price: c.price,
      moved: c.price === null || s.price === null ? s.moved : priceMove(s.seen, c.price) ?? s.moved,
    }
  })
}

/** A refused selection is closed: shown suspended until its topic opens it again. */
export const markClosed = (selections: readonly SlipSelection[], outcomeId: string): SlipSelection[] => selections.map((s) => (s.outcomeId === outcomeId ? { ...s, marketOpen: false } : s))

/** The player accepted the prices now. */
export const acceptPrices = (selections: readonly SlipSelection[]): SlipSelection[] => selections.map((s) => (s.price !== null ? { ...s, seen: s.price, moved: null } : s))

/** Some price differs from the one accepted: placement waits for the player's yes. */
export const pricesToAccept = (selections: readonly SlipSelection[]): boolean => selections.some((s) => s.price !== null && s.price !== s.seen)

export const savedOf = (selections: readonly SlipSelection[]): SavedSlip => selections.map((s) => ({ outcome_id: s.outcomeId, price: s.seen }))

export const eventIdsOf = (selections: readonly SlipSelection[]): string[] => [...new Set(selections.map((s) => s.eventId))]

/** Two selections of one event cannot be combined (the server refuses it too). */
export function sharesEvent(selections: readonly SlipSelection[]): boolean {
  return new Set(selections.map((s) => s.eventId)).size !== selections.length
}

/** A typed stake in minor units: null when empty, 'bad' when it is not an amount of the currency. */
export function parseStake(text: string, currency: string): bigint | null | 'bad' {
  const trimmed = text.trim()
  if (trimmed === '') return null
  try {
    return parseAmount(trimmed.replace(',', '.'), currency)
  } catch {
    return 'bad'
  }
}

/** A quick stake added to what is typed (a bad stake is replaced). */
export function addStake(text: string, amount: string, currency: string): string {
  const now = parseStake(text, currency)
  const base = typeof now === 'bigint' ? now : 0n
  return toMajor(base + toMinor(amount, currency), currency)
}

export const stakeOf = (c: Pick<BetslipContext, 'stakes' | 'accumulatorStake' | 'systemStake'>, target: StakeTarget): string =>
  target.kind === 'single' ? c.stakes[target.outcomeId] ?? '' : target.kind === 'accumulator' ? c.accumulatorStake : c.systemStake

/** The systems this slip offers (systemsFor), and the one chosen if it still fits. */
export const systemsOf = (c: Pick<BetslipContext, 'selections'>): string[] => systemsFor(c.selections.length)
export const chosenSystem = (c: Pick<BetslipContext, 'selections' | 'system'>): string | null => {
  const offered = systemsOf(c)
  return c.system !== null && offered.includes(c.system) ? c.system : offered[0] ?? null
}

/** One bet the slip would place now, before its key: lines, stake per line and what it returns. */
export interface BetPlan {
  readonly kind: BetMode
  readonly system?: string
  readonly target: StakeTarget
  readonly selections: readonly SlipSelection[]
  readonly lines: number
  readonly stakePerLine: bigint
  readonly stake: bigint
  /** What it returns if it wins; a free bet's is its winnings only. */
  readonly potential: bigint
  /** The free bet that stakes it. */
  readonly freeBet?: string
  /** Staked from the betting-bonus balance. */
  readonly balance?: 'betting_bonus'
}

const legsOf = (selections: readonly SlipSelection[]): Leg[] => selections.map((s) => ({ price: s.seen, result: { kind: 'open' } }))

function planOf(kind: BetMode, selections: readonly SlipSelection[], stakePerLine: bigint, target: StakeTarget, system?: string): BetPlan | null {
  const lines = betLines(kind, selections.length, system)
  if (!lines) return null
  return {
    kind,
    ...(system ? { system } : {}),
    target,
    selections,
    lines: lines.length,
    stakePerLine,
    stake: stakePerLine * BigInt(lines.length),
    potential: betPotential(stakePerLine, lines, legsOf(selections)),
  }
}

/** A betting bonus as the slip stakes with it. */
export const slipFreeBetOf = (b: BettingBonus): SlipFreeBet => ({ id: b.id, amount: b.amount, currency: b.currency, minPrice: b.min_price, expiresAt: b.expires_at })

/** The player's free bet on the slip: the one they activated, while it has not expired. */
export function activeFreeBet(bonuses: readonly BettingBonus[], now: number): SlipFreeBet | null {
  const b = bonuses.find((x) => x.status === 'active' && (x.expires_at === null || Date.parse(x.expires_at) > now))
  return b ? slipFreeBetOf(b) : null
}

/**
 * What "Stake from" offers, or null when the slip shows no choice: a player with a betting bonus
 * or a free bet may stake from it; the choice already made stays offered until it is undone.
 */
export function fundingChoices(c: Pick<BetslipContext, 'funding' | 'freeBet' | 'loggedIn'>, hasBettingBonus: boolean): SlipFunding[] | null {
  if (!c.loggedIn || (!c.freeBet && !hasBettingBonus && c.funding === 'main')) return null
  return ['main', ...(hasBettingBonus || c.funding === 'betting_bonus' ? (['betting_bonus'] as const) : []), ...(c.freeBet ? (['free_bet'] as const) : [])]
}

/** The free bet stakes the slip now: chosen, and on the slip. */
export const freeBetOf = (c: Pick<BetslipContext, 'funding' | 'freeBet'>) => (c.funding === 'free_bet' ? c.freeBet : null)

/** The one bet a free bet stakes: a single of the only selection, or the accumulator. */
function freeBetPlan(c: BetslipContext, freeBet: NonNullable<BetslipContext['freeBet']>): BetPlan[] {
  const stake = toMinor(freeBet.amount, c.currency)
  const plan =
    c.mode === 'single' && c.selections.length === 1
      ? planOf('single', c.selections, stake, { kind: 'single', outcomeId: c.selections[0]!.outcomeId })
      : c.mode === 'accumulator'
        ? planOf('accumulator', c.selections, stake, { kind: 'accumulator' })
        : null
  return plan ? [{ ...plan, potential: freeBetPayout(plan.potential, stake), freeBet: freeBet.id }] : []
}

/** The bets of the slip's mode with a valid stake; stakes that are empty are no bet, bad ones a problem. */
export function plansOf(c: BetslipContext): BetPlan[] {
  const freeBet = freeBetOf(c)
  if (freeBet) return freeBetPlan(c, freeBet)
  const plans = stakedPlans(c)
  return c.funding === 'betting_bonus' ? plans.map((p) => ({ ...p, balance: 'betting_bonus' as const })) : plans
}

function stakedPlans(c: BetslipContext): BetPlan[] {
  const { selections, currency } = c
  if (c.mode === 'single') {
    return selections.flatMap((s) => {
      const stake = parseStake(c.stakes[s.outcomeId] ?? '', currency)
      const plan =
        typeof stake === 'bigint'
          ? planOf('single', [s], stake, {
              kind: 'single',
              outcomeId: s.outcomeId,
            })
          : null
      return plan ? [plan] : []
    })
  }
  const stake = parseStake(c.mode === 'accumulator' ? c.accumulatorStake : c.systemStake, currency)
  if (typeof stake !== 'bigint') return []
  const plan = c.mode === 'accumulator' ? planOf('accumulator', selections, stake, { kind: 'accumulator' }) : planOf('system', selections, stake, { kind: 'system' }, chosenSystem(c) ?? undefined)
  return plan ? [plan] : []
}

/** What the slip's bets cost and return in all, minor units. */
export function totalsOf(c: BetslipContext): {
  stake: bigint
  potential: bigint
} {
  return plansOf(c).reduce(
    (t, p) => ({
      stake: t.stake + p.stake,
      potential: t.potential + p.potential,
    }),
    { stake: 0n, potential: 0n },
  )
}

/** Why the slip cannot be placed now: empty when it can. */
export function problemsOf(c: BetslipContext): SlipProblem[] {
  const { selections, currency, limits } = c
  if (selections.length === 0) return [{ code: 'empty' }]
  const out: SlipProblem[] = []
  if (selections.some(isSuspended)) out.push({ code: 'suspended' })
  if (c.mode !== 'single') {
    const min = c.mode === 'accumulator' ? 2 : 3
    if (selections.length < min) out.push({ code: 'too_few', min })
    else if (sharesEvent(selections)) out.push({ code: 'same_event' })
    else if (c.mode === 'system' && chosenSystem(c) === null) out.push({ code: 'no_system' })
  }
  const freeBet = freeBetOf(c)
  if (freeBet) {
    // Its stake is its own amount: no stake to type, no stake limits; the odds and the payout count.
    if (c.mode === 'system' || (c.mode === 'single' && selections.length > 1)) out.push({ code: 'free_bet_shape' })
    else if (!out.some((p) => p.code === 'too_few' || p.code === 'same_event') && combinedPrice(selections.map((s) => s.seen)) < freeBet.minPrice) out.push({ code: 'free_bet_odds', min: freeBet.minPrice })
    if (limits && plansOf(c).some((p) => p.potential > toMinor(limits.max_payout, limits.currency))) out.push({ code: 'payout_above_max', max: limits.max_payout, currency: limits.currency })
    return out
  }
  const targets: StakeTarget[] = c.mode === 'single' ? selections.map((s) => ({ kind: 'single', outcomeId: s.outcomeId })) : [{ kind: c.mode }]
  for (const target of targets) if (parseStake(stakeOf(c, target), currency) === 'bad') out.push({ code: 'bad_stake', target })
  const plans = plansOf(c)
  if (plans.length === 0 && !out.some((p) => p.code === 'bad_stake' || p.code === 'too_few' || p.code === 'same_event')) out.push({ code: 'no_stake' })
  if (limits) {
    const min = toMinor(limits.min_stake, limits.currency)
    const max = toMinor(limits.max_stake, limits.currency)
    const payout = toMinor(limits.max_payout, limits.currency)
    if (plans.some((p) => p.stakePerLine < min))
      out.push({
        code: 'stake_below_min',
        min: limits.min_stake,
        currency: limits.currency,
      })
    if (plans.some((p) => p.stake > max))
      out.push({
        code: 'stake_above_max',
        max: limits.max_stake,
        currency: limits.currency,
      })
    if (plans.some((p) => p.potential > payout))
      out.push({
        code: 'payout_above_max',
        max: limits.max_payout,
        currency: limits.currency,
      })
  }
  return out
}

/** What makes two placements the same bet on the server (its placement hash): the key goes with it. */
export function signatureOf(plan: BetPlan): string {
  return JSON.stringify([plan.kind, plan.system ?? null, plan.stakePerLine.toString(), plan.selections.map((s) => s.outcomeId), plan.freeBet ?? null, plan.balance ?? null])
}
