// Pure rules of the betting bonuses list.
import type { BettingBonus } from './betting-bonuses.types'

/** A free bet the player may put on the betslip now. */
export function canActivate(bonuses: readonly BettingBonus[], id: string, now: Date = new Date()): boolean {
  const b = bonuses.find((x) => x.id === id)
  return b !== undefined && b.status === 'available' && !isExpired(b, now)
}

/** A free bet the player may give up: one not yet used, expired or given up. */
export function canRemove(bonuses: readonly BettingBonus[], id: string): boolean {
  const b = bonuses.find((x) => x.id === id)
  return b !== undefined && (b.status === 'available' || b.status === 'active')
}

export function isExpired(bonus: BettingBonus, now: Date): boolean {
  return bonus.expires_at !== null && Date.parse(bonus.expires_at) <= now.getTime()
}

/**
 * The list after the server answered an activation or a removal with the bonus as it is now. The
 * server keeps one free bet on the slip at a time, so an activation sends any other active one
 * back to available, as the server did in the same transaction.
 */
export function withBonus(bonuses: readonly BettingBonus[], changed: BettingBonus): BettingBonus[] {
  return bonuses.map((b) => {
    if (b.id === changed.id) return changed
    if (changed.status === 'active' && b.status === 'active') return { ...b, status: 'available' as const }
    return b
  })
}

/** What the list shows first: those the player can use, then the rest, each newest first as read. */
export function usableFirst(bonuses: readonly BettingBonus[]): BettingBonus[] {
  const usable = (b: BettingBonus) => b.status === 'active' || b.status === 'available'
  return [...bonuses.filter(usable), ...bonuses.filter((b) => !usable(b))]
}
