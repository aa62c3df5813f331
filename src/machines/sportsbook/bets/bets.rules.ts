// The rules of the sports bets page: a typed cash-out part read in the player's locale (never
// guessed: "12,50" in en and "12.50" in de are refused, not read as 1250), pages merged by bet, a
// cashed-out bet put back in its row.
import { amountSeparators } from '../../../shared/whole-amount'
import { currencyExponent, isCurrency, toMajor, toMinor } from '../../../shared/money'
import type { AmountProblem, BetFilter, SbBet } from './bets.types'

export type PartRead = { readonly ok: true; readonly amount: string } | { readonly ok: false; readonly problem: AmountProblem }

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A part of the offer as the player typed it, in `locale` (its decimal sign, its group sign by
 * threes), to the major-units string the API takes. Refused: nothing typed, another format, more
 * decimals than the currency has, zero or less, more than the offer.
 */
export function readPart(text: string, locale: string, offer: string, currency: string): PartRead {
  const value = text.trim()
  if (value === '') return { ok: false, problem: 'required' }
  if (/^[-−]/.test(value)) return { ok: false, problem: 'zero' }
  const { group, decimal } = amountSeparators(locale)
  const groups = group.map(escapeRegExp).join('|')
  const shape = new RegExp(`^(\\d+|[1-9]\\d{0,2}(?:(?:${groups})\\d{3})+)(?:${escapeRegExp(decimal)}(\\d+))?$`)
  const match = shape.exec(value)
  if (!match) return { ok: false, problem: 'format' }
  const whole = match[1]!.replace(/\D/g, '')
  const fraction = match[2] ?? ''
  if (!isCurrency(currency) || fraction.length > currencyExponent(currency)) return { ok: false, problem: 'decimals' }
  const minor = toMinor(fraction ? `${whole}.${fraction}` : whole, currency)
  if (minor <= 0n) return { ok: false, problem: 'zero' }
  if (minor > toMinor(offer, currency)) return { ok: false, problem: 'above_offer' }
  return { ok: true, amount: toMajor(minor, currency) }
}

/** The status filter as the API takes it (none for every bet). */
export const statusParam = (filter: BetFilter): { status?: Exclude<BetFilter, 'all'> } => (filter === 'all' ? {} : { status: filter })

export const hasMore = (bets: readonly unknown[], total: number | null): boolean => total !== null && bets.length < total

/** A page appended; a bet already shown (bets placed since push older ones down) is kept once. */
export function mergeBets(shown: readonly SbBet[], page: readonly SbBet[]): SbBet[] {
  const ids = new Set(shown.map((b) => b.id))
  return [...shown, ...page.filter((b) => !ids.has(b.id))]
}

/** The bet as the server answered it, in its row. */
export const replaceBet = (bets: readonly SbBet[], bet: SbBet): SbBet[] => bets.map((b) => (b.id === bet.id ? bet : b))

/** A bet the player may try to cash out: open and staked from their own money (the server says the rest). */
export const canCashOut = (bet: Pick<SbBet, 'status' | 'funding'>): boolean => bet.status === 'open' && bet.funding === 'real'

/** The bet's tab from a path's last segment (/bets/won); anything else is every bet. */
export function filterOfPath(segment: string | undefined): BetFilter {
  return segment === 'open' || segment === 'settled' || segment === 'won' || segment === 'lost' || segment === 'cashed_out' ? segment : 'all'
}

/** A fresh idempotency key for one cash-out (the contract's [A-Za-z0-9_-]{8,64}). */
export function cashOutKey(): string {
  const bytes = new Uint8Array(12)
  globalThis.crypto.getRandomValues(bytes)
  return `co${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}
