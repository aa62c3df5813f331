// Pure rules of the game client: stakes within the title's limits, round keys, what an error means
// for the next move, what autoplay does after each round. The chart and the views both read them.
import type { FreeSpinsOnTable, Purse, Round } from '../../../services/api/contract/games'
import { CURRENCY_EXPONENTS, isCurrency, parseDecimal, toMajor, toMinor } from '../../../shared/money'
import { amountSeparators } from '../../../shared/whole-amount'
import type { AutoplayRun, AutoplaySettings, AutoplayStopReason, GameClientError, GameClientErrorCode, SavedBet } from './game-client.types'

/** The player's free-spin pack on this table (real money only), or null. */
export function freeSpinsOf(purse: Purse | null): FreeSpinsOnTable | null {
  return purse?.mode === 'real' ? (purse.freeSpins ?? null) : null
}

/**
 * The purse after a round a pack paid for: the spins it has left. A pack used up leaves the table
 * (the next read of the purse brings any other pack of this title).
 */
export function purseAfterFreeSpin(purse: Purse | null, round: Round): Purse | null {
  const pack = freeSpinsOf(purse)
  if (!purse || !pack || !round.freeSpin || round.freeSpin.pack !== pack.pack || round.freeSpin.remaining === null) return purse
  const remaining = round.freeSpin.remaining
  return { ...purse, freeSpins: remaining > 0 ? { ...pack, remaining } : null }
}

/** Rounds kept in the table's history (games/rounds is asked for as many). */
export const HISTORY_SIZE = 20
/** The longest a view may take to show a round before the result shows anyway (a view that never says it ended). */
export const REVEAL_TIMEOUT_MS = 15_000
/** The same for a slot's free spins, which may be a hundred spins and more. */
export const FEATURE_TIMEOUT_MS = 300_000

/** The key of the page's `count`-th round: 8 to 64 of [A-Za-z0-9_-], as games/play asks. */
export function roundKey(seed: string, count: number): string {
  return `${seed}-${count.toString(36)}`.slice(0, 64)
}

const exponentOf = (currency: string) => (isCurrency(currency) ? CURRENCY_EXPONENTS[currency] : 2)
const minor = (amount: string, currency: string): bigint => toMinor(amount, currency)
const major = (units: bigint, currency: string): string => toMajor(units, currency)

/** A decimal string of `currency` (its exact number of decimals) from any decimal; null when it has more decimals. */
export function normaliseStake(amount: string, currency: string): string | null {
  try {
    return major(minor(amount, currency), currency)
  } catch {
    return null
  }
}

/** The title's limits in the purse's currency, as minor units; null when it does not take the currency. */
export function limitsOf(purse: Purse | null): { min: bigint; max: bigint } | null {
  if (!purse?.limits) return null
  return { min: minor(purse.limits.min, purse.currency), max: minor(purse.limits.max, purse.currency) }
}

function clampUnits(units: bigint, limits: { min: bigint; max: bigint }): bigint {
  return units < limits.min ? limits.min : units > limits.max ? limits.max : units
}

/**
 * The chips of the bet selector: 1-2-5 steps of the currency from the minimum to the maximum, both
 * included (USD 0.20 to 200: 0.20, 0.50, 1, 2, 5 ... 100, 200).
 */
export function stakeLadder(purse: Purse | null): string[] {
  const limits = limitsOf(purse)
  if (!purse || !limits) return []
  const steps: bigint[] = [limits.min]
  for (let scale = 1n; scale <= limits.max; scale *= 10n) {
    for (const m of [1n, 2n, 5n]) {
      const units = m * scale
      if (units > limits.min && units < limits.max) steps.push(units)
    }
  }
  if (limits.max > limits.min) steps.push(limits.max)
  return steps.map((units) => major(units, purse.currency))
}

/** The stake a table opens with: the chip nearest five times the minimum. */
export function defaultStake(purse: Purse | null): string | null {
  const limits = limitsOf(purse)
  if (!purse || !limits) return null
  const goal = limits.min * 5n
  let best = limits.min
  for (const chip of stakeLadder(purse)) {
    const units = minor(chip, purse.currency)
    const distance = (a: bigint) => (a > goal ? a - goal : goal - a)
    if (distance(units) < distance(best)) best = units
  }
  return major(clampUnits(best, limits), purse.currency)
}

