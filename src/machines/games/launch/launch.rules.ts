// Pure rules of a game's launch: whether a purse covers the game's smallest bet, and the frame's address.
import { toMinor } from '../../../shared/money'
import type { Funds, LaunchMode } from './launch.types'

/**
 * The player can play for real: free spins of this game to play, or a purse that covers its smallest
 * first stake (a game that does not take the currency never does).
 */
export function coversMinBet(funds: Funds | null): boolean {
  if (!funds || funds.minBet === null) return false
  if (funds.freeSpins > 0) return true
  try {
    return toMinor(funds.balance, funds.currency) >= toMinor(funds.minBet, funds.currency)
  } catch {
    return false
  }
}

/**
 * The game client's address for the frame (SPEC §2.1 helper: /platform/game/{sysname}/play). A
 * player's demo is their fun balance (`mode=fun`); a visitor's is the demo purse, which needs no flag.
 */
export function frameSrc(url: string, mode: LaunchMode, loggedIn: boolean, locale: string): string {
  // `in=site`: the table knows before its first paint that the page's bar names it and switches the money.
  const search = new URLSearchParams({ locale, in: 'site' })
  if (mode === 'demo' && loggedIn) search.set('mode', 'fun')
  return `${url}?${search}`
}
