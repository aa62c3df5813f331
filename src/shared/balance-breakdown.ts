// The balance breakdown a player opens from the header (SPEC §3 'Account info': the total is main
// plus bonus plus betting bonus; 'detalization' in the header). Pure: the locale is passed in.
import { formatAmount, formatHeaderBalance } from './format-money'
import type { Balances, Money } from './money'

export interface BalanceBreakdown {
  /** The player's currency: the main balance's (SPEC §3). */
  readonly currency: string
  readonly main: string
  readonly bonus: string
  readonly bettingBonus: string
  /** The header's total, rounded once as the header shows it. */
  readonly total: string
}

/**
 * Every part formatted in the player's currency; a part the account does not have (null) is a zero
 * of that currency, so the three lines always add up to the total. Null for a visitor.
 */
export function balanceBreakdown(balances: Balances, locale: string): BalanceBreakdown | null {
  const main = balances.balance_main
  const total = formatHeaderBalance(balances, locale)
  if (!main || total === null) return null
  const part = (money: Money | null | undefined) => formatAmount(money ?? { amount: '0', currency: main.currency }, locale)
  return {
    currency: main.currency,
    main: part(main),
    bonus: part(balances.balance_bonus),
    bettingBonus: part(balances.balance_betting_bonus),
    total,
  }
}