/** The stake after a load: the one kept from before (same currency, within the limits), else the current one, else the default. */
export function stakeAfterLoad(purse: Purse, current: string | null, saved: SavedBet | null): string | null {
  const limits = limitsOf(purse)
  if (!limits) return null
  for (const candidate of [saved?.currency === purse.currency ? saved.stake : null, current]) {
    const normal = candidate === null ? null : normaliseStake(candidate, purse.currency)
    if (normal !== null) return major(clampUnits(minor(normal, purse.currency), limits), purse.currency)
  }
  return defaultStake(purse)
}

/**
 * The chips a table opens with. A title's default bet counts chips (`stake: 4` is four chips), so
 * on the table each is a chip of the opening stake: a red chip of USD 1.00 rather than one cent,
 * which is below every table's minimum. Anything but a table of chips is the bet as it stands.
 */
export function openingBet(bet: Record<string, unknown>, stake: string | null, currency: string): Record<string, unknown> {
  const chips = bet['bets']
  if (!Array.isArray(chips) || stake === null) return bet
  const unit = minor(stake, currency)
  return {
    ...bet,
    bets: chips.map((chip: { stake?: unknown }) => (typeof chip?.stake === 'number' && Number.isSafeInteger(chip.stake) ? { ...chip, stake: Number(BigInt(chip.stake) * unit) } : chip)),
  }
}

/** Half the stake, rounded down to the currency's unit, never below the minimum. */
export function halveStake(purse: Purse | null, stake: string | null): string | null {
  const limits = limitsOf(purse)
  if (!purse || !limits || stake === null) return stake
  return major(clampUnits(minor(stake, purse.currency) / 2n, limits), purse.currency)
}

/** Twice the stake, never above the maximum. */
export function doubleStake(purse: Purse | null, stake: string | null): string | null {
  const limits = limitsOf(purse)
  if (!purse || !limits || stake === null) return stake
  return major(clampUnits(minor(stake, purse.currency) * 2n, limits), purse.currency)
}

export function minStake(purse: Purse | null): string | null {
  return purse?.limits ? normaliseStake(purse.limits.min, purse.currency) : null
}

export function maxStake(purse: Purse | null): string | null {
  return purse?.limits ? normaliseStake(purse.limits.max, purse.currency) : null
}

/** A typed or picked stake as the table keeps it: normalised and within the limits; null when it is not an amount of the currency. */
export function acceptStake(purse: Purse | null, stake: string): string | null {
  const limits = limitsOf(purse)
  if (!purse || !limits) return null
  const normal = normaliseStake(stake, purse.currency)
  if (normal === null || parseDecimal(normal).negative) return null
  return major(clampUnits(minor(normal, purse.currency), limits), purse.currency)
}

/** Whether a round can be asked for with this stake: the title takes the currency and the stake is within its limits. */
export function stakePlayable(purse: Purse | null, stake: string | null): boolean {
  const limits = limitsOf(purse)
  if (!purse || !limits || stake === null) return false
  const units = minor(stake, purse.currency)
  return units >= limits.min && units <= limits.max
}

/** Real money that does not cover the stake: ask for a deposit rather than the round. Play money is topped up by the server. */
export function lacksFunds(purse: Purse | null, balance: string | null, stake: string | null): boolean {
  // A free spin's stake is the pack's, not the balance's.
  if (!purse || purse.mode !== 'real' || stake === null || freeSpinsOf(purse)) return false
  return minor(balance ?? purse.balance, purse.currency) < minor(stake, purse.currency)
}

/** The balance to show while the round's animation runs: the stake is gone, the win not yet shown. */
export function balanceBeforeWin(round: Round, shown: string | null): string | null {
  if (round.balance === null) return shown
  if (round.payout === null || round.status !== 'settled') return round.balance
  return major(minor(round.balance, round.currency) - minor(round.payout, round.currency), round.currency)
}

/** What the framing page is told after a round moved the balance: real money only (demo and fun are not the site's balance). */
export function balanceAnnouncement(context: { readonly purse: Purse | null; readonly balance: string | null }): { balance: string; currency: string } | null {
  if (!context.purse || context.purse.mode !== 'real' || context.balance === null) return null
  return { balance: context.balance, currency: context.purse.currency }
}

