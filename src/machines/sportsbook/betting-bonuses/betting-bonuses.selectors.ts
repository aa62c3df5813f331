// What the betting bonuses section reads.
import type { SnapshotFrom } from 'xstate'
import { BETTING_BONUSES_TAGS, type bettingBonusesMachine } from './betting-bonuses.machine'
import { usableFirst } from './betting-bonuses.rules'
import type { BettingBonus, BonusActionError } from './betting-bonuses.types'

export type BettingBonusesSnapshot = SnapshotFrom<typeof bettingBonusesMachine>

export type BettingBonusesView = 'loading' | 'list' | 'empty' | 'loadFailed'
export const selectBonusesView = (s: BettingBonusesSnapshot): BettingBonusesView => {
  if (s.matches('list')) return 'list'
  if (s.matches('empty')) return 'empty'
  if (s.matches('loadFailed')) return 'loadFailed'
  return 'loading'
}
export const selectBonuses = (s: BettingBonusesSnapshot): BettingBonus[] => usableFirst(s.context.bonuses)
/** The bonus a removal is asked about, while the player decides. */
export const selectConfirmingRemove = (s: BettingBonusesSnapshot): string | null => (s.matches({ list: 'confirmingRemove' }) ? s.context.target : null)
/** The bonus an activation or removal is on its way for. */
export const selectBusyBonus = (s: BettingBonusesSnapshot): string | null => (s.hasTag(BETTING_BONUSES_TAGS.busy) ? s.context.target : null)
export const selectActionError = (s: BettingBonusesSnapshot): BonusActionError | null => s.context.actionError