/** A settled or open round added to the history, newest first, once. */
export function addToHistory(history: readonly Round[], round: Round): Round[] {
  return [round, ...history.filter((r) => r.id !== round.id)].slice(0, HISTORY_SIZE)
}

/** A step game's round waiting for the player. */
export function isOpenRound(round: Round | null): boolean {
  return round !== null && round.status === 'open'
}

/** A slot round whose base spin awarded free spins: the view shows them as a feature after the base spin. */
export function hasFeature(round: Round | null): boolean {
  if (!round || round.kind !== 'line_slot') return false
  const state = round.state as { freeSpins?: unknown } | null
  return typeof state?.freeSpins === 'number' && state.freeSpins > 0
}

// ── errors ────────────────────────────────────────────────────────────────────

interface ErrorLike {
  readonly code?: unknown
  readonly status?: unknown
  readonly errorData?: unknown
}

function codeOf(error: unknown): string | null {
  const code = (error as ErrorLike | null)?.code
  return typeof code === 'string' ? code : null
}

/** A refusal the player resolves with a deposit. */
export const isInsufficient = (error: unknown): boolean => codeOf(error) === 'insufficient_funds'
/** Another round of this title is unfinished: resume it. */
export const isRoundInProgress = (error: unknown): boolean => codeOf(error) === 'round_in_progress'
/** The pack on the table is gone (used up in another tab, expired): read the purse again. */
export const isFreeSpinGone = (error: unknown): boolean => codeOf(error) === 'free_spins_unavailable'
/** The round moved on or ended without this page (another tab, a retry): read where it stands. */
export const isRoundMoved = (error: unknown): boolean => ['stale_step', 'round_over', 'round_not_found'].includes(codeOf(error) ?? '')

const KNOWN: readonly GameClientErrorCode[] = [
  'bet_below_min',
  'bet_above_max',
  'bad_bet',
  'bad_action',
  'too_fast',
  'key_conflict',
  'demo_unavailable',
  'currency_unavailable',
  'unknown_game',
  'action_in_progress',
  'loss_limit_exceeded',
]

/**
 * What a failed request means to the player. A refusal (4xx with its code) is final: nothing was
 * played. No answer or a server fault may have played the round: the retry sends the same key.
 */
export function clientError(error: unknown): GameClientError {
  const e = (error ?? {}) as ErrorLike
  const code = codeOf(error)
  const status = typeof e.status === 'number' ? e.status : null
  const data = (typeof e.errorData === 'object' && e.errorData !== null ? e.errorData : {}) as Record<string, unknown>
  const limit = typeof data.min === 'string' ? data.min : typeof data.max === 'string' ? data.max : typeof data.available === 'string' ? data.available : null
  if (code && (KNOWN as readonly string[]).includes(code)) return { code: code as GameClientErrorCode, limit, outcomeUnknown: false }
  if (status === 503) return { code: 'unavailable', limit: null, outcomeUnknown: true }
  if (status !== null && status >= 400 && status < 500) return { code: 'failed', limit: null, outcomeUnknown: false }
  // No response (status 0), a server fault, or something that is not an API error at all.
  return { code: status === 0 || status === null ? 'network' : 'failed', limit: null, outcomeUnknown: true }
}

// ── autoplay ─────────────────────────────────────────────────────────────────

/** The settings as the run takes them: at least one round, at most the purse's maximum. */
export function autoplayRun(settings: AutoplaySettings, maxRounds: number): AutoplayRun {
  const rounds = Math.max(1, Math.min(Math.floor(settings.rounds), maxRounds))
  return { settings: { ...settings, rounds }, played: 0, net: '0', lastPayout: '0', stopReason: null }
}

/** The run once a round has been asked for. */
export const autoplayStarted = (run: AutoplayRun): AutoplayRun => ({ ...run, played: run.played + 1 })

/** The run once its round has settled. */
export function autoplaySettled(run: AutoplayRun, round: Round): AutoplayRun {
  const payout = round.payout ?? '0'
  const cur = round.currency
  const net = major(minor(normaliseStake(run.net, cur) ?? '0', cur) + minor(payout, cur) - minor(round.totalStake, cur), cur)
  return { ...run, net, lastPayout: payout }
}

/**
 * Why the run stops before its next round, or null to go on: its rounds are done; the last round
 * paid the single-win limit or more; the next stake could take the run's loss past the loss limit.
 */
export function autoplayStop(run: AutoplayRun, stake: string | null, currency: string | null): AutoplayStopReason | null {
  if (run.played >= run.settings.rounds) return 'rounds'
  if (!currency || stake === null) return null
  const cur = currency
  const win = run.settings.winLimit === null ? null : normaliseStake(run.settings.winLimit, cur)
  if (win !== null && run.played > 0 && minor(normaliseStake(run.lastPayout, cur) ?? '0', cur) >= minor(win, cur)) return 'win'
  const loss = run.settings.lossLimit === null ? null : normaliseStake(run.settings.lossLimit, cur)
  if (loss !== null) {
    const lost = -minor(normaliseStake(run.net, cur) ?? '0', cur)
    if (lost + minor(stake, cur) > minor(loss, cur)) return 'loss'
  }
  return null
}

/** The round counts offered by the autoplay panel, up to the purse's maximum. */
export function autoplayRoundOptions(maxRounds: number): number[] {
  const options = [10, 25, 50, 100, 250, 500, 1000].filter((n) => n < maxRounds)
  return [...options, maxRounds]
}

// ── typed amounts ────────────────────────────────────────────────────────────

export type StakeInputResult = { readonly ok: true; readonly amount: string } | { readonly ok: false; readonly reason: 'required' | 'format' | 'decimals' }

/**
 * An amount as a player of `locale` types it ("1,50" in German, "1.50" or "1,000.50" in English)
 * to a decimal string of `currency`. It never guesses: a group sign where the locale puts none,
 * or more decimals than the currency has, is refused.
 */
export function parseStakeInput(text: string, locale: string, currency: string): StakeInputResult {
  const value = text.trim().replace(/[\u00a0\u202f]/g, ' ')
  if (value === '') return { ok: false, reason: 'required' }
  const { group, decimal } = amountSeparators(locale)
  const groups = group.map((g) => (g === '\u00a0' || g === '\u202f' ? ' ' : g))
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const groupSign = [...new Set(groups)].map(escape).join('|')
  const pattern = new RegExp(`^(\\d{1,3}(?:(?:${groupSign})\\d{3})+|\\d+)(?:${escape(decimal)}(\\d+))?$`)
  const match = pattern.exec(value)
  if (!match) return { ok: false, reason: 'format' }
  const integer = match[1]!.replace(/\D/g, '')
  const fraction = match[2] ?? ''
  if (fraction.length > exponentOf(currency)) return { ok: false, reason: 'decimals' }
  const amount = normaliseStake(fraction ? `${integer}.${fraction}` : integer, currency)
  return amount === null ? { ok: false, reason: 'decimals' } : { ok: true, amount }
}

/**
 * What a round is sent with: the stake, or for a table of chips (roulette, baccarat: `bet.bets`,
 * stakes in minor units) the chips' sum, which the server requires to be the round's amount.
 */
export function roundAmount(stake: string, bet: Record<string, unknown>, currency: string | null): string {
  const chips = bet['bets']
  if (!Array.isArray(chips) || currency === null) return stake
  let sum = 0n
  for (const chip of chips) {
    const value = (chip as { stake?: unknown } | null)?.stake
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) return stake
    sum += BigInt(value)
  }
  return sum > 0n ? major(sum, currency) : stake
}

/**
 * What the next round stakes: the chips on the table (roulette, baccarat), else the stake. A table
 * with no chips on it has nothing to play (null: no spin is taken).
 */
export function nextRoundAmount(context: { readonly stake: string | null; readonly bet: Record<string, unknown>; readonly purse: Purse | null }): string | null {
  // While a pack lasts, the next spin is one of it, at its stake; the player's own stake waits.
  const pack = freeSpinsOf(context.purse)
  if (pack) return pack.stake
  if (context.stake === null) return null
  if (Array.isArray(context.bet.bets) && context.bet.bets.length === 0) return null
  return roundAmount(context.stake, context.bet, context.purse?.currency ?? null)
}
